import SBMapModel

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
        guard case .pending(let tokens, let isLet, _) = value else { return value }
        guard !tokens.isEmpty else { return .unknown }  // `let vc: X`, set later
        guard depth < Self.maxLocalDepth else { return .unknown }
        var there = self
        there.limit = position
        there.depth = depth + 1
        if let storyboard = there.storyboardExpression(tokens, strict: true) { return .storyboard(storyboard) }
        if let bundle = there.bundle(tokens, strict: true) { return isLet ? .bundle(bundle) : .unknown }
        let string = there.string(tokens, dynamicText: false)  // a dynamic value makes an `.unknown` local
        switch string {
        case .literal, .symbol, .typeName, .ownTypeName, .implicitMember: return isLet ? .string(string) : .unknown
        default: return .unknown
        }
    }

    func string(_ range: Range<Int>, dynamicText: Bool = true) -> CodeString {
        expressions.string(range, dynamicText: dynamicText, locals: self)
    }

    /// Whether `range` is the main bundle: `nil`, `.main`, `Bundle.main`, `Foundation.Bundle.main` or
    /// `NSBundle.mainBundle()`. Compared token by token: making the argument's text to look it up costs more than
    /// the rest of reading the call.
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

    /// The bundle an expression stands for: the main bundle, the caller's own (`Bundle(for:
    /// Self.self)`, `Bundle(for: type(of: self))`, `.module`), a class's (`Bundle(for: X.self)`), a member that
    /// returns one (`BundleLoader.module`, a local bound to one), or a foreign one. With `strict` (a local's or a
    /// member's value), only forms that certainly are bundles count: `nil` for anything else.
    func bundle(_ range: Range<Int>, strict: Bool = false) -> CodeBundle? {
        let range = expressions.trimPostfix(range)
        guard let a = range.first else { return strict ? nil : .foreign("") }
        var text: String { stream.text(range) }
        // (`nil` and `.main` alone are no bundle for a local: `let x = .main` is a string's implicit member.)
        if isMainBundle(range) { return strict && range.count <= 2 ? nil : .main }
        if range.count == 2, stream.isPunct(a, "."), stream.kind(a + 1) == .identifier {
            // `.module` (a package target's own bundle), or a member of an extension of `Bundle` (`.framework`).
            if strict { return nil }
            return stream.isIdentifier(a + 1, "module") ? .own : .member(["Bundle", stream.text(a + 1)])
        }
        if stream.isIdentifier(a, "Bundle") || stream.isIdentifier(a, "NSBundle") {
            var open = a + 1
            if stream.isPunct(open, "."), stream.isIdentifier(open + 1, "init") { open += 2 }
            if stream.isPunct(open, "("), stream.close(open) == range.upperBound - 1 {
                let args = expressions.arguments(open: open)
                if args.count == 1, expressions.hasLabel(args[0], "identifier") {
                    return .identifier(string(args[0].range), text: text)
                }
                guard args.count == 1, expressions.hasLabel(args[0], "for") || expressions.hasLabel(args[0], "forClass") else {
                    return .foreign(text)  // `Bundle(path:)`, `Bundle(url:)`
                }
                return classBundle(args[0].range) ?? .foreign(text)
            }
            if range.count == 3, stream.isPunct(a + 1, "."), stream.kind(a + 2) == .identifier {
                return stream.isIdentifier(a + 2, "module") ? .own : .member(["Bundle", stream.text(a + 2)])
            }
            return strict ? nil : .foreign(text)
        }
        if strict { return nil }
        var pathRange = range
        // `Foo.bundle()`: a helper function without arguments.
        if range.count >= 3, stream.isPunct(range.upperBound - 1, ")"), stream.isPunct(range.upperBound - 2, "(") {
            pathRange = range.lowerBound..<(range.upperBound - 2)
        }
        guard var path = expressions.dottedPath(pathRange) else { return .foreign(text) }
        if path.first == "self" { path.removeFirst() }
        guard !path.isEmpty else { return .foreign(text) }
        if path.count == 1, let value = local(path[0]) {
            switch value {
            case .bundle(let bundle): return bundle
            case .string(.symbol(let member)): return .member(member)  // `let assets = OTRAssets.resourcesBundle`
            default: return .foreign(text)  // a parameter, a `var`
            }
        }
        if path.count > 1, local(path[0]) != nil { return .foreign(text) }
        return .member(path)
    }

    /// `Bundle(for: X)`'s argument: `Self.self`, `self` (in a class method), `type(of: self)` are the caller's own
    /// class; `X.self` the class `X`.
    private func classBundle(_ range: Range<Int>) -> CodeBundle? {
        let a = range.lowerBound
        if stream.isIdentifier(a, "type") {
            // Only `type(of: self)`: `type(of: other)` is another object's class.
            guard range.count == 6, stream.isPunct(a + 1, "("), stream.isIdentifier(a + 2, "of"), stream.isPunct(a + 3, ":"),
                  stream.isIdentifier(a + 4, "self"), stream.isPunct(a + 5, ")") else { return nil }
            return .own
        }
        switch expressions.typeName(range) {
        case .ownTypeName?: return .own
        case .typeName(let name)?: return name == "Self" ? .own : .ofType(name)
        default: return nil
        }
    }

    /// Reads `UIStoryboard(name: X, bundle: B)` at `i`: the name, the bundle (`.main` when none is written), and the
    /// index of the closing parenthesis.
    func storyboardCall(at i: Int) -> (CodeString, CodeBundle, Int)? {
        var open = i + 1
        if stream.isPunct(open, "."), stream.isIdentifier(open + 1, "init") { open += 2 }
        guard stream.isPunct(open, "(") else { return nil }
        let args = expressions.arguments(open: open)
        guard let nameArg = args.first, expressions.hasLabel(nameArg, "name") else { return nil }
        var bundle = CodeBundle.main
        for arg in args where expressions.hasLabel(arg, "bundle") {
            bundle = self.bundle(arg.range) ?? .main
            break
        }
        return (string(nameArg.range), bundle, stream.close(open))
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
                    if case .parameter = value { return .parameter("storyboard") }
                    return .dynamic(text)
                }
                return .own
            }
            if path.count == 1, let value = local(path[0]) {
                if case .storyboard(let ref) = value { return ref }
                if case .parameter = value, !strict { return .parameter(path[0]) }
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

/// The reader's questions that need only the tokens. Here rather than methods of the reader: a method of the reader
/// called from one that changes it may copy the whole reader (a few hundred bytes) for each call.
extension TokenStream {
    func isFuncKeyword(_ i: Int) -> Bool { kind(i) == .identifier && self[i].word == .func }

    /// Whether the name at `i` declares or matches rather than calls: an enum case
    /// (`case performSegue(withIdentifier: String, sender: Any?)`), or an implicit member after `case`, `,`, `(`,
    /// `=` or `return` (`case .performSegue(let id, let sender):`, `return .performSegue(…)`), which names an enum's
    /// case or a static member, never UIKit's method.
    func isDeclarationOrPattern(at i: Int) -> Bool {
        if kind(i - 1) == .identifier, word(i - 1) == .case { return true }
        guard isPunct(i - 1, ".") else { return false }
        if kind(i - 2) == .identifier {
            return word(i - 2) == .case || word(i - 2) == .let || word(i - 2) == .var || isIdentifier(i - 2, "return")
        }
        return isPunct(i - 2, ",") || isPunct(i - 2, "(") || isPunct(i - 2, "=") || isPunct(i - 2, ":")
            || isPunct(i - 2, "{") || isPunct(i - 2, ";") || i - 2 < 0
    }

    /// Whether an argument binds a name (`let id`, `var id`): a pattern's, never a call's.
    func isBinding(_ range: Range<Int>) -> Bool {
        !range.isEmpty && kind(range.lowerBound) == .identifier
            && (word(range.lowerBound) == .let || word(range.lowerBound) == .var)
    }

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
