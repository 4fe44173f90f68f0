import SBMapModel

/// The declarations of a Swift file, as `SwiftCodeReader` meets their keywords: types (with their lines and
/// superclass), functions and accessors (the scopes of locals, `@IBAction` unwind methods), `let`/`var` (locals,
/// string constants, storyboard helpers and members, generated scenes) and the cases of String enums. What a
/// declaration announces for the body that follows is opened when the reader reaches its brace (`openScope`).
extension SwiftCodeReader {

    /// Keywords that may follow `class` without `class` declaring a type (besides `func`, `var`, `let` and
    /// `subscript`, which the lexer tags).
    static let classMemberModifiers: [StaticString] = [
        "override", "final", "static", "private", "public", "internal", "fileprivate", "open", "required", "convenience",
        "dynamic", "lazy", "weak", "unowned", "mutating",
    ]

    /// `class Foo: Bar, P {`, `enum E: String {`, `extension A.B where … {`.
    mutating func typeDeclaration(at i: Int) {
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
        // Reusable's storyboard protocols, on the class or an extension of it.
        var storyboardProtocol: String?
        // SwiftUI's `View` and the view controllers' representables (issue 32).
        var swiftUIKind: CodeSwiftUIType.Kind?
        if stream.isPunct(j, ":") {
            j += 1
            var expectName = true
            while j < stream.count, !stream.isPunct(j, "{"), !stream.isIdentifier(j, "where") {
                if stream.isPunct(j, "}") || stream.isPunct(j, ";") { return }
                if expectName, stream.kind(j) == .identifier {
                    while stream.isPunct(j + 1, "."), stream.kind(j + 2) == .identifier { j += 2 }
                    if firstInherited < 0 { firstInherited = j }
                    if keyword == .enum, !inheritsString { inheritsString = stream.text(j, equals: "String") }
                    if keyword != .enum, keyword != .protocol {
                        if stream.text(j, equals: "StoryboardSceneBased") { storyboardProtocol = "StoryboardSceneBased" }
                        else if stream.text(j, equals: "StoryboardBased") { storyboardProtocol = "StoryboardBased" }
                        else if stream.text(j, equals: "View") { swiftUIKind = swiftUIKind ?? .view }
                        else if stream.text(j, equals: "App"), file.imports.contains("SwiftUI") { swiftUIKind = .app }
                        else if stream.text(j, equals: "UIViewControllerRepresentable")
                                    || stream.text(j, equals: "NSViewControllerRepresentable") { swiftUIKind = .representable }
                    }
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
        // Room for all of the file's declarations at the first, so that the array is not grown (allocated and
        // copied) one declaration at a time.
        if file.types.isEmpty { file.types.reserveCapacity(typeDeclarationBound()) }
        file.types.append(CodeTypeDeclaration(path: fullPath, kind: kind, superclass: superclass,
                                              location: stream.location(i + 1, path: filePath),
                                              lines: stream.line(i + 1)...stream.line(stream.close(j))))
        if let storyboardProtocol { file.storyboardConformances.append(CodeConformance(path: fullPath, protocolName: storyboardProtocol)) }
        // `class SettingsHost: UIHostingController<SettingsView>`: a hosting controller whose root is that view.
        if recordUses, kind == .class, firstInherited >= 0, stream.isPunct(firstInherited + 1, "<"),
           stream.text(firstInherited, equals: "UIHostingController") || stream.text(firstInherited, equals: "NSHostingController"),
           stream.kind(firstInherited + 2) == .identifier, stream.isPunct(firstInherited + 3, ">") {
            let view = stream.text(firstInherited + 2)
            if view != "AnyView", hostedRoots.insert(fullPath + [view]).inserted {
                file.navigations.append(CodeNavigation(call: .root, controller: .hosting(view),
                                                       api: "\(stream.text(firstInherited))<\(view)>", enclosingType: fullPath,
                                                       location: stream.location(firstInherited + 2, path: filePath)))
            }
        }
        if recordUses, keyword != .protocol,
           let swiftUI = swiftUIKind ?? (kind == .extension && file.imports.contains("SwiftUI") ? .extension : nil) {
            swiftUIBodies.append(j)
            file.swiftUITypes.append(CodeSwiftUIType(path: fullPath, kind: swiftUI, uses: [],
                                                     location: stream.location(i + 1, path: filePath)))
        }
        pending.announce(.type(path: fullPath, stringEnum: kind == .enum && inheritsString), at: j)
    }

    /// At most how many type declarations the file holds: its type keywords, less those that cannot declare one
    /// (after a `.`, or `class func`, `class var`, …). Each is one of `stream.triggers`, which are far fewer than the
    /// tokens, so this is counted once, when the first declaration is recorded; and it is no more than the file's
    /// tokens, so a hostile file cannot make it reserve more than its size justifies.
    func typeDeclarationBound() -> Int {
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
    static let nameReuseWindow = 8

    /// The name at token `k` of the type an extension extends. An extension in the file of its type (the usual
    /// place) names a type declared a little earlier: that declaration's String is shared, where making the name
    /// again allocates for any name longer than fifteen bytes. Shared only when the bytes are the same (canonically
    /// equivalent spellings stay as written).
    func typeName(at k: Int) -> String {
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

    /// The name of the superclass at token `k`: one of the common ones is shared as a literal (`CommonTypeNames`).
    func superclassName(at k: Int) -> String {
        for name in CommonTypeNames.superclasses where stream.hasBytes(k, of: name) { return name }
        return stream.text(k)
    }

    /// `func name<T>(_ a: A, b c: B) -> R {`: a function scope with its parameters, maybe a storyboard helper,
    /// maybe an `@IBAction` unwind method.
    mutating func functionDeclaration(at i: Int) {
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
        var returnsBundle = false
        var returned = -1
        var k = 0
        while j < stream.count, k < 80 {
            let t = stream[j]
            if t.isPunct("{") { break }
            if t.isPunct("}") || t.isPunct(";") || t.isPunct("=") { return }
            if t.kind == .identifier {
                if t.newlineBefore, stream.startsDeclaration(j) { j = -1; break }
                if stream.kind(j - 1) == .punct, stream[j - 1].punct == CodeToken.arrow,
                   stream.isIdentifier(j, "Bundle") || stream.isIdentifier(j, "NSBundle") {
                    returnsBundle = true  // `-> Bundle`
                }
                if stream.kind(j - 1) == .punct, stream[j - 1].punct == CodeToken.arrow { returned = j }
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
        if returnsBundle, scopes.atTypeLevel || scopes.scopes.isEmpty {
            bundleHelpers(stream.text(i + 1), values: bundleReturns(brace: j), at: i)
        }
        if returned >= 0, recordUses, scopes.atTypeLevel || scopes.scopes.isEmpty { factory(returning: returned, body: j, at: i) }
        announceFunction(name: returnsStoryboard ? stream.text(i + 1) : "", returnsStoryboard: returnsStoryboard,
                         nameToken: i + 1, parameters: (open, close), at: j)
    }

    /// `func makeProfile() -> ProfileViewController {`: a factory whose call stands for a controller of that class
    /// in a navigation call (`CodeFactory`). Only a return type of one capitalised name, not a framework's (`UI…`,
    /// `NS…`) nor a common value type, is kept: it is the look-up of a navigation call, not a list of functions.
    private mutating func factory(returning t: Int, body: Int, at i: Int) {
        var end = t + 1
        while stream.isPunct(end, "!") || stream.isPunct(end, "?") { end += 1 }
        guard end == body, stream.kind(t) == .identifier else { return }
        let type = stream.text(t)
        guard let c = type.utf8.first, c >= UInt8(ascii: "A"), c <= UInt8(ascii: "Z"), !type.hasPrefix("UI"), !type.hasPrefix("NS"),
              !type.hasPrefix("CG"), !Self.valueTypes.contains(type) else { return }
        file.factories.append(CodeFactory(path: scopes.typePath + [stream.text(i + 1)], type: type))
    }

    private static let valueTypes: Set<String> = [
        "String", "Int", "Bool", "Double", "Float", "Void", "Data", "Date", "URL", "Any", "AnyObject", "Character",
        "Substring", "Int64", "Int32", "UInt", "Decimal", "UUID", "Array", "Dictionary", "Set", "Optional", "Result",
        "Never", "Bundle", "View", "AnyView", "Color", "Image", "Text", "Some", "Error",
    ]

    /// An `@IBAction` function at `i` with a `StoryboardSegue` parameter is an unwind action.
    mutating func unwindAction(at i: Int, open: Int, close: Int) {
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
    mutating func accessorDeclaration(at i: Int) {
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
    struct ParameterWalk {
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

    /// The Objective-C selector Swift gives `func name(label: …, …)` (docs/input-format.md §3.5): the compiler's
    /// rule, `ObjCSelectorWords.selector(name:labels:)`. Labels are `_` where none is written.
    static func selector(name: String, labels: [String]) -> String {
        ObjCSelectorWords.selector(name: name, labels: labels)
    }

    // MARK: Declarations

    /// `let`/`var` at file scope, in a type, or in a function (a local).
    mutating func variableDeclaration(at i: Int) {
        guard stream.kind(i + 1) == .identifier else { return }
        let isLet = stream[i].word == .let
        // A member is a fact under its name; a local is declared by its token (its String is made if it is looked up).
        let member = scopes.atTypeLevel || scopes.scopes.isEmpty
        var j = i + 2
        var typeText = ""
        // A local's type written as one name (`let vc: ProfileViewController?`): its token (see `LocalValue.pending`).
        var localType = -1
        if stream.isPunct(j, ":") {
            j += 1
            while j < stream.count, !stream.isPunct(j, "="), !stream.isPunct(j, "{"), !stream[j].newlineBefore {
                if stream.isPunct(j, "(") || stream.isPunct(j, "[") { j = stream.close(j) + 1; continue }
                if stream.isPunct(j, "}") || stream.isPunct(j, ";") || stream.isPunct(j, ",") || stream.isPunct(j, ")") { break }
                if member { typeText += stream.text(j) }  // only a member's type is looked at
                j += 1
            }
            if !member, stream.kind(i + 3) == .identifier, expressions.trimPostfix((i + 3)..<j).count == 1 { localType = i + 3 }
        }
        if member, !scopes.typePath.isEmpty, let type = PerformSegueRecognizer.className(typeText) {
            file.typedMembers.append(CodeTypedMember(owner: scopes.typePath, name: stream.text(i + 1), type: type))
        }
        if stream.isPunct(j, "{") {
            // A computed property (or a stored one with observers).
            computedProperty(typeText: typeText, brace: j, member: member, at: i)
            return
        }
        guard stream.isPunct(j, "=") else {
            if !member {
                expressionReader.scopes.declareLocal(token: i + 1, localType < 0 ? .unknown
                                                     : .pending(tokens: j..<j, isLet: isLet, type: localType))
            } else if Self.holdsStoryboard(typeText) || stream.isIdentifier(i + 1, "storyboard") {
                // `let storyboard: UIStoryboard`, set in an initializer: it hides UIKit's `storyboard`, value unknown.
                unknownStoryboardMember(stream.text(i + 1), typeText: typeText, at: i)
            }
            return
        }
        let start = j + 1
        if member, Self.holdsBundle(typeText), stream.isPunct(start, "{") {
            // `static let bundle: Bundle = { … return Bundle.module … }()`: what the closure returns.
            bundleHelpers(stream.text(i + 1), values: bundleReturns(brace: start), at: i)
            return
        }
        let end = expressions.expressionEnd(from: start)
        let range = start..<end
        guard member else {
            // A local: its value is read if its name is looked up (see `LocalValue.pending`).
            expressionReader.scopes.declareLocal(token: i + 1, .pending(tokens: range, isLet: isLet, type: localType))
            return
        }
        // A member: a storyboard helper, a generated scene or a constant.
        let name = stream.text(i + 1)
        if typeText.isEmpty, !scopes.typePath.isEmpty, let type = initialValueClass(range, isLet: isLet, at: i) {
            // `private let detail = DetailViewController()`, `lazy var detail = DetailViewController()`: navigation
            // hands it over as `detail`.
            file.typedMembers.append(CodeTypedMember(owner: scopes.typePath, name: name, type: type, fromInitialValue: true))
        }
        let storyboard = storyboardExpression(range, strict: true)
        if case .named(let value)? = storyboard {
            // `static let console = UIStoryboard(name: "Console", bundle: Bundle(for: Logger.self))`: another bundle.
            let first = expressions.trimPostfix(range).first ?? start
            let bundle = storyboardCall(at: first)?.1 ?? .main
            file.helpers.append(CodeStoryboardHelper(path: scopes.typePath + [name], name: value, bundle: bundle,
                                                     location: stream.location(i + 1, path: filePath)))
            return
        }
        if storyboard != nil || Self.holdsStoryboard(typeText) || name == "storyboard" {
            // A storyboard member whose value is no load by name (`= someFactory.make()`, `= NSStoryboard.main`).
            unknownStoryboardMember(name, typeText: stream.text(range), at: i)
            return
        }
        // `static let module: Bundle = .module`, `static let bundle = Bundle(for: Token.self)`: a bundle helper.
        if let bundle = expressionReader.bundle(range, strict: !Self.holdsBundle(typeText)) {
            bundleHelpers(name, values: [bundle], at: i)
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

    /// The class a member's initial value makes, where the member keeps it (a `let`, or a `lazy var` set once): `X()`,
    /// `X(…)`, `X.init(…)`, the whole value a call of a capitalised name.
    private func initialValueClass(_ range: Range<Int>, isLet: Bool, at i: Int) -> String? {
        let a = range.lowerBound
        guard range.count >= 3, stream.kind(a) == .identifier else { return nil }
        var open = a + 1
        if stream.isPunct(open, "."), stream.isIdentifier(open + 1, "init") { open += 2 }
        guard stream.isPunct(open, "("), stream.close(open) == range.upperBound - 1,
              isLet || stream.isIdentifier(i - 1, "lazy") || stream.isIdentifier(i - 2, "lazy") else { return nil }
        let c = stream.bytes[Int(stream[a].offset)]
        guard c >= UInt8(ascii: "A"), c <= UInt8(ascii: "Z") else { return nil }
        return stream.text(a)
    }

    /// Whether a type annotation (or a function's return type) is `Bundle`: `Bundle`, `Bundle?`, `NSBundle!`,
    /// `Foundation.Bundle`.
    static func holdsBundle(_ typeText: String) -> Bool {
        var text = Substring(typeText)
        while text.last == "?" || text.last == "!" { text = text.dropLast() }
        return text == "Bundle" || text == "NSBundle" || text == "Foundation.Bundle"
    }

    /// Records member `name` (the token after the keyword at `i`) of the enclosing type as returning `values`.
    mutating func bundleHelpers(_ name: String, values: [CodeBundle], at i: Int) {
        var seen: [CodeBundle] = []
        for value in values where !seen.contains(value) {
            seen.append(value)
            file.bundleHelpers.append(CodeBundleHelper(path: scopes.typePath + [name], value: value,
                                                       location: stream.location(i + 1, path: filePath)))
        }
    }

    /// What a body at `brace` that returns a bundle returns: its one expression (`{ Bundle(for: Token.self) }`), or
    /// the value of each of its `return`s (in `#if` branches, SwiftGen's `BundleToken` returns `Bundle.module` or
    /// `Bundle(for: BundleToken.self)`). Its locals are not known here: a returned local is a foreign bundle.
    func bundleReturns(brace: Int) -> [CodeBundle] {
        let close = stream.close(brace)
        guard brace + 1 < close else { return [] }
        var values: [CodeBundle] = []
        var j = brace + 1
        while j < close {
            if stream.isIdentifier(j, "return") {
                let end = expressions.expressionEnd(from: j + 1)
                if end > j + 1 { values.append(expressionReader.bundle((j + 1)..<end) ?? .foreign("")) }
                j = max(end, j + 1)
                continue
            }
            j += 1
        }
        if values.isEmpty {
            let end = expressions.expressionEnd(from: brace + 1)
            if end == close { values.append(expressionReader.bundle((brace + 1)..<end) ?? .foreign("")) }
        }
        return values
    }

    /// Whether a member's type annotation names a storyboard type.
    static func holdsStoryboard(_ typeText: String) -> Bool {
        typeText.containsBytes("UIStoryboard") || typeText.containsBytes("NSStoryboard")
    }

    /// A stored member of storyboard type whose value is not known: recorded so that it hides UIKit's `storyboard`
    /// property, and so that uses through it are reported as dynamic rather than guessed.
    mutating func unknownStoryboardMember(_ name: String, typeText: String, at i: Int) {
        let shown = typeText.isEmpty ? name : "\(name): \(typeText)"
        file.helpers.append(CodeStoryboardHelper(path: scopes.typePath + [name], name: .dynamic(shown), fromLoad: false,
                                                 location: stream.location(i + 1, path: filePath)))
    }

    /// `var x: UIStoryboard { … }` (a helper), `var id: String { "X" }` (a constant), R.swift 7 scene accessors.
    /// The property's name is the token after the keyword at `i`.
    mutating func computedProperty(typeText: String, brace: Int, member: Bool, at i: Int) {
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
        if member, Self.holdsBundle(typeText) {
            bundleHelpers(stream.text(i + 1), values: bundleReturns(brace: brace), at: i)
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
    func generatedScene(_ range: Range<Int>) -> String?? {
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
    mutating func enumCases(at i: Int) {
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


    /// Whether the call at `k` is the content of a scene or a container in an app's body: the first expression of a
    /// closure given to a type's initialiser (`WindowGroup { ContentView() }`, `Window("About", id: "a") { AboutView() }`,
    /// `NavigationView { AboutView() }`), not a modifier's (`.overlay { SplashView() }`), which adds to a screen.
    func opensScene(at k: Int) -> Bool {
        guard stream.isPunct(k - 1, "{") else { return false }
        var callee = k - 2
        if stream.isPunct(callee, ")") {
            // Back to the matching `(`, a few tokens at most in a scene's initialiser.
            var depth = 0
            var j = callee
            while j > k - 64, j >= 0 {
                if stream.isPunct(j, ")") { depth += 1 } else if stream.isPunct(j, "(") { depth -= 1; if depth == 0 { break } }
                j -= 1
            }
            guard depth == 0, stream.isPunct(j, "(") else { return false }
            callee = j - 1
        }
        // Not the body itself (`var body: some Scene {`).
        guard stream.kind(callee) == .identifier, !stream.isPunct(callee - 1, "."), !stream.isIdentifier(callee - 1, "some"),
              stream[callee].end > stream[callee].start else { return false }
        return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(stream.bytes[stream[callee].start])
    }

    /// At most how many names one SwiftUI type's uses keep: a view names a few dozen; a hostile file cannot make more.
    static let swiftUIUsesLimit = 512

    /// Fills in the uses of the SwiftUI types the file declares (`CodeSwiftUIType.uses`): the upper-case names called
    /// (`Name(` or `Name {`, not after a `.`, nor a `some View {` result type) in each one's body, outside the bodies of the SwiftUI types nested in it,
    /// which count for those. One walk over the tokens of the bodies, with a stack of the bodies open.
    mutating func recordSwiftUIUses() {
        guard !swiftUIBodies.isEmpty else { return }
        var names = Array(repeating: Set<String>(), count: swiftUIBodies.count)
        var open: [(record: Int, end: Int)] = []
        var next = 0
        var k = swiftUIBodies[0]
        while k < stream.count, next < swiftUIBodies.count || !open.isEmpty {
            while let last = open.last, last.end <= k { open.removeLast() }
            while next < swiftUIBodies.count, swiftUIBodies[next] <= k {
                open.append((next, stream.close(swiftUIBodies[next])))
                next += 1
            }
            if open.isEmpty {
                if next < swiftUIBodies.count { k = swiftUIBodies[next] } else { break }
                continue
            }
            let t = stream[k]
            if t.kind == .identifier, t.end > t.start, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(stream.bytes[t.start]),
               stream.isPunct(k + 1, "(") || stream.isPunct(k + 1, "{"), !stream.isPunct(k - 1, "."),
               // Not a result type (`var body: some View {`) nor a nested type's conformance (`struct Row: View {`).
               !stream.isIdentifier(k - 1, "some"), !stream.isIdentifier(k - 1, "any"),
               !(stream.isPunct(k - 1, ":") && stream.isPunct(k + 1, "{")),
               names[open[open.count - 1].record].count < Self.swiftUIUsesLimit,
               file.swiftUITypes[open[open.count - 1].record].kind != .app || opensScene(at: k) {
                names[open[open.count - 1].record].insert(stream.text(k))
            }
            k += 1
        }
        for r in names.indices { file.swiftUITypes[r].uses = names[r].sorted() }
    }
}
