import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SBMapModel
import SBMapRender
import SBMapStyle
import Testing

/// The full map of a mid-sized app keeps its edges out of storyboards they have nothing to do with: code types are
/// drawn in the storyboard they open most, and edges between storyboards bend between boxes, not through them
/// (docs/themes.md, "Full-map layout"; scripts/map-crossings.py measures the same on real apps).
@Suite struct FullMapLayoutTests {
    /// Five storyboards: Main opens Feed, Search and Settings through references; Feed's detail unwinds to Main's
    /// home; Settings unwinds to Feed; a coordinator in code opens Search and Settings scenes (two of them in
    /// Settings), and a router shows Feed's detail and a Profile scene.
    static var app: StoryboardGraph {
        let main = "App/Main.storyboard", feed = "App/Feed.storyboard", search = "App/Search.storyboard"
        let settings = "App/Settings.storyboard", profile = "App/Profile.storyboard"
        func s(_ path: String, _ id: String, _ cls: String, initial: Bool = false) -> Node {
            SampleGraphs.scene(path, id, customClass: cls, identifier: cls, initial: initial)
        }
        func exit(_ path: String, _ id: String, _ action: String) -> Node {
            Node(id: Node.sceneID(storyboard: path, objectID: id), storyboard: path, objectID: id, element: "exit",
                 role: .exit, label: "Exit: \(action)", unwindAction: action)
        }
        func code(_ name: String) -> Node {
            Node(id: "code:\(name)", storyboard: nil, objectID: nil, element: "code", role: .code, customClass: name,
                 label: name, location: SourceLocation(path: "App/\(name).swift", line: 1, column: 1))
        }
        func shows(_ from: Node, _ to: Node) -> Edge {
            Edge(id: "\(from.id)->code->\(to.id)", from: from.id, to: to.id, kind: .code, crossFile: true,
                 location: from.location)
        }
        func returns(_ from: Node, _ to: Node, _ action: String) -> Edge {
            Edge(id: "\(from.id)->unwind-target:\(to.id)", from: from.id, to: to.id, kind: .unwindTarget,
                 unwindAction: action, crossFile: from.storyboard != to.storyboard, location: from.location)
        }
        let tabs = s(main, "TAB-01", "TabsController", initial: true), home = s(main, "HOM-01", "HomeViewController")
        let feedRef = SampleGraphs.reference(main, "REF-FD", storyboard: "Feed", resolution: nil)
        let searchRef = SampleGraphs.reference(main, "REF-SR", storyboard: "Search", resolution: nil)
        let settingsRef = SampleGraphs.reference(main, "REF-ST", storyboard: "Settings", resolution: nil)
        let feedList = s(feed, "FLS-01", "FeedListViewController", initial: true)
        let feedDetail = s(feed, "FDT-01", "FeedDetailViewController"), feedExit = exit(feed, "FEX-01", "unwindHome:")
        let searchList = s(search, "SLS-01", "SearchViewController", initial: true)
        let searchResults = s(search, "SRS-01", "SearchResultsViewController")
        let settingsRoot = s(settings, "STR-01", "SettingsViewController", initial: true)
        let settingsAbout = s(settings, "STA-01", "AboutViewController")
        let settingsLegal = s(settings, "STL-01", "LegalViewController"), settingsExit = exit(settings, "SEX-01", "unwindFeed:")
        let profileRoot = s(profile, "PRF-01", "ProfileViewController", initial: true)
        let coordinator = code("SettingsCoordinator"), router = code("ProfileRouter")
        let storyboards = [main, feed, search, settings, profile].map { path in
            Storyboard(path: path, name: String(path.dropFirst(4).dropLast(11)), platform: .iOS)
        }
        return StoryboardGraph(
            storyboards: storyboards,
            nodes: [tabs, home, feedRef, searchRef, settingsRef, feedList, feedDetail, feedExit, searchList, searchResults,
                    settingsRoot, settingsAbout, settingsLegal, settingsExit, profileRoot, coordinator, router],
            edges: [
                SampleGraphs.edge(main, "r1", tabs, home, .relationship, relationship: "viewControllers", order: 0),
                SampleGraphs.edge(main, "r2", tabs, feedRef, .relationship, relationship: "viewControllers", order: 1),
                SampleGraphs.edge(main, "r3", tabs, searchRef, .relationship, relationship: "viewControllers", order: 2),
                SampleGraphs.edge(main, "r4", tabs, settingsRef, .relationship, relationship: "viewControllers", order: 3),
                SampleGraphs.link(feedRef, feedList), SampleGraphs.link(searchRef, searchList),
                SampleGraphs.link(settingsRef, settingsRoot),
                SampleGraphs.edge(feed, "f1", feedList, feedDetail, .show),
                SampleGraphs.edge(feed, "f2", feedDetail, feedExit, .unwind, unwindAction: "unwindHome:"),
                returns(feedExit, home, "unwindHome:"),
                SampleGraphs.edge(search, "s1", searchList, searchResults, .show),
                SampleGraphs.edge(settings, "t1", settingsRoot, settingsAbout, .show),
                SampleGraphs.edge(settings, "t2", settingsAbout, settingsLegal, .show),
                SampleGraphs.edge(settings, "t3", settingsLegal, settingsExit, .unwind, unwindAction: "unwindFeed:"),
                returns(settingsExit, feedList, "unwindFeed:"),
                shows(coordinator, settingsAbout), shows(coordinator, settingsLegal), shows(coordinator, searchResults),
                shows(router, profileRoot), shows(router, feedDetail), shows(router, profileRoot),
            ])
    }

    /// A menu storyboard with a reference to each of six storyboards of one scene (RxSwift's example app): the
    /// references sit in one column, and the six boxes stack in the next.
    static var menu: StoryboardGraph {
        let main = "App/Main.storyboard"
        let names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"]
        let root = SampleGraphs.scene(main, "ROOT-01", customClass: "MenuViewController", initial: true)
        var nodes = [root], edges: [Edge] = []
        var storyboards = [Storyboard(path: main, name: "Main", platform: .iOS, initialScene: root.id)]
        for (k, name) in names.enumerated() {
            let path = "App/\(name).storyboard"
            let scene = SampleGraphs.scene(path, "S\(k)-01", customClass: "\(name)ViewController", initial: true)
            let ref = SampleGraphs.reference(main, "REF-\(k)", storyboard: name, resolution: .resolved(scene.id))
            storyboards.append(Storyboard(path: path, name: name, platform: .iOS, initialScene: scene.id))
            nodes += [ref, scene]
            edges += [SampleGraphs.edge(main, "e\(k)", root, ref, .show), SampleGraphs.link(ref, scene)]
        }
        return StoryboardGraph(storyboards: storyboards, nodes: nodes, edges: edges)
    }

    typealias Box = (x0: Double, y0: Double, x1: Double, y1: Double)

    /// Storyboard boxes by SVG id, node centres by Graphviz name (`n3`), and each edge's tail, head and curve points.
    static func geometry(_ doc: XMLDocument) -> (boxes: [String: Box], centres: [String: (id: String, x: Double, y: Double)],
                                                 edges: [(id: String, tail: String, head: String, points: [(Double, Double)])]) {
        var boxes: [String: Box] = [:]
        for g in SVG.groups(doc, "cluster", "storyboard") {
            guard let id = SVG.attr(g, "id"), let box = box(of: g) else { continue }
            boxes[id] = box
        }
        var centres: [String: (id: String, x: Double, y: Double)] = [:]
        for g in SVG.groups(doc, "node") {
            guard let name = title(g), let id = SVG.attr(g, "id"),
                  let shape = SVG.elements(g).first(where: { ["path", "polygon", "ellipse"].contains($0.name ?? "") }) else { continue }
            if shape.name == "ellipse" {
                centres[name] = (id, Double(SVG.attr(shape, "cx") ?? "") ?? 0, Double(SVG.attr(shape, "cy") ?? "") ?? 0)
                continue
            }
            let numbers = Self.numbers(SVG.attr(shape, "d") ?? SVG.attr(shape, "points") ?? "")
            let xs = stride(from: 0, to: numbers.count - 1, by: 2).map { numbers[$0] }
            let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
            centres[name] = (id, ((xs.min() ?? 0) + (xs.max() ?? 0)) / 2, ((ys.min() ?? 0) + (ys.max() ?? 0)) / 2)
        }
        var edges: [(String, String, String, [(Double, Double)])] = []
        for g in SVG.groups(doc, "edge") {
            guard let id = SVG.attr(g, "id"), let name = title(g), let path = SVG.elements(g).first(where: { $0.name == "path" }),
                  let d = SVG.attr(path, "d") else { continue }
            let ends = name.components(separatedBy: "->")
            guard ends.count == 2 else { continue }
            edges.append((id, ends[0], ends[1], curve(d)))
        }
        return (boxes, centres, edges)
    }

    /// The bounding box of a cluster's outline (its first path or polygon).
    static func box(of cluster: XMLElement) -> Box? {
        guard let shape = SVG.elements(cluster).first(where: { $0.name == "path" || $0.name == "polygon" }),
              let numbers = (SVG.attr(shape, "d") ?? SVG.attr(shape, "points")).map(Self.numbers) else { return nil }
        let xs = stride(from: 0, to: numbers.count - 1, by: 2).map { numbers[$0] }
        let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
        return (xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0)
    }

    static func title(_ g: XMLElement) -> String? {
        SVG.elements(g).first { $0.name == "title" }?.stringValue
    }

    static func numbers(_ text: String) -> [Double] {
        text.split(whereSeparator: { !"0123456789.-e".contains($0) }).compactMap { Double($0) }
    }

    /// Points along Graphviz's `M x,y C x,y x,y x,y …` path.
    static func curve(_ d: String) -> [(Double, Double)] {
        let n = numbers(d)
        guard n.count >= 2 else { return [] }
        var points = [(n[0], n[1])]
        var k = 2
        while k + 5 < n.count {
            let p0 = points.last ?? (n[0], n[1])
            for step in 1...24 {
                let t = Double(step) / 24, u = 1 - t
                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, e = t * t * t
                points.append((a * p0.0 + b * n[k] + c * n[k + 2] + e * n[k + 4],
                               a * p0.1 + b * n[k + 1] + c * n[k + 3] + e * n[k + 5]))
            }
            k += 6
        }
        return points
    }

    static func inside(_ p: (Double, Double), _ box: Box, inset: Double = 0) -> Bool {
        box.x0 + inset < p.0 && p.0 < box.x1 - inset && box.y0 + inset < p.1 && p.1 < box.y1 - inset
    }

    /// The storyboard box around a point.
    static func home(_ p: (Double, Double), _ boxes: [String: Box]) -> String? {
        boxes.filter { inside(p, $0.value) }.min { a, b in
            (a.value.x1 - a.value.x0) * (a.value.y1 - a.value.y0) < (b.value.x1 - b.value.x0) * (b.value.y1 - b.value.y0)
        }?.key
    }

    @Test(arguments: [Direction.leftToRight, .topToBottom])
    func codeTypesSitInTheStoryboardTheyOpenMost(direction: Direction) throws {
        let svg = try SVG.render(Self.app, style: StyleOptions(direction: direction, legend: false))
        let (boxes, centres, _) = Self.geometry(svg.doc)
        #expect(boxes.count == 5)
        let codes = centres.values.filter { $0.id.hasPrefix("full-code-") }  // ids start with the map's prefix
        #expect(codes.count == 2)
        for code in codes {
            let box = Self.home((code.x, code.y), boxes)
            // Two of the coordinator's three scenes are in Settings; the router opens Profile twice and Feed once.
            let expected = code.id.contains("SettingsCoordinator") ? "Settings" : "Profile"
            #expect(box?.contains("-\(expected)-") == true, "\(code.id) is drawn in \(box ?? "no storyboard")")
        }
        // Membership is unchanged: the node is still a code type, not a scene of the storyboard.
        #expect(SVG.groups(svg.doc, "node", "code").count == 2)
    }

    @Test(arguments: [Direction.leftToRight, .topToBottom])
    func noEdgePassesThroughAStoryboardItDoesNotTouch(direction: Direction) throws {
        let svg = try SVG.render(Self.app, style: StyleOptions(direction: direction, legend: false))
        let (boxes, centres, edges) = Self.geometry(svg.doc)
        #expect(edges.count >= 20)
        #expect(edges.contains { $0.id.contains("unwind-target") })
        try Self.expectNoCrossing(boxes, centres, edges)
    }

    /// Each reference reaches its storyboard between the stacked boxes, not through the ones before it.
    @Test(arguments: [Direction.leftToRight, .topToBottom])
    func referencesFannedOutToAStackOfStoryboardsStayBetweenTheBoxes(direction: Direction) throws {
        let svg = try SVG.render(Self.menu, style: StyleOptions(direction: direction, legend: false))
        let (boxes, centres, edges) = Self.geometry(svg.doc)
        #expect(boxes.count == 7)
        #expect(edges.filter { $0.id.contains("REF") }.count == 6)
        try Self.expectNoCrossing(boxes, centres, edges)
    }

    /// A unwind's port is in the exit's box, names where it returns, and its edge keeps the unwind-target classes.
    @Test func aCrossFileUnwindEndsAtAPortInTheExitsBox() throws {
        let svg = try SVG.render(Self.app, style: StyleOptions(legend: false))
        let ports = SVG.groups(svg.doc, "node", "unwind-port")
        #expect(ports.count == 2)
        let texts = ports.flatMap(SVG.texts).joined(separator: " ")
        #expect(texts.contains("↩ Main › HomeViewController"))
        #expect(texts.contains("↩ Feed › FeedListViewController"))
        let (boxes, centres, _) = Self.geometry(svg.doc)
        for port in ports {
            let centre = try #require(centres.values.first { $0.id == SVG.attr(port, "id") })
            let box = Self.home((centre.x, centre.y), boxes) ?? ""
            #expect(box.contains("-Feed-") || box.contains("-Settings-"), "\(centre.id) is in \(box)")
        }
        // An unwind keeps its own look wherever it leads: the cross-file class is for links between storyboards.
        #expect(SVG.groups(svg.doc, "edge", "unwind-target", "unwind-port").count == 2)
        #expect(SVG.groups(svg.doc, "edge", "unwind-target", "cross-file").isEmpty)
    }

    /// A type in code that opens scenes of seven storyboards (duckduckgo's `MainViewController` opens nine) is drawn
    /// in the one it opens most, and reaches each of the others by one edge to a port there, where its edges into that
    /// box fan out: they stay inside their boxes.
    @Test(arguments: [Direction.leftToRight, .topToBottom])
    func aCodeHubHasAPortInEachStoryboardItOpens(direction: Direction) throws {
        var graph = Self.menu
        let hub = Node(id: "code:AppCoordinator", storyboard: nil, objectID: nil, element: "code", role: .code,
                       customClass: "AppCoordinator", label: "AppCoordinator",
                       location: SourceLocation(path: "App/AppCoordinator.swift", line: 1, column: 1))
        graph.nodes.append(hub)
        let targets = graph.nodes.filter { $0.role != .reference && $0.role != .code }
        for (k, target) in targets.enumerated() {
            for copy in 0..<(target.storyboard == "App/Main.storyboard" ? 2 : 1) {
                graph.edges.append(Edge(id: "hub\(k)-\(copy)", from: hub.id, to: target.id, kind: .code, crossFile: true,
                                        location: SourceLocation(path: "App/AppCoordinator.swift", line: 10 + k, column: 1)))
            }
        }
        let svg = try SVG.render(graph, style: StyleOptions(direction: direction, legend: false))
        let ports = SVG.groups(svg.doc, "node", "code-port")
        #expect(ports.count == 6)
        // The hub is drawn once: a port is a dot where its links into a box fan out, not a copy of the type.
        #expect(SVG.groups(svg.doc, "node", "code").count == 1)
        #expect(SVG.groups(svg.doc, "node").flatMap(SVG.texts).filter { $0.contains("AppCoordinator") }.count == 1)
        let (boxes, centres, edges) = Self.geometry(svg.doc)
        for port in ports {
            let centre = try #require(centres.values.first { $0.id == SVG.attr(port, "id") })
            let box = Self.home((centre.x, centre.y), boxes) ?? "none"
            #expect(box != "none" && !box.contains("-Main-"), "\(centre.id) is in \(box)")
            #expect(SVG.tooltip(port)?.contains("AppCoordinator") == true)
        }
        // One edge from the hub to each port, the bundle of its links into that box.
        let bundles = SVG.groups(svg.doc, "edge", "code-bundle")
        #expect(bundles.count == 6)
        let hubName = try #require(centres.first { $0.value.id.contains("code-code") }?.key)
        #expect(edges.filter { $0.id.contains("code-bundle") }.allSatisfy { $0.tail == hubName })
        try Self.expectNoCrossing(boxes, centres, edges.filter { !$0.id.contains("code-bundle") })
    }

    /// Storyboards that link each other are handed to dot one after the other (DOT lists them in that order), not
    /// in path order.
    @Test func linkedStoryboardsAreListedTogether() throws {
        let theme = try #require(try BuiltinThemes.theme(named: "default"))
        let dot = try Renderer.render(MapGraph.full(Self.app), options: RenderOptions(format: .dot, theme: theme,
                                                                                      style: StyleOptions(legend: false)))
        let text = String(decoding: dot.data, as: UTF8.self)
        let order = ["Main", "Feed", "Search", "Settings", "Profile"].map { name in
            (name, text.range(of: "id=\"full-storyboard-App-\(name)-storyboard")?.lowerBound)
        }
        let listed = order.compactMap { $0.1 == nil ? nil : $0 }.sorted { $0.1! < $1.1! }.map(\.0)
        // By path: Feed, Main, Profile, Search, Settings. Main follows Feed (a reference), Search and Settings follow
        // Main (references; the coordinator drawn in Settings opens Search), and Profile, linked only to Feed by the
        // router drawn in it, comes last.
        #expect(listed == ["Feed", "Main", "Search", "Settings", "Profile"])
    }

    static func expectNoCrossing(_ boxes: [String: Box], _ centres: [String: (id: String, x: Double, y: Double)],
                                 _ edges: [(id: String, tail: String, head: String, points: [(Double, Double)])]) throws {
        for edge in edges {
            let ends = Set([edge.tail, edge.head].compactMap { centres[$0].flatMap { Self.home(($0.x, $0.y), boxes) } })
            for (id, box) in boxes where !ends.contains(id) {
                #expect(!edge.points.contains { Self.inside($0, box, inset: 4) }, "\(edge.id) passes through \(id)")
            }
        }
    }
}
