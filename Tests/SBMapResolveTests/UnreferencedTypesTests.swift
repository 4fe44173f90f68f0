@testable import SBMapResolve
import Testing

/// Finding whether a class is referenced, by whole word, outside its declarations and comments.
@Suite struct UnreferencedTypesTests {
    func refers(_ text: String, _ type: String = "Foo") -> Bool {
        UnreferencedTypes.references(type, in: Array(text.utf8))
    }

    @Test func declarationsCommentsAndFileNamesAreNotReferences() {
        #expect(!refers("public final class Foo: UIViewController {}"))
        #expect(!refers("extension Foo {\n}\n@implementation Foo\n@end"))
        #expect(!refers("//  Foo.swift\n// Foo does things\n /* Foo */"))
        #expect(!refers("class FooBar {}\nlet x = BarFoo()"), "whole words only")
    }

    @Test func usesAreReferences() {
        #expect(refers("let vc = Foo()"))
        #expect(refers("vc as! Foo"))
        #expect(refers("[[Foo alloc] init];"))
        #expect(refers("(Foo.self)"), "after a parenthesis or a dot")
        #expect(refers("Foo"), "at the very start")
        #expect(refers(".Foo"))
    }

    @Test func theEnclosingTypeIsTheLastDeclaredBeforeTheLine() {
        let text = Array("import UIKit\nfinal class A {\n  func a() {}\n}\nextension B {\n  func b() {\n  }\n}\n".utf8)
        #expect(UnreferencedTypes.enclosingType(in: text, line: 3) == "A")
        #expect(UnreferencedTypes.enclosingType(in: text, line: 7) == "B")
        #expect(UnreferencedTypes.enclosingType(in: text, line: 1) == nil)
        #expect(UnreferencedTypes.enclosingType(in: [], line: 5) == nil)
    }

    /// All the classes are searched for in one pass (a file of 26,000 broken calls took minutes when each place read
    /// its file again): the pass finds exactly what searching for one class at a time finds, on random text made of
    /// declarations, comments, file names, non-ASCII words and uses.
    @Test func onePassFindsWhatOneTypeAtATimeFinds() {
        let pieces = ["class ", "struct ", "extension ", "@implementation ", "@class ", "// ", "/* ", " * ", "\n", "\n  ",
                      " ", "\t", "(", ".", "[", "é", "Foo", "Bar", "Hé", "Foo.swift", "Bar.h", "FooBar", "_Foo", "let x = "]
        let types: Set = ["Foo", "Bar", "Hé", "Missing"]
        var state: UInt64 = 7
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<12 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            let bytes = Array(text.utf8)
            let alone = Set(types.filter { UnreferencedTypes.referencesAlone($0, in: bytes) })
            #expect(UnreferencedTypes.referenced(types, in: bytes) == alone, "\(text.debugDescription)")
        }
        let text = Array("class A {}\n// B here\nlet x = C()\nextension D {}\n  E.swift\nlet é = Hé()\n@implementation G\n[G new];\n".utf8)
        #expect(UnreferencedTypes.referenced(["A", "B", "C", "D", "E", "Hé", "G", "Missing"], in: text) == ["C", "Hé", "G"])
    }

    /// The enclosing type of every line of a file, from one table: the same as reading the file up to each line.
    @Test func theTableOfEnclosingTypesAnswersEveryLine() {
        var text = "import UIKit\n"
        for k in 0..<200 { text += k % 50 == 0 ? "final class T\(k): UIViewController {\n" : "    func f\(k)() {}\n" }
        let table = UnreferencedTypes.EnclosingTypes(Array(text.utf8))
        #expect(table.type(before: 1) == nil && table.type(before: 2) == nil)
        #expect(table.type(before: 3) == "T0" && table.type(before: 52) == "T0" && table.type(before: 53) == "T50")
        #expect(table.type(before: 10_000) == "T150", "past the end: the last one")
    }
}
