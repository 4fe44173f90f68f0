import SBMapModel
import SBMapResolve
import Testing

/// The passes over the whole graph that docs/benchmarks.md measured in `check` after issue 32: what each sets or
/// finds, pinned while they read the nodes by position instead of copying them.
@Suite struct ScreenPurposesTests {
    private static func scene(_ id: String, _ storyboard: String, customClass: String?, role: SceneRole = .plain) -> Node {
        Node(id: id, storyboard: storyboard, objectID: id, element: "viewController", role: role, customClass: customClass,
             label: id)
    }

    @Test func purposesGoToTheScenesOfTheirClassesOnly() {
        let docs = ["Home": "The home screen.", "Profile": "Shows a profile.", ".": "A dot.", "Module": "Not a class."]
        var graph = StoryboardGraph(nodes: [
            Self.scene("a", "A.storyboard", customClass: "Home"),
            Self.scene("b", "A.storyboard", customClass: "App.Profile"),  // the module is not the class
            Self.scene("c", "A.storyboard", customClass: "Plain"),
            Self.scene("d", "A.storyboard", customClass: nil),
            Self.scene("e", "A.storyboard", customClass: "Home", role: .reference),  // a placeholder, not a scene
            Self.scene("f", "A.storyboard", customClass: "Module."),  // split drops the empty part after the dot
            Self.scene("g", "A.storyboard", customClass: "."),
        ])
        _ = graph.nodePositions  // an index made before: it must not hide the change
        ScreenPurposes.attach(docs: { docs[$0] }, to: &graph)
        #expect(graph.nodes.map(\.doc) == ["The home screen.", "Shows a profile.", nil, nil, nil, "Not a class.", "A dot."])
        #expect(graph.nodesByID["b"]?.doc == "Shows a profile.")
    }

    @Test func unloadedStoryboardsAreThoseNoEdgeFromAnotherFileReaches() {
        let boards = ["A.storyboard", "B.storyboard", "C.storyboard", "D.storyboard"].map {
            Storyboard(path: $0, name: String($0.dropLast(11)), platform: .iOS)
        }
        let graph = StoryboardGraph(storyboards: boards, nodes: [
            Self.scene("a1", "A.storyboard", customClass: nil), Self.scene("a2", "A.storyboard", customClass: nil),
            Self.scene("b1", "B.storyboard", customClass: nil), Self.scene("c1", "C.storyboard", customClass: nil),
            Self.scene("d1", "D.storyboard", customClass: nil),
        ], edges: [
            Edge(id: "1", from: "a1", to: "b1", kind: .show),  // across files: B is loaded
            Edge(id: "2", from: "c1", to: "c1", kind: .show),  // inside C: not loaded by it
            Edge(id: "3", from: "missing", to: "d1", kind: .show),  // from no node: D is loaded
            Edge(id: "4", from: "a1", to: "missing", kind: .show),
        ])
        #expect(UnloadedStoryboards.find(in: graph) == ["A.storyboard", "C.storyboard"])
    }

    @Test func orphanedReferencesAreThoseNoOtherNodeLeadsTo() {
        func reference(_ id: String, line: Int, initial: Bool = false,
                       mechanism: LinkTarget.Mechanism = .storyboardReference) -> Node {
            Node(id: id, storyboard: "A.storyboard", objectID: id, element: "viewControllerPlaceholder", role: .reference,
                 label: id, initial: initial, location: SourceLocation(path: "A.storyboard", line: line),
                 link: LinkTarget(mechanism: mechanism, storyboardName: "B"))
        }
        let graph = StoryboardGraph(nodes: [
            Self.scene("s", "A.storyboard", customClass: nil),
            reference("led", line: 2), reference("self", line: 3), reference("none", line: 4),
            reference("first", line: 5, initial: true), reference("attributes", line: 6, mechanism: .runtimeAttributes),
        ], edges: [
            Edge(id: "1", from: "s", to: "led", kind: .show),
            Edge(id: "2", from: "self", to: "self", kind: .show),  // a loop on itself leads nobody there
        ])
        #expect(UnreachedScenes.orphanedReferences(in: graph).map(\.line) == [3, 4])
    }
}
