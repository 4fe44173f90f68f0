import Testing
import SBMapModel
@testable import SBMapParse

/// The Swift reader steps over a body between whose braces the lexer noted no trigger (`TokenStream.triggers`).
/// These pin what that must not lose: each holds a body that a skip too eager would step over, and checks what
/// reading it records.
@Suite struct CodeBodySkipTests {
    private func scan(_ text: String) -> LoadedCodeFile { CodeFixtures.scan(source: text) }

    @Test func storyboardHelpersAreReadThoughTheirBodiesCallNothing() {
        let file = scan("""
            final class Coordinator {
                var storyboard: UIStoryboard {
                    get { return factory.board() }
                }
                static var mainName: String { "Main" }
                static func main() -> UIStoryboard { UIStoryboard(name: mainName, bundle: nil) }
            }
            extension Flow {
                func storyboard() -> UIStoryboard { cache.board }
            }
            """)
        // A helper named `storyboard` records itself when its scope closes, whatever its body holds; a getter takes
        // the place (and the location) of its property.
        #expect(file.helpers.map(\.path) == [["Coordinator", "storyboard"], ["Coordinator", "main"], ["Flow", "storyboard"]])
        #expect(file.helpers.map(\.name) == [.dynamic("storyboard"), .symbol(["mainName"]), .dynamic("storyboard")])
        #expect(file.helpers.map(\.location.line) == [3, 6, 9])
        #expect(file.helpers.first?.location.column == 13)
        // A getter's single literal is read at the declaration.
        #expect(file.constants.map(\.path) == [["Coordinator", "mainName"]])
    }

    @Test func aQuietFunctionThenACallWithAFileConstant() {
        let file = scan("""
            let detailID = "Detail"
            final class A: UIViewController {
                func quiet(detailID: String) {
                    let detailID = "Shadow"
                    if true { print(detailID) }
                    items.map { $0 + detailID }
                }
                func go() { performSegue(withIdentifier: detailID, sender: nil) }
                func quietAgain() { let x = [1, 2].map { $0 * 2 } }
                func show() {
                    let vc = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: detailID)
                }
            }
            """)
        #expect(file.constants.map(\.path) == [["detailID"]])
        // The locals and parameter of `quiet` were seen only inside it: the calls name the file's constant.
        #expect(file.performs.map(\.identifier) == [.symbol(["detailID"])])
        #expect(file.performs.map(\.enclosingType) == [["A"]])
        #expect(file.instantiations.map(\.identifier) == [.symbol(["detailID"])])
        #expect(file.loads.map(\.name) == [.literal("Main")])
    }

    @Test func aLocalOfASkippedBodyIsNotSeenAfterIt() {
        let file = scan("""
            final class B: UIViewController {
                func one() {
                    let target = "One"
                    let board = target
                }
                func two() {
                    let board = UIStoryboard(name: "Main", bundle: nil)
                    show(board.instantiateViewController(withIdentifier: target), sender: nil)
                }
            }
            """)
        #expect(file.instantiations.map(\.storyboard) == [.named(.literal("Main"))])
        #expect(file.instantiations.map(\.identifier) == [.symbol(["target"])])
    }

    @Test func declarationsInsideAFunctionBodyAreRead() {
        let file = scan("""
            final class A: UIViewController {
                func build() {
                    enum Scene: String { case detail = "Detail", list }
                    struct Inner {}
                    let x = 1
                }
            }
            func outer() {
                func storyboard() -> UIStoryboard { holder.board }
            }
            func unwinds() {
                @IBAction func unwindHere(_ segue: UIStoryboardSegue) {}
            }
            """)
        #expect(file.types.map(\.path) == [["A"], ["A", "Scene"], ["A", "Inner"]])
        #expect(file.enums.map(\.path) == [["A", "Scene"]])
        #expect(file.enums.first?.cases.map(\.rawValue) == ["Detail", "list"])
        #expect(file.helpers.map(\.path) == [["storyboard"]])
        #expect(file.unwindActions.map(\.selector) == ["unwindHere:"])
    }

    @Test func aClosureWithACallInsideABodyIsRead() {
        let file = scan("""
            final class A: UIViewController {
                func go(items: [String]) {
                    let name = "Main"
                    items.forEach { item in print(item) }
                    DispatchQueue.main.async {
                        let board = UIStoryboard(name: name, bundle: nil)
                        self.show(board.instantiateViewController(withIdentifier: "Detail"), sender: nil)
                    }
                    items.forEach { print($0) }
                    let vc = items.isEmpty ? nil : { DetailViewController.instantiateFromStoryboard() }()
                }
            }
            """)
        #expect(file.loads.map(\.name) == [.literal("Main")])
        #expect(file.instantiations.map(\.storyboard) == [.named(.literal("Main"))])
        #expect(file.instantiations.map(\.identifier) == [.literal("Detail")])
        #expect(file.classInstantiations.map(\.type) == ["DetailViewController"])
    }

    @Test func classNameHelpersAreTriggersWhateverTheirCase() {
        let file = scan("""
            final class A: UIViewController {
                func open() { let vc = DetailViewController.instantiateFromStoryboard() }
                func other() { let vc = ProfileViewController.loadFROMStoryboard() }
                func third() { push(SettingsViewController.storyboardInstance()) }
                func none() { let vc = PlainViewController.make() }
            }
            """)
        #expect(file.classInstantiations.map(\.type) == ["DetailViewController", "ProfileViewController", "SettingsViewController"])
        #expect(file.classInstantiations.map(\.enclosingType) == Array(repeating: ["A"], count: 3))
    }

    @Test func anUnclosedBraceStepsToTheEndAndKeepsWhatCameBefore() {
        let quietToTheEnd = scan("""
            enum Scene: String {
                case main = "Main"
                func describe() -> String {
                    let text = "x"
            """)
        #expect(quietToTheEnd.enums.map(\.path) == [["Scene"]])
        #expect(quietToTheEnd.enums.first?.cases.map(\.rawValue) == ["Main"])

        // `quiet` has no closing brace: its body runs to the end of the file, and holds the call.
        let callAfter = scan("""
            final class A: UIViewController {
                func quiet() {
                    let x = (1 }
                func go() { performSegue(withIdentifier: "Next", sender: nil) }
            """)
        #expect(callAfter.performs.map(\.identifier) == [.literal("Next")])
        #expect(callAfter.performs.map(\.enclosingType) == [["A"]])
    }
}

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
        for name in names where ClassNameHelperRecognizer.isClassNameHelper(name) {
            let accepted = Array(name.utf8).withUnsafeBufferPointer { ClassNameHelperRecognizer.mayRecordMethodCall(named: $0) }
            #expect(accepted, "\(name)")
        }
        let rejected = ["reloadData", "make", "storyboar", "instantiat", ""]
        for name in rejected {
            #expect(!Array(name.utf8).withUnsafeBufferPointer { ClassNameHelperRecognizer.mayRecordMethodCall(named: $0) }, "\(name)")
        }
    }
}
