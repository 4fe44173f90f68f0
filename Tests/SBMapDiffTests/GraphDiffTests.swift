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

    static func xib(_ path: String, _ cls: String) -> (Storyboard, Node) {
        let name = String(path.split(separator: "/").last ?? "")
        return (Storyboard(path: path, name: name, platform: .iOS, kind: .xib),
                Node(id: Node.sceneID(storyboard: path, objectID: "-1"), storyboard: path, objectID: "-1",
                     element: "placeholder", role: .xibScreen, customClass: cls, label: cls))
    }

    /// A xib added or removed is named as a xib, and its view controller as a screen, not as a storyboard and its
    /// scene (issue 32).
    @Test func aXibAddedOrRemovedIsNamedAsAXib() {
        let (file, screen) = Self.xib("App/Profile.xib", "ProfileViewController")
        let storyboardOnly = Self.graph("A.storyboard", [Self.scene("A.storyboard", "a", cls: "X")])
        var withXib = storyboardOnly
        withXib.storyboards.append(file)
        withXib.nodes.append(screen)
        let added = GraphDiff(base: storyboardOnly, head: withXib)
        #expect(added.navigation.map(\.name) == ["Profile.xib"])
        #expect(added.navigation.first?.changes == ["new xib", "1 screen added"])
        #expect(added.verdict == "Profile.xib: new xib, 1 screen added")
        let removed = GraphDiff(base: withXib, head: storyboardOnly)
        #expect(removed.verdict == "Profile.xib: xib removed")
        // A storyboard keeps its words.
        let noStoryboard = StoryboardGraph(storyboards: [], nodes: [], edges: [], diagnostics: [])
        #expect(GraphDiff(base: storyboardOnly, head: noStoryboard).verdict == "A: storyboard removed")
        #expect(GraphDiff(base: noStoryboard, head: storyboardOnly).verdict == "A: new storyboard, 1 scene added")
    }

    /// A second screen in a xib that stays: `2 screens added` is counted as scenes are.
    @Test func screensAddedToAXibAreScreens() {
        let (file, screen) = Self.xib("Profile.xib", "ProfileViewController")
        let base = StoryboardGraph(storyboards: [file], nodes: [screen], edges: [], diagnostics: [])
        var head = base
        for id in ["t1", "t2"] {
            head.nodes.append(Node(id: Node.sceneID(storyboard: "Profile.xib", objectID: id), storyboard: "Profile.xib",
                                   objectID: id, element: "viewController", role: .xibScreen, label: id))
        }
        #expect(GraphDiff(base: base, head: head).verdict == "Profile.xib: 2 screens added")
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

    /// A message that names lines (a duplicate Storyboard ID: "lines 12, 30") is the same finding when a line is
    /// inserted above: not a new one and a fixed one.
    @Test func findingsWhoseMessagesNameLinesAreMatchedWithoutThem() {
        func finding(_ first: Int, _ second: Int) -> Diagnostic {
            Diagnostic(.error, .duplicateStoryboardIdentifier,
                       "storyboard ID 'Home' is used by 2 scenes in A.storyboard (lines \(first), \(second)); Xcode refuses to compile it",
                       at: SourceLocation(path: "A.storyboard", line: second, column: 9))
        }
        let diff = GraphDiff(base: Self.graph("A.storyboard", [], diagnostics: [finding(12, 30)]),
                             head: Self.graph("A.storyboard", [], diagnostics: [finding(13, 31)]))
        #expect(diff.newFindings.isEmpty && diff.fixedFindings.isEmpty)
        #expect(diff.verdict == "No storyboard change")
        #expect(finding(12, 30).subject == "storyboard ID 'Home' is used by 2 scenes in A.storyboard (line); Xcode refuses to compile it")
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

    /// A change whose only effect is a note gone (a call sbmap can now follow) says that, not "the map changed".
    @Test func aHeadlineOfNotesOnlySaysSo() {
        let note = Diagnostic(.info, .codeDynamic, "storyboard 'storyboard' is not a constant", at: SourceLocation(path: "A.swift", line: 3))
        let scene = Self.scene("A.storyboard", "a", cls: "X")
        let noted = Self.graph("A.storyboard", [scene], diagnostics: [note]), clean = Self.graph("A.storyboard", [scene])
        #expect(GraphDiff(base: noted, head: clean).verdict == "1 note gone")
        #expect(GraphDiff(base: clean, head: noted).verdict == "1 new note")
    }
}
