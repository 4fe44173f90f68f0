import Foundation
import SBMapModel

/// What a class is for, from its doc comment (issue 32): the `///` lines or the `/** */` block right above its
/// declaration (attribute lines such as `@MainActor` or `@objc(Name)` between them are stepped over), first sentence.
///
/// It reads backwards from the declaration's line only, for class declarations only, after the lexer is done: the
/// lexer's loop over every byte is not touched.
enum DocComments {
    /// The most a doc comment's first sentence keeps, in characters.
    static let maxLength = 300

    /// The first sentence of the doc comment that ends right above the line starting at byte `lineStart`.
    static func firstSentence(in bytes: [UInt8], lineStart: Int) -> String? {
        guard lineStart > 0, lineStart <= bytes.count else { return nil }
        var lines: [String] = []
        var end = lineStart - 1  // the `\n` that ends the line above
        var steps = 0
        while end > 0, steps < 64 {
            steps += 1
            var start = end
            while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
            let line = trimmed(bytes[start..<end])
            if line.hasPrefix("///") {
                lines.append(String(line.dropFirst(3)))
            } else if lines.isEmpty, line.hasPrefix("@") || line.hasPrefix("#if") || line.hasPrefix("#endif") {
                // An attribute or a compile condition between the comment and the declaration.
            } else if lines.isEmpty, line.hasSuffix("*/") {
                return block(bytes, endingAt: end).flatMap(sentence)
            } else {
                break
            }
            end = start - 1
        }
        guard !lines.isEmpty else { return nil }
        // (Most comments are one line: joining one costs as much as reading it.)
        return sentence(lines.count == 1 ? lines[0] : lines.reversed().joined(separator: " "))
    }

    /// The text of the `/** … */` block whose `*/` ends on the line ending at `end`.
    private static func block(_ bytes: [UInt8], endingAt end: Int) -> String? {
        var k = end - 1
        while k > 0, bytes[k] != UInt8(ascii: "/") { k -= 1 }  // the closing `*/` itself
        k -= 2
        var steps = 0
        while k >= 2, steps < 16_384 {
            if bytes[k] == UInt8(ascii: "*"), bytes[k - 1] == UInt8(ascii: "*"), bytes[k - 2] == UInt8(ascii: "/") {
                let text = String(decoding: bytes[(k + 1)..<end], as: UTF8.self)
                guard let close = text.range(of: "*/", options: .backwards) else { return nil }
                return text[..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    var l = Substring(trimmed(line.utf8))
                    while l.first == "*" { l = l.dropFirst() }
                    return String(l)
                }.joined(separator: " ")
            }
            if bytes[k] == UInt8(ascii: "/"), bytes[k - 1] == UInt8(ascii: "*") { return nil }  // another comment's end
            k -= 1
            steps += 1
        }
        return nil
    }

    /// The first sentence of `text`: up to the first `.`, `!` or `?` followed by a space (or the end), without the
    /// Markdown of a doc comment's first line, spaces folded; nil when nothing is left.
    static func sentence(_ text: String) -> String? {
        var text = text
        if let ascii = text.withUTF8(asciiSentence) { return ascii }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        var out: [Substring] = []
        for word in words {
            if out.isEmpty, word.hasPrefix("-"), word.hasSuffix(":") { break }  // `- Parameter x:` and the like
            out.append(word)
            if let last = word.last, ".!?".contains(last), word.count > 1 || out.count > 1 { break }
        }
        let joined = out.joined(separator: " ")
        guard !joined.isEmpty else { return nil }
        return joined.count > maxLength ? String(joined.prefix(maxLength - 1)) + "…" : joined
    }

    /// `sentence(_:)` of ASCII text with no `\r\n`, where each byte is a character, read from the bytes: splitting
    /// and counting characters cost about 40,000 instructions a comment. `.none` for other text.
    private static func asciiSentence(_ bytes: UnsafeBufferPointer<UInt8>) -> String?? {
        let count = bytes.count
        for k in 0..<count where bytes[k] >= 0x80 || bytes[k] == 0x0D && k + 1 < count && bytes[k + 1] == 0x0A {
            return .none
        }
        func separator(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
        var out: [UInt8] = []
        out.reserveCapacity(count)
        var words = 0
        var k = 0
        while k < count {
            while k < count, separator(bytes[k]) { k += 1 }
            guard k < count else { break }
            let start = k
            while k < count, !separator(bytes[k]) { k += 1 }
            let last = bytes[k - 1]
            if words == 0, bytes[start] == UInt8(ascii: "-"), last == UInt8(ascii: ":") { break }
            if words > 0 { out.append(0x20) }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<k]))
            words += 1
            let ends = last == UInt8(ascii: ".") || last == UInt8(ascii: "!") || last == UInt8(ascii: "?")
            if ends, k - start > 1 || words > 1 { break }
        }
        guard !out.isEmpty else { return .some(nil) }
        return out.count > maxLength ? String(decoding: out[..<(maxLength - 1)], as: UTF8.self) + "…"
            : String(decoding: out, as: UTF8.self)
    }

    /// The line without the spaces and tabs at its ends (`CharacterSet.whitespaces`). They are cut from the bytes:
    /// Foundation's trimming, about 16,000 instructions a line, was half of reading the doc comments of an app. It is
    /// kept for a line that ends in a byte that is not ASCII (a no-break space, an ideographic space).
    static func trimmed(_ bytes: some BidirectionalCollection<UInt8>) -> String {
        func blank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        var lower = bytes.startIndex
        var upper = bytes.endIndex
        while lower != upper, blank(bytes[lower]) { bytes.formIndex(after: &lower) }
        while lower != upper, blank(bytes[bytes.index(before: upper)]) { bytes.formIndex(before: &upper) }
        guard lower != upper else { return "" }
        if bytes[lower] >= 0x80 || bytes[bytes.index(before: upper)] >= 0x80 {
            return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        }
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }
}
