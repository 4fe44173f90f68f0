import Testing
import SBMapModel
@testable import SBMapParse

/// The Objective-C selectors Swift gives `@IBAction` unwind methods, which `segue@unwindAction` names. The rule is
/// the compiler's (`AbstractFunctionDecl::getObjCSelector`, lib/AST/Decl.cpp): the first label is appended to the base
/// name in sentence case, after `With` unless the label's first word or the base name's last word is a preposition.
@Suite struct CodeUnwindSelectorTests {
    /// Base name, labels (`_` for none), the selector the compiler makes.
    static let table: [(String, [String], String)] = [
        ("back", ["_"], "back:"),
        ("back", ["segue"], "backWithSegue:"),
        ("unwindFromGames", ["with"], "unwindFromGamesWith:"),  // the label is a preposition: no `With`
        ("unwind", ["from"], "unwindFrom:"),
        ("unwindTo", ["segue"], "unwindToSegue:"),  // the base name ends in a preposition: no `With`
        ("unwindTo", ["_"], "unwindTo:"),
        ("goBack", ["toMenu"], "goBackToMenu:"),  // the label's first word is a preposition
        ("dismiss", ["using"], "dismissUsing:"),
        ("close", ["withSegue"], "closeWithSegue:"),
        ("unwindInto", ["list"], "unwindIntoList:"),
        ("unwindWithin", ["segue"], "unwindWithinSegue:"),
        ("closeAt", ["segue"], "closeAtSegue:"),
        ("unwindToURLs", ["segue"], "unwindToURLsWithSegue:"),  // `URLs` is the last word, not `s`
        ("unwindAs", ["segue"], "unwindAsSegue:"),
        ("unwindFromAbove", ["segue"], "unwindFromAboveSegue:"),
        ("unwindTOP", ["segue"], "unwindTOPWithSegue:"),  // an acronym, not a preposition
        ("unwind", ["inSegue"], "unwindInSegue:"),
        ("unwind", ["information"], "unwindWithInformation:"),  // `information` is one word, not `in` + …
        ("unwind", ["segue", "sender"], "unwindWithSegue:sender:"),
        ("unwind", ["_", "sender"], "unwind:sender:"),
        ("unwind", ["_", "_"], "unwind::"),
        ("unwind", ["toHome", "_"], "unwindToHome::"),
        ("reset", ["_URLs"], "resetWith_URLs:"),  // `_` is a word of its own
        ("ünwind", ["ßegue"], "ünwindWithßegue:"),  // only ASCII letters change case, as clang's `toUppercase`
    ]

    @Test func theCompilersRuleOverATable() {
        for (name, labels, selector) in Self.table {
            #expect(SwiftCodeReader.selector(name: name, labels: labels) == selector, "\(name)(\(labels))")
        }
    }

    /// The declarations as written: labels and parameter names, `@objc(…)`, attributes in either order, several
    /// parameters; and an Objective-C method, whose selector is as written.
    @Test func declarationsAsWritten() {
        let swift = CodeFixtures.scan(source: """
            class GamesViewController: UIViewController {
                @IBAction func back(_ segue: UIStoryboardSegue) {}
                @IBAction func back(segue: UIStoryboardSegue) {}
                @IBAction func unwindFromGames(with segue: UIStoryboardSegue) {}
                @IBAction func unwind(from segue: UIStoryboardSegue) {}
                @IBAction func unwindToMenu(_ segue: UIStoryboardSegue, sender: Any?) {}
                @objc(unwindHere:) @IBAction func whatever(segue: UIStoryboardSegue) {}
                @IBAction @objc(unwindThere:) func whatever2(from segue: UIStoryboardSegue) {}
                @IBAction private func unwindToGames(with unwindSegue: UIStoryboardSegue) {}
                @IBAction func notAnUnwind(_ sender: UIButton) {}
            }
            """)
        #expect(swift.unwindActions.map(\.selector) == [
            "back:", "backWithSegue:", "unwindFromGamesWith:", "unwindFrom:", "unwindToMenu:sender:", "unwindHere:",
            "unwindThere:", "unwindToGamesWith:",
        ])
        let objc = CodeFixtures.scan(source: """
            @implementation ListViewController
            - (IBAction)unwindToList:(UIStoryboardSegue *)segue {}
            - (IBAction)unwindWithSegue:(UIStoryboardSegue *)segue sender:(id)sender {}
            @end
            """, language: .objectiveC)
        #expect(objc.unwindActions.map(\.selector) == ["unwindToList:", "unwindWithSegue:sender:"])
    }
}
