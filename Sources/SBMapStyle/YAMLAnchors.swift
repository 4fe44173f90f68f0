/// Finds YAML anchors (`&name`) and aliases (`*name`) in a settings file before it is parsed.
///
/// Themes and `.sbmap.yml` hold settings, which never need them, while an alias is how a 500-byte file becomes 10^9
/// work: Yams expands an alias used as a mapping key when it hashes the key (a "key bomb"), before any tree is handed
/// back. So the text is scanned first, in one linear pass, and a file with either is refused at the place of each.
///
/// The scan follows YAML's lexical rules only as far as needed to know where a node starts: an anchor or alias is an
/// `&` or `*` where a node may start (at the start of a line, after `- `, `? `, `: `, `[`, `{`, `,` or a tag), outside
/// quoted scalars, block scalars and comments. An `&` or `*` inside a plain scalar (`R&D`, `a*b`) is text. A plain
/// scalar continued on a new line that starts with `&` or `*` is refused too (YAML reads it as text): quoting it
/// fixes that, and settings are never written so.
enum YAMLAnchors {
    /// 1-based (line, column) of every anchor or alias, at most `limit` of them.
    static func find(in text: String, limit: Int = 20) -> [(line: Int, column: Int)] {
        var found: [(line: Int, column: Int)] = []
        var quote: UInt8?  // `'` or `"` while inside a quoted scalar, across lines
        var flowDepth = 0
        var blockIndent: Int?  // while inside a block scalar: the indentation of the line that started it
        var lineNumber = 0
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let bytes = Array(line.last == UInt8(ascii: "\r") ? line.dropLast() : line)
            let indent = bytes.prefix { $0 == space }.count
            if let block = blockIndent {
                if bytes.allSatisfy({ $0 == space || $0 == tab }) || indent > block { continue }
                blockIndent = nil
            }
            var i = 0
            var expectNode = true
            func at(_ k: Int) -> UInt8? { k < bytes.count ? bytes[k] : nil }
            func isBlank(_ c: UInt8?) -> Bool { c == nil || c == space || c == tab }
            func isFlowIndicator(_ c: UInt8?) -> Bool {
                c == UInt8(ascii: ",") || c == UInt8(ascii: "[") || c == UInt8(ascii: "]") || c == UInt8(ascii: "{") || c == UInt8(ascii: "}")
            }
            while i < bytes.count {
                if let q = quote {
                    // Inside a quoted scalar: `''` is a quote in single quotes, `\"` in double quotes.
                    if q == UInt8(ascii: "\""), bytes[i] == UInt8(ascii: "\\") { i += 2; continue }
                    if bytes[i] == q {
                        if q == UInt8(ascii: "'"), at(i + 1) == q { i += 2; continue }
                        quote = nil
                        expectNode = false
                    }
                    i += 1
                    continue
                }
                let c = bytes[i]
                if c == space || c == tab { i += 1; continue }
                if c == UInt8(ascii: "#") { break }  // at a token boundary, after blank: a comment
                if i == 0, c == UInt8(ascii: "%") { break }  // a directive
                if i == 0, bytes.count >= 3, bytes[0] == bytes[1], bytes[1] == bytes[2],
                   c == UInt8(ascii: "-") || c == UInt8(ascii: "."), isBlank(at(3)) {
                    i = 3; expectNode = true; continue  // `---`, `...`
                }
                if c == UInt8(ascii: "&") || c == UInt8(ascii: "*"), expectNode {
                    found.append((lineNumber, i + 1))
                    if found.count >= limit { return found }
                    while i < bytes.count, !isBlank(at(i)), !isFlowIndicator(at(i)) { i += 1 }
                    continue
                }
                let isQuote = c == UInt8(ascii: "\"") || c == UInt8(ascii: "'")
                let isIndicator = (c == UInt8(ascii: "-") || c == UInt8(ascii: "?")) && isBlank(at(i + 1))
                let isValueIndicator = c == UInt8(ascii: ":")
                    && (isBlank(at(i + 1)) || (flowDepth > 0 && (isFlowIndicator(at(i + 1)) || !expectNode)))
                let isBlockScalar = (c == UInt8(ascii: "|") || c == UInt8(ascii: ">")) && expectNode && flowDepth == 0
                switch c {
                case _ where isQuote:
                    quote = c
                    i += 1
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    flowDepth += 1; expectNode = true; i += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    flowDepth = max(0, flowDepth - 1); expectNode = false; i += 1
                case UInt8(ascii: ",") where flowDepth > 0:
                    expectNode = true; i += 1
                case _ where isIndicator || isValueIndicator:
                    expectNode = true; i += 1
                case UInt8(ascii: "!") where expectNode:
                    // A tag: a node (or its anchor) follows.
                    while i < bytes.count, !isBlank(at(i)), !(flowDepth > 0 && isFlowIndicator(at(i))) { i += 1 }
                case _ where isBlockScalar:
                    blockIndent = indent
                    i = bytes.count  // the rest is the header and a comment
                default:
                    // A plain scalar, up to `: `, ` #`, or (in flow) an indicator.
                    expectNode = false
                    i += 1
                    while i < bytes.count {
                        let d = bytes[i]
                        if d == UInt8(ascii: ":"), isBlank(at(i + 1)) || (flowDepth > 0 && isFlowIndicator(at(i + 1))) { break }
                        if d == UInt8(ascii: "#"), bytes[i - 1] == space || bytes[i - 1] == tab { break }
                        if flowDepth > 0, isFlowIndicator(d) { break }
                        i += 1
                    }
                }
            }
        }
        return found
    }
}
