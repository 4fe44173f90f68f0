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
}
