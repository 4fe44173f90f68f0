import Testing
import SBMapModel
@testable import SBMapParse

/// The table of Swift API recognisers is the one source of the lexer's trigger words: a recogniser in the table is
/// never stepped over by the reader, whatever words it claims, and nothing else in the lexer has to know it.
@Suite struct CodeRecognizerTableTests {
    /// Reads `source` with `table`, the lexer's triggers taken from `lexedWith` (the same table unless given).
    private func read(_ source: String, _ table: SwiftAPIRecognizers, lexedWith: SwiftAPIRecognizers? = nil) -> LoadedCodeFile {
        let stream = CodeLexer.tokenize(Array(source.utf8), language: .swift, triggers: (lexedWith ?? table).triggers)
        var reader = SwiftCodeReader(stream: stream, path: "Test.swift", generatedBy: nil, recognizers: table)
        reader.read()
        return reader.takeFile()
    }

    @Test func everyClaimedWordIsALexerTriggerAndNoOtherWordIs() {
        var claimed = SwiftAPIRecognizers.declarationTriggers
        for recognizer in SwiftAPIRecognizers.standard.all { claimed += recognizer.triggerWords }
        #expect(claimed.count == Set(claimed.map(\.rawValue)).count, "a word is claimed twice")
        for word in CodeWord.allCases where word != .other {
            let stream = CodeLexer.tokenize(Array("\(word.rawValue)".utf8), language: .swift)
            #expect(stream.triggers == (claimed.contains(word) ? [0] : []), "\(word)")
        }
        let performSegue = SwiftAPIRecognizers.standard.recognizer(of: .performSegue).map { ObjectIdentifier($0) }
        #expect(performSegue == ObjectIdentifier(PerformSegueRecognizer.self))
    }

    /// `ordinal` indexes the tables: it must be the case's place in `allCases`.
    @Test func wordOrdinalsAreTheirPlaceInAllCases() {
        for (k, word) in CodeWord.allCases.enumerated() { #expect(word.ordinal == k, "\(word)") }
    }

    private enum ForwardCallRecognizer: SwiftAPIRecognizer {
        // A word the standard Swift table does not claim (the Objective-C reader's): a plain name in Swift until now.
        static let triggerWords: [CodeWord] = [.storyboardWithName]

        static func read(at i: Int, _ r: inout SwiftCodeReader) {
            guard r.stream.isPunct(i + 1, "("), r.stream.kind(i + 2) == .string else { return }
            r.file.performs.append(CodeSeguePerform(identifier: .literal(r.stream.text(i + 2)), api: "test(_:)",
                                                    enclosingType: r.scopes.typePath, location: r.location(i)))
        }
    }

    private enum PresentRecognizer: SwiftAPIRecognizer {
        static let triggerWords: [CodeWord] = []
        static let readsMethodCalls = true

        static func mayRecordMethodCall(named name: UnsafeBufferPointer<UInt8>) -> Bool {
            String(decoding: name, as: UTF8.self) == "presentFromTest"
        }

        static func readMethodCall(at i: Int, _ r: inout SwiftCodeReader) {
            guard r.stream.isIdentifier(i + 2, "presentFromTest") else { return }
            r.file.classInstantiations.append(CodeClassInstantiation(type: r.stream.text(i), method: "presentFromTest",
                                                                     enclosingType: r.scopes.typePath, location: r.location(i)))
        }
    }

    static let quietBodies = """
        final class A: UIViewController {
            func quiet() {
                let x = 1
                storyboardWithName("Shown")
            }
            func other() {
                Detail.presentFromTest()
            }
        }
        """

    @Test func aRecognizerAddedToTheTableIsTriggeredWithoutTouchingTheLexer() {
        let table = SwiftAPIRecognizers.standard.adding(ForwardCallRecognizer.self).adding(PresentRecognizer.self)
        let file = read(Self.quietBodies, table)
        #expect(file.performs.map(\.identifier) == [.literal("Shown")])
        #expect(file.performs.map(\.enclosingType) == [["A"]])
        #expect(file.classInstantiations.map(\.type) == ["Detail"])
        // The standard table's triggers do not name them: the bodies that hold them are stepped over unread.
        let stepped = read(Self.quietBodies, table, lexedWith: .standard)
        #expect(stepped.performs.isEmpty && stepped.classInstantiations.isEmpty)
        // And the standard reader does not know them at all.
        let standard = read(Self.quietBodies, .standard)
        #expect(standard.performs.isEmpty && standard.classInstantiations.isEmpty)
    }

    /// Each standard recogniser, with one call of its API in an otherwise quiet body: the body is read.
    @Test(arguments: [
        ("StoryboardLoadRecognizer", "_ = UIStoryboard(name: \"Main\", bundle: nil)"),
        ("InstantiationRecognizer", "_ = sb.instantiateViewController(withIdentifier: \"X\")"),
        ("InitialInstantiationRecognizer", "_ = sb.instantiateInitialViewController()"),
        ("PerformSegueRecognizer", "performSegue(withIdentifier: \"S\", sender: nil)"),
        ("SwiftGenRecognizer", "_ = StoryboardScene.Main.detail.instantiate()"),
        ("RSwiftRecognizer", "_ = R.storyboard.main.detail()"),
        ("ClassNameHelperRecognizer", "_ = DetailViewController.instantiateFromStoryboard()"),
    ])
    func eachStandardRecognizerIsReachedInsideABody(_ name: String, _ call: String) {
        #expect(SwiftAPIRecognizers.standard.all.contains { String(describing: $0) == name }, "\(name) is in the table")
        let file = read("class A {\n    func f() {\n        let x = 1\n        \(call)\n    }\n}\n", .standard)
        let recorded = file.loads.count + file.instantiations.count + file.performs.count + file.generatedUses.count
            + file.classInstantiations.count
        #expect(recorded == 1, "\(name): \(call)")
    }
}
