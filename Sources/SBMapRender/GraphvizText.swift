import Foundation

/// Encodes plain text (already cleaned by `TextSafety`) for Graphviz string attributes.
///
/// Graphviz reads `label` and `tooltip` as *escString*s: `\N`, `\G`, `\E`, `\T`, `\H`, `\L` expand
/// to names and `\n`, `\l`, `\r` break lines, so every backslash in input text is doubled. It also
/// reads `&name;` entities in them, so `&` becomes `&amp;` and the text shows exactly as written in
/// SVG, PNG and PDF. Values are set through the API (`agsafeset`), never as DOT text, so quotes and `<…>` are plain
/// characters. The one HTML-like label is the legend's table, built by sbmap itself (`LegendTable`); the text in it
/// goes through `htmlText`.
enum GraphvizText {
    /// Text inside an HTML-like label: markup characters as entities (Graphviz reads the label as XML), line breaks
    /// and NULs as spaces.
    static func htmlText(_ text: String) -> String {
        var out = ""
        for ch in text.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\r", "\u{0}": out += " "
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// One line of text as an escString fragment.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for ch in text.unicodeScalars {
            switch ch {
            case "\\": out += "\\\\"
            case "&": out += "&amp;"
            case "\n": out += "\\n"
            case "\r", "\u{0}": break
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// Tooltip text. Graphviz 2.4x expands escapes in tooltips twice (so `\\N` still becomes the
    /// node's name), and later releases once; no escaping of a backslash is right for both. A tooltip
    /// is prose for a reader, so backslashes are shown as the look-alike `⧵` (U+29F5) instead.
    static func tooltip(_ text: String) -> String {
        escaped(text.replacingOccurrences(of: "\\", with: "\u{29F5}"))
    }

    /// Lines joined with centred line breaks.
    static func lines(_ lines: [String]) -> String {
        lines.map(escaped).joined(separator: "\\n")
    }

    /// Lines each ending in a left- (`\l`) or right-justified (`\r`) break; centred (`lines`) otherwise.
    static func lines(_ lines: [String], align: String) -> String {
        switch align {
        case "left": lines.map { escaped($0) + "\\l" }.joined()
        case "right": lines.map { escaped($0) + "\\r" }.joined()
        default: Self.lines(lines)
        }
    }

    /// A number as Graphviz likes it: no exponent, at most 3 decimals, no trailing zeros.
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var s = String(rounded)
        if s.contains("e") { s = String(Int(rounded)) }
        return s
    }
}
