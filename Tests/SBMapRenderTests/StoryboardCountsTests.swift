import SBMapModel
import SBMapStyle
import Testing

/// Each storyboard's counts come from `GraphCounts`, and the overview's boxes and a focus map's stubs show them.
@Suite struct StoryboardCountsTests {
    static let main = "App/Base.lproj/Main.storyboard"
    static let feed = "App/Feed.storyboard"

    /// Main: two scenes, a resolved reference to Feed and a placeholder that carries no resolution; Feed: three
    /// scenes (one a code target named in it, which is not a scene), two findings in its French copy and one in
    /// itself; a class in code.
    static func graph() -> StoryboardGraph {
        func scene(_ id: String, _ storyboard: String, role: SceneRole = .plain) -> Node {
            Node(id: "\(storyboard)#\(id)", storyboard: storyboard, objectID: id, element: "viewController", role: role, label: id)
        }
        var resolved = scene("ref", main, role: .reference)
        resolved.resolution = Resolution(state: .resolved, target: "\(feed)#a")
        let bare = scene("bare", main, role: .reference)  // no resolution at all
        var target = Node(id: "code-target:Feed#Gone", storyboard: feed, objectID: nil, element: "code-target",
                          role: .codeTarget, label: "Gone")
        target.resolution = Resolution(state: .unresolved, reason: "no scene has the Storyboard ID 'Gone'")
        let code = Node(id: "code:FeedViewController", storyboard: nil, objectID: nil, element: "code", role: .code,
                        customClass: "FeedViewController", label: "FeedViewController")
        return StoryboardGraph(
            storyboards: [Storyboard(path: main, name: "Main", platform: .iOS),
                          Storyboard(path: feed, name: "Feed", platform: .iOS, localizedVariants: ["App/fr.lproj/Feed.storyboard"])],
            nodes: [scene("tab", main, role: .tabBar), scene("home", main), resolved, bare,
                    scene("a", feed), scene("b", feed), scene("c", feed), code, target],
            edges: [Edge(id: "e1", from: "\(main)#tab", to: "\(main)#home", kind: .relationship),
                    Edge(id: "e2", from: "\(main)#tab", to: "\(main)#ref", kind: .relationship),
                    Edge(id: "e3", from: "\(main)#ref", to: "\(feed)#a", kind: .reference),
                    Edge(id: "e4", from: "\(feed)#a", to: "\(feed)#b", kind: .show),
                    Edge(id: "e5", from: "code:FeedViewController", to: "code-target:Feed#Gone", kind: .code)],
            diagnostics: [Diagnostic(.warning, DiagnosticCode("missing-identifier"), "x", at: SourceLocation(path: "App/fr.lproj/Feed.storyboard")),
                          Diagnostic(.info, DiagnosticCode("missing-identifier"), "y", at: SourceLocation(path: "App/fr.lproj/Feed.storyboard")),
                          Diagnostic(.error, DiagnosticCode("missing-identifier"), "z", at: SourceLocation(path: feed))])
    }

    /// The counts name screens by kind (issue 32): scenes always, xib screens where there are some, in one order
    /// for every output; the overview's box of a xib names its screens as xib screens.
    @Test func screensAreCountedAndNamedByKind() throws {
        var graph = Self.graph()
        #expect(GraphCounts(graph).screenKinds.map { "\($0.count) \($0.kind.noun)" } == ["5 scene"])
        #expect(GraphCounts(graph).summaryLine.hasPrefix("2 storyboards, 5 scenes, 3 segues,"))
        let xib = "App/Views/Profile.xib"
        graph.storyboards.append(Storyboard(path: xib, name: "Profile.xib", platform: .iOS, kind: .xib))
        for id in ["-1", "t1"] {
            graph.nodes.append(Node(id: "\(xib)#\(id)", storyboard: xib, objectID: id, element: "placeholder", role: .xibScreen, label: id))
        }
        let counts = GraphCounts(graph)
        #expect(counts.screenKinds.map { "\($0.count) \($0.kind.noun)" } == ["5 scene", "2 xib screen"])
        #expect(counts[screens: .scene] == counts.scenes && counts[screens: .xib] == counts.xibScreens)
        #expect(counts.summaryLine.hasPrefix("2 storyboards, 5 scenes, 2 xib screens, 3 segues,"), "\(counts.summaryLine)")
        #expect(counts.storyboard(xib).scenes == 2)
        #expect(GraphCounts.ScreenKind(role: .reference) == nil && GraphCounts.ScreenKind(role: .code) == nil)
        let styled = Stylist(theme: try #require(try BuiltinThemes.theme(named: "default"))).style(MapView.overview.make(graph))
        let labels = styled.nodes.map { $0.label.joined(separator: " / ") }
        #expect(labels.contains { $0.contains("Profile.xib") && $0.contains("2 xib screens") }, "\(labels)")
        #expect(labels.contains { $0.contains("Feed") && $0.contains("3 scenes") }, "\(labels)")
    }

    @Test func eachStoryboardIsCountedInTheOnePass() {
        let counts = GraphCounts(Self.graph())
        #expect(counts.storyboard(Self.main) == GraphCounts.PerStoryboard(scenes: 2, crossFileLinks: 2, unresolved: 1))
        #expect(counts.storyboard(Self.feed) == GraphCounts.PerStoryboard(scenes: 3, unresolved: 1, errors: 1, warnings: 1, notes: 1))
        #expect(counts.codeTypes == 1)
        // The placeholder with no resolution is an unresolved cross-file link in the totals too, as on the pages.
        #expect(counts.crossFileLinks.resolved == 1 && counts.crossFileLinks.unresolved == 1, "\(counts.crossFileLinks)")
        #expect(counts.storyboard("App/Gone.storyboard") == GraphCounts.PerStoryboard())
    }

    @Test func theOverviewsBoxesShowThoseCounts() {
        let graph = Self.graph()
        let counts = GraphCounts(graph)
        let boxes = OverviewView.make(graph).graph.nodes.compactMap(\.summary)
        #expect(boxes.count == 2)
        for box in boxes {
            let count = counts.storyboard(box.storyboard)
            #expect([box.scenes, box.unresolved, box.errors, box.warnings, box.notes]
                    == [count.scenes, count.unresolved, count.errors, count.warnings, count.notes], "\(box)")
        }
        // The placeholder without a resolution is counted as not resolved, as the site's index counts it.
        #expect(boxes.first { $0.storyboard == Self.main }?.unresolved == 1)
    }

    @Test func aFocusMapsStubsFoldWhatTheCountsHold() {
        let graph = Self.graph()
        // Main alone, no hops: Feed is folded whole into its stub, and the class in code into the code stub.
        let map = FocusView(storyboard: Self.main, hops: 0).make(graph).graph
        let stubs = Dictionary(map.nodes.filter { $0.role == .stub }.compactMap(\.summary).map { ($0.storyboard, $0.scenes) },
                               uniquingKeysWith: { a, _ in a })
        #expect(stubs == [Self.feed: 3], "\(stubs)")
        let fromFeed = FocusView(storyboard: Self.feed, hops: 0).make(graph).graph
        let codeStub = fromFeed.nodes.first { $0.id == FocusView.stubID("code") }?.summary
        #expect(codeStub?.scenes == 1, "\(fromFeed.nodes.map(\.id))")
    }
}
