import Testing
import SBMapModel
@testable import SBMapParse

/// Locals are read only when a call names them (`LocalValue.pending`), and then with the names that were visible
/// where they were declared, not the ones declared after.
@Suite struct CodeLocalsTests {
    private func scan(_ text: String) -> LoadedCodeFile {
        CodeScanner().scan(text: text, path: "A.swift", language: .swift).value!
    }

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
