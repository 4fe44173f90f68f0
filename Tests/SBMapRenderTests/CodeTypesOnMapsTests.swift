import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SBMapModel
import SBMapRender
import SBMapStyle
import Testing

/// Types in code on the maps a reader is given first (issue 30): in the overview each sits in the box of the target
/// that compiles it, and many are folded into the storyboards they open; a hub is one node and, in a focus map, one
/// stub; the types only test bundles compile are left out unless asked (docs/themes.md, "Types in code").
@Suite struct CodeTypesOnMapsTests {
    static let app = BuildTarget(id: "App.xcodeproj#App", name: "App", project: "App.xcodeproj", product: .application,
                                 productType: "com.apple.product-type.application", platforms: [.iOS])
    static let tests = BuildTarget(id: "App.xcodeproj#AppTests", name: "AppTests", project: "App.xcodeproj",
                                   product: .unitTests, productType: "com.apple.product-type.bundle.unit-test",
                                   platforms: [.iOS])

    static func code(_ name: String, targets: [String]?) -> Node {
        var node = Node(id: "code:\(name)", storyboard: nil, objectID: nil, element: "code", role: .code,
                        customClass: name, label: name, location: SourceLocation(path: "App/\(name).swift", line: 1, column: 1))
        node.targets = targets
        return node
    }

    static func shows(_ from: Node, _ to: Node, _ n: Int = 0) -> Edge {
        Edge(id: "\(from.id)->code->\(to.id)#\(n)", from: from.id, to: to.id, kind: .code, crossFile: true,
             location: from.location)
    }

    /// `count` storyboards of one scene each, all built by App (`S0` … ); the scenes, in order.
    static func storyboards(_ count: Int) -> (storyboards: [Storyboard], scenes: [Node]) {
        var boards: [Storyboard] = [], scenes: [Node] = []
        for k in 0..<count {
            let path = "App/S\(k).storyboard"
            let scene = SampleGraphs.scene(path, "SC\(k)-01", customClass: "Screen\(k)ViewController", initial: true)
            var board = Storyboard(path: path, name: "S\(k)", platform: .iOS, initialScene: scene.id)
            board.targets = [app.id]
            boards.append(board)
            scenes.append(scene)
        }
        return (boards, scenes)
    }

    /// Main (built by App) and its tab storyboards; a coordinator App compiles opens two of them, and a test class only
    /// AppTests compiles opens one.
    static var tabApp: StoryboardGraph {
        let (boards, scenes) = storyboards(3)
        let coordinator = code("FlowCoordinator", targets: [app.id])
        let test = code("FeedViewControllerTests", targets: [tests.id])
        return StoryboardGraph(targets: [app, tests], storyboards: boards, nodes: scenes + [coordinator, test],
                               edges: [shows(coordinator, scenes[1]), shows(coordinator, scenes[2]), shows(test, scenes[0])])
    }

    static func centre(of node: XMLElement) -> (Double, Double)? {
        guard let shape = SVG.elements(node).first(where: { $0.name == "path" || $0.name == "polygon" }),
              let d = SVG.attr(shape, "d") ?? SVG.attr(shape, "points") else { return nil }
        let numbers = FullMapLayoutTests.numbers(d)
        let xs = stride(from: 0, to: numbers.count - 1, by: 2).map { numbers[$0] }
        let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
        return (((xs.min() ?? 0) + (xs.max() ?? 0)) / 2, ((ys.min() ?? 0) + (ys.max() ?? 0)) / 2)
    }

    @Test(arguments: [Direction.leftToRight, .topToBottom])
    func anOverviewDrawsACodeTypeInsideTheBoxOfItsTarget(direction: Direction) throws {
        let svg = try SVG.render(OverviewView.make(Self.tabApp), style: StyleOptions(direction: direction, legend: false))
        let box = try #require(SVG.groups(svg.doc, "cluster", "target-group").first.flatMap(FullMapLayoutTests.box))
        let types = SVG.groups(svg.doc, "node", "code")
        #expect(types.count == 2)
        for type in types {
            let (x, y) = try #require(Self.centre(of: type))
            #expect(FullMapLayoutTests.inside((x, y), box), "\(SVG.attr(type, "id") ?? "") is outside App's box")
        }
    }

    @Test func typesOnlyTestBundlesCompileAreLeftOutAndFindingsKept() throws {
        var graph = Self.tabApp
        graph.diagnostics = [Diagnostic(.warning, .codeUnknownIdentifier, "no scene", at: SourceLocation(path: "App/FeedViewControllerTests.swift", line: 3, column: 1), about: "x")]
        #expect(TestOnlyTypes.ids(in: graph) == ["code:FeedViewControllerTests"])
        let drawn = TestOnlyTypes.removed(from: graph)
        #expect(drawn.diagnostics == graph.diagnostics)
        #expect(!drawn.edges.contains { $0.from == "code:FeedViewControllerTests" })
        for map in [MapGraph.full(drawn), OverviewView.make(drawn)] {
            let text = try SVG.render(map).text
            #expect(!text.contains("FeedViewControllerTests"))
            #expect(text.contains("FlowCoordinator"))
        }
        // Asked for (`--include-tests` hands the graph as it is), the test class is drawn.
        #expect(try SVG.render(OverviewView.make(graph)).text.contains("FeedViewControllerTests"))
        // A type whose targets are not known (no project) is the app's: kept.
        graph.nodes = graph.nodes.map { var n = $0; n.targets = nil; return n }
        #expect(TestOnlyTypes.ids(in: graph).isEmpty)
    }

    @Test func aTypeBothAnAppAndItsTestsCompileIsTheApps() {
        var graph = Self.tabApp
        graph.nodes = graph.nodes.map { var n = $0; if n.role == .code { n.targets = [Self.app.id, Self.tests.id] }; return n }
        #expect(TestOnlyTypes.ids(in: graph).isEmpty)
    }

    /// Fourteen coordinators, each opening its own storyboard, and a router that opens two: above twelve types the
    /// overview folds each coordinator into its storyboard's node and keeps the router.
    @Test func anOverviewOfManyTypesFoldsThoseThatOpenOneStoryboard() throws {
        let (boards, scenes) = Self.storyboards(14)
        var nodes = scenes, edges: [Edge] = []
        for k in 0..<14 {
            let type = Self.code("Flow\(k)Coordinator", targets: [Self.app.id])
            nodes.append(type)
            edges.append(Self.shows(type, scenes[k]))
        }
        let router = Self.code("Router", targets: [Self.app.id])
        nodes.append(router)
        edges += [Self.shows(router, scenes[0]), Self.shows(router, scenes[1])]
        let graph = StoryboardGraph(targets: [Self.app], storyboards: boards, nodes: nodes, edges: edges)
        let map = OverviewView.make(graph)
        #expect(map.graph.nodes.filter { $0.role == .code }.map(\.id) == ["code:Router"])
        let svg = try SVG.render(map, style: StyleOptions(legend: false))
        #expect(SVG.groups(svg.doc, "node", "code").count == 1)
        let folded = SVG.groups(svg.doc, "node", "storyboard").filter { SVG.texts($0).contains("opened from code by 1 type") }
        #expect(folded.count == 14)
        #expect(svg.rendered.diagnostics.contains { $0.message.contains("14 types that each open one storyboard") })
        #expect(SVG.tooltip(folded[0])?.contains("Opened from code by: Flow") == true)
        // Twelve or fewer are drawn as they are.
        let few = StoryboardGraph(targets: [Self.app], storyboards: boards, nodes: Array(nodes.prefix(14 + 12)),
                                  edges: Array(edges.prefix(12)))
        #expect(OverviewView.make(few).graph.nodes.count { $0.role == .code } == 12)
    }

    /// A hub opening the scenes of six storyboards, drawn in the focus map of one of them: the five others are one stub
    /// (`5 storyboards`), linked to it by one edge, not five stubs.
    @Test func aFocusMapFoldsAHubsOtherStoryboardsIntoOneStub() throws {
        let (boards, scenes) = Self.storyboards(6)
        let hub = Self.code("MainViewController", targets: [Self.app.id])
        let edges = scenes.map { Self.shows(hub, $0) } + [Self.shows(hub, scenes[3], 1)]
        let graph = StoryboardGraph(targets: [Self.app], storyboards: boards, nodes: scenes + [hub], edges: edges)
        let map = FocusView(storyboard: "App/S0.storyboard").make(graph)
        let stubs = map.graph.nodes.filter { $0.role == .stub }
        #expect(stubs.count == 1)
        #expect(stubs.first?.summary?.scenes == 5)
        let svg = try SVG.render(map, style: StyleOptions(legend: false))
        let stub = try #require(SVG.groups(svg.doc, "node", "stub").first)
        #expect(SVG.texts(stub).joined(separator: " ").contains("5 storyboards"))
        #expect(SVG.tooltip(stub)?.contains("Storyboards: S1, S2, S3, S4, S5") == true)
        let folds = SVG.groups(svg.doc, "edge", "fold")
        #expect(folds.count == 1)
        #expect(folds.flatMap(SVG.texts).contains("×6"))
        // In the box of App, as the storyboards it stands for are.
        let box = try #require(SVG.groups(svg.doc, "cluster", "target-group").first.flatMap(FullMapLayoutTests.box))
        #expect(FullMapLayoutTests.inside(try #require(Self.centre(of: stub)), box))
        // A storyboard another drawn node reaches keeps its own stub.
        var shared = graph
        let helper = Self.code("Helper", targets: [Self.app.id])
        shared.nodes.append(helper)
        shared.edges += [Self.shows(helper, scenes[0]), Self.shows(helper, scenes[5])]
        let names = FocusView(storyboard: "App/S0.storyboard").make(shared).graph.nodes.filter { $0.role == .stub }.map(\.label)
        #expect(names.contains("S5") && names.contains { $0.hasPrefix("Storyboards: S1") })
    }

    /// Two storyboards a hub reaches are no crowd: they keep their stubs.
    @Test func aTypeReachingTwoStoryboardsKeepsTheirStubs() {
        let (boards, scenes) = Self.storyboards(3)
        let hub = Self.code("Router", targets: nil)
        let graph = StoryboardGraph(storyboards: boards, nodes: scenes + [hub], edges: scenes.map { Self.shows(hub, $0) })
        let stubs = FocusView(storyboard: "App/S0.storyboard").make(graph).graph.nodes.filter { $0.role == .stub }
        #expect(stubs.map(\.label).sorted() == ["S1", "S2"])
    }
}
