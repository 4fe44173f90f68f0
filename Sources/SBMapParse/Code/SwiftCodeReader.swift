import SBMapModel

/// Reads the facts of one Swift file from its tokens: one forward pass, with a stack of scopes for the
/// enclosing type, the function (for locals), String enums and storyboard helpers.
///
/// The reader dispatches on the words the lexer tagged (`CodeWord`): declaration keywords go to the declaration
/// reader (`SwiftDeclarationReader.swift`), and every other word to the storyboard API recogniser that claims it
/// (`SwiftAPIRecognizers`, one file per API family under `SwiftAPI/`), as do `Type.name(` calls for the recognisers
/// that read those. The recognisers record their facts through the members below (`file`, `location`, `string`, …).
struct SwiftCodeReader {
    let stream: TokenStream
    /// The file's path, for the locations of facts (`location(_:)`).
    let filePath: String
    let expressions: CodeExpressions
    /// In a generated file (SwiftGen, R.swift) only declarations count.
    let recordUses: Bool
    /// Reads expressions with the locals visible here, and holds the stack of scopes. One for the whole file, used in
    /// place: an expression reader made for each expression would retain every reference it holds, and release them.
    var expressionReader: SwiftExpressionReader
    /// What each word's recogniser is (the table the lexer's triggers for this stream came from).
    private let recognizers: SwiftAPIRecognizers
    /// The recognisers of `Type.name(` calls (`recognizers.methodCalls`, kept here to be walked without a copy).
    private let methodCallRecognizers: [any SwiftAPIRecognizer.Type]
    /// Every recogniser, asked about `Name()` calls (`readEmptyCall`) where the lexer noted one.
    private let allRecognizers: [any SwiftAPIRecognizer.Type]
    /// The scopes declarations have announced, by the index of their opening brace.
    var pending = PendingScopes<ScopeStart>(none: ScopeStart())
    /// The first of `stream.triggers` not before the token being read (see `openScope`).
    private var nextTrigger = 0
    /// The facts read so far (declarations and recognisers append to it).
    var file: LoadedCodeFile
    /// The end of the last argument a navigation call has read (`NavigationRecognizer`): a navigation word before
    /// it (`rootViewController` in `present(UINavigationController(rootViewController: x), …)`) is part of that call.
    var navigationReadUpTo = 0
    /// The opening brace of each of `file.swiftUITypes`, in order, for their uses (`recordSwiftUIUses`).
    var swiftUIBodies: [Int] = []
    /// The roots of hosting controllers' subclasses recorded so far, as the class's path and the view: the generic
    /// argument (`UIHostingController<SettingsView>`) and the `super.init(rootView: SettingsView())` say it once.
    var hostedRoots: Set<[String]> = []
    /// Tokens the navigation recogniser may still walk to learn how a name is bound in its function
    /// (`NavigationRecognizer.isAssigned`, `isBound`): a hostile file (ten thousand pushes in one long function)
    /// cannot make reading it quadratic; once spent, such names are unknown.
    var navigationScanBudget = 4_000_000

    /// The facts read, moved out (an empty file is left behind): `reader.file` would copy them, retaining every
    /// array they hold, and freeing the reader would then release each again.
    mutating func takeFile() -> LoadedCodeFile {
        exchange(&file, with: LoadedCodeFile(path: "", language: .swift))
    }

    /// What a declaration announces for its scope besides the kind: where a function's parameters are (they become
    /// locals when the scope opens, named by token: no String is made for them) and the token of its name.
    struct ScopeStart: Sendable {
        /// The brackets around the parameters (`open` is -1 when there are none).
        var open = -1
        var close = -1
        var nameToken = -1
    }

    /// `recognizers` must be the table whose triggers `stream` was lexed with (`CodeLexer.tokenize(_:language:triggers:)`).
    init(stream: TokenStream, path: String, generatedBy: CodeGenerator?, recognizers: SwiftAPIRecognizers = .standard) {
        self.stream = stream
        self.recognizers = recognizers
        methodCallRecognizers = recognizers.methodCalls
        allRecognizers = recognizers.all
        filePath = path
        expressions = CodeExpressions(stream: stream, language: .swift)
        expressionReader = SwiftExpressionReader(stream: stream, expressions: expressions, scopes: ScopeStack())
        recordUses = generatedBy == nil
        file = LoadedCodeFile(path: path, language: .swift, generatedBy: generatedBy)
    }

    /// The open scopes (changed only through `expressionReader.scopes`, in place).
    var scopes: ScopeStack { expressionReader.scopes }

    mutating func read() {
        var i = 0
        while i < stream.count {
            while let scope = expressionReader.scopes.popEnded(by: i) { closed(scope) }
            let t = stream[i]
            if t.kind == .punct {
                if t.punct == UInt8(ascii: "{"), let end = openScope(at: i) {
                    // A body stepped over: reading goes on at its closing brace, as if it had been read.
                    i = end
                    continue
                }
                i += 1
                continue
            }
            if t.kind == .identifier {
                if t.word != .other {
                    identifier(at: i)
                } else if recordUses, !methodCallRecognizers.isEmpty, !stream.isPunct(i - 1, "."), stream.isPunct(i + 1, "."),
                          stream.kind(i + 2) == .identifier, stream.isPunct(i + 3, "(") {
                    // Most names are none of the words dispatched on: all that is asked of them is whether they start
                    // `Type.method(`, and the tokens around answer that without a call.
                    methodCall(at: i)
                } else if recordUses, stream.isPunct(i + 1, "("), stream.isPunct(i + 2, ")"), !stream.isPunct(i - 1, ".") {
                    emptyCall(at: i)
                }
            }
            i += 1
        }
        while let scope = expressionReader.scopes.popEnded(by: Int.max) { closed(scope) }
        if recordUses { recordHelperCalls() }
        recordSwiftUIUses()
    }

    /// Opens the scope of the brace at `i`: the one a declaration announced, or a plain block. Or, for a body that
    /// cannot record anything, steps over it: returns the index of its closing brace (the end of the stream when it
    /// has none), where reading goes on, without opening it.
    ///
    /// Most function bodies hold no storyboard call: reading one only declared its parameters and locals, which are
    /// seen nowhere else, and opened and closed its inner blocks. A body between whose braces the lexer noted no
    /// trigger (`TokenStream.triggers`) is stepped over, unless its scope records something when it closes or gives
    /// its declarations a meaning (a type's body; a storyboard helper candidate, which records itself when it is
    /// named `storyboard`, and whose getter takes its place). The declarations that announced the scope have been
    /// read: what they record (an unwind action, a `String` constant read from a getter's body, a generated scene)
    /// stays.
    private mutating func openScope(at i: Int) -> Int? {
        let (kind, start) = pending.take(at: i)
        let end = stream.close(i)
        if Self.canStepOver(kind) {
            // Triggers are in order and `i` only grows, so each is passed once.
            while nextTrigger < stream.triggers.count, Int(stream.triggers[nextTrigger]) < i { nextTrigger += 1 }
            if nextTrigger == stream.triggers.count || Int(stream.triggers[nextTrigger]) >= end { return end }
        }
        expressionReader.scopes.push(CodeScope(kind: kind, start: i, end: end, nameToken: start.nameToken))
        // A function body starts with its parameters as locals.
        guard start.open >= 0 else { return nil }
        var parameters = ParameterWalk(open: start.open, close: start.close)
        while let p = parameters.next(in: stream) { expressionReader.scopes.declareLocal(token: p.last, .parameter) }
        return nil
    }

    /// Whether a scope of `kind` may be stepped over when its body holds no trigger (see `openScope`).
    private static func canStepOver(_ kind: CodeScope.Kind) -> Bool {
        switch kind {
        case .type: false
        case .function(_, let returnsStoryboard): !returnsStoryboard
        case .block: true
        }
    }

    /// Announces the function scope that opens at `brace`. `name` is wanted only for storyboard helper candidates
    /// (see `CodeScope.nameToken`). Without `parameters`, any announced before for that brace stay.
    mutating func announceFunction(name: String = "", returnsStoryboard: Bool, nameToken: Int,
                                           parameters: (open: Int, close: Int)? = nil, at brace: Int) {
        var start = parameters.map { ScopeStart(open: $0.open, close: $0.close) } ?? pending.parameters(at: brace) ?? ScopeStart()
        start.nameToken = nameToken
        pending.announce(.function(name: name, returnsStoryboard: returnsStoryboard), parameters: start, at: brace)
    }

    /// Reads a string-valued expression. `dynamicText: false` is for callers that drop dynamic values, so that their
    /// source text (costly to build) is not made.
    func string(_ range: Range<Int>, dynamicText: Bool = true) -> CodeString {
        expressionReader.string(range, dynamicText: dynamicText)
    }

    /// Where token `i` is, for a fact.
    func location(_ i: Int) -> SourceLocation { stream.location(i, path: filePath) }

    /// Reads `UIStoryboard(name: X, bundle: B)` at `i` (see `SwiftExpressionReader.storyboardCall`).
    func storyboardCall(at i: Int) -> (CodeString, CodeBundle, Int)? { expressionReader.storyboardCall(at: i) }

    /// The storyboard an expression stands for (see `SwiftExpressionReader.storyboardExpression`).
    func storyboardExpression(_ range: Range<Int>, strict: Bool) -> CodeStoryboardRef? {
        expressionReader.storyboardExpression(range, strict: strict)
    }

    // MARK: Dispatch

    private mutating func identifier(at i: Int) {
        let t = stream[i]
        let afterDot = stream.isPunct(i - 1, ".")
        // `word` is the lexer's tag for the words dispatched on here (see `CodeWord`); every other name is `.other`.
        // The declaration words that may record inside a body are `SwiftAPIRecognizers.declarationTriggers`;
        // a recogniser's words are triggers by being in the table, so no body that holds one is stepped over.
        switch t.word {
        case .import:
            if stream.kind(i + 1) == .identifier { file.imports.append(stream.text(i + 1)) }
        case .class, .struct, .enum, .extension, .protocol, .actor:
            if !afterDot { typeDeclaration(at: i) }
        case .func:
            functionDeclaration(at: i)
        case .`init`, .deinit, .subscript, .get, .set, .willSet, .didSet:
            if !afterDot { accessorDeclaration(at: i) }
        case .let, .var:
            variableDeclaration(at: i)
        case .case:
            if scopes.inStringEnumBody { enumCases(at: i) }
        default:
            if let recognizer = recognizers.recognizer(of: t.word) {
                recognizer.read(at: i, &self)
            } else if recordUses, !afterDot, !methodCallRecognizers.isEmpty {
                // The words no one here claims (Objective-C's) are plain names in Swift, as in `read`.
                methodCall(at: i)
            }
        }
    }

    /// `Type.name(` at `i`, for the recognisers of such calls. (By index: a `for … in` over the array would retain
    /// and release it for each call, and `read` asks this of most `Type.name(` in the bodies it reads.)
    private mutating func methodCall(at i: Int) {
        guard stream.isPunct(i + 1, "."), stream.kind(i + 2) == .identifier, stream.isPunct(i + 3, "(") else { return }
        var k = 0
        while k < methodCallRecognizers.count {
            let recognizer = methodCallRecognizers[k]
            recognizer.readMethodCall(at: i, &self)
            k += 1
        }
    }

    /// `Name()` at `i`, for the recognisers that read such calls (`SwiftAPIRecognizer.readEmptyCall`).
    private mutating func emptyCall(at i: Int) {
        var k = 0
        while k < allRecognizers.count {
            allRecognizers[k].readEmptyCall(at: i, &self)
            k += 1
        }
    }

    // MARK: Scopes

    private mutating func closed(_ scope: CodeScope) {
        switch scope.kind {
        case .type(let path, true):
            file.enums.append(CodeStringEnum(path: path, cases: scope.enumCases,
                                             location: stream.location(scope.start, path: filePath)))
        case .function(_, false):
            recordParameterHelper(scope)
        case .function(let name, true):
            recordParameterHelper(scope)
            let path = scopes.typePath + [name]
            if scope.helperLoads.count == 1 {
                file.helpers.append(CodeStoryboardHelper(path: path, name: scope.helperLoads[0],
                                                         bundle: scope.helperBundle,
                                                         location: stream.location(scope.start, path: filePath)))
            } else if name == "storyboard", !file.helpers.contains(where: { $0.path == path }) {
                // `var storyboard: UIStoryboard { … }` that is no single load still hides UIKit's `storyboard`.
                file.helpers.append(CodeStoryboardHelper(path: path, name: .dynamic("storyboard"), fromLoad: false,
                                                         location: stream.location(scope.start, path: filePath)))
            }
        default:
            break
        }
    }
}
