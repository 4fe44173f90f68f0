import SBMapDiff
import SBMapModel
import Testing

/// Matching two graphs, at the level of the model: the cases the CLI tests do not reach.
@Suite struct GraphDiffTests {
    static func scene(_ path: String, _ id: String, cls: String? = nil, ident: String? = nil) -> Node {
        Node(id: Node.sceneID(storyboard: path, objectID: id), storyboard: path, objectID: id, element: "viewController",
             role: .plain, customClass: cls, storyboardIdentifier: ident, label: cls ?? id)
    }

    static func graph(_ path: String, _ nodes: [Node], diagnostics: [Diagnostic] = []) -> StoryboardGraph {
        StoryboardGraph(storyboards: [Storyboard(path: path, name: "A", platform: .iOS)], nodes: nodes, edges: [],
                        diagnostics: diagnostics)
    }

    @Test func theSameGraphIsNoChange() {
        let g = Self.graph("A.storyboard", [Self.scene("A.storyboard", "a", cls: "X")])
        #expect(GraphDiff(base: g, head: g).isEmpty)
    }

    @Test func findingsAreMatchedWithoutTheirLines() {
        let at = { (line: Int) in SourceLocation(path: "A.storyboard", line: line, column: 3) }
        let base = Self.graph("A.storyboard", [], diagnostics: [Diagnostic(.error, .unknownStoryboard, "names 'X'", at: at(10))])
        let head = Self.graph("A.storyboard", [], diagnostics: [
            Diagnostic(.error, .unknownStoryboard, "names 'X'", at: at(14)),
            Diagnostic(.error, .unknownStoryboard, "names 'X'", at: at(20)),
        ])
        let diff = GraphDiff(base: base, head: head)
        #expect(diff.newFindings.map { $0.location?.line } == [20], "one of the two was there before")
        #expect(diff.fixedFindings.isEmpty)
    }

    @Test func aRenamedFileNeedsHalfItsScenesInCommon() {
        let base = Self.graph("Old.storyboard", ["a", "b", "c", "d"].map { Self.scene("Old.storyboard", $0) })
        let kept = Self.graph("New.storyboard", ["a", "b", "x", "y"].map { Self.scene("New.storyboard", $0) })
        #expect(GraphDiff(base: base, head: kept).storyboardMatch == ["Old.storyboard": "New.storyboard"])
        let other = Self.graph("New.storyboard", ["a", "x", "y", "z"].map { Self.scene("New.storyboard", $0) })
        #expect(GraphDiff(base: base, head: other).storyboardMatch.isEmpty, "one scene in four is another file")
    }

    @Test func anAmbiguousClassIsNotAMatch() {
        let base = Self.graph("A.storyboard", [Self.scene("A.storyboard", "a", cls: "Cell"), Self.scene("A.storyboard", "b", cls: "Cell")])
        let head = Self.graph("A.storyboard", [Self.scene("A.storyboard", "c", cls: "Cell"), Self.scene("A.storyboard", "d", cls: "Cell")])
        let diff = GraphDiff(base: base, head: head)
        #expect(diff.addedNodes.count == 2 && diff.removedNodes.count == 2, "two scenes of one class: no guess")
    }
}
