import SBMapModel
import SBMapSite

/// Small graphs written out in full, and maps that stand in for Graphviz's (the pages only need ids).
enum SiteGraphs {
    static let main = "App/Base.lproj/Main.storyboard"
    static let feed = "App/Feed/Feed.storyboard"
    static let plist = "App/Info.plist"

    static func scene(_ path: String, _ objectID: String, _ element: String = "viewController", customClass: String? = nil,
                      identifier: String? = nil, title: String? = nil, line: Int) -> Node {
        Node(id: Node.sceneID(storyboard: path, objectID: objectID), storyboard: path, objectID: objectID,
             element: element, role: SceneRole(element: element), customClass: customClass,
             storyboardIdentifier: identifier, title: title, label: title ?? customClass ?? identifier ?? element,
             location: SourceLocation(path: path, line: line, column: 9))
    }

    static func reference(_ path: String, _ objectID: String, storyboard: String, identifier: String? = nil,
                          resolution: Resolution, line: Int) -> Node {
        Node(id: Node.sceneID(storyboard: path, objectID: objectID), storyboard: path, objectID: objectID,
             element: "viewControllerPlaceholder", role: .reference, label: storyboard,
             location: SourceLocation(path: path, line: line, column: 9),
             link: LinkTarget(mechanism: .storyboardReference, storyboardName: storyboard, identifier: identifier),
             resolution: resolution)
    }

    /// Main: a tab bar whose tabs are a reference to Feed and a reference to Help, which does not exist. Feed: a list,
    /// and a detail scene a coordinator opens from code. Info.plist loads Main. `name` goes into Feed's class names,
    /// Storyboard IDs and titles.
    static func app(name: String = "Feed") -> StoryboardGraph {
        let tabs = scene(main, "TAB", "tabBarController", customClass: "RootTabBarController", line: 12)
        let list = scene(feed, "LST", "tableViewController", customClass: "\(name)ViewController", identifier: name,
                         title: name, line: 20)
        let detail = scene(feed, "DTL", customClass: "\(name)DetailViewController", identifier: "\(name)Detail", line: 40)
        let feedRef = reference(main, "REF", storyboard: "Feed", resolution: .resolved(list.id), line: 30)
        let helpRef = reference(main, "HLP", storyboard: "Help",
                                resolution: Resolution(state: .unresolved, reason: "no storyboard named 'Help'"), line: 36)
        let coordinator = Node(id: Node.codeID(type: "AppCoordinator"), storyboard: nil, objectID: nil, element: "code",
                               role: .code, customClass: "AppCoordinator", label: "AppCoordinator",
                               location: SourceLocation(path: "App/AppCoordinator.swift", line: 3, column: 7))
        let missing = Node(id: Node.codeTargetID(storyboard: "Feed", identifier: "Missing"), storyboard: feed, objectID: nil,
                           element: "code-target", role: .codeTarget, label: "Feed › Missing",
                           location: SourceLocation(path: "App/AppCoordinator.swift", line: 12, column: 20),
                           link: LinkTarget(mechanism: .code, storyboardName: "Feed", identifier: "Missing"),
                           resolution: Resolution(state: .unresolved, reason: "no scene with storyboard ID 'Missing'"))
        let edges = [
            Edge(id: "\(main)#r1", from: tabs.id, to: feedRef.id, kind: .relationship, relationship: "viewControllers", order: 0,
                 location: SourceLocation(path: main, line: 14, column: 13)),
            Edge(id: "\(main)#r2", from: tabs.id, to: helpRef.id, kind: .relationship, relationship: "viewControllers", order: 1,
                 location: SourceLocation(path: main, line: 15, column: 13)),
            Edge(id: "\(feed)#s1", from: list.id, to: detail.id, kind: .show, location: SourceLocation(path: feed, line: 25, column: 13)),
            Edge(id: "\(feedRef.id)->reference", from: feedRef.id, to: list.id, kind: .reference, crossFile: true,
                 location: feedRef.location),
            Edge(id: "code:App/AppCoordinator.swift:9:20#x", from: coordinator.id, to: detail.id, kind: .code, crossFile: true,
                 location: SourceLocation(path: "App/AppCoordinator.swift", line: 9, column: 20),
                 via: "instantiateViewController(withIdentifier:)"),
            Edge(id: "code:App/AppCoordinator.swift:12:20#y", from: coordinator.id, to: missing.id, kind: .code, crossFile: true,
                 location: SourceLocation(path: "App/AppCoordinator.swift", line: 12, column: 20),
                 via: "instantiateViewController(withIdentifier:)"),
        ]
        let storyboards = [
            Storyboard(path: main, name: "Main", platform: .iOS, localization: "Base", initialScene: tabs.id,
                       entryPoints: [EntryPoint(role: .main, key: "UIMainStoryboardFile",
                                                declaredAt: SourceLocation(path: plist, line: 8, column: 2))]),
            Storyboard(path: feed, name: "Feed", platform: .iOS, initialScene: list.id),
        ]
        let diagnostics = [
            Diagnostic(.error, .unknownStoryboard, "storyboard reference names storyboard 'Help', which does not exist",
                       at: SourceLocation(path: main, line: 36, column: 17), hint: "add Help.storyboard"),
            Diagnostic(.info, .codeDynamic, "the storyboard name is not a constant",
                       at: SourceLocation(path: "App/AppCoordinator.swift", line: 9, column: 20)),
            Diagnostic(.error, .codeUnknownIdentifier, "instantiateViewController(withIdentifier:) names storyboard ID 'Missing', which no scene of 'Feed' has",
                       at: SourceLocation(path: "App/AppCoordinator.swift", line: 12, column: 20)),
        ]
        return StoryboardGraph(storyboards: storyboards, nodes: [tabs, feedRef, helpRef, list, detail, coordinator, missing],
                               edges: edges, diagnostics: diagnostics)
    }

    /// Maps that hold one empty `<g>` per node, with ids as the renderer would give them.
    static func maps(_ graph: StoryboardGraph) -> SiteMaps {
        func map(_ nodes: [Node]) -> SiteMap {
            var ids: [String: String] = [:]
            var svg = #"<svg width="100pt" height="50pt" viewBox="0.00 0.00 100.00 50.00" xmlns="http://www.w3.org/2000/svg">"#
            for (k, node) in nodes.enumerated() {
                ids[node.id] = "scene-n\(k)"
                svg += #"<g id="scene-n\#(k)" class="node scene"><title>n</title></g>"#
            }
            return SiteMap(svg: Array((svg + "</svg>").utf8), nodeIDs: ids, hops: 1)
        }
        var focus: [String: SiteMap] = [:]
        for storyboard in graph.storyboards {
            focus[storyboard.path] = map(graph.nodes.filter { $0.storyboard == storyboard.path })
        }
        var overview: [String: String] = [:]
        for (k, storyboard) in graph.storyboards.enumerated() { overview["storyboard:\(storyboard.path)"] = "storyboard-node-\(k)" }
        return SiteMaps(overview: SiteMap(svg: Array(#"<svg viewBox="0 0 1 1"></svg>"#.utf8), nodeIDs: overview),
                        focus: focus)
    }
}
