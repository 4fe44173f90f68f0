import Testing
import SBMapModel
@testable import SBMapParse

/// The lexer notes the tokens at which the Swift reader may record a fact from inside a body (`TokenStream.triggers`).
@Suite struct CodeBodySkipTests {}

extension CodeBodySkipTests {
    private func triggers(_ text: String, _ language: CodeLanguage = .swift) -> [String] {
        let stream = CodeLexer.tokenize(Array(text.utf8), language: language)
        return stream.triggers.map { stream.text(Int($0)) }
    }

    @Test func theLexerNotesTheWordsAndCallsThatMayRecord() {
        #expect(triggers("""
            func f(x: Int) { let a = UIStoryboard(name: n, bundle: nil); var b = 1; b.reload() }
            init() { A.instantiateFromStoryboard(); A.instantiateViewController(withIdentifier: "x"); get; set }
            x.perform(segue: s); NSString.storyboardViewController(); `R`.storyboard; enum E {}
            """) == ["func", "UIStoryboard", "instantiateFromStoryboard", "instantiateViewController", "perform",
                     "storyboardViewController", "R", "enum"])
        // The Objective-C reader never steps over anything.
        #expect(triggers("[UIStoryboard storyboardWithName:@\"Main\" bundle:nil]; [A instantiateFromStoryboard];",
                         .objectiveC).isEmpty)
    }

    /// The lexer's test of a method name must accept every name the reader takes for a class-name helper.
    @Test func theLexersClassNameHelperTestAcceptsWhatTheReaderDoes() {
        let names = [
            "instantiate", "instantiateFromStoryboard", "instantiateViewControllerX", "loadFromStoryboard",
            "LOADFROMSTORYBOARD", "fromStoryBoard", "storyboardInstance", "storyboardViewController", "makeFromStoryboard2",
            "\u{212A}fromstoryboard", "İfromStoryboard", "fromstoryboardé", "reloadData", "make", "storyboar", "",
        ]
        for name in names where SwiftCodeReader.isClassNameHelper(name) {
            let accepted = Array(name.utf8).withUnsafeBufferPointer { CodeLexer.mayNameClassNameHelper($0) }
            #expect(accepted, "\(name)")
        }
        let rejected = ["reloadData", "make", "storyboar", "instantiat", ""]
        for name in rejected {
            #expect(!Array(name.utf8).withUnsafeBufferPointer { CodeLexer.mayNameClassNameHelper($0) }, "\(name)")
        }
    }
}
