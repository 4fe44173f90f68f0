import SBMapModel

/// One family of storyboard API that the Swift reader recognises in code: `UIStoryboard(name:bundle:)`,
/// `instantiateViewController(withIdentifier:)`, `performSegue(withIdentifier:sender:)`, SwiftGen's accessors, …
///
/// A recogniser names the words at which it may record a fact (`triggerWords`, tagged by the lexer: see `CodeWord`)
/// and reads the call there. The table of recognisers (`SwiftAPIRecognizers`) is the one place that decides both
/// what the reader dispatches on and where the lexer notes triggers (`TokenStream.triggers`), so the two cannot
/// disagree: the reader steps over a function body that holds no trigger, and a call the lexer did not note would
/// be lost. To recognise a new API: a file with its recogniser, a line in `SwiftAPIRecognizers.standard`, and a
/// test (a word the lexer does not tag yet needs its spelling in `CodeWord` as well).
protocol SwiftAPIRecognizer: Sendable {
    /// The words at which `read` may record something. Each is claimed by one recogniser.
    static var triggerWords: [CodeWord] { get }
    /// Reads the call whose word (one of `triggerWords`) is token `i`.
    static func read(at i: Int, _ reader: inout SwiftCodeReader)
    /// Whether the recogniser reads `Type.name(` calls whose `name` is no word (`readMethodCall`); most do not.
    static var readsMethodCalls: Bool { get }
    /// Whether a call `Type.name(` may be recorded by `readMethodCall`. The lexer asks this at the `(` of such
    /// calls, from the bytes of `name`, and notes the name as a trigger when it is true: it must accept every name
    /// `readMethodCall` records.
    static func mayRecordMethodCall(named name: UnsafeBufferPointer<UInt8>) -> Bool
    /// Reads `Type.name(` at `i` (the token of `Type`) when `mayRecordMethodCall` may be true for `name`.
    static func readMethodCall(at i: Int, _ reader: inout SwiftCodeReader)
    /// Whether a call `Name()` with no arguments may be recorded by `readEmptyCall` (most recognisers record none).
    /// The lexer asks this at the `(` of `Name()` that follows no `.`, from the bytes of `Name`, and notes the
    /// name as a trigger when it is true: it must accept every name `readEmptyCall` records.
    static func mayRecordEmptyCall(named name: UnsafeBufferPointer<UInt8>) -> Bool
    /// Reads `Name()` at `i` (the token of `Name`) when `mayRecordEmptyCall` may be true for `Name`.
    static func readEmptyCall(at i: Int, _ reader: inout SwiftCodeReader)
}

extension SwiftAPIRecognizer {
    /// (For a recogniser of method calls only, which claims no word.)
    static func read(at i: Int, _ reader: inout SwiftCodeReader) {}
    static var readsMethodCalls: Bool { false }
    static func mayRecordMethodCall(named name: UnsafeBufferPointer<UInt8>) -> Bool { false }
    static func readMethodCall(at i: Int, _ reader: inout SwiftCodeReader) {}
    static func mayRecordEmptyCall(named name: UnsafeBufferPointer<UInt8>) -> Bool { false }
    static func readEmptyCall(at i: Int, _ reader: inout SwiftCodeReader) {}
}

/// The recognisers the Swift reader uses, and the trigger words the lexer derives from them.
struct SwiftAPIRecognizers: Sendable {
    /// Every storyboard API the Swift reader knows.
    static let standard = SwiftAPIRecognizers([
        StoryboardLoadRecognizer.self,
        InstantiationRecognizer.self,
        InitialInstantiationRecognizer.self,
        PerformSegueRecognizer.self,
        SwiftGenRecognizer.self,
        RSwiftRecognizer.self,
        ClassNameHelperRecognizer.self,
        NibLoadRecognizer.self,
        NavigationRecognizer.self,
    ])

    /// The declaration words at which the reader may record something inside a body: a type declared in a
    /// function (its members are declarations other files use), a nested `func` (an unwind action, a storyboard
    /// helper), `import`. The other declaration words only declare a local or open a plain scope there (`let`,
    /// `var`, `init`, `deinit`, `subscript`, the accessors; `case` counts only directly in a String enum's body).
    static let declarationTriggers: [CodeWord] = [.import, .class, .struct, .enum, .extension, .protocol, .actor, .func]

    /// The recognisers, in the order they were given.
    let all: [any SwiftAPIRecognizer.Type]
    /// The recogniser of each word, by `CodeWord.ordinal` (`nil` for the words none claims).
    private let byWord: [(any SwiftAPIRecognizer.Type)?]
    /// The recognisers of `Type.name(` calls.
    let methodCalls: [any SwiftAPIRecognizer.Type]
    /// Whether the lexer notes each word as a trigger, by `CodeWord.ordinal`.
    let triggers: SwiftTriggers

    init(_ recognizers: [any SwiftAPIRecognizer.Type]) {
        var byWord = [(any SwiftAPIRecognizer.Type)?](repeating: nil, count: CodeWord.allCases.count)
        var triggerWords = Self.declarationTriggers
        for r in recognizers {
            for word in r.triggerWords {
                precondition(word != .other && byWord[word.ordinal] == nil && !Self.declarationTriggers.contains(word),
                             "\(word) is claimed twice")
                byWord[word.ordinal] = r
                triggerWords.append(word)
            }
        }
        all = recognizers
        self.byWord = byWord
        let methodCalls = recognizers.filter { $0.readsMethodCalls }
        self.methodCalls = methodCalls
        triggers = SwiftTriggers(words: triggerWords, methodCalls: methodCalls, recognizers: recognizers)
    }

    /// A copy with `recognizer` added (for a test of the table: a recogniser outside it).
    func adding(_ recognizer: any SwiftAPIRecognizer.Type) -> SwiftAPIRecognizers {
        SwiftAPIRecognizers(all + [recognizer])
    }

    /// The recogniser that claims `word`.
    @inline(__always)
    func recognizer(of word: CodeWord) -> (any SwiftAPIRecognizer.Type)? { byWord[word.ordinal] }
}

/// Where the lexer notes triggers in Swift (`TokenStream.triggers`): the words that the declaration reader or a
/// recogniser claims, and the method names of `Type.name(` calls that a recogniser may record.
struct SwiftTriggers: Sendable {
    /// One flag per word, by `CodeWord.ordinal`.
    private let words: [Bool]
    private let methodCalls: [any SwiftAPIRecognizer.Type]
    /// The recognisers asked about `Name()` calls.
    private let recognizers: [any SwiftAPIRecognizer.Type]

    init(words: [CodeWord], methodCalls: [any SwiftAPIRecognizer.Type], recognizers: [any SwiftAPIRecognizer.Type] = []) {
        var flags = [Bool](repeating: false, count: CodeWord.allCases.count)
        for word in words where word != .other { flags[word.ordinal] = true }
        self.words = flags
        self.methodCalls = methodCalls
        self.recognizers = recognizers
    }

    /// Whether a recogniser may record a `Name()` call of this name.
    func mayRecordEmptyCall(named name: UnsafeBufferPointer<UInt8>) -> Bool {
        for r in recognizers where r.mayRecordEmptyCall(named: name) { return true }
        return false
    }

    /// The triggers of the standard recognisers.
    static var standard: SwiftTriggers { SwiftAPIRecognizers.standard.triggers }

    @inline(__always)
    func isTrigger(_ word: CodeWord) -> Bool { words[word.ordinal] }

    /// Whether a recogniser may record a `Type.name(` call of this name.
    func mayRecordMethodCall(named name: UnsafeBufferPointer<UInt8>) -> Bool {
        for r in methodCalls where r.mayRecordMethodCall(named: name) { return true }
        return false
    }
}
