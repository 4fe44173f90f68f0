import SBMapModel

/// What a local name (or parameter) holds, asked while an expression is read.
/// A protocol, not a closure: a closure that captures a reader copies it (retaining everything the reader holds),
/// while a reader passed as an argument is only borrowed.
protocol LocalNames {
    func local(_ name: String) -> LocalValue?
}

extension ScopeStack: LocalNames {}

/// Reading expressions out of a token range: string arguments, storyboard receivers, call arguments.
/// Shared by the Swift and Objective-C readers; every function is total (garbage gives `.dynamic`).
struct CodeExpressions {
    let stream: TokenStream
    let language: CodeLanguage

    /// One argument of a call: the token of its label (`withIdentifier`) when written (else -1), and its tokens.
    /// The label is compared in the file's bytes (`hasLabel`); its String is made only when wanted (`label`).
    struct Argument {
        var labelToken: Int
        var range: Range<Int>
    }

    /// The label of `argument`, if written.
    func label(_ argument: Argument) -> String? {
        argument.labelToken >= 0 ? stream.text(argument.labelToken) : nil
    }

    /// Whether `argument`'s label is `name` (ASCII).
    func hasLabel(_ argument: Argument, _ name: StaticString) -> Bool {
        argument.labelToken >= 0 && stream.isIdentifier(argument.labelToken, name)
    }

    /// The arguments of one call, in order. The first four are held inline and only a fifth and later go to an
    /// array: the readers split a call or two per storyboard use, nearly all of one to three arguments, and an array
    /// for each would be an allocation and a release per call, more than the rest of splitting it.
    struct Arguments: RandomAccessCollection {
        private static let none = Argument(labelToken: -1, range: 0..<0)
        private var a0 = none, a1 = none, a2 = none, a3 = none
        /// The arguments after the fourth (empty, and so never allocated, for nearly every call).
        private var more: [Argument] = []
        private(set) var endIndex = 0
        var startIndex: Int { 0 }

        subscript(i: Int) -> Argument {
            precondition(i >= 0 && i < endIndex, "argument index out of range")
            switch i {
            case 0: return a0
            case 1: return a1
            case 2: return a2
            case 3: return a3
            default: return more[i - 4]
            }
        }

        fileprivate mutating func append(_ argument: Argument) {
            switch endIndex {
            case 0: a0 = argument
            case 1: a1 = argument
            case 2: a2 = argument
            case 3: a3 = argument
            default: more.append(argument)
            }
            endIndex += 1
        }
    }

    /// Splits the arguments of the call whose `(` is at `open`.
    func arguments(open: Int) -> Arguments {
        let close = stream.close(open)
        var result = Arguments()
        var start = open + 1
        var j = start
        func flush(_ end: Int) {
            guard end > start else { return }
            if stream.kind(start) == .identifier, stream.isPunct(start + 1, ":"), end > start + 2 {
                result.append(Argument(labelToken: start, range: (start + 2)..<end))
            } else {
                result.append(Argument(labelToken: -1, range: start..<end))
            }
        }
        while j < close {
            let t = stream[j]
            if t.kind == .punct, t.punct == UInt8(ascii: "(") || t.punct == UInt8(ascii: "[") || t.punct == UInt8(ascii: "{") {
                j = stream.close(j) + 1
                continue
            }
            if t.isPunct(",") {
                flush(j)
                start = j + 1
            }
            j += 1
        }
        flush(min(close, stream.count))
        return result
    }

    /// The end (exclusive) of the expression starting at `start`: the statement or argument it belongs to ends at
    /// a line break (unless the next line continues with `.`), `;`, `,`, a closing bracket, `{` or `else`.
    func expressionEnd(from start: Int) -> Int {
        var j = start
        while j < stream.count {
            let t = stream[j]
            if j > start && t.newlineBefore && !t.isPunct(".") && !(language == .objectiveC) { break }
            if t.kind == .punct {
                switch t.punct {
                case UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "{"):
                    return j
                case UInt8(ascii: "("), UInt8(ascii: "["):
                    j = stream.close(j) + 1
                    continue
                default: break
                }
            } else if stream.isIdentifier(j, "else") {
                return j
            }
            j += 1
        }
        return min(j, stream.count)
    }

    /// Reads a dotted identifier path covering exactly `range` (`A.B.c`, `self.x`); `nil` otherwise.
    /// Most expressions are no path (`f(x)`, `a + b`): the shape is checked before any String is made.
    func dottedPath(_ range: Range<Int>) -> [String]? {
        guard !range.isEmpty, range.count % 2 == 1 else { return nil }
        for j in range {
            let isName = (j - range.lowerBound) % 2 == 0
            guard isName ? stream.kind(j) == .identifier : stream.isPunct(j, ".") else { return nil }
        }
        return stride(from: range.lowerBound, to: range.upperBound, by: 2).map { stream.text($0) }
    }

    /// Drops postfix `!` and `?` at the end of a range.
    func trimPostfix(_ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, stream.isPunct(end - 1, "!") || stream.isPunct(end - 1, "?") { end -= 1 }
        return range.lowerBound..<end
    }

    /// Reads a string-valued expression covering `range`.
    /// `locals` answers for names declared in the enclosing function. With `dynamicText: false` a dynamic value
    /// carries no text (`.dynamic("")`), for callers that drop dynamic values anyway.
    func string<Locals: LocalNames>(_ range: Range<Int>, dynamicText: Bool = true, locals: Locals) -> CodeString {
        let range = trimPostfix(range)
        guard !range.isEmpty else { return .dynamic("") }
        let a = range.lowerBound
        let first = stream[a]
        // The source text is only needed for a dynamic value, and building it costs more than reading the
        // expression: it is built on demand.
        var text: String { dynamicText ? stream.text(range) : "" }

        // A single literal.
        if range.count == 1, first.kind == .string {
            return first.interpolated ? .dynamic(text) : .literal(stream.text(a))
        }
        // `NSStoryboard.Name("X")`, `NSStoryboard.SceneIdentifier(rawValue: "X")`, `UIStoryboard.Name.init("X")`,
        // `NSStoryboardSegue.Identifier("x")`.
        if (stream.isIdentifier(a, "NSStoryboard") || stream.isIdentifier(a, "UIStoryboard")) && stream.isPunct(a + 1, ".")
            && (stream.isIdentifier(a + 2, "Name") || stream.isIdentifier(a + 2, "SceneIdentifier"))
            || stream.isIdentifier(a, "NSStoryboardSegue") && stream.isPunct(a + 1, ".") && stream.isIdentifier(a + 2, "Identifier") {
            var open = a + 3
            if stream.isPunct(open, "."), stream.isIdentifier(open + 1, "init") { open += 2 }
            if stream.isPunct(open, "("), stream.close(open) == range.upperBound - 1 {
                let args = arguments(open: open)
                if args.count == 1, args[0].labelToken < 0 || hasLabel(args[0], "rawValue") {
                    return string(args[0].range, dynamicText: dynamicText, locals: locals)
                }
            }
            return .dynamic(text)
        }
        // `String(describing: Foo.self)`, `NSStringFromClass(Foo.self)`, `NSStringFromClass([Foo class])`.
        if stream.isIdentifier(a, "String") || stream.isIdentifier(a, "NSStringFromClass"),
           stream.isPunct(a + 1, "("), stream.close(a + 1) == range.upperBound - 1 {
            let args = arguments(open: a + 1)
            guard args.count == 1, args[0].labelToken < 0 || hasLabel(args[0], "describing") else { return .dynamic(text) }
            return typeName(args[0].range) ?? .dynamic(text)
        }
        // `.member`: an enum case of a type that is not written.
        if first.isPunct("."), range.count == 2, stream.kind(a + 1) == .identifier {
            return .implicitMember(stream.text(a + 1))
        }
        // A name or dotted path.
        if var path = dottedPath(range) {
            if path.first == "self" { path.removeFirst() }
            if path.count == 1, path[0] == "rawValue" { return .ownRawValue }
            if path.last == "rawValue" { path.removeLast() }
            if path.count == 1, path[0] == "className" { return .ownTypeName }
            guard !path.isEmpty else { return .dynamic(text) }
            if path.count == 1, let value = locals.local(path[0]) {
                switch value {
                case .string(let s): return s
                case .parameter: return .parameter(path[0])
                case .storyboard, .bundle, .unknown, .pending: return .dynamic(text)  // (a reader resolves `.pending` first)
                }
            }
            // An Objective-C property access on a local (`vc.identifier`) cannot be a constant.
            if path.count > 1, locals.local(path[0]) != nil { return .dynamic(text) }
            return .symbol(path)
        }
        return .dynamic(text)
    }

    /// `Foo.self`, `self`, `Self.self`, `type(of: self)`, `[Foo class]`, `[self class]`, `Foo.class`.
    func typeName(_ range: Range<Int>) -> CodeString? {
        let range = trimPostfix(range)
        let a = range.lowerBound
        if let path = dottedPath(range) {
            switch path {
            case ["self"], ["Self", "self"], ["self", "class"], ["self", "self"]: return .ownTypeName
            default:
                if path.count >= 2, path.last == "self" || path.last == "class" { return .typeName(path[path.count - 2]) }
                return nil
            }
        }
        if stream.isIdentifier(a, "type"), stream.isPunct(a + 1, "(") { return .ownTypeName }
        if stream.isPunct(a, "["), range.count == 4, stream.isIdentifier(a + 2, "class"), stream.kind(a + 1) == .identifier {
            let name = stream.text(a + 1)
            return name == "self" ? .ownTypeName : .typeName(name)
        }
        return nil
    }
}

extension TokenStream {
    /// Whether the name of identifier `i` contains `needle` (ASCII), looked for in the file's bytes without making
    /// a String of the name.
    func identifier(_ i: Int, contains needle: String) -> Bool {
        guard i >= 0, i < count, tokens[i].kind == .identifier, tokens[i].end - tokens[i].start >= needle.utf8.count else {
            return false
        }
        let t = tokens[i]
        return bytes.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[t.start..<t.end]).containsBytes(needle) }
    }
}
