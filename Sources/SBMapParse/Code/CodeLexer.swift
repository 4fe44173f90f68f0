import SBMapModel

/// A tokenizer for Swift and Objective-C that knows comments and string literals, so that a call inside a
/// comment or a string is never seen as a call (storyboard-format.md §7.3, pitfall 1).
///
/// It works on bytes, so any input (binary, non-UTF-8, a megabyte on one line, an unterminated comment or string)
/// tokenizes in linear time without failing. What it knows:
/// * Swift: `//`, nested `/* */`, `"…"`, `"""…"""`, raw `#"…"#` (any number of `#`), interpolation `\(…)` with
///   strings nested inside it, backtick identifiers, `@attributes`, `#directives`.
/// * Objective-C: `//`, `/* */` (not nested), `"…"`, `@"…"`, character literals, `#define` lines
///   (the directive is an identifier token; the rest of the line follows as tokens).
struct CodeLexer {
    let language: CodeLanguage
    private let bytes: [UInt8]
    private var pos = 0
    private var tokens: [CodeToken] = []
    /// The decoded values of string literals; a string token holds its index here.
    private var strings: [String] = []
    private var sawNewline = true
    // Line and column of `cursor`, advanced lazily as tokens are emitted (token starts only move forward).
    private var cursor = 0
    private var line = 1
    private var column = 1

    /// The deepest interpolation nesting followed; deeper input is read as plain string text.
    private static let maxInterpolationDepth = 8

    init(bytes: [UInt8], language: CodeLanguage) {
        self.bytes = bytes
        self.language = language
    }

    /// Tokenizes the whole input.
    static func tokenize(_ bytes: [UInt8], language: CodeLanguage) -> TokenStream {
        var lexer = CodeLexer(bytes: bytes, language: language)
        lexer.run()
        return TokenStream(tokens: lexer.tokens, bytes: bytes, strings: lexer.strings)
    }

    private mutating func run() {
        tokens.reserveCapacity(bytes.count / 5)
        let n = bytes.count
        while pos < n {
            let c = bytes[pos]
            switch c {
            case 0x0A:  // \n
                sawNewline = true
                pos += 1
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C, 0x00:
                pos += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                skipLineComment()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "\""):
                lexString(start: pos, hashes: 0, prefixLength: 0)
            case UInt8(ascii: "@") where language == .objectiveC && peek(1) == UInt8(ascii: "\""):
                lexString(start: pos, hashes: 0, prefixLength: 1)
            case UInt8(ascii: "'") where language == .objectiveC:
                lexCharLiteral()
            case UInt8(ascii: "#") where language == .swift && isRawStringStart():
                var h = 0
                while peek(h) == UInt8(ascii: "#") { h += 1 }
                lexString(start: pos, hashes: h, prefixLength: h)
            case UInt8(ascii: "`") where language == .swift:
                lexBacktickIdentifier()
            case UInt8(ascii: "@"), UInt8(ascii: "#"):
                if pos + 1 < n, Self.isIdentifierStart(bytes[pos + 1]) {
                    let start = pos
                    pos += 1
                    while pos < n, Self.isIdentifierPart(bytes[pos]) { pos += 1 }
                    emitIdentifier(start: start, name: start..<pos)
                } else {
                    emitPunct()
                }
            default:
                if Self.isIdentifierStart(c) {
                    let start = pos
                    pos += 1
                    while pos < n, Self.isIdentifierPart(bytes[pos]) { pos += 1 }
                    emitIdentifier(start: start, name: start..<pos)
                } else if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                    let start = pos
                    pos += 1
                    while pos < n, Self.isIdentifierPart(bytes[pos]) || (bytes[pos] == UInt8(ascii: ".") && isDigit(pos + 1)) {
                        pos += 1
                    }
                    emit(.number, start: start, end: pos)
                } else {
                    emitPunct()
                }
            }
        }
    }

    // MARK: Characters

    private func peek(_ offset: Int) -> UInt8? {
        let i = pos + offset
        return i < bytes.count ? bytes[i] : nil
    }

    private func isDigit(_ i: Int) -> Bool {
        i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9")
    }

    /// Letters, `_`, `$`, and every non-ASCII byte (Unicode identifiers, or garbage: either way, not syntax).
    static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c == 0x24 || c >= 0x80
    }

    static func isIdentifierPart(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || (c >= 0x30 && c <= 0x39)
    }

    // MARK: Emitting

    /// Moves the line/column cursor to `offset`.
    private mutating func advanceCursor(to offset: Int) {
        while cursor < offset {
            let c = bytes[cursor]
            if c == 0x0A {
                line += 1
                column = 1
            } else if c & 0xC0 != 0x80 {
                column += 1
            }
            cursor += 1
        }
    }

    /// Appends a token whose first character is at byte `at`. `start` and `end` are what the token points at:
    /// its text's bytes, or for a string the index of its value in `strings` (see `CodeToken`).
    private mutating func emit(_ kind: CodeToken.Kind, at: Int, start: Int, end: Int, punct: UInt8 = 0,
                               word: CodeWord = .other, interpolated: Bool = false) {
        advanceCursor(to: at)
        tokens.append(CodeToken(kind: kind, punct: punct, word: word, start: start, end: end, line: line, column: column,
                                newlineBefore: sawNewline, interpolated: interpolated))
        sawNewline = false
    }

    /// A number (or character literal) token: the bytes `start..<end`.
    private mutating func emit(_ kind: CodeToken.Kind, start: Int, end: Int) {
        emit(kind, at: start, start: start, end: end)
    }

    /// An identifier token starting at `start` whose name is `bytes[name]` (without backticks).
    private mutating func emitIdentifier(start: Int, name: Range<Int>) {
        emit(.identifier, at: start, start: name.lowerBound, end: name.upperBound, word: CodeWord.recognize(bytes, name))
    }

    private mutating func emitPunct() {
        let start = pos
        if bytes[pos] == UInt8(ascii: "-"), peek(1) == UInt8(ascii: ">") {
            pos += 2
            emit(.punct, at: start, start: start, end: pos, punct: CodeToken.arrow)
            return
        }
        let c = bytes[pos]
        pos += 1
        emit(.punct, at: start, start: start, end: pos, punct: c)
    }

    // MARK: Comments

    private mutating func skipLineComment() {
        while pos < bytes.count, bytes[pos] != 0x0A { pos += 1 }
    }

    /// Swift block comments nest; C ones do not. An unterminated comment runs to the end of the file.
    private mutating func skipBlockComment() {
        pos += 2
        var depth = 1
        let n = bytes.count
        while pos < n {
            let c = bytes[pos]
            if c == 0x0A { sawNewline = true }
            if c == UInt8(ascii: "*"), pos + 1 < n, bytes[pos + 1] == UInt8(ascii: "/") {
                pos += 2
                depth -= 1
                if depth == 0 { return }
                continue
            }
            if language == .swift, c == UInt8(ascii: "/"), pos + 1 < n, bytes[pos + 1] == UInt8(ascii: "*") {
                pos += 2
                depth += 1
                continue
            }
            pos += 1
        }
    }

    // MARK: Strings

    /// `#"`, `##"`, `#"""` start a raw string.
    private func isRawStringStart() -> Bool {
        var i = pos
        while i < bytes.count, bytes[i] == UInt8(ascii: "#") { i += 1 }
        return i > pos && i < bytes.count && bytes[i] == UInt8(ascii: "\"")
    }

    /// Lexes a string literal starting at `start` (at its `@`, `#`s or quote) and emits one token.
    private mutating func lexString(start: Int, hashes: Int, prefixLength: Int) {
        pos = start + prefixLength
        var value: [UInt8] = []
        var interpolated = false
        scanStringBody(hashes: hashes, value: &value, interpolated: &interpolated, depth: 0)
        strings.append(String(decoding: value, as: UTF8.self))
        emit(.string, at: start, start: strings.count - 1, end: strings.count, interpolated: interpolated)
        if language == .objectiveC { mergeAdjacentObjCStrings() }
    }

    /// `@"a" @"b"` and `"a" "b"` are one literal in C.
    private mutating func mergeAdjacentObjCStrings() {
        guard tokens.count >= 2 else { return }
        let last = tokens[tokens.count - 1]
        let before = tokens[tokens.count - 2]
        guard before.kind == .string, last.kind == .string else { return }
        // The last literal's value is the last in `strings`: join it to the one before and drop it.
        strings[before.start] += strings[last.start]
        strings.removeLast()
        tokens[tokens.count - 2].interpolated = before.interpolated || last.interpolated
        tokens.removeLast()
    }

    /// Reads from the opening quote (at `pos`) to just past the closing delimiter. Single-line literals end at a
    /// line break when unterminated; multi-line ones at the end of the input.
    private mutating func scanStringBody(hashes: Int, value: inout [UInt8], interpolated: inout Bool, depth: Int) {
        let n = bytes.count
        let multiline = language == .swift && pos + 2 < n
            && bytes[pos + 1] == UInt8(ascii: "\"") && bytes[pos + 2] == UInt8(ascii: "\"")
        pos += multiline ? 3 : 1
        if multiline {
            // The content starts on the next line.
            while pos < n, bytes[pos] != 0x0A { pos += 1 }
            if pos < n { pos += 1 }
        }
        while pos < n {
            let c = bytes[pos]
            if c == 0x0A && !multiline { return }
            if c == UInt8(ascii: "\"") {
                let quotes = multiline ? 3 : 1
                if closes(at: pos, quotes: quotes, hashes: hashes) {
                    pos += quotes + hashes
                    if multiline, value.last == 0x0A { value.removeLast() }
                    return
                }
            }
            if c == UInt8(ascii: "\\") && hasHashes(after: pos, count: hashes) {
                let e = pos + 1 + hashes
                guard e < n else { pos = n; return }
                let esc = bytes[e]
                if esc == UInt8(ascii: "(") && language == .swift {
                    interpolated = true
                    // Keep the interpolation's source text, so a dynamic argument is shown as written.
                    value.append(contentsOf: Array("\\(".utf8))
                    pos = e + 1
                    let inner = pos
                    skipInterpolation(depth: depth)
                    value.append(contentsOf: bytes[inner..<min(pos, n)])
                    continue
                }
                pos = e + 1
                switch esc {
                case UInt8(ascii: "n"): value.append(0x0A)
                case UInt8(ascii: "t"): value.append(0x09)
                case UInt8(ascii: "r"): value.append(0x0D)
                case UInt8(ascii: "0"): value.append(0x00)
                case UInt8(ascii: "u") where language == .swift && pos < n && bytes[pos] == UInt8(ascii: "{"):
                    var hex = 0
                    var j = pos + 1
                    while j < n, j < pos + 10, let d = Self.hexValue(bytes[j]) { hex = hex * 16 + d; j += 1 }
                    if j < n, bytes[j] == UInt8(ascii: "}"), let scalar = UnicodeScalar(hex) {
                        value.append(contentsOf: Array(String(Character(scalar)).utf8))
                        pos = j + 1
                    }
                case 0x0A:
                    if !multiline { return }  // a C line continuation would go here; Swift has none in "…"
                default: value.append(esc)
                }
                continue
            }
            value.append(c)
            pos += 1
        }
    }

    private static func hexValue(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(c - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(c - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    private func hasHashes(after i: Int, count: Int) -> Bool {
        guard count > 0 else { return true }
        guard i + count < bytes.count else { return false }
        for k in 1...count where bytes[i + k] != UInt8(ascii: "#") { return false }
        return true
    }

    private func closes(at i: Int, quotes: Int, hashes: Int) -> Bool {
        guard i + quotes + hashes <= bytes.count else { return false }
        for k in 0..<quotes where bytes[i + k] != UInt8(ascii: "\"") { return false }
        for k in 0..<hashes where bytes[i + quotes + k] != UInt8(ascii: "#") { return false }
        return true
    }

    /// Skips the body of `\(…)` up to its closing parenthesis, stepping over nested strings and parentheses.
    private mutating func skipInterpolation(depth: Int) {
        var parens = 1
        let n = bytes.count
        while pos < n {
            let c = bytes[pos]
            switch c {
            case UInt8(ascii: "("): parens += 1; pos += 1
            case UInt8(ascii: ")"):
                parens -= 1
                pos += 1
                if parens == 0 { return }
            case UInt8(ascii: "\"") where depth < Self.maxInterpolationDepth:
                var ignored: [UInt8] = []
                var flag = false
                scanStringBody(hashes: 0, value: &ignored, interpolated: &flag, depth: depth + 1)
            case 0x0A:
                // An interpolation cannot span lines in a single-line literal; treat the line break as the end.
                return
            default:
                pos += 1
            }
        }
    }

    // MARK: Other literals

    private mutating func lexCharLiteral() {
        let start = pos
        pos += 1
        while pos < bytes.count, bytes[pos] != UInt8(ascii: "'"), bytes[pos] != 0x0A {
            if bytes[pos] == UInt8(ascii: "\\") { pos += 1 }
            pos += 1
        }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "'") { pos += 1 }
        emit(.number, start: start, end: min(pos, bytes.count))
    }

    private mutating func lexBacktickIdentifier() {
        let start = pos
        pos += 1
        let nameStart = pos
        while pos < bytes.count, bytes[pos] != UInt8(ascii: "`"), bytes[pos] != 0x0A { pos += 1 }
        let name = nameStart..<pos
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "`") { pos += 1 }
        emitIdentifier(start: start, name: name)
    }
}
