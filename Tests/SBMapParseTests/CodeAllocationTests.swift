import Testing
import SBMapModel
@testable import SBMapParse

/// The Swift reader avoids allocations where it can: call arguments held inline, the file's types reserved at once,
/// an extension sharing the String of the type it extends, common superclasses as literals. These pin that none of
/// it changes what is read.
@Suite struct CodeAllocationTests {
    private func scan(_ text: String) -> LoadedCodeFile { CodeFixtures.scan(source: text) }

    @Test func callsOfMoreArgumentsThanAreHeldInline() {
        let file = scan("""
            final class A: UIViewController {
                func go() {
                    let a = storyboard?.instantiateViewController(identifier: "One", b: 1, c: (2, 3), d: [4, 5], e: { 6 }, creator: nil)
                    let b = storyboard?.instantiateViewController(identifier: "Two", , x: 1,)
                }
            }
            """)
        #expect(file.instantiations.map(\.api) == [
            "instantiateViewController(identifier:b:c:d:e:creator:)", "instantiateViewController(identifier:x:)",
        ])
        #expect(file.instantiations.map(\.identifier) == [.literal("One"), .literal("Two")])
    }

    @Test func argumentsKeepTheirOrderPastTheInlineOnes() {
        let stream = CodeLexer.tokenize(Array("f(a: 1, 2, c: 3, 4, e: 5, 6, g: 7)".utf8), language: .swift)
        let args = CodeExpressions(stream: stream, language: .swift).arguments(open: 1)
        #expect(args.count == 7)
        #expect(args.map { $0.labelToken >= 0 ? stream.text($0.labelToken) : "_" } == ["a", "_", "c", "_", "e", "_", "g"])
        #expect(args.map { stream.text($0.range) } == ["1", "2", "3", "4", "5", "6", "7"])
    }

    @Test func anExtensionSharesTheNameOfItsTypeOnlyWhenWrittenTheSame() {
        // "Café…" in the composed form, then in the decomposed one (canonically equivalent, other bytes).
        let composed = "Caf\u{E9}DetailViewController", decomposed = "Cafe\u{301}DetailViewController"
        let file = scan("""
            final class \(composed): UIViewController {}
            extension \(composed) {}
            extension \(decomposed) {}
            extension ShortName {}
            """)
        #expect(file.types.map(\.kind) == [.class, .extension, .extension, .extension])
        #expect(file.types.map { Array($0.name.utf8) } == [composed, composed, decomposed, "ShortName"].map { Array($0.utf8) })
    }

    @Test func superclassesCommonOrNot() {
        let file = scan("""
            class A: UIViewController {}
            class B: UITableViewController, UITableViewDataSource {}
            class C: UIKit.UIViewController {}
            class D: MyVeryOwnBaseViewController {}
            class E: UIViewControllerSubclass {}
            struct F: UIViewController {}
            """)
        #expect(file.types.map(\.superclass) == ["UIViewController", "UITableViewController", "UIViewController",
                                                 "MyVeryOwnBaseViewController", "UIViewControllerSubclass", nil])
    }

    @Test func typeKeywordsThatDeclareNothingStillLeaveEveryTypeRecorded() {
        let file = scan("""
            class A {
                class func make() -> A { A() }
                class var shared: A { A() }
                let kind = Foo.class
                struct B { enum C: String { case x } }
            }
            extension A.B { protocol P {} }
            actor D {}
            """)
        #expect(file.types.map(\.path) == [["A"], ["A", "B"], ["A", "B", "C"], ["A", "B"], ["A", "B", "P"], ["D"]])
    }

    @Test func manyDeclarationsInOneFile() {
        let count = 20_000
        var text = ""
        for k in 0..<count { text += "class LongEnoughTypeName\(k): UIViewController {}\nextension LongEnoughTypeName\(k) {}\n" }
        let file = scan(text)
        #expect(file.types.count == 2 * count)
        #expect(file.types[2 * count - 1].name == "LongEnoughTypeName\(count - 1)")
        #expect(file.types.allSatisfy { $0.kind == .extension || $0.superclass == "UIViewController" })
    }
}
