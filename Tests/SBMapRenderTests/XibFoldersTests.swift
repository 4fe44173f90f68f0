import SBMapModel
import SBMapStyle
import Testing

/// A folder of many xibs is drawn as one file on the full map and the overview (issue 32): one cluster holding
/// their screens, one box with their count; a folder of few, and xibs of other targets, stay as they are.
@Suite struct XibFoldersTests {
    static func xib(_ path: String, targets: [String] = ["app"]) -> (Storyboard, Node) {
        let name = String(path.split(separator: "/").last ?? "")
        return (Storyboard(path: path, name: name, platform: .iOS, targets: targets, kind: .xib),
                Node(id: Node.sceneID(storyboard: path, objectID: "-1"), storyboard: path, objectID: "-1", element: "placeholder",
                     role: .xibScreen, customClass: String(name.dropLast(4)) + "Controller", label: String(name.dropLast(4))))
    }

    /// Main.storyboard (one scene, whose class opens the first demo), five demo xibs in `App/Demos` (two in
    /// `Base.lproj`, one with a finding), three in `App/Few`, and one demo xib that only the widget copies.
    static func graph() -> StoryboardGraph {
        let main = "App/Main.storyboard"
        var storyboards = [Storyboard(path: main, name: "Main", platform: .iOS, targets: ["app"])]
        var nodes = [Node(id: Node.sceneID(storyboard: main, objectID: "h"), storyboard: main, objectID: "h",
                          element: "viewController", role: .plain, customClass: "HomeViewController", label: "Home")]
        let paths = ["App/Demos/Bar.xib", "App/Demos/Line.xib", "App/Demos/Pie.xib", "App/Demos/Base.lproj/Radar.xib",
                     "App/Demos/Base.lproj/Scatter.xib", "App/Few/A.xib", "App/Few/B.xib", "App/Few/C.xib"]
        for path in paths {
            let (file, screen) = xib(path)
            storyboards.append(file)
            nodes.append(screen)
        }
        let (widget, widgetScreen) = xib("App/Demos/Widget.xib", targets: ["widget"])
        storyboards.append(widget)
        nodes.append(widgetScreen)
        let edge = Edge(id: "e1", from: nodes[0].id, to: Node.sceneID(storyboard: "App/Demos/Bar.xib", objectID: "-1"), kind: .code)
        return StoryboardGraph(storyboards: storyboards.sorted { $0.path < $1.path }, nodes: nodes, edges: [edge],
                               diagnostics: [Diagnostic(.warning, DiagnosticCode("xib-not-in-target"), "x",
                                                        at: SourceLocation(path: "App/Demos/Pie.xib", line: 3, column: 1))])
    }

    @Test func aFolderOfManyXibsIsOneFileOfTheFullMap() throws {
        let graph = Self.graph()
        let map = MapView.full.make(graph).graph
        let files = map.storyboards.map(\.path)
        #expect(files == ["App/Demos/*.xib", "App/Demos/Widget.xib", "App/Few/A.xib", "App/Few/B.xib", "App/Few/C.xib",
                          "App/Main.storyboard"], "\(files)")
        let folded = map.storyboards[0]
        #expect(folded.isXib && folded.name == "Demos · 5 xibs" && folded.targets == ["app"])
        #expect(map.nodes.count { $0.storyboard == "App/Demos/*.xib" } == 5)
        #expect(map.nodes.map(\.id) == graph.nodes.map(\.id), "the screens keep their ids")
        #expect(map.edges == graph.edges, "and every edge still ends at them")
        // Drawn as one cluster.
        let styled = Stylist(theme: try #require(try BuiltinThemes.theme(named: "default"))).style(MapView.full.make(graph))
        #expect(styled.clusters.count { $0.storyboard == "App/Demos/*.xib" } == 1)
        #expect(!styled.clusters.contains { $0.storyboard == "App/Demos/Bar.xib" })
        // The counts of the app are what check says.
        #expect(GraphCounts(map).summaryLine == GraphCounts(graph).summaryLine)
    }

    @Test func theOverviewShowsTheFolderAsOneBoxWithItsCounts() throws {
        let overview = MapView.overview.make(Self.graph())
        let box = try #require(overview.graph.nodes.compactMap(\.summary).first { $0.storyboard == "App/Demos/*.xib" })
        #expect(box.scenes == 5 && box.warnings == 1, "the finding in Pie.xib is counted in the folder's box: \(box)")
        #expect(!overview.graph.nodes.contains { $0.summary?.storyboard == "App/Demos/Bar.xib" })
        let styled = Stylist(theme: try #require(try BuiltinThemes.theme(named: "default"))).style(overview)
        let labels = styled.nodes.map { $0.label.joined(separator: " / ") }
        #expect(labels.contains { $0.contains("Demos · 5 xibs") && $0.contains("5 xib screens") }, "\(labels)")
        #expect(labels.contains { $0.contains("A.xib") && $0.contains("1 xib screen") }, "a folder of three is not folded: \(labels)")
    }

    @Test func aFocusMapAndAFewXibsAreLeftAsTheyAre() {
        let graph = Self.graph()
        #expect(XibFolders.fold(graph, above: 9) == graph)
        let focus = MapView.focus(FocusView(storyboard: "App/Demos/Bar.xib", hops: 0)).make(graph).graph
        #expect(focus.storyboards.contains { $0.path == "App/Demos/Bar.xib" })
        #expect(!focus.storyboards.contains { $0.path == "App/Demos/*.xib" })
    }

    /// Many xibs each in a folder of its own (NetNewsWire's `Mac/About/`, `Mac/ErrorLog/Base.lproj/`, …) are folded
    /// by the folder above, until few boxes are left.
    @Test func manyXibsInFoldersOfTheirOwnAreFoldedByTheFolderAbove() {
        var storyboards: [Storyboard] = []
        var nodes: [Node] = []
        for k in 0..<14 {
            let (file, screen) = Self.xib("Mac/Pane\(k)/Base.lproj/Pane\(k).xib")
            storyboards.append(file)
            nodes.append(screen)
        }
        let (lone, loneScreen) = Self.xib("Shared/Lone.xib")
        storyboards.append(lone)
        nodes.append(loneScreen)
        let graph = StoryboardGraph(storyboards: storyboards.sorted { $0.path < $1.path }, nodes: nodes, edges: [], diagnostics: [])
        let map = MapView.full.make(graph).graph
        #expect(map.storyboards.map(\.path) == ["Mac/*.xib", "Shared/Lone.xib"], "\(map.storyboards.map(\.path))")
        #expect(map.storyboards.first?.name == "Mac · 14 xibs")
        // Twelve or fewer are left as they are.
        let few = StoryboardGraph(storyboards: Array(storyboards.prefix(12)), nodes: Array(nodes.prefix(12)), edges: [], diagnostics: [])
        #expect(XibFolders.fold(few) == few)
    }
}
