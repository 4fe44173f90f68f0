import Foundation
import SBMapModel
import SBMapRender
import SBMapStyle
import Testing

/// How the overview, focus maps and target groups are drawn: the styled graph, the SVG's structure, and the
/// DOT that goes into layout (golden files, so they do not depend on Graphviz's coordinates).
@Suite struct MapViewStyleTests {
    let app = SampleGraphs.tabBarApp
    let main = "App/Base.lproj/Main.storyboard"
    let feed = "App/Feed/Feed.storyboard"
    let search = "App/Search/Search.storyboard"
    let settings = "App/Settings/Settings.storyboard"

    func style(_ map: MapGraph, direction: Direction = .leftToRight) throws -> StyledGraph {
        Stylist(theme: try BuiltinThemes.theme(named: "default")!, options: StyleOptions(direction: direction)).style(map)
    }

    func style(_ graph: StoryboardGraph, direction: Direction = .leftToRight) throws -> StyledGraph {
        try style(MapGraph.full(graph), direction: direction)
    }

    // MARK: Overview

    @Test func theOverviewDrawsOneBoxPerStoryboardWithItsCountsAndBadges() throws {
        let styled = try style(OverviewView.make(app))
        #expect(styled.clusters.isEmpty, "no targets known, so no groups; storyboards are nodes, not boxes")
        let boxes = styled.nodes.filter { $0.classes.first == "storyboard" }
        #expect(boxes.count == 4)
        let mainBox = try #require(boxes.first { $0.modelID == OverviewView.nodeID(main) })
        #expect(mainBox.label == ["Main", "2 scenes", "⚠ 1 unresolved", "▶ App entry"])
        #expect(mainBox.classes.contains("has-unresolved") && mainBox.classes.contains("entry"))
        let searchBox = try #require(boxes.first { $0.modelID == OverviewView.nodeID(search) })
        #expect(searchBox.label == ["Search", "4 scenes"])
        #expect(!searchBox.classes.contains("has-unresolved"))
    }

    @Test func anAggregateEdgeShowsItsCountAndItsWorstState() throws {
        var graph = app
        let broken = Node(id: "code-target:Feed#Missing", storyboard: feed, objectID: nil, element: "code-target",
                          role: .codeTarget, label: "Feed › Missing",
                          link: LinkTarget(mechanism: .code, storyboardName: "Feed", identifier: "Missing"),
                          resolution: Resolution(state: .unresolved))
        graph.nodes.append(broken)
        graph.edges.append(Edge(id: "code:x", from: "\(main)#ONB-01", to: broken.id, kind: .code, crossFile: true))
        let styled = try style(OverviewView.make(graph))
        let ids = Dictionary(uniqueKeysWithValues: styled.nodes.map { ($0.id, $0.modelID) })
        let edge = try #require(styled.edges.first {
            ids[$0.from] == OverviewView.nodeID(main) && ids[$0.to] == OverviewView.nodeID(feed)
        })
        #expect(edge.label == ["×2"])
        #expect(edge.classes.contains("aggregate") && edge.classes.contains("unresolved") && edge.classes.contains("broken-link"))
        #expect(edge.tooltip.contains("2 links") && edge.tooltip.contains("1 code link, 1 storyboard reference"))
        #expect(styled.legend.map(\.text).contains("Links between storyboards (×count)"))
    }

    /// 200 storyboards in a chain with a shortcut from each to the one after next: drawn in full, the picture is
    /// 200 ranks wide. The overview ranks each storyboard by the first link that reaches it, spreads wide ranks
    /// over several, and above 150 storyboards draws only the links that rank the map (and every broken one).
    @Test func aBigOverviewDrawsTheLinksThatRankItAndSaysSo() throws {
        var storyboards: [Storyboard] = []
        var nodes: [Node] = []
        var edges: [Edge] = []
        for i in 0..<200 {
            let path = "App/S\(i).storyboard"
            storyboards.append(Storyboard(path: path, name: "S\(i)", platform: .iOS))
            nodes.append(SampleGraphs.scene(path, "a"))
            nodes.append(SampleGraphs.reference(path, "r1", storyboard: "S\(i + 1)", resolution: .resolved("x")))
        }
        for i in 0..<198 {
            edges.append(SampleGraphs.link(nodes[2 * i + 1], nodes[2 * (i + 1)]))
            edges.append(Edge(id: "code-\(i)", from: nodes[2 * i].id, to: nodes[2 * (i + 2)].id, kind: .code, crossFile: true))
        }
        let graph = StoryboardGraph(storyboards: storyboards, nodes: nodes, edges: edges)
        let styled = try style(OverviewView.make(graph))
        let drawn = styled.edges.filter { !$0.layoutOnly && $0.classes.contains("aggregate") }
        #expect(drawn.count < 396 && drawn.count >= 199)
        #expect(drawn.allSatisfy { $0.rankSpan ?? 0 >= 1 }, "only the links that rank the map are drawn")
        #expect(styled.diagnostics.contains { $0.code == .renderLimited && $0.message.contains("of 396 links") })
        // The code shortcuts make the breadth-first depth 100, not 200.
        let svg = try SVG.render(OverviewView.make(graph))
        #expect(SVG.groups(svg.doc, "node", "storyboard").count == 200)
    }

    @Test func aSmallOverviewDrawsEveryLink() throws {
        let styled = try style(OverviewView.make(app))
        #expect(styled.diagnostics.isEmpty)
        #expect(styled.edges.filter { $0.classes.contains("aggregate") }.count == OverviewView.make(app).graph.edges.count)
    }

    /// Found by the render fuzzer: the overview's layout-only edges (weight=0) made twopi fail ("use of weight=0
    /// creates disconnected component"). Every engine draws every view.
    @Test(arguments: LayoutEngine.allCases)
    func everyEngineDrawsTheOverviewAndAFocusMap(_ engine: LayoutEngine) throws {
        let theme = try BuiltinThemes.theme(named: "default")!
        // Twelve storyboards no link joins: the overview chains them into columns with layout-only edges.
        let islands = StoryboardGraph(
            storyboards: (0..<12).map { Storyboard(path: "S\($0).storyboard", name: "S\($0)", platform: .iOS) },
            nodes: (0..<12).map { SampleGraphs.scene("S\($0).storyboard", "a") }, edges: [])
        for view in [OverviewView.make(app), OverviewView.make(islands), FocusView(storyboard: search, hops: 1).make(app)] {
            let out = try Renderer.render(view, options: RenderOptions(format: .svg, engine: engine, theme: theme))
            #expect(String(decoding: out.data, as: UTF8.self).hasSuffix("</svg>\n"))
        }
    }

    // MARK: Focus maps

    @Test func aFocusMapFoldsTheRestIntoStubsWithCounts() throws {
        let focus = FocusView(storyboard: search, hops: 1).make(app)
        let (_, doc, _) = try SVG.render(focus)
        let stubs = SVG.groups(doc, "node", "stub")
        #expect(stubs.count == 2)
        let texts = stubs.flatMap(SVG.texts)
        #expect(texts.contains("+5 scenes further away"))
        #expect(SVG.groups(doc, "cluster", "storyboard").count == 3)
    }

    /// Found by the site's author: a code type further away was folded into "… Code +0 scenes further away".
    @Test func typesInCodeFurtherAwayAreCountedAsTypes() throws {
        let a = SampleGraphs.scene("A.storyboard", "a")
        let coordinator = Node(id: Node.codeID(type: "Coordinator"), storyboard: nil, objectID: nil, element: "code",
                               role: .code, customClass: "Coordinator", label: "Coordinator")
        let graph = StoryboardGraph(storyboards: [Storyboard(path: "A.storyboard", name: "A", platform: .iOS)],
                                    nodes: [a, coordinator],
                                    edges: [Edge(id: "c", from: coordinator.id, to: a.id, kind: .code, crossFile: true)])
        let styled = try style(FocusView(storyboard: "A.storyboard", hops: 0).make(graph))
        let stub = try #require(styled.nodes.first { $0.classes.contains("stub") })
        #expect(stub.label == ["… Code", "+1 type further away"])
    }

    // MARK: Target groups

    /// Phone (iOS) and TV (tvOS) share Shared.storyboard; Phone alone builds Phone.storyboard; Old.storyboard is
    /// built by nothing.
    var multiTarget: StoryboardGraph {
        let phone = BuildTarget(id: "App.xcodeproj#Phone", name: "Phone", project: "App.xcodeproj", product: .application,
                                productType: "com.apple.product-type.application", platforms: [.iOS])
        let tv = BuildTarget(id: "App.xcodeproj#TV", name: "TV", project: "App.xcodeproj", product: .application,
                             productType: "com.apple.product-type.application", platforms: [.tvOS])
        let shared = Storyboard(path: "Shared/Shared.storyboard", name: "Shared", platform: .iOS, targets: [phone.id, tv.id])
        var mainPhone = Storyboard(path: "Phone/Main.storyboard", name: "Main", platform: .iOS, targets: [phone.id])
        mainPhone.entryPoints = [EntryPoint(role: .main, key: "UIMainStoryboardFile", declaredAt: SourceLocation(path: "Phone/Info.plist", line: 5))]
        let old = Storyboard(path: "Old/Old.storyboard", name: "Old", platform: .iOS)
        let nodes = [
            SampleGraphs.scene(shared.path, "s1"), SampleGraphs.scene(mainPhone.path, "p1"), SampleGraphs.scene(old.path, "o1"),
        ]
        return StoryboardGraph(targets: [phone, tv], storyboards: [shared, mainPhone, old], nodes: nodes, edges: [])
    }

    @Test func storyboardsSitInTheBoxOfTheTargetsThatBuildThemAndSharedOnesAreDrawnOnce() throws {
        let styled = try style(multiTarget)
        let groups = styled.clusters.filter { $0.kind == .target }
        #expect(groups.map { $0.label.joined() } == ["Phone (iOS)", "Phone (iOS) + TV (tvOS)", "In no target"])
        let boxes = styled.clusters.filter { $0.kind == .storyboard }
        #expect(boxes.count == 3)
        func parentTitle(_ path: String) -> String? {
            let parent = boxes.first { $0.storyboard == path }?.parent
            return groups.first { $0.id == parent }?.label.joined()
        }
        #expect(parentTitle("Shared/Shared.storyboard") == "Phone (iOS) + TV (tvOS)")
        #expect(parentTitle("Phone/Main.storyboard") == "Phone (iOS)")
        #expect(parentTitle("Old/Old.storyboard") == "In no target")

        // In SVG: the storyboard's cluster lies inside its target's cluster.
        let (_, doc, _) = try SVG.render(multiTarget)
        #expect(SVG.groups(doc, "cluster", "target-group").count == 3)
        #expect(SVG.groups(doc, "cluster", "shared").count == 1)
    }

    /// Seen on Rocket.Chat's focus map of Chat: the folded neighbours ("… Directory +1 scene further away") were drawn
    /// outside the box of the target that builds them, as if no target did.
    @Test func aFocusMapsStubSitsInTheBoxOfTheTargetsThatBuildItsStoryboard() throws {
        var graph = multiTarget
        let tvOnly = Storyboard(path: "TV/Menu.storyboard", name: "Menu", platform: .tvOS, targets: ["App.xcodeproj#TV"])
        graph.storyboards.append(tvOnly)
        graph.nodes.append(SampleGraphs.scene(tvOnly.path, "t1"))
        graph.edges = [
            Edge(id: "Phone/Main.storyboard#e1", from: "Phone/Main.storyboard#p1", to: "Shared/Shared.storyboard#s1", kind: .show, crossFile: true),
            Edge(id: "Phone/Main.storyboard#e2", from: "Phone/Main.storyboard#p1", to: "TV/Menu.storyboard#t1", kind: .show, crossFile: true),
            Edge(id: "Phone/Main.storyboard#e3", from: "Phone/Main.storyboard#p1", to: "Old/Old.storyboard#o1", kind: .show, crossFile: true),
        ]
        let focus = FocusView(storyboard: "Phone/Main.storyboard", hops: 0).make(graph)
        let styled = try style(focus)
        let titles = Dictionary(uniqueKeysWithValues: styled.clusters.map { ($0.id, $0.label.joined()) })
        func groupOfStub(_ name: String) -> String? {
            styled.nodes.first { $0.classes.contains("stub") && $0.label.first == "… \(name)" }?.cluster.flatMap { titles[$0] }
        }
        #expect(groupOfStub("Shared") == "Phone (iOS) + TV (tvOS)")
        #expect(groupOfStub("Menu") == "TV (tvOS)")
        #expect(groupOfStub("Old") == "In no target")
        // The focus storyboard's own box is still in its group, and no storyboard box is drawn for a stub.
        #expect(styled.clusters.filter { $0.kind == .storyboard }.map(\.storyboard) == ["Phone/Main.storyboard"])

        // In the picture: each stub's centre lies inside its group's dashed box.
        let (_, doc, _) = try SVG.render(focus)
        var groupBoxes: [String: FullMapLayoutTests.Box] = [:]
        for g in SVG.groups(doc, "cluster", "target-group") {
            guard let label = SVG.texts(g).first, let box = FullMapLayoutTests.box(of: g) else { continue }
            groupBoxes[label] = box
        }
        let centres = FullMapLayoutTests.geometry(doc).centres.values
        for (stub, group) in [("Shared", "Phone (iOS) + TV (tvOS)"), ("Menu", "TV (tvOS)"), ("Old", "In no target")] {
            let node = try #require(SVG.groups(doc, "node", "stub").first { SVG.texts($0).first == "… \(stub)" })
            let centre = try #require(centres.first { $0.id == SVG.attr(node, "id") })
            let box = try #require(groupBoxes[group], "no box \(group): \(groupBoxes.keys.sorted())")
            #expect(FullMapLayoutTests.inside((centre.x, centre.y), box), "\(stub) is drawn outside \(group)")
        }
    }

    @Test func aStoryboardTheAppLoadsWithoutAnInitialSceneSaysSoOnItsBoxNotInALooseMarker() throws {
        let styled = try style(multiTarget)
        let box = try #require(styled.clusters.first { $0.storyboard == "Phone/Main.storyboard" })
        // Phone/Main has one scene but no initial scene.
        #expect(box.label.contains("▶ App entry"))
        #expect(box.classes.contains("entry"))
        #expect(!styled.nodes.contains { $0.kind == .marker && $0.classes.contains("entry") })
    }

    @Test func theOverviewGroupsStoryboardNodesByTarget() throws {
        let styled = try style(OverviewView.make(multiTarget))
        let groups = Dictionary(uniqueKeysWithValues: styled.clusters.map { ($0.id, $0.label.joined()) })
        let shared = try #require(styled.nodes.first { $0.modelID == OverviewView.nodeID("Shared/Shared.storyboard") })
        #expect(shared.cluster.flatMap { groups[$0] } == "Phone (iOS) + TV (tvOS)")
        // The summary says which targets build it, as a focus map's stub does.
        let node = OverviewView.make(multiTarget).graph.nodes.first { $0.id == OverviewView.nodeID("Shared/Shared.storyboard") }
        #expect(node?.summary?.targets == ["App.xcodeproj#Phone", "App.xcodeproj#TV"])
        #expect(styled.clusters.allSatisfy { $0.kind == .target })
    }

    // MARK: Golden DOT, before layout

    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Compares with `Golden/<name>.dot`; `SBMAP_UPDATE_GOLDEN=1 swift test --filter MapViewStyleTests` rewrites them.
    func expectGolden(_ map: MapGraph, _ name: String) throws {
        let theme = try BuiltinThemes.theme(named: "default")!
        let dot = try Renderer.render(map, options: RenderOptions(format: .dot, theme: theme)).data
        let url = Self.goldenFolder.appendingPathComponent("\(name).dot")
        if ProcessInfo.processInfo.environment["SBMAP_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.goldenFolder, withIntermediateDirectories: true)
            try Data(dot).write(to: url)
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        let text = String(decoding: dot, as: UTF8.self)
        if text != golden {
            try? Data(dot).write(to: FileManager.default.temporaryDirectory.appendingPathComponent("sbmap-golden-\(name).dot"))
        }
        #expect(text == golden, "DOT of \(name) changed; if on purpose, rerun with SBMAP_UPDATE_GOLDEN=1 and review the diff")
    }

    @Test func theOverviewDOTMatchesItsGoldenFile() throws {
        try expectGolden(OverviewView.make(app), "overview-tab-bar-app")
    }

    @Test func theFocusDOTMatchesItsGoldenFile() throws {
        try expectGolden(FocusView(storyboard: search, hops: 1).make(app), "focus-search-hops-1")
        try expectGolden(FocusView(storyboard: feed, scene: "\(feed)#CMP-01", hops: 1).make(app), "focus-feed-compose-scene")
    }

    @Test func theTargetGroupsDOTMatchesItsGoldenFile() throws {
        try expectGolden(.full(multiTarget), "target-groups")
    }

    // MARK: PNG budget

    @Test func aPNGStaysWithinItsPixelBudgetPaddingIncluded() throws {
        let theme = try BuiltinThemes.theme(named: "default")!
        for budget in [40_000, 250_000, 1_000_000] {
            let out = try Renderer.render(app, options: RenderOptions(format: .png, theme: theme, pngPixelBudget: budget))
            let (w, h) = try #require(Self.pngSize(out.data))
            #expect(w * h <= budget, "\(w)×\(h) > \(budget)")
            #expect(w * h > budget / 2, "\(w)×\(h) wastes the budget of \(budget)")
        }
    }

    static func pngSize(_ data: [UInt8]) -> (Int, Int)? {
        guard data.count > 24, data[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        func be(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }
}
