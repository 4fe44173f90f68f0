import Foundation  // memchr
import SBMapModel

/// One token of Swift or Objective-C source, as the code lexer produces it.
/// Comments never become tokens; a string literal is one token whatever it contains.
///
/// A token holds no `String`: it points into the file's bytes (or, for a string literal, at its decoded value in
/// `TokenStream.strings`), so that making, copying and dropping tokens costs no allocation and no reference
/// counting. `TokenStream.text(_:)` makes the `String` of the few tokens that become facts.
struct CodeToken: Sendable {
    enum Kind: UInt8, Sendable {
        /// A name or keyword. Includes `@`-prefixed words (`@IBAction`, `@implementation`) and `#`-prefixed
        /// ones (`#selector`, `#define`); Swift backticks are dropped.
        case identifier
        /// A string literal (Swift `"…"`, `"""…"""`, `#"…"#`; Objective-C `"…"`, `@"…"`). Its text is the decoded value.
        case string
        /// A number or an Objective-C character literal.
        case number
        /// One punctuation character, or `->`.
        case punct
    }

    var kind: Kind
    /// For `.punct`: its byte (`->` is `CodeToken.arrow`). The readers test punctuation on every token, and one
    /// byte comparison costs far less than a `String` comparison.
    var punct: UInt8 = 0
    /// For `.identifier`: which of the words the readers dispatch on this is, recognised once by the lexer from the
    /// bytes (`.other` for every other name), so the dispatch switches over a small integer instead of Strings.
    var word: CodeWord = .other
    /// Identifiers and numbers: the bytes of the text in the file (`start..<end`, without backticks).
    /// Strings: `start` is the index of the decoded value in `TokenStream.strings`.
    var start: Int
    var end: Int
    /// 1-based line and column (columns count characters, not bytes) of the first character.
    var line: Int
    var column: Int
    /// Whether a line break separates this token from the previous one.
    var newlineBefore: Bool
    /// For strings: the literal contains `\(…)` interpolation, so its value is not known statically.
    var interpolated: Bool = false

    /// The `punct` of `->`: no single punctuation byte is ≥ 0x80 (those bytes lex as identifier characters).
    static let arrow: UInt8 = 0x80

    /// Whether this is the punctuation character `p` (ASCII; a string literal such as `"{"` converts to it).
    func isPunct(_ p: Unicode.Scalar) -> Bool { kind == .punct && UInt32(punct) == p.value }
}

/// The words the readers dispatch on. The lexer tags each identifier with one of these (or `.other`), so the
/// per-token dispatch in `SwiftCodeReader` and `ObjCCodeReader` compares a one-byte tag, not Strings.
/// Adding a word here only makes it recognisable; a reader still has to switch on it.
enum CodeWord: String, CaseIterable, Sendable {
    case other = ""
    // Swift declarations.
    case `import`, `class`, `struct`, `enum`, `extension`, `protocol`, actor, `func`, `init`, `deinit`, `subscript`
    case get, set, willSet, didSet, `let`, `var`, `case`
    // Storyboard API, Swift and Objective-C.
    case UIStoryboard, NSStoryboard, StoryboardScene, R, perform, storyboardWithName, NSString
    case instantiateViewController, instantiateController
    case instantiateViewControllerWithIdentifier, instantiateControllerWithIdentifier
    case instantiateInitialViewController, instantiateInitialController
    case instantiateInitialViewControllerWithCreator, instantiateInitialControllerWithCreator
    case performSegue, performSegueWithIdentifier
    // Objective-C directives.
    case hashImport = "#import", hashInclude = "#include", hashDefine = "#define", atImport = "@import"
    case atInterface = "@interface", atImplementation = "@implementation", atEnd = "@end"

    /// The words by their length in bytes: a lookup compares the bytes against the few words of that length.
    private static let byLength: [[(bytes: [UInt8], word: CodeWord)]] = {
        var table: [[(bytes: [UInt8], word: CodeWord)]] = []
        for word in allCases where word != .other {
            let bytes = Array(word.rawValue.utf8)
            while table.count <= bytes.count { table.append([]) }
            table[bytes.count].append((bytes, word))
        }
        return table
    }()

    /// The word spelled by `bytes[range]`, or `.other`. Runs once per identifier in the file: the first byte
    /// rules out most candidates before the rest is compared.
    static func recognize(_ bytes: [UInt8], _ range: Range<Int>) -> CodeWord {
        let table = byLength
        guard !range.isEmpty, range.count < table.count else { return .other }  // "``" is an empty name
        let first = bytes[range.lowerBound]
        candidates: for entry in table[range.count] where entry.bytes[0] == first {
            for k in 1..<range.count where entry.bytes[k] != bytes[range.lowerBound + k] { continue candidates }
            return entry.word
        }
        return .other
    }
}

/// The tokens of one file, with the file's bytes they point into and bracket matching precomputed.
struct TokenStream: Sendable {
    let tokens: [CodeToken]
    /// The file, which identifier and number tokens point into.
    let bytes: [UInt8]
    /// The decoded values of the string literals, which string tokens point into.
    let strings: [String]
    /// For each `(`, `[`, `{` the index of its closing partner (and the reverse), or -1 when unbalanced.
    let partner: [Int]

    init(tokens: [CodeToken], bytes: [UInt8], strings: [String]) {
        self.tokens = tokens
        self.bytes = bytes
        self.strings = strings
        var partner = [Int](repeating: -1, count: tokens.count)
        var stack: [Int] = []
        for (i, t) in tokens.enumerated() where t.kind == .punct {
            switch t.punct {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                stack.append(i)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                let open = t.punct == UInt8(ascii: ")") ? UInt8(ascii: "(") : t.punct == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
                // Recover from garbage: close the nearest opener of the same shape, dropping unclosed ones above it.
                if let at = stack.lastIndex(where: { tokens[$0].punct == open }) {
                    partner[stack[at]] = i
                    partner[i] = stack[at]
                    stack.removeSubrange(at...)
                }
            default:
                break
            }
        }
        self.partner = partner
    }

    var count: Int { tokens.count }
    subscript(i: Int) -> CodeToken { tokens[i] }

    /// The text of token `i`: identifiers and numbers as written (non-UTF-8 bytes repaired), punctuation, or a
    /// string literal's decoded value. Made on each call: the readers ask only for the tokens they keep.
    func text(_ i: Int) -> String {
        let t = tokens[i]
        switch t.kind {
        case .identifier, .number: return String(decoding: bytes[t.start..<t.end], as: UTF8.self)
        case .string: return strings[t.start]
        case .punct: return t.punct == CodeToken.arrow ? "->" : String(UnicodeScalar(t.punct))
        }
    }

    /// Whether token `i` is the identifier `name`, compared byte for byte without making a String.
    /// (The names asked about are ASCII, so this agrees with comparing the decoded text.)
    func isIdentifier(_ i: Int, _ name: String) -> Bool {
        guard i >= 0 && i < tokens.count else { return false }
        let t = tokens[i]
        guard t.kind == .identifier, t.end - t.start == name.utf8.count else { return false }
        return name.utf8.elementsEqual(bytes[t.start..<t.end])
    }

    func isPunct(_ i: Int, _ p: Unicode.Scalar) -> Bool { i >= 0 && i < tokens.count && tokens[i].isPunct(p) }
    func kind(_ i: Int) -> CodeToken.Kind? { i >= 0 && i < tokens.count ? tokens[i].kind : nil }

    /// The closing partner of the bracket at `i`, or the end of the stream when it is unbalanced.
    func close(_ i: Int) -> Int { partner[i] >= 0 ? partner[i] : tokens.count }

    /// The source text of tokens `range`, joined loosely, shortened for messages.
    func text(_ range: Range<Int>, limit: Int = 80) -> String {
        var out = ""
        var previous: CodeToken?
        for i in range.clamped(to: 0..<tokens.count) {
            let t = tokens[i]
            if let p = previous, needsSpace(p, t) { out += " " }
            out += t.kind == .string ? "\"\(text(i))\"" : text(i)
            previous = t
            // `count` walks the whole string by grapheme; a string of at most `limit` bytes has at most `limit`
            // characters, so the byte count rules out most calls cheaply.
            if out.utf8.count > limit, out.count > limit { return String(out.prefix(limit)) + "…" }
        }
        return out
    }

    private func needsSpace(_ a: CodeToken, _ b: CodeToken) -> Bool {
        if a.kind != .punct && b.kind != .punct { return true }
        if a.isPunct(":") || a.isPunct(",") { return true }
        return false
    }

    func location(_ i: Int, path: String) -> SourceLocation {
        let t = tokens[min(max(i, 0), tokens.count - 1)]
        return SourceLocation(path: path, line: t.line, column: t.column)
    }
}

extension String {
    /// Whether `needle` occurs in the string, byte for byte in UTF-8. The scanner asks this of short texts (type
    /// annotations, file headers) thousands of times per file; Foundation's `contains` goes through a locale-aware
    /// search that costs more than the rest of the scan.
    func containsBytes(_ needle: String) -> Bool {
        var s = self
        return s.withUTF8 { $0.containsBytes(needle) }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the UTF-8 bytes of `needle` occur in this buffer. `memchr` finds the candidates for the first byte
    /// (it is vectorised; the bytes in between are never looked at one by one here).
    func containsBytes(_ needle: String) -> Bool {
        var needle = needle
        return needle.withUTF8 { n in
            guard let first = n.first else { return true }
            guard let base = baseAddress, n.count <= count else { return false }
            var i = 0
            let last = count - n.count
            while i <= last {
                guard let hit = memchr(base + i, Int32(first), last - i + 1) else { return false }
                i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                var k = 1
                while k < n.count, self[i + k] == n[k] { k += 1 }
                if k == n.count { return true }
                i += 1
            }
            return false
        }
    }
}
