import SBMapModel

/// One token of Swift or Objective-C source, as the code lexer produces it.
/// Comments never become tokens; a string literal is one token whatever it contains.
struct CodeToken: Sendable {
    enum Kind: UInt8, Sendable {
        /// A name or keyword. Includes `@`-prefixed words (`@IBAction`, `@implementation`) and `#`-prefixed
        /// ones (`#selector`, `#define`); Swift backticks are dropped.
        case identifier
        /// A string literal (Swift `"…"`, `"""…"""`, `#"…"#`; Objective-C `"…"`, `@"…"`). `text` is the decoded value.
        case string
        /// A number or an Objective-C character literal.
        case number
        /// One punctuation character, or `->`.
        case punct
    }

    var kind: Kind
    /// Identifiers and punctuation: the source text. Strings: the decoded value.
    var text: String
    /// 1-based line and column (columns count characters, not bytes) of the first character.
    var line: Int
    var column: Int
    /// Whether a line break separates this token from the previous one.
    var newlineBefore: Bool
    /// For strings: the literal contains `\(…)` interpolation, so its value is not known statically.
    var interpolated: Bool = false

    func isIdentifier(_ name: String) -> Bool { kind == .identifier && text == name }
    func isPunct(_ p: String) -> Bool { kind == .punct && text == p }
}

/// The tokens of one file, with bracket matching precomputed.
struct TokenStream: Sendable {
    let tokens: [CodeToken]
    /// For each `(`, `[`, `{` the index of its closing partner (and the reverse), or -1 when unbalanced.
    let partner: [Int]

    init(_ tokens: [CodeToken]) {
        self.tokens = tokens
        var partner = [Int](repeating: -1, count: tokens.count)
        var stack: [Int] = []
        for (i, t) in tokens.enumerated() where t.kind == .punct {
            switch t.text {
            case "(", "[", "{":
                stack.append(i)
            case ")", "]", "}":
                let open = t.text == ")" ? "(" : t.text == "]" ? "[" : "{"
                // Recover from garbage: close the nearest opener of the same shape, dropping unclosed ones above it.
                if let at = stack.lastIndex(where: { tokens[$0].text == open }) {
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

    func isIdentifier(_ i: Int, _ name: String) -> Bool { i >= 0 && i < tokens.count && tokens[i].isIdentifier(name) }
    func isPunct(_ i: Int, _ p: String) -> Bool { i >= 0 && i < tokens.count && tokens[i].isPunct(p) }
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
            out += t.kind == .string ? "\"\(t.text)\"" : t.text
            previous = t
            if out.count > limit { return String(out.prefix(limit)) + "…" }
        }
        return out
    }

    private func needsSpace(_ a: CodeToken, _ b: CodeToken) -> Bool {
        let words: Set<CodeToken.Kind> = [.identifier, .number, .string]
        if words.contains(a.kind) && words.contains(b.kind) { return true }
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
        var found = false
        withContiguousUTF8(self) { hay in
            withContiguousUTF8(needle) { n in
                guard !n.isEmpty, n.count <= hay.count else { found = n.isEmpty; return }
                let first = n[0]
                var i = 0
                let last = hay.count - n.count
                while i <= last {
                    if hay[i] == first {
                        var k = 1
                        while k < n.count, hay[i + k] == n[k] { k += 1 }
                        if k == n.count { found = true; return }
                    }
                    i += 1
                }
            }
        }
        return found
    }
}

/// Runs `body` over the string's UTF-8 bytes without copying when the string is already contiguous.
private func withContiguousUTF8(_ s: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    var s = s
    s.withUTF8 { body($0) }
}
