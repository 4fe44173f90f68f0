import Testing
import SBMapModel
@testable import SBMapParse

/// Locals are read only when a call names them (`LocalValue.pending`), and then with the names that were visible
/// where they were declared, not the ones declared after.
@Suite struct CodeLocalsTests {
    private func scan(_ text: String) -> LoadedCodeFile { CodeFixtures.scan(source: text) }

    @Test func aLocalSeesOnlyWhatWasDeclaredBeforeIt() {
        let file = scan("""
            import UIKit
            final class A: UIViewController {
                let id = "Member"
                func go() {
                    let name = "Main"
                    let first = id
                    let id = "Shadow"
                    let second = first
                    var changing = "X"
                    let board = UIStoryboard(name: name, bundle: nil)
                    show(board.instantiateViewController(withIdentifier: id))
                    show(board.instantiateViewController(withIdentifier: second))
                    show(board.instantiateViewController(withIdentifier: changing))
                }
            }
            """)
        #expect(file.instantiations.map(\.storyboard) == Array(repeating: .named(.literal("Main")), count: 3))
        // `first` was declared when `id` was still the member: it names the member, not the later local.
        #expect(file.instantiations.map(\.identifier) == [.literal("Shadow"), .symbol(["id"]), .dynamic("changing")])
    }

    @Test func aLocalOfAnotherFunctionIsNotSeen() {
        let file = scan("""
            final class B: UIViewController {
                func one() { let target = "One" }
                func two() { show(storyboard!.instantiateViewController(withIdentifier: target)) }
            }
            """)
        #expect(file.instantiations.first?.identifier == .symbol(["target"]))
    }
}

extension CodeLocalsTests {
    @Test func aShortChainOfLocalsResolvesAndAHostileOneEndsUnknown() {
        let short = scan("""
            func go() {
                let a = "Target"
                let b = a
                let c = b
                show(UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: c))
            }
            """)
        #expect(short.instantiations.first?.identifier == .literal("Target"))

        // Ten thousand locals, each the one before: reading them one inside the other would exhaust the small stack
        // of a loading thread. Past the depth limit the value is unknown, never guessed.
        var text = "func go() {\n    let v0 = \"Deep\"\n"
        for k in 1...10_000 { text += "    let v\(k) = v\(k - 1)\n" }
        text += "    show(UIStoryboard(name: \"Main\", bundle: nil).instantiateViewController(withIdentifier: v10000))\n}\n"
        let deep = scan(text)
        #expect(deep.instantiations.first?.identifier == .dynamic("v10000"))
    }
}

extension CodeLocalsTests {
    @Test func lookUpsShareOneBudgetAndThenEveryNameIsUnknown() {
        var scopes = ScopeStack(lookupBudget: 250)
        scopes.push(CodeScope(kind: .function(name: "go", returnsStoryboard: false), start: 0, end: 100))
        scopes.declareLocal("first", .string(.literal("One")))
        for k in 0..<99 { scopes.declareLocal("filler\(k)", .unknown) }
        // Each look-up of `first` walks all 100 locals: two fit in the budget, the third does not.
        for _ in 0..<2 {
            guard case .string(.literal("One"))? = scopes.local("first") else { Issue.record("first not found"); return }
        }
        guard case .unknown? = scopes.local("first") else { Issue.record("the spent budget should make names unknown"); return }
        guard case .unknown? = scopes.local("filler98") else { Issue.record("every name is unknown once spent"); return }
    }
}
