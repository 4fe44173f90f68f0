import SBMapModel

/// Finds the `#if` branches of a source file and the condition each line is compiled under.
///
/// Directives are lines of their own in both languages, so a line scan finds them, outside block comments:
///
///     #if os(iOS)                      // Swift: os(), canImport(), targetEnvironment(), !, &&, ||, true, flags
///     #elseif os(tvOS) && !DEBUG
///     #else
///     #endif
///     #if TARGET_OS_IOS || TARGET_OS_TV // Objective-C: TARGET_OS_* macros, defined(), #ifdef, #ifndef, #elif, 0/1
///
/// The result is a list of line ranges (only those under some condition), each with the conjunction of every branch
/// around it. A condition sbmap cannot decide (`DEBUG`, `swift(>=5.9)`, a comparison) is `unknown`: the code counts
/// as maybe compiled, never dropped.
enum CompileConditionScanner {
    /// The most `#if`s around a line, and branches before one, whose conditions are kept: past them a condition is
    /// `unknown` (maybe compiled), so each line's condition has at most this many terms and a file of deeply nested
    /// `#if`s or of thousands of `#elseif`s is scanned in linear time (it was quadratic: 600 KB took 40 s). Real code
    /// nests a few deep.
    static let maxTrackedConditions = 32

    static func ranges(_ bytes: [UInt8], language: CodeLanguage) -> [CompileConditionRange] {
        guard bytes.containsIfDirective else { return [] }
        struct Frame {
            /// The conditions of the first branches before this one, as written (at most `maxTrackedConditions`),
            /// and whether there were more.
            var previous: [CompileCondition] = []
            var morePrevious = false
            /// This branch's condition as written, and with the earlier branches excluded.
            var raw: CompileCondition
            var current: CompileCondition

            /// The branches before this one were not taken.
            var excluded: CompileCondition {
                let none = CompileCondition.not(.any(previous))
                return morePrevious ? .all([none, .unknown("an #if with more than \(CompileConditionScanner.maxTrackedConditions) branches")]) : none
            }

            mutating func next(_ condition: CompileCondition) {
                if previous.count < CompileConditionScanner.maxTrackedConditions { previous.append(raw) } else { morePrevious = true }
                raw = condition
            }
        }
        var frames: [Frame] = []
        var result: [CompileConditionRange] = []
        var segmentStart = 1
        var segmentCondition: CompileCondition?
        func effective() -> CompileCondition? {
            var terms = frames.prefix(maxTrackedConditions).map(\.current)
            if frames.count > maxTrackedConditions { terms.append(.unknown("#if nested more than \(maxTrackedConditions) deep")) }
            return terms.isEmpty ? nil : terms.count == 1 ? terms[0] : .all(terms)
        }
        func change(at line: Int) {
            if let condition = segmentCondition, line - 1 >= segmentStart {
                result.append(CompileConditionRange(lines: segmentStart...(line - 1), condition: condition))
            }
            segmentStart = line + 1
            segmentCondition = effective()
        }

        var line = 1
        var start = 0
        var commentDepth = 0
        let swift = language == .swift
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let text = bytes[start..<end]
            if commentDepth == 0, let directive = Self.directive(text) {
                let rest = String(decoding: directive.rest, as: UTF8.self)
                switch directive.word {
                case "if":
                    let parsed = parse(rest, swift: swift)
                    frames.append(Frame(raw: parsed, current: parsed))
                    change(at: line)
                case "ifdef", "ifndef":
                    let name = rest.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
                    let defined = Self.defined(name)
                    let parsed: CompileCondition = directive.word == "ifdef" ? defined : .not(defined)
                    frames.append(Frame(raw: parsed, current: parsed))
                    change(at: line)
                case "elseif", "elif":
                    guard var frame = frames.popLast() else { break }
                    frame.next(parse(rest, swift: swift))
                    frame.current = .all([frame.excluded, frame.raw])
                    frames.append(frame)
                    change(at: line)
                case "else":
                    guard var frame = frames.popLast() else { break }
                    frame.next(.constant(true))
                    frame.current = frame.excluded
                    frames.append(frame)
                    change(at: line)
                case "endif":
                    guard !frames.isEmpty else { break }
                    frames.removeLast()
                    change(at: line)
                default:
                    break
                }
            }
            commentDepth = Self.commentDepth(after: text, from: commentDepth, nests: swift)
            line += 1
            start = end + 1
        }
        change(at: line)
        return result
    }

    /// `#if`, `#elseif`, … at the start of a line (after blanks), and the text after the word, comments cut off.
    static func directive(_ text: ArraySlice<UInt8>) -> (word: String, rest: ArraySlice<UInt8>)? {
        var i = text.startIndex
        while i < text.endIndex, text[i] == 0x20 || text[i] == 0x09 { i += 1 }
        guard i < text.endIndex, text[i] == UInt8(ascii: "#") else { return nil }
        i += 1
        while i < text.endIndex, text[i] == 0x20 || text[i] == 0x09 { i += 1 }  // C allows `#  if`
        let wordStart = i
        while i < text.endIndex, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(text[i]) { i += 1 }
        let word = String(decoding: text[wordStart..<i], as: UTF8.self)
        guard ["if", "ifdef", "ifndef", "elseif", "elif", "else", "endif"].contains(word) else { return nil }
        var end = text.endIndex
        var k = i
        while k + 1 < text.endIndex {
            if text[k] == UInt8(ascii: "/"), text[k + 1] == UInt8(ascii: "/") || text[k + 1] == UInt8(ascii: "*") {
                end = k
                break
            }
            k += 1
        }
        return (word, text[i..<end])
    }

    /// The block-comment depth after a line (Swift's block comments nest, C's do not). Strings are not tracked: a
    /// `/*` inside a string on a directive-free line only delays the next directive by the comment's length.
    static func commentDepth(after text: ArraySlice<UInt8>, from depth: Int, nests: Bool) -> Int {
        var depth = depth
        var i = text.startIndex
        while i + 1 < text.endIndex {
            if text[i] == UInt8(ascii: "/"), text[i + 1] == UInt8(ascii: "*") {
                depth = nests ? depth + 1 : 1
                i += 2
            } else if depth > 0, text[i] == UInt8(ascii: "*"), text[i + 1] == UInt8(ascii: "/") {
                depth -= 1
                i += 2
            } else if depth == 0, text[i] == UInt8(ascii: "/"), text[i + 1] == UInt8(ascii: "/") {
                break
            } else {
                i += 1
            }
        }
        return depth
    }

    /// `defined(TARGET_OS_IOS)` is true everywhere (TargetConditionals defines each as 0 or 1); other macros are unknown.
    static func defined(_ name: String) -> CompileCondition {
        name.hasPrefix("TARGET_OS_") || name == "TARGET_IPHONE_SIMULATOR" ? .constant(true) : .unknown("defined(\(name))")
    }

    // MARK: Expressions

    static func parse(_ text: String, swift: Bool) -> CompileCondition {
        var parser = ConditionParser(tokens: ConditionParser.tokenize(text), swift: swift)
        let condition = parser.orExpression()
        return parser.atEnd ? condition : .unknown(text.trimmingSpaces)
    }
}

/// A recursive-descent parser for `#if` conditions: `||` over `&&` over `!` over atoms, with a depth limit.
struct ConditionParser {
    var tokens: [String]
    let swift: Bool
    var position = 0
    var depth = 0

    var atEnd: Bool { position >= tokens.count }
    private var peek: String? { position < tokens.count ? tokens[position] : nil }

    static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == " " || c == "\t" || c == "\r" || c == "\\" { i += 1; continue }
            if i + 1 < scalars.count, ["&&", "||", ">=", "<=", "==", "!="].contains(String(c) + String(scalars[i + 1])) {
                tokens.append(String(c) + String(scalars[i + 1]))
                i += 2
            } else if c.properties.isAlphabetic || c == "_" || ("0"..."9").contains(c) || c == "." {
                var word = ""
                while i < scalars.count, scalars[i].properties.isAlphabetic || scalars[i] == "_" || ("0"..."9").contains(scalars[i]) || scalars[i] == "." {
                    word.unicodeScalars.append(scalars[i])
                    i += 1
                }
                tokens.append(word)
            } else {
                tokens.append(String(c))
                i += 1
            }
        }
        return tokens
    }

    mutating func orExpression() -> CompileCondition {
        var terms = [andExpression()]
        while peek == "||" {
            position += 1
            terms.append(andExpression())
        }
        return terms.count == 1 ? terms[0] : .any(terms)
    }

    mutating func andExpression() -> CompileCondition {
        var terms = [unary()]
        while peek == "&&" {
            position += 1
            terms.append(unary())
        }
        return terms.count == 1 ? terms[0] : .all(terms)
    }

    mutating func unary() -> CompileCondition {
        guard depth < 64 else { position = tokens.count; return .unknown("too deep") }
        depth += 1
        defer { depth -= 1 }
        if peek == "!" {
            position += 1
            return .not(unary())
        }
        return comparison()
    }

    /// An atom, and a comparison after it (`__IPHONE_OS_VERSION_MIN_REQUIRED >= 130000`), which is unknown.
    mutating func comparison() -> CompileCondition {
        let left = atom()
        if let op = peek, [">=", "<=", "==", "!=", ">", "<"].contains(op) {
            position += 1
            _ = atom()
            return .unknown("comparison")
        }
        return left
    }

    mutating func atom() -> CompileCondition {
        guard let token = peek else { return .unknown("") }
        position += 1
        if token == "(" {
            let inner = orExpression()
            if peek == ")" { position += 1 }
            return inner
        }
        if peek == "(" {
            // A call: os(iOS), canImport(UIKit, _version: 2), targetEnvironment(simulator), defined(X), swift(>=5.9).
            position += 1
            var arguments: [String] = []
            var level = 1
            while let t = peek, level > 0 {
                position += 1
                if t == "(" { level += 1 } else if t == ")" { level -= 1; if level == 0 { break } }
                arguments.append(t)
            }
            let first = arguments.first ?? ""
            switch token {
            case "os": return .os(first)
            case "canImport": return .canImport(first)
            case "targetEnvironment": return .targetEnvironment(first)
            case "defined": return CompileConditionScanner.defined(first)
            default: return .unknown("\(token)(\(arguments.joined()))")
            }
        }
        if token == "defined", let name = peek {  // `defined X`
            position += 1
            return CompileConditionScanner.defined(name)
        }
        if token == "true" { return .constant(true) }
        if token == "false" { return .constant(false) }
        if let number = Int(token) { return .constant(number != 0) }
        if !swift, let macro = Self.targetMacro(token) { return macro }
        return .unknown(token)
    }

    /// What an Objective-C `TARGET_OS_…` macro means.
    static func targetMacro(_ name: String) -> CompileCondition? {
        switch name {
        case "TARGET_OS_IOS": .os("iOS")
        case "TARGET_OS_TV": .os("tvOS")
        case "TARGET_OS_WATCH": .os("watchOS")
        case "TARGET_OS_OSX": .os("macOS")
        case "TARGET_OS_VISION": .os("visionOS")
        case "TARGET_OS_IPHONE", "TARGET_OS_EMBEDDED": .any([.os("iOS"), .os("tvOS"), .os("watchOS"), .os("visionOS")])
        case "TARGET_OS_MAC": .constant(true)  // every Apple platform
        case "TARGET_OS_MACCATALYST", "TARGET_OS_UIKITFORMAC": .targetEnvironment("macCatalyst")
        case "TARGET_OS_SIMULATOR", "TARGET_IPHONE_SIMULATOR": .targetEnvironment("simulator")
        default: nil
        }
    }
}

extension [UInt8] {
    /// Whether `#if` (or `# if`, `#ifdef`) appears anywhere: most files have none, and are not scanned line by line.
    var containsIfDirective: Bool {
        withUnsafeBufferPointer { buffer in
            var i = 0
            let n = buffer.count
            while i + 2 < n {
                if buffer[i] == UInt8(ascii: "#") {
                    var k = i + 1
                    while k < n, buffer[k] == 0x20 { k += 1 }
                    if k + 1 < n, buffer[k] == UInt8(ascii: "i"), buffer[k + 1] == UInt8(ascii: "f") { return true }
                }
                i += 1
            }
            return false
        }
    }
}
