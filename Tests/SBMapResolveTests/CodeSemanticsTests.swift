import SBMapModel
import SBMapParse
import Testing
@testable import SBMapResolve

/// What code means, as the real apps that sbmap was run on showed it: unwind actions named by Swift's own rule,
/// `performSegue` calls that cannot crash, receivers other than `self`, `self.storyboard` in a class with scenes in
/// several storyboards, and classes that make their own scene. Each test is shaped like the real case.
@Suite struct CodeSemanticsTests {
    static func link(_ project: LoadedProject, _ sources: [(String, String)]) -> StoryboardGraph {
        let code = sources.map { path, text in
            CodeScanner().scan(text: text, path: path, language: CodeScanner.language(ofPath: path)!)
        }
        let membership = TargetMembership(project.projects)
        return CodeLinker().link(Resolver().resolve(project), code: code, membership: membership)
    }

    static func findings(_ g: StoryboardGraph, _ codes: Set<DiagnosticCode>? = nil) -> [String] {
        g.diagnostics.filter { codes?.contains($0.code) ?? true }
            .map { "\($0.severity.rawValue) \($0.code) \($0.location?.description ?? "")" }
    }

    static func codeEdges(_ g: StoryboardGraph) -> [String] {
        g.edges.filter { $0.kind == .code }.map { "\($0.from) -> \($0.to) @\($0.location?.line ?? 0)" }.sorted()
    }

    // MARK: 1. Unwind actions

    /// A menu scene that every game scene unwinds to, with the actions spelled as real apps spell them.
    @Test func unwindActionsAreNamedAsTheSwiftCompilerNamesThem() {
        let actions = ["back:", "backWithSegue:", "unwindFromGamesWith:", "unwindFrom:", "unwindToMenu:sender:",
                       "unwindHere:", "unwindToList:", "unwindFromGamesWithSegue:"]
        let segues = actions.enumerated().map { k, action in
            Fake.segue("u\(k)", to: "exit", .unwind, unwindAction: action, line: 40 + k)
        }
        let project = LoadedProject(storyboards: [
            Fake.storyboard("Games.storyboard", initial: "menu",
                            Fake.scene("menu", line: 10, customClass: "MenuViewController"),
                            LoadedScene(element: "viewController", objectID: "game",
                                        location: SourceLocation(path: "", line: 30, column: 5),
                                        customClass: "GameViewController", exitIDs: ["exit"], segues: segues)),
        ])
        let g = Self.link(project, [
            ("Menu.swift", """
            class MenuViewController: UIViewController {
                @IBAction func back(_ segue: UIStoryboardSegue) {}
                @IBAction func back(segue: UIStoryboardSegue) {}
                @IBAction func unwindFromGames(with segue: UIStoryboardSegue) {}
                @IBAction func unwind(from segue: UIStoryboardSegue) {}
                @IBAction func unwindToMenu(_ segue: UIStoryboardSegue, sender: Any?) {}
                @objc(unwindHere:) @IBAction func returnHere(segue: UIStoryboardSegue) {}
            }
            """),
            ("Menu.m", """
            @implementation MenuViewController (ObjC)
            - (IBAction)unwindToList:(UIStoryboardSegue *)segue {}
            @end
            """),
        ])
        let targets = g.edges.filter { $0.kind == .unwindTarget }.map { "\($0.unwindAction ?? "") -> \($0.to)" }.sorted()
        #expect(targets == actions.dropLast().map { "\($0) -> Games.storyboard#menu" }.sorted())
        // `unwindFromGames(with:)` is `unwindFromGamesWith:`, never `unwindFromGamesWithSegue:`: that one is really
        // missing.
        #expect(Self.findings(g) == ["warning code-unknown-unwind Games.storyboard:47:13"])
        #expect(g.diagnostics.first?.hint?.contains("@IBAction func unwindFromGames(segue: UIStoryboardSegue)") == true)
    }

    @Test func swiftSpellingsOfSelectorsRoundTrip() {
        #expect(UnwindRule.swiftName("unwindFromGamesWith:") == "unwindFromGames(with segue: UIStoryboardSegue)")
        #expect(UnwindRule.swiftName("unwindFrom:") == "unwind(from segue: UIStoryboardSegue)")
        #expect(UnwindRule.swiftName("backWithSegue:") == "back(segue: UIStoryboardSegue)")
        #expect(UnwindRule.swiftName("unwindToMenu:") == "unwindToMenu(_ segue: UIStoryboardSegue)")
        // `closeWithSegue:` comes from `close(withSegue:)` only: `close(segue:)` would be `closeWithSegue:` too, and
        // is what people write.
        #expect(UnwindRule.swiftName("closeWithSegue:") == "close(segue: UIStoryboardSegue)")
        // `unwindToSegue:` cannot come from `unwindTo(segue:)` with `With`: it is `unwindTo(segue:)` without.
        #expect(UnwindRule.swiftName("unwindToSegue:") == "unwindToSegue(_ segue: UIStoryboardSegue)")
        #expect(UnwindRule.swiftName("unwind:sender:") == "unwind:sender:")
    }
}
