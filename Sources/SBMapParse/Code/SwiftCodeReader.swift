import SBMapModel

/// Reads the facts of one Swift file from its tokens: one forward pass, with a stack of scopes for the
/// enclosing type, the function (for locals), String enums and storyboard helpers.
struct SwiftCodeReader {
    private let stream: TokenStream
    /// The file's path, for the locations of facts (`stream.location(i, path: filePath)`).
    private let filePath: String
    private let expressions: CodeExpressions
    /// In a generated file (SwiftGen, R.swift) only declarations count.
    private let recordUses: Bool
    /// Reads expressions with the locals visible here, and holds the stack of scopes. One for the whole file, used in
    /// place: an expression reader made for each expression retained every reference it holds, and released them.
    private var expressionReader: SwiftExpressionReader
    /// The scopes declarations have announced, by the index of their opening brace.
    private var pending = PendingScopes<ScopeStart>(none: ScopeStart())
    /// The first of `stream.triggers` not before the token being read (see `openScope`).
    private var nextTrigger = 0
    private(set) var file: LoadedCodeFile

    /// The facts read, moved out (an empty file is left behind): `reader.file` would copy them, retaining every
    /// array they hold, and freeing the reader would then release each again.
    mutating func takeFile() -> LoadedCodeFile {
        exchange(&file, with: LoadedCodeFile(path: "", language: .swift))
    }

    /// What a declaration announces for its scope besides the kind: where a function's parameters are (they become
    /// locals when the scope opens, named by token: no String is made for them) and the token of its name.
    private struct ScopeStart: Sendable {
        /// The brackets around the parameters (`open` is -1 when there are none).
        var open = -1
        var close = -1
        var nameToken = -1
    }

    init(stream: TokenStream, path: String, generatedBy: CodeGenerator?) {
        self.stream = stream
        filePath = path
        expressions = CodeExpressions(stream: stream, language: .swift)
        expressionReader = SwiftExpressionReader(stream: stream, expressions: expressions, scopes: ScopeStack())
        recordUses = generatedBy == nil
        file = LoadedCodeFile(path: path, language: .swift, generatedBy: generatedBy)
    }

    /// The open scopes (changed only through `expressionReader.scopes`, in place).
    private var scopes: ScopeStack { expressionReader.scopes }

    /// Keywords that may follow `class` without `class` declaring a type (besides `func`, `var`, `let` and
    /// `subscript`, which the lexer tags).
    private static let classMemberModifiers: [StaticString] = [
        "override", "final", "static", "private", "public", "internal", "fileprivate", "open", "required", "convenience",
        "dynamic", "lazy", "weak", "unowned", "mutating",
    ]
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
                } else if recordUses, !stream.isPunct(i - 1, "."), stream.isPunct(i + 1, "."), stream.kind(i + 2) == .identifier,
                          stream.isPunct(i + 3, "(") {
                    // Most names are none of the words dispatched on: all that is asked of them is whether they start
                    // `Type.method(` (`classNameHelper`), and the tokens around answer that without a call.
                    classNameHelper(at: i)
                }
            }
            i += 1
        }
        while let scope = expressionReader.scopes.popEnded(by: Int.max) { closed(scope) }
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
        while let p = parameters.next(in: stream) { expressionReader.scopes.declareLocal(token: p.last, .unknown) }
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
    private mutating func announceFunction(name: String = "", returnsStoryboard: Bool, nameToken: Int,
                                           parameters: (open: Int, close: Int)? = nil, at brace: Int) {
        var start = parameters.map { ScopeStart(open: $0.open, close: $0.close) } ?? pending.parameters(at: brace) ?? ScopeStart()
        start.nameToken = nameToken
        pending.announce(.function(name: name, returnsStoryboard: returnsStoryboard), parameters: start, at: brace)
    }

    /// Reads a string-valued expression. `dynamicText: false` is for callers that drop dynamic values: building
    /// their source text was a large part of the scan.
    private func string(_ range: Range<Int>, dynamicText: Bool = true) -> CodeString {
        expressionReader.string(range, dynamicText: dynamicText)
    }

    // MARK: Dispatch

    private mutating func identifier(at i: Int) {
        let t = stream[i]
        let afterDot = stream.isPunct(i - 1, ".")
        // `word` is the lexer's tag for the words dispatched on here (see `CodeWord`); every other name is `.other`.
        // A case that may record a fact inside a body must be for a word that is `CodeWord.isSwiftTrigger`, or
        // `openScope` steps over the bodies that hold it.
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
        case .UIStoryboard, .NSStoryboard:
            if recordUses, !afterDot { storyboardLoad(at: i) }
        case .instantiateViewController, .instantiateController,
             .instantiateViewControllerWithIdentifier, .instantiateControllerWithIdentifier,
             .instantiateInitialViewController, .instantiateInitialController:
            if recordUses, !stream.isFuncKeyword(i - 1) { instantiation(at: i) }
        case .performSegue, .performSegueWithIdentifier:
            if stream.isFuncKeyword(i - 1) {
                // `override func performSegue(withIdentifier:sender:)`: the class may decide what an identifier does.
                if !scopes.typePath.isEmpty, performSegueOverrideHandles(at: i) {
                    file.performSegueOverrides.append(scopes.typePath)
                }
            } else if recordUses {
                performSegue(at: i)
            }
        case .perform:
            if recordUses, stream.isPunct(i + 1, "("), stream.isIdentifier(i + 2, "segue"), stream.isPunct(i + 3, ":") {
                swiftGenPerform(at: i)
            }
        case .StoryboardScene:
            if recordUses { swiftGenScene(at: i) }
        case .R:
            if recordUses, !afterDot { rSwiftStoryboard(at: i) }
        default:
            // The Objective-C-only words, which are plain names in Swift (`read` asks the same of `.other` names).
            if recordUses, !afterDot { classNameHelper(at: i) }
        }
    }

    // MARK: Scopes

    private mutating func closed(_ scope: CodeScope) {
        switch scope.kind {
        case .type(let path, true):
            file.enums.append(CodeStringEnum(path: path, cases: scope.enumCases,
                                             location: stream.location(scope.start, path: filePath)))
        case .function(let name, true):
            let path = scopes.typePath + [name]
            if scope.helperLoads.count == 1 {
                file.helpers.append(CodeStoryboardHelper(path: path, name: scope.helperLoads[0],
                                                         mainBundle: !scope.helperLoadsOtherBundle,
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

    /// `class Foo: Bar, P {`, `enum E: String {`, `extension A.B where … {`.
    private mutating func typeDeclaration(at i: Int) {
        guard stream.kind(i + 1) == .identifier else { return }
        let keyword = stream[i].word
        if keyword == .class {
            switch stream[i + 1].word {
            case .func, .var, .let, .subscript:
                return
            case .other:
                // The modifiers are lower-case words; a type name rarely is.
                let name = stream[i + 1]
                if name.end > name.start, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(stream.bytes[name.start]) {
                    for word in Self.classMemberModifiers where stream.isIdentifier(i + 1, word) { return }
                }
            default:
                break
            }
        }
        // The name's parts are the tokens i + 1, i + 3, … before `nameEnd`: their Strings are made once the
        // declaration is known to open a body.
        var j = i + 2
        while stream.isPunct(j, "."), stream.kind(j + 1) == .identifier { j += 2 }
        let nameEnd = j
        // Generic parameters.
        if stream.isPunct(j, "<") {
            var depth = 0
            while j < stream.count {
                if stream.isPunct(j, "<") { depth += 1 }
                if stream.isPunct(j, ">") { depth -= 1; if depth == 0 { j += 1; break } }
                if stream.isPunct(j, "{") || stream.isPunct(j, "}") { break }
                j += 1
            }
        }
        // Of the inherited types only the first (a class's superclass) and whether `String` is one are wanted.
        var firstInherited = -1
        var inheritsString = false
        if stream.isPunct(j, ":") {
            j += 1
            var expectName = true
            while j < stream.count, !stream.isPunct(j, "{"), !stream.isIdentifier(j, "where") {
                if stream.isPunct(j, "}") || stream.isPunct(j, ";") { return }
                if expectName, stream.kind(j) == .identifier {
                    while stream.isPunct(j + 1, "."), stream.kind(j + 2) == .identifier { j += 2 }
                    if firstInherited < 0 { firstInherited = j }
                    if keyword == .enum, !inheritsString { inheritsString = stream.text(j, equals: "String") }
                    expectName = false
                } else if stream.isPunct(j, ",") {
                    expectName = true
                }
                j += 1
            }
        }
        var limit = 0
        while j < stream.count, !stream.isPunct(j, "{"), limit < 200 {
            if stream.isPunct(j, "}") || stream.isPunct(j, ";") { return }
            j += 1
            limit += 1
        }
        guard stream.isPunct(j, "{") else { return }
        let kind: CodeTypeDeclaration.Kind
        switch keyword {
        case .class: kind = .class
        case .struct: kind = .struct
        case .enum: kind = .enum
        case .protocol: kind = .protocol
        case .actor: kind = .actor
        default: kind = .extension
        }
        var fullPath = kind == .extension ? [] : scopes.typePath
        fullPath.reserveCapacity(fullPath.count + (nameEnd - i) / 2)
        // Only an extension looks for an earlier declaration's name to share: a type is seldom declared twice.
        for k in stride(from: i + 1, to: nameEnd, by: 2) { fullPath.append(kind == .extension ? typeName(at: k) : stream.text(k)) }
        let superclass = kind == .class && firstInherited >= 0 ? superclassName(at: firstInherited) : nil
        // Room for all of the file's declarations at the first: growing the array one declaration at a time was an
        // allocation and a copy for each.
        if file.types.isEmpty { file.types.reserveCapacity(typeDeclarationBound()) }
        file.types.append(CodeTypeDeclaration(path: fullPath, kind: kind, superclass: superclass,
                                              location: stream.location(i + 1, path: filePath)))
        pending.announce(.type(path: fullPath, stringEnum: kind == .enum && inheritsString), at: j)
    }

    /// At most how many type declarations the file holds: its type keywords, less those that cannot declare one
    /// (after a `.`, or `class func`, `class var`, …). Each is one of `stream.triggers`, which are far fewer than the
    /// tokens, so this is counted once, when the first declaration is recorded; and it is no more than the file's
    /// tokens, so a hostile file cannot make it reserve more than its size justifies.
    private func typeDeclarationBound() -> Int {
        var bound = 0
        for trigger in stream.triggers {
            let k = Int(trigger)
            switch stream[k].word {
            case .class, .struct, .enum, .extension, .protocol, .actor:
                if stream.isPunct(k - 1, ".") { continue }
                switch stream.word(k + 1) {
                case .func, .var, .let, .subscript: continue
                default: bound += 1
                }
            default:
                continue
            }
        }
        return max(bound, 1)
    }

    /// How many of the latest declarations `typeName(at:)` looks through: an extension of a type usually follows
    /// the type closely, and a bounded look keeps a file of a hundred thousand declarations linear.
    private static let nameReuseWindow = 8

    /// The name at token `k` of the type an extension extends. An extension in the file of its type (the usual
    /// place) names a type declared a little earlier: that declaration's String is shared, where making the name
    /// again allocated for any name longer than fifteen bytes. Shared only when the bytes are the same (canonically
    /// equivalent spellings stay as written).
    private func typeName(at k: Int) -> String {
        // (A name of fifteen bytes or fewer is stored in the String itself, with nothing to share.)
        if stream[k].end - stream[k].start > 15 {
            // By index, reading only the name: a declaration read out of the array whole is a copy, which retains
            // and releases each of its fields.
            for d in stride(from: file.types.count - 1, through: max(file.types.count - Self.nameReuseWindow, 0), by: -1) {
                if let name = file.types[d].path.last, stream.hasBytes(k, of: name) { return name }
            }
        }
        return stream.text(k)
    }

    /// The superclasses that app code names most, as literals: a literal String is stored in the binary (it
    /// allocates nothing and is never reference counted), where making one of these longer-than-fifteen-byte names
    /// from the token allocated it for every class.
    private static let commonSuperclasses: [String] = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
        "UITabBarController", "UIPageViewController", "UISplitViewController", "UICollectionViewCell",
        "NSViewController", "NSWindowController",
    ]

    /// The name of the superclass at token `k`.
    private func superclassName(at k: Int) -> String {
        for name in Self.commonSuperclasses where stream.hasBytes(k, of: name) { return name }
        return stream.text(k)
    }

    /// `func name<T>(_ a: A, b c: B) -> R {`: a function scope with its parameters, maybe a storyboard helper,
    /// maybe an `@IBAction` unwind method.
    private mutating func functionDeclaration(at i: Int) {
        guard stream.kind(i + 1) == .identifier else { return }
        var j = i + 2
        if stream.isPunct(j, "<") {
            while j < stream.count, !stream.isPunct(j, "("), !stream.isPunct(j, "{") { j += 1 }
        }
        guard stream.isPunct(j, "(") else { return }
        let open = j
        let close = stream.close(open)
        // Return type and body.
        j = close + 1
        var returnsStoryboard = false
        var k = 0
        while j < stream.count, k < 80 {
            let t = stream[j]
            if t.isPunct("{") { break }
            if t.isPunct("}") || t.isPunct(";") || t.isPunct("=") { return }
            if t.kind == .identifier {
                if t.newlineBefore, stream.startsDeclaration(j) { j = -1; break }
                // (Names shorter than the words looked for are ruled out before any call.)
                if !returnsStoryboard, t.end - t.start >= 12,
                   stream.identifier(j, contains: "UIStoryboard") || stream.identifier(j, contains: "NSStoryboard") {
                    returnsStoryboard = true
                }
            }
            j += 1
            k += 1
        }
        if stream.isIBAction(before: i) { unwindAction(at: i, open: open, close: close) }
        guard j >= 0, stream.isPunct(j, "{") else { return }
        announceFunction(name: returnsStoryboard ? stream.text(i + 1) : "", returnsStoryboard: returnsStoryboard,
                         nameToken: i + 1, parameters: (open, close), at: j)
    }

    /// An `@IBAction` function at `i` with a `StoryboardSegue` parameter is an unwind action.
    private mutating func unwindAction(at i: Int, open: Int, close: Int) {
        var labels: [Int] = []
        var isUnwind = false
        var parameters = ParameterWalk(open: open, close: close)
        while let p = parameters.next(in: stream) {
            labels.append(p.first)
            if !isUnwind { isUnwind = stream.text(p.type, limit: 200).containsBytes("StoryboardSegue") }
        }
        guard isUnwind else { return }
        let selector = stream.objcName(before: i) ?? Self.selector(name: stream.text(i + 1), labels: labels.map { stream.text($0) })
        file.unwindActions.append(CodeUnwindAction(selector: selector, enclosingType: scopes.typePath,
                                                   location: stream.location(i + 1, path: filePath)))
    }

    /// `init(…) {`, `deinit {`, `get {`, `set(newValue) {`, `subscript(…) -> T {`.
    private mutating func accessorDeclaration(at i: Int) {
        var j = i + 1
        var parameters = (open: -1, close: -1)
        if stream.isPunct(j, "?") || stream.isPunct(j, "!") { j += 1 }
        if stream.isPunct(j, "(") {
            parameters = (j, stream.close(j))
            j = parameters.close + 1
        }
        var k = 0
        while j < stream.count, k < 40, !stream.isPunct(j, "{") {
            if stream.isPunct(j, "}") || stream.isPunct(j, ";") || stream.isPunct(j, "=") { return }
            if stream[j].newlineBefore { return }
            j += 1
            k += 1
        }
        guard stream.isPunct(j, "{") else { return }
        if stream[i].word == .get, let f = scopes.scopes.last, case .function(let owner, let helper) = f.kind {
            // A getter of a computed storyboard property: the helper is the property.
            announceFunction(name: owner, returnsStoryboard: helper, nameToken: f.nameToken, at: j)
            return
        }
        announceFunction(returnsStoryboard: false, nameToken: i, parameters: parameters, at: j)
    }

    /// Walks the parameters of `( … )` at `open` and `close`, split at the top-level commas as
    /// `CodeExpressions.arguments` splits a call, without making any String: for each, the first and the last word
    /// before its `:` (the label and the name) and the tokens of its type. An iterator, not a function that calls a
    /// closure: a closure that captures the reader copies it.
    private struct ParameterWalk {
        private var start: Int
        private var j: Int
        private let close: Int
        private var done = false

        init(open: Int, close: Int) {
            start = open + 1
            j = open + 1
            self.close = close
        }

        mutating func next(in stream: TokenStream) -> (first: Int, last: Int, type: Range<Int>)? {
            while !done {
                let atEnd = j >= close
                if !atEnd {
                    let t = stream[j]
                    if t.kind == .punct, t.punct == UInt8(ascii: "(") || t.punct == UInt8(ascii: "[") || t.punct == UInt8(ascii: "{") {
                        j = stream.close(j) + 1
                        continue
                    }
                    guard t.isPunct(",") else { j += 1; continue }
                }
                let end = atEnd ? min(close, stream.count) : j
                let segment = start
                if atEnd {
                    done = true
                } else {
                    start = j + 1
                    j += 1
                }
                guard end > segment else { continue }
                // The words before the first `:`: the first is the label, the last the name.
                var first = -1
                var last = -1
                var k = segment
                while k < end, stream.kind(k) == .identifier {
                    if first < 0 { first = k }
                    last = k
                    if stream.isPunct(k + 1, ":") { k += 2; break }
                    k += 1
                }
                if first >= 0 { return (first, last, k..<end) }
            }
            return nil
        }
    }

    /// The Objective-C selector Swift gives `func name(label: …, …)` (storyboard-format.md §3.5): the compiler's
    /// rule, `ObjCSelectorWords.selector(name:labels:)`. Labels are `_` where none is written.
    static func selector(name: String, labels: [String]) -> String {
        ObjCSelectorWords.selector(name: name, labels: labels)
    }

    // MARK: Declarations

    /// `let`/`var` at file scope, in a type, or in a function (a local).
    private mutating func variableDeclaration(at i: Int) {
        guard stream.kind(i + 1) == .identifier else { return }
        let isLet = stream[i].word == .let
        // A member is a fact under its name; a local is declared by its token (its String is made if it is looked up).
        let member = scopes.atTypeLevel || scopes.scopes.isEmpty
        var j = i + 2
        var typeText = ""
        if stream.isPunct(j, ":") {
            j += 1
            while j < stream.count, !stream.isPunct(j, "="), !stream.isPunct(j, "{"), !stream[j].newlineBefore {
                if stream.isPunct(j, "(") || stream.isPunct(j, "[") { j = stream.close(j) + 1; continue }
                if stream.isPunct(j, "}") || stream.isPunct(j, ";") || stream.isPunct(j, ",") || stream.isPunct(j, ")") { break }
                if member { typeText += stream.text(j) }  // only a member's type is looked at
                j += 1
            }
        }
        if member, !scopes.typePath.isEmpty, let type = Self.className(typeText) {
            file.typedMembers.append(CodeTypedMember(owner: scopes.typePath, name: stream.text(i + 1), type: type))
        }
        if stream.isPunct(j, "{") {
            // A computed property (or a stored one with observers).
            computedProperty(typeText: typeText, brace: j, member: member, at: i)
            return
        }
        guard stream.isPunct(j, "=") else {
            if !member {
                expressionReader.scopes.declareLocal(token: i + 1, .unknown)
            } else if Self.holdsStoryboard(typeText) || stream.isIdentifier(i + 1, "storyboard") {
                // `let storyboard: UIStoryboard`, set in an initializer: it hides UIKit's `storyboard`, value unknown.
                unknownStoryboardMember(stream.text(i + 1), typeText: typeText, at: i)
            }
            return
        }
        let start = j + 1
        let end = expressions.expressionEnd(from: start)
        let range = start..<end
        guard member else {
            // A local: its value is read if its name is looked up (see `LocalValue.pending`).
            expressionReader.scopes.declareLocal(token: i + 1, .pending(tokens: range, isLet: isLet))
            return
        }
        // A member: a storyboard helper, a generated scene or a constant.
        let name = stream.text(i + 1)
        let storyboard = storyboardExpression(range, strict: true)
        if case .named(let value)? = storyboard {
            // `static let console = UIStoryboard(name: "Console", bundle: Bundle(for: Logger.self))`: another bundle.
            let first = expressions.trimPostfix(range).first ?? start
            let mainBundle = storyboardCall(at: first)?.1 ?? true
            file.helpers.append(CodeStoryboardHelper(path: scopes.typePath + [name], name: value, mainBundle: mainBundle,
                                                     location: stream.location(i + 1, path: filePath)))
            return
        }
        if storyboard != nil || Self.holdsStoryboard(typeText) || name == "storyboard" {
            // A storyboard member whose value is no load by name (`= someFactory.make()`, `= NSStoryboard.main`).
            unknownStoryboardMember(name, typeText: stream.text(range), at: i)
            return
        }
        if let scene = generatedScene(range) {
            file.generatedScenes.append(CodeGeneratedScene(path: scopes.typePath + [name], identifier: scene,
                                                           location: stream.location(i + 1, path: filePath)))
            return
        }
        let value = string(range, dynamicText: false)  // only literals and symbols are kept
        switch value {
        case .literal, .symbol:
            file.constants.append(CodeConstant(path: scopes.typePath + [name], value: value,
                                               location: stream.location(i + 1, path: filePath)))
        default:
            break
        }
    }

    /// Whether a member's type annotation names a storyboard type.
    private static func holdsStoryboard(_ typeText: String) -> Bool {
        typeText.containsBytes("UIStoryboard") || typeText.containsBytes("NSStoryboard")
    }

    /// A stored member of storyboard type whose value is not known: recorded so that it hides UIKit's `storyboard`
    /// property, and so that uses through it are reported as dynamic rather than guessed.
    private mutating func unknownStoryboardMember(_ name: String, typeText: String, at i: Int) {
        let shown = typeText.isEmpty ? name : "\(name): \(typeText)"
        file.helpers.append(CodeStoryboardHelper(path: scopes.typePath + [name], name: .dynamic(shown), fromLoad: false,
                                                 location: stream.location(i + 1, path: filePath)))
    }

    /// `var x: UIStoryboard { … }` (a helper), `var id: String { "X" }` (a constant), R.swift 7 scene accessors.
    /// The property's name is the token after the keyword at `i`.
    private mutating func computedProperty(typeText: String, brace: Int, member: Bool, at i: Int) {
        if member, Self.holdsStoryboard(typeText) {
            announceFunction(name: stream.text(i + 1), returnsStoryboard: true, nameToken: i + 1, at: brace)
            return
        }
        if member, typeText.containsBytes("Identifier<") || typeText.containsBytes("SceneType") || typeText.containsBytes("Resource<") {
            if let scene = generatedScene((brace + 1)..<stream.close(brace)) {
                file.generatedScenes.append(CodeGeneratedScene(path: scopes.typePath + [stream.text(i + 1)], identifier: scene,
                                                               location: stream.location(i + 1, path: filePath)))
            }
        }
        if member, typeText == "String" {
            var a = brace + 1
            if stream.isIdentifier(a, "return") { a += 1 }
            if a + 1 == stream.close(brace), stream[a].kind == .string, !stream[a].interpolated {
                file.constants.append(CodeConstant(path: scopes.typePath + [stream.text(i + 1)], value: .literal(stream.text(a)),
                                                   location: stream.location(i + 1, path: filePath)))
            }
        }
        announceFunction(returnsStoryboard: false, nameToken: i + 1, at: brace)
    }

    /// SwiftGen `SceneType<T>(storyboard: Main.self, identifier: "X")` / `InitialSceneType<T>(storyboard: Main.self)`,
    /// R.swift `StoryboardViewControllerResource<T>(identifier: "x")`, `.init(identifier: "x", storyboard: name, bundle: bundle)`.
    /// Returns the identifier (`.some(nil)` for an initial-scene accessor), or `nil` if the range is none of these.
    private func generatedScene(_ range: Range<Int>) -> String?? {
        guard let first = range.first, first < stream.count else { return nil }
        var j = first
        var sawGeneratedType = false
        while j < range.upperBound {
            let t = stream[j]
            if t.kind == .identifier {
                let text = stream.text(j)
                if text == "InitialSceneType" { return .some(nil) }
                if text.hasSuffix("SceneType") || text.hasPrefix("StoryboardViewController") || text == "init" {
                    sawGeneratedType = true
                }
                if sawGeneratedType, text == "identifier", stream.isPunct(j + 1, ":"), stream.kind(j + 2) == .string {
                    return .some(stream.text(j + 2))
                }
            }
            j += 1
        }
        return nil
    }

    /// `case a, b = "B", c(Int)` inside a String enum.
    private mutating func enumCases(at i: Int) {
        var j = i + 1
        while j < stream.count {
            guard stream.kind(j) == .identifier else { return }
            let name = stream.text(j)
            var raw = name
            j += 1
            if stream.isPunct(j, "="), stream.kind(j + 1) == .string {
                raw = stream.text(j + 1)
                j += 2
            } else if stream.isPunct(j, "(") {
                j = stream.close(j) + 1
            }
            expressionReader.scopes.addEnumCase(CodeEnumCase(name: name, rawValue: raw))
            guard stream.isPunct(j, ","), !(j + 1 < stream.count && stream[j + 1].isPunct(",")) else { return }
            j += 1
        }
    }

    // MARK: Storyboards

    /// `UIStoryboard(name: X, bundle: B)` / `UIStoryboard.init(name:bundle:)`: records a load.
    private mutating func storyboardLoad(at i: Int) {
        guard let (name, mainBundle, _) = storyboardCall(at: i) else { return }
        let api = stream[i].word == .NSStoryboard ? "NSStoryboard(name:bundle:)" : "UIStoryboard(name:bundle:)"
        file.loads.append(CodeStoryboardLoad(name: name, mainBundle: mainBundle, api: api,
                                             enclosingType: scopes.typePath, location: stream.location(i, path: filePath)))
        expressionReader.scopes.noteHelperLoad(name, mainBundle: mainBundle)
    }

    /// Reads `UIStoryboard(name: X, bundle: B)` at `i` (see `SwiftExpressionReader.storyboardCall`).
    private func storyboardCall(at i: Int) -> (CodeString, Bool, Int)? { expressionReader.storyboardCall(at: i) }

    /// The storyboard an expression stands for (see `SwiftExpressionReader.storyboardExpression`).
    private func storyboardExpression(_ range: Range<Int>, strict: Bool) -> CodeStoryboardRef? {
        expressionReader.storyboardExpression(range, strict: strict)
    }

    // MARK: Uses

    private mutating func instantiation(at i: Int) {
        // The lexer's word is the name as written: its spelling is a constant, and so is the usual `api`.
        let word = stream[i].word
        let name = word.rawValue
        var identifier: CodeString?
        let api: String
        if word == .instantiateInitialViewController || word == .instantiateInitialController {
            if !stream.isPunct(i + 1, "(") {
                api = name
            } else {
                switch word {
                case .instantiateInitialViewController: api = "instantiateInitialViewController()"
                case .instantiateInitialController: api = "instantiateInitialController()"
                default: api = "\(name)()"
                }
            }
        } else {
            guard stream.isPunct(i + 1, "(") else { return }
            let args = expressions.arguments(open: i + 1)
            guard let first = args.first else { return }
            if word == .instantiateViewControllerWithIdentifier || word == .instantiateControllerWithIdentifier {
                guard first.labelToken < 0 else { return }
                api = "\(name)(_:)"
            } else {
                guard expressions.hasLabel(first, "withIdentifier") || expressions.hasLabel(first, "identifier") else { return }
                if args.count == 1, expressions.hasLabel(first, "withIdentifier") {
                    api = word == .instantiateViewController ? "instantiateViewController(withIdentifier:)"
                        : "instantiateController(withIdentifier:)"
                } else {
                    // `instantiateViewController(identifier:creator:)`: appended into one reserved string (the
                    // interpolated form allocated once per part).
                    var built = name
                    built.reserveCapacity(name.utf8.count + 40)
                    built += "("
                    // (The labels are read from the tokens: calling `expressions.label` here copied the expressions,
                    // and so retained and released the token arrays, once per argument.)
                    for arg in args { built += arg.labelToken >= 0 ? stream.text(arg.labelToken) : "_"; built += ":" }
                    built += ")"
                    api = built
                }
            }
            identifier = string(first.range)
        }
        let storyboard: CodeStoryboardRef
        if let r = stream.receiver(ofMethodAt: i) {
            storyboard = storyboardExpression(r, strict: false) ?? .dynamic(stream.text(r))
        } else {
            storyboard = .dynamic("self")
        }
        file.instantiations.append(CodeInstantiation(storyboard: storyboard, identifier: identifier, api: api,
                                                     enclosingType: scopes.typePath,
                                                     location: stream.location(i, path: filePath)))
    }

    /// Whether the `func performSegue…(` declared at `i` is UIKit's method overridden in a way that may handle an
    /// identifier itself (`overrideHandlesIdentifiers`). A wrapper of another signature (`func performSegue(_ segue:
    /// Segue)`, which forwards `segue.rawValue`) overrides nothing: UIKit's method still runs for every identifier.
    private func performSegueOverrideHandles(at i: Int) -> Bool {
        guard stream.isPunct(i + 1, "(") else { return true }
        let close = stream.close(i + 1)
        var parameters = ParameterWalk(open: i + 1, close: close)
        guard let first = parameters.next(in: stream), first.first >= 0 else { return true }
        if stream[i].word == .performSegue, !stream.isIdentifier(first.first, "withIdentifier") { return false }
        // The body: the first `{` after the signature (none, as in a protocol: it may handle, as before).
        var j = close + 1
        while j < stream.count, j < close + 40, !stream.isPunct(j, "{") {
            if stream.isPunct(j, "}") || stream.isPunct(j, ";") { return true }
            j += 1
        }
        return stream.overrideHandlesIdentifiers(parameter: first.last, body: j, swift: true)
    }

    /// The class a member's type annotation names (`PlayerViewController!`, `PlayerViewController?`), or nil for
    /// anything else (a generic, an optional of a tuple, a module-qualified name).
    static func className(_ typeText: String) -> String? {
        var text = Substring(typeText)
        while let last = text.last, last == "!" || last == "?" { text = text.dropLast() }
        guard let first = text.first, first.isUppercase,
              text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(text)
    }

    /// What the receiver `r` of a `performSegue` is: `self` (also `self?` after `[weak self]`, or a local bound to
    /// `self`: `guard let strongSelf = self`), a class written in the code (a local `x as? T`, `… as! T`), or a
    /// property of the enclosing type, whose declared type the linker looks up. Anything else is not known.
    private func receiver(_ r: Range<Int>) -> (onSelf: Bool, type: String?, member: String?) {
        var upper = r.upperBound
        while upper > r.lowerBound, stream.isPunct(upper - 1, "?") || stream.isPunct(upper - 1, "!") { upper -= 1 }
        let a = r.lowerBound
        switch upper - a {
        case 1 where stream.isIdentifier(a, "self") || stream.isIdentifier(a, "super"):
            return (true, nil, nil)
        case 1 where stream.kind(a) == .identifier:
            let name = stream.text(a)
            guard let (value, _) = scopes.localEntry(name, names: stream) else { return (false, nil, name) }
            guard case .pending(let tokens, true) = value else { return (false, nil, nil) }
            if tokens.count == 1, stream.isIdentifier(tokens.lowerBound, "self") { return (true, nil, nil) }
            // `… as? T`, `… as! T`: the last three tokens.
            let e = tokens.upperBound
            if tokens.count > 3, stream.kind(e - 1) == .identifier, stream.isPunct(e - 2, "?") || stream.isPunct(e - 2, "!"),
               stream.isIdentifier(e - 3, "as") {
                return (false, Self.className(stream.text(e - 1)), nil)
            }
            return (false, nil, nil)
        case 3 where stream.isIdentifier(a, "self") && stream.isPunct(a + 1, ".") && stream.kind(a + 2) == .identifier:
            return (false, nil, stream.text(a + 2))
        default:
            return (false, nil, nil)
        }
    }

    private mutating func performSegue(at i: Int) {
        guard stream.isPunct(i + 1, "(") else { return }
        let args = expressions.arguments(open: i + 1)
        guard let first = args.first else { return }
        let api: String
        if stream[i].word == .performSegueWithIdentifier {
            guard first.labelToken < 0 else { return }
            api = "performSegueWithIdentifier(_:sender:)"
        } else if expressions.hasLabel(first, "withIdentifier") {
            api = "performSegue(withIdentifier:sender:)"
        } else if first.labelToken < 0 {
            api = "performSegue(_:) wrapper"
        } else {
            return
        }
        var onSelf = true
        var receiverType: String?
        var receiverMember: String?
        if let r = stream.receiver(ofMethodAt: i) {
            // `self` or `super` is a single name: no text of the receiver is made.
            let isSuper = r.count == 1 && stream.isIdentifier(r.lowerBound, "super")
            // An override forwarding to `super.performSegue(withIdentifier: identifier, …)` performs nothing itself.
            if isSuper, let f = scopes.functionIndex, case let nameToken = scopes.scopes[f].nameToken, nameToken >= 0,
               stream.text(nameToken, equals: stream[i].word.rawValue) {
                return
            }
            (onSelf, receiverType, receiverMember) = receiver(r)
        }
        var use = CodeSeguePerform(identifier: string(first.range), onSelf: onSelf, api: api,
                                   enclosingType: scopes.typePath, location: stream.location(i, path: filePath))
        use.receiverType = receiverType
        use.receiverMember = receiverMember
        file.performs.append(use)
    }

    /// SwiftGen `perform(segue: StoryboardSegue.Main.show, sender: nil)`.
    private mutating func swiftGenPerform(at i: Int) {
        let args = expressions.arguments(open: i + 1)
        guard let first = args.first else { return }
        let value = string(first.range)
        if case .symbol(let p) = value, p.count == 3, p[0] == "StoryboardSegue" {
            file.generatedUses.append(CodeGeneratedUse(generator: .swiftGen, kind: .segue, container: p[1], member: p[2],
                                                       enclosingType: scopes.typePath,
                                                       location: stream.location(i, path: filePath)))
            return
        }
        file.performs.append(CodeSeguePerform(identifier: value, api: "perform(segue:)", enclosingType: scopes.typePath,
                                              location: stream.location(i, path: filePath)))
    }

    /// SwiftGen ≥5 `StoryboardScene.Main.scene.instantiate()`, `StoryboardScene.Main.initialScene.instantiate()`,
    /// SwiftGen 4 `StoryboardScene.Main.instantiateScene()`, `StoryboardScene.Main.sceneScene.viewController()`,
    /// `StoryboardScene.Main.initialViewController()`, and the storyboard itself `StoryboardScene.Main.storyboard`.
    private mutating func swiftGenScene(at i: Int) {
        guard stream.isPunct(i + 1, "."), stream.kind(i + 2) == .identifier, stream.isPunct(i + 3, "."),
              stream.kind(i + 4) == .identifier else { return }
        let container = stream.text(i + 2)
        let member = stream.text(i + 4)
        func use(_ kind: CodeGeneratedUse.Kind, _ m: String?) {
            file.generatedUses.append(CodeGeneratedUse(generator: .swiftGen, kind: kind, container: container, member: m,
                                                       enclosingType: scopes.typePath,
                                                       location: stream.location(i, path: filePath)))
        }
        if member == "storyboard" {
            // Only when not followed by a scene call (the receiver of instantiate… is recorded there).
            if !(stream.isPunct(i + 5, ".") && stream.kind(i + 6) == .identifier && stream.text(i + 6).hasPrefix("instantiate")) {
                use(.storyboard, nil)
            }
            return
        }
        if stream.isPunct(i + 5, "."), stream.isIdentifier(i + 6, "instantiate") {
            use(member == "initialScene" ? .initialScene : .scene, member == "initialScene" ? nil : member)
            return
        }
        guard stream.isPunct(i + 5, "(") else {
            if stream.isPunct(i + 5, "."), stream.isIdentifier(i + 6, "viewController") || stream.isIdentifier(i + 6, "controller"),
               member.hasSuffix("Scene") {
                use(.scene, String(member.dropLast("Scene".count)))
            }
            return
        }
        if member == "initialViewController" || member == "initialController" {
            use(.initialScene, nil)
        } else if member.hasPrefix("instantiate"), member.count > "instantiate".count {
            use(.scene, String(member.dropFirst("instantiate".count)))
        }
    }

    /// R.swift `R.storyboard.main()`, `R.storyboard.main.settingsController()`, `R.storyboard.main.initialViewController()`
    /// (and the pre-1.0 property forms without `()`).
    private mutating func rSwiftStoryboard(at i: Int) {
        guard stream.isPunct(i + 1, "."), stream.isIdentifier(i + 2, "storyboard"), stream.isPunct(i + 3, "."),
              stream.kind(i + 4) == .identifier else { return }
        let container = stream.text(i + 4)
        func use(_ kind: CodeGeneratedUse.Kind, _ m: String?) {
            file.generatedUses.append(CodeGeneratedUse(generator: .rSwift, kind: kind, container: container, member: m,
                                                       enclosingType: scopes.typePath,
                                                       location: stream.location(i, path: filePath)))
        }
        if stream.isPunct(i + 5, "."), stream.kind(i + 6) == .identifier {
            let member = stream.text(i + 6)
            switch member {
            case "initialViewController", "instantiateInitialViewController", "initialController":
                use(.initialScene, nil)
            case "instance", "name", "bundle":
                use(.storyboard, nil)
            default:
                use(.scene, member)
            }
            return
        }
        // `R.storyboard.main()` on its own; as the receiver of instantiate… the instantiation records it.
        let close = stream.isPunct(i + 5, "(") ? stream.close(i + 5) : i + 4
        if stream.isPunct(close + 1, "."), stream.kind(close + 2) == .identifier, stream.text(close + 2).hasPrefix("instantiate") {
            return
        }
        use(.storyboard, nil)
    }

    /// Names of helpers that derive the storyboard identifier from the class (pitfall 5).
    static func isClassNameHelper(_ method: String) -> Bool {
        if method.hasPrefix("instantiateViewController") || method.hasPrefix("instantiateController")
            || method.hasPrefix("instantiateInitial") { return false }
        return method.hasPrefix("instantiate") || method.lowercased().containsBytes("fromstoryboard")
            || method == "storyboardInstance" || method == "storyboardViewController"
    }

    static let notViewControllers: Set<String> = [
        "UIStoryboard", "NSStoryboard", "StoryboardScene", "StoryboardSegue", "R", "Bundle", "NSBundle", "UINib", "NSNib",
    ]

    /// `FooViewController.instantiateFromStoryboard()`.
    private mutating func classNameHelper(at i: Int) {
        // The cheap token tests first: this runs for almost every name in the file. A type name starts with an
        // upper-case letter; a lower-case ASCII one (`tableView.reloadData()`) is ruled out before any String is made.
        guard stream.isPunct(i + 1, "."), stream.kind(i + 2) == .identifier, stream.isPunct(i + 3, "(") else { return }
        let firstByte = stream.bytes[stream[i].start]
        guard firstByte >= 0x80 || (firstByte >= UInt8(ascii: "A") && firstByte <= UInt8(ascii: "Z")) else { return }
        let type = stream.text(i)
        guard let c = type.unicodeScalars.first, c.properties.isUppercase,
              Self.isClassNameHelper(stream.text(i + 2)), !Self.notViewControllers.contains(type) else { return }
        // The lexer must have noted this call as a trigger, or a body holding it would have been stepped over.
        assert(stream.bytes.withUnsafeBufferPointer { bytes in
            CodeLexer.mayNameClassNameHelper(UnsafeBufferPointer(rebasing: bytes[stream[i + 2].start..<stream[i + 2].end]))
        }, "a class-name helper the lexer's test does not accept")
        file.classInstantiations.append(CodeClassInstantiation(type: type, method: stream.text(i + 2),
                                                               enclosingType: scopes.typePath,
                                                               location: stream.location(i, path: filePath)))
    }
}

/// Reads expressions (string arguments, storyboard receivers, locals' values) with the locals visible at one point of
/// a Swift file: the locals declared before position `limit` in the scopes' array of locals.
///
/// The Swift reader keeps one for the whole file and updates its scopes in place; a copy is made only to read a
/// pending local with the locals of its own place (`limit`).
struct SwiftExpressionReader: LocalNames {
    let stream: TokenStream
    let expressions: CodeExpressions
    var scopes: ScopeStack
    var limit = Int.max
    /// How many pending locals are being read, one inside the other (`let b = a`, `let c = b`, …).
    private var depth = 0
    /// Reading a local can read another: deeper than this, a local is unknown, so that a hostile file (ten thousand
    /// locals, each the one before) cannot exhaust a thread's stack. (Constants have the same kind of limit.)
    static let maxLocalDepth = 16

    init(stream: TokenStream, expressions: CodeExpressions, scopes: ScopeStack) {
        self.stream = stream
        self.expressions = expressions
        self.scopes = scopes
    }

    /// What a local or parameter holds. A pending local (`LocalValue.pending`) is read now, with the locals that were
    /// visible where it was declared, as it would have been read there.
    func local(_ name: String) -> LocalValue? {
        guard let (value, position) = scopes.localEntry(name, below: limit, names: stream) else { return nil }
        guard case .pending(let tokens, let isLet) = value else { return value }
        guard depth < Self.maxLocalDepth else { return .unknown }
        var there = self
        there.limit = position
        there.depth = depth + 1
        if let storyboard = there.storyboardExpression(tokens, strict: true) { return .storyboard(storyboard) }
        let string = there.string(tokens, dynamicText: false)  // a dynamic value makes an `.unknown` local
        switch string {
        case .literal, .symbol, .typeName, .ownTypeName, .implicitMember: return isLet ? .string(string) : .unknown
        default: return .unknown
        }
    }

    func string(_ range: Range<Int>, dynamicText: Bool = true) -> CodeString {
        expressions.string(range, dynamicText: dynamicText, locals: self)
    }

    /// Whether the `bundle:` argument `range` is the main bundle: `nil`, `.main`, `Bundle.main`,
    /// `Foundation.Bundle.main` or `NSBundle.mainBundle()`. Compared token by token: making the argument's text to
    /// look it up cost more than the rest of reading the call.
    func isMainBundle(_ range: Range<Int>) -> Bool {
        let a = range.lowerBound
        switch range.count {
        case 1:
            return stream.isIdentifier(a, "nil")
        case 2:
            return stream.isPunct(a, ".") && stream.isIdentifier(a + 1, "main")
        case 3:
            return stream.isIdentifier(a, "Bundle") && stream.isPunct(a + 1, ".") && stream.isIdentifier(a + 2, "main")
        case 5:
            if stream.isIdentifier(a, "Foundation") {
                return stream.isPunct(a + 1, ".") && stream.isIdentifier(a + 2, "Bundle") && stream.isPunct(a + 3, ".")
                    && stream.isIdentifier(a + 4, "main")
            }
            return stream.isIdentifier(a, "NSBundle") && stream.isPunct(a + 1, ".") && stream.isIdentifier(a + 2, "mainBundle")
                && stream.isPunct(a + 3, "(") && stream.isPunct(a + 4, ")")
        default:
            return false
        }
    }

    /// Reads `UIStoryboard(name: X, bundle: B)` at `i`: the name, whether the bundle is the main one, and the
    /// index of the closing parenthesis.
    func storyboardCall(at i: Int) -> (CodeString, Bool, Int)? {
        var open = i + 1
        if stream.isPunct(open, "."), stream.isIdentifier(open + 1, "init") { open += 2 }
        guard stream.isPunct(open, "(") else { return nil }
        let args = expressions.arguments(open: open)
        guard let nameArg = args.first, expressions.hasLabel(nameArg, "name") else { return nil }
        var mainBundle = true
        for arg in args where expressions.hasLabel(arg, "bundle") {
            mainBundle = isMainBundle(arg.range)
            break
        }
        return (string(nameArg.range), mainBundle, stream.close(open))
    }

    /// Reads the storyboard an expression stands for. With `strict`, only forms that certainly are storyboards
    /// count (used for `let x = …`); otherwise any dotted path is a possible helper.
    func storyboardExpression(_ range: Range<Int>, strict: Bool) -> CodeStoryboardRef? {
        let range = expressions.trimPostfix(range)
        guard let a = range.first else { return nil }
        // Built on demand: only dynamic results show the source text.
        var text: String { stream.text(range) }
        // (The lexer's word tags answer "is this `UIStoryboard`", `R`, `StoryboardScene` without a byte compared.)
        let word = stream.word(a)
        if word == .UIStoryboard || word == .NSStoryboard {
            if let (name, _, close) = storyboardCall(at: a) {
                return close == range.upperBound - 1 ? .named(name) : nil
            }
            if stream.isPunct(a + 1, "."), stream.isIdentifier(a + 2, "main"), range.count == 3 { return .main }
        }
        if word == .R, range.count >= 5, stream.isPunct(a + 1, "."), stream.isIdentifier(a + 2, "storyboard"),
           stream.isPunct(a + 3, "."), stream.kind(a + 4) == .identifier {
            let rest = (a + 5)..<range.upperBound
            if rest.isEmpty || (rest.count == 2 && stream.isPunct(a + 5, "(") && stream.isPunct(a + 6, ")")) {
                return .generated(.rSwift, storyboard: stream.text(a + 4))
            }
        }
        if word == .StoryboardScene, range.count == 5, stream.kind(a + 2) == .identifier,
           stream.isIdentifier(a + 4, "storyboard") {
            return .generated(.swiftGen, storyboard: stream.text(a + 2))
        }
        var pathRange = range
        // `Foo.helper()`: a helper function without arguments.
        if range.count >= 3, stream.isPunct(range.upperBound - 1, ")"), stream.isPunct(range.upperBound - 2, "(") {
            pathRange = range.lowerBound..<(range.upperBound - 2)
        }
        if var path = expressions.dottedPath(pathRange) {
            let ownStoryboard = path.last == "storyboard"
                && (path.count == 1 || path.count == 2 && (path[0] == "self" || path[0] == "super"))
            if ownStoryboard {
                if path.count == 1, let value = local("storyboard") {
                    if case .storyboard(let ref) = value { return ref }
                    return .dynamic(text)
                }
                return .own
            }
            if path.count == 1, let value = local(path[0]) {
                if case .storyboard(let ref) = value { return ref }
                return strict ? nil : .dynamic(text)
            }
            if strict { return nil }
            if path.first == "self" { path.removeFirst() }
            if path.count > 1, local(path[0]) != nil { return .dynamic(text) }
            return path.isEmpty ? .dynamic(text) : .helper(path)
        }
        return strict ? nil : .dynamic(text)
    }
}

/// The reader's questions that need only the tokens. Here rather than methods of the reader: calling a method of the
/// reader from one that changes it copied the whole reader (a few hundred bytes) for each call.
private extension TokenStream {
    func isFuncKeyword(_ i: Int) -> Bool { kind(i) == .identifier && self[i].word == .func }

    /// Whether the identifier at `j` is a word that starts a new declaration: a signature scan stops there.
    /// The lexer's word tags answer for most of them; the rest are compared byte for byte.
    func startsDeclaration(_ j: Int) -> Bool {
        switch self[j].word {
        case .func, .var, .let, .class, .struct, .enum, .extension, .protocol, .`init`, .case, .import, .subscript,
             .deinit, .actor:
            return true
        case .other:
            for word in Self.otherDeclarationStarts where isIdentifier(j, word) { return true }
            return false
        default:
            return false
        }
    }

    private static let otherDeclarationStarts: [StaticString] = [
        "typealias", "static", "private", "public", "internal", "fileprivate", "open", "override", "@objc", "@IBAction",
        "@IBOutlet",
    ]

    func isIBAction(before i: Int) -> Bool {
        var j = i - 1
        var steps = 0
        while j >= 0, steps < 12 {
            let t = self[j]
            if t.kind == .identifier {
                if t.word == .func || t.word == .var || t.word == .let { return false }
                if isIdentifier(j, "@IBAction") { return true }
            } else if !t.isPunct("(") && !t.isPunct(")") && !t.isPunct(":") {
                return false
            }
            j -= 1
            steps += 1
        }
        return false
    }

    /// `@objc(unwindHere:) func …` names the selector explicitly.
    func objcName(before i: Int) -> String? {
        var j = i - 1
        var steps = 0
        while j >= 0, steps < 12 {
            if isIdentifier(j, "@objc"), isPunct(j + 1, "(") {
                return (j + 2..<close(j + 1)).map { text($0) }.joined()
            }
            if isPunct(j, "}") || isPunct(j, "{") { return nil }
            j -= 1
            steps += 1
        }
        return nil
    }

    /// The receiver of a method whose name is at `i` (`X.instantiate…`): the tokens of `X`, walking back over
    /// `a.b`, calls `f(…)`, subscripts and `?`/`!`.
    func receiver(ofMethodAt i: Int) -> Range<Int>? {
        guard isPunct(i - 1, ".") else { return nil }
        var j = i - 2
        var start = i - 1
        while j >= 0 {
            while j >= 0, isPunct(j, "?") || isPunct(j, "!") { j -= 1 }
            guard j >= 0 else { break }
            let t = self[j]
            if t.isPunct(")") || t.isPunct("]") {
                let open = partner[j]
                guard open >= 0 else { return nil }
                start = open
                if kind(open - 1) == .identifier, !self[open].newlineBefore {
                    start = open - 1
                }
            } else if t.kind == .identifier {
                start = j
            } else {
                break
            }
            if isPunct(start - 1, ".") {
                j = start - 2
                if j < 0 || self[start - 1].newlineBefore && kind(j) == nil { break }
                continue
            }
            break
        }
        return start < i - 1 ? start..<(i - 1) : nil
    }
}
