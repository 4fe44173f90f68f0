import SBMapModel
import SBMapStyle
import Testing

/// The overview and focus views, as graphs before styling and layout (so they do not depend on Graphviz).
@Suite struct ViewTests {
    let app = SampleGraphs.tabBarApp
    let main = "App/Base.lproj/Main.storyboard"
    let feed = "App/Feed/Feed.storyboard"
    let search = "App/Search/Search.storyboard"
    let settings = "App/Settings/Settings.storyboard"

    static func describe(_ edges: [Edge]) -> [String] {
        edges.map { "\($0.from) -> \($0.to) ×\($0.count ?? 0) \($0.worst?.rawValue ?? "-") [\($0.via ?? "")]" }
    }

    @Test func theOverviewHasOneNodePerStoryboardAndOneEdgePerPair() {
        let overview = OverviewView.make(app).graph
        let storyboardNodes = overview.nodes.filter { $0.role == .storyboard }
        #expect(storyboardNodes.map(\.label) == ["Main", "Feed", "Search", "Settings"])
        #expect(storyboardNodes.map { $0.summary?.scenes ?? -1 } == [2, 6, 4, 3])
        #expect(storyboardNodes.map { $0.summary?.unresolved ?? -1 } == [1, 0, 0, 1])
        #expect(storyboardNodes.first?.summary?.entryRoles == [.main])
        #expect(Self.describe(overview.edges) == [
            "code:AppCoordinator -> storyboard:\(main) ×1 resolved [1 code link]",
            "code:AppCoordinator -> storyboard:\(search) ×1 resolved [1 code link]",
            "storyboard:\(main) -> code-target:Profile ×1 unresolved [1 storyboard reference]",
            "storyboard:\(main) -> storyboard:\(feed) ×1 resolved [1 storyboard reference]",
            "storyboard:\(main) -> storyboard:\(search) ×1 resolved [1 storyboard reference]",
            "storyboard:\(main) -> storyboard:\(settings) ×1 resolved [1 runtime-attribute link]",
            "storyboard:\(search) -> storyboard:\(feed) ×1 resolved [1 storyboard reference]",
            "storyboard:\(settings) -> code-target:Payments ×1 external [1 storyboard reference]",
        ])
        #expect(overview.nodes.filter { $0.role == .codeTarget }.map(\.label) == ["Payments", "Profile"])
        #expect(overview.nodes.contains { $0.id == "code:AppCoordinator" })
    }

    @Test func severalLinksBetweenTwoStoryboardsAreOneEdgeWithTheWorstState() {
        var graph = app
        let broken = Node(id: "code-target:Feed#Missing", storyboard: feed, objectID: nil, element: "code-target",
                          role: .codeTarget, label: "Feed › Missing",
                          link: LinkTarget(mechanism: .code, storyboardName: "Feed", identifier: "Missing"),
                          resolution: Resolution(state: .unresolved))
        graph.nodes.append(broken)
        graph.edges.append(Edge(id: "code:x", from: "\(main)#ONB-01", to: broken.id, kind: .code, crossFile: true))
        let overview = OverviewView.make(graph).graph
        let edge = overview.edges.first { $0.from == "storyboard:\(main)" && $0.to == "storyboard:\(feed)" }
        #expect(edge?.count == 2)
        #expect(edge?.worst == .unresolved)
        #expect(edge?.via == "1 code link, 1 storyboard reference")
    }

    @Test func aFocusMapDrawsTheStoryboardAndItsNeighboursAndFoldsTheRest() {
        let focus = FocusView(storyboard: search, hops: 1).make(app).graph
        // Search in full; Feed's post detail (one hop through the reference), Main's search reference (one hop back)
        // and the coordinator (one hop from Results) drawn as they are; the rest of Feed and Main folded into stubs.
        let drawn = Set(focus.nodes.filter { $0.role != .stub }.map(\.id))
        #expect(drawn.isSuperset(of: app.nodes.filter { $0.storyboard == search }.map(\.id)))
        #expect(drawn.contains("\(feed)#PST-01"))
        #expect(drawn.contains("\(main)#REF-SR"))
        #expect(drawn.contains("code:AppCoordinator"))
        #expect(!drawn.contains("\(feed)#FLT-01"))
        #expect(!drawn.contains { $0.hasPrefix(settings) })
        let stubs = focus.nodes.filter { $0.role == .stub }
        #expect(stubs.map(\.id) == ["stub:\(main)", "stub:\(feed)"].sorted())
        #expect(stubs.first { $0.id == "stub:\(feed)" }?.summary?.scenes == 5)
        #expect(focus.storyboards.map(\.path) == [main, feed, search])
        // Every edge ends at a drawn node or a stub.
        let ids = Set(focus.nodes.map(\.id))
        #expect(focus.edges.allSatisfy { ids.contains($0.from) && ids.contains($0.to) })
        #expect(focus.edges.contains { $0.kind == .aggregate && $0.to == "\(feed)#PST-01" && $0.from == "stub:\(feed)" })
    }

    @Test func aSceneFocusStartsFromTheScene() {
        let focus = FocusView(storyboard: feed, scene: "\(feed)#CMP-01", hops: 1).make(app).graph
        let drawn = Set(focus.nodes.filter { $0.role != .stub }.map(\.id))
        #expect(drawn == ["\(feed)#CMP-01", "\(feed)#CNV-01", Node.exitID(storyboard: feed, action: "unwindToFeed:")])
        #expect(focus.nodes.filter { $0.role == .stub }.map(\.id) == ["stub:\(feed)"])
    }

    @Test func zeroHopsDrawsOnlyTheStoryboard() {
        let focus = FocusView(storyboard: settings, hops: 0).make(app).graph
        #expect(focus.nodes.filter { $0.role != .stub }.allSatisfy { $0.storyboard == settings })
        #expect(focus.nodes.filter { $0.role == .stub }.map(\.id) == ["stub:\(main)"])
    }
}
