import SBMapModel
import SBMapStyle

/// Encoding for each place input text can reach in a page. Every name in a storyboard, file or folder is input:
/// anyone could have written it, and the site is published.
///
/// - `text`: element content. Cleaned first (`TextSafety.clean`: no control or bidi-override characters), then
///   `&`, `<` and `>` become entities.
/// - `attribute`: a value inside double quotes. As `text`, and `"` and `'` too.
/// - `json`: a JSON string that may sit inside a `<script>` element or a `.js` file: `<`, `>` and `&` are written
///   `\u003c`, `\u003e`, `\u0026`, so `</script` and `<!--` cannot appear; U+2028 and U+2029 are escaped, so the text
///   is also valid JavaScript in older engines.
/// URLs are built from parts sbmap makes (file names from `MapFileNames`, ids from `TextSafety.token`) or by
/// `SourceLinks`, which accepts only http(s) templates and percent-encodes the path; they are then attribute-encoded.
public enum HTML {
    public static func text(_ raw: String) -> String {
        escape(TextSafety.clean(raw), quotes: false)
    }

    public static func attribute(_ raw: String) -> String {
        escape(TextSafety.clean(raw), quotes: true)
    }

    /// Element content with a line-break opportunity (`<wbr>`) after each `/`, and before each `.` that starts a
    /// word in a run longer than `longRun` characters between slashes and spaces (`…/Base.lproj/MainInterface<wbr>.storyboard:12`):
    /// a path or a qualified name wraps there on a narrow screen instead of being split inside a word, and a short
    /// file name (`Feed.storyboard`) stays whole. Only the two characters gain markup, after escaping (neither is part
    /// of an entity).
    public static func breakable(_ raw: String) -> String {
        let escaped = text(raw)
        guard escaped.contains("/") || escaped.contains(".") else { return escaped }
        var out = ""
        out.reserveCapacity(escaped.utf8.count + 32)
        let characters = Array(escaped)
        var runStart = 0
        for (k, c) in characters.enumerated() {
            if c == "/" || c == " " { runStart = k + 1 }
            if c == ".", k > runStart, characters[k - 1].isLetter || characters[k - 1].isNumber,
               k + 1 < characters.count, characters[k + 1].isLetter, runLength(characters, from: runStart) > longRun {
                out += "<wbr>"
            }
            out.append(c)
            if c == "/" { out += "<wbr>" }
        }
        return out
    }

    /// A run of this many characters (about 190 px of the tables' monospaced text) fits a phone's line whole.
    static let longRun = 24

    private static func runLength(_ characters: [Character], from start: Int) -> Int {
        var end = start
        while end < characters.count, characters[end] != "/", characters[end] != " " { end += 1 }
        return end - start
    }

    /// Escapes without cleaning: for text sbmap itself made (it has no control characters to drop).
    static func escape(_ text: String, quotes: Bool) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || (quotes && ($0 == 0x22 || $0 == 0x27)) })
        else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "'" where quotes: out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A JSON string literal, quotes included, safe inside `<script>` and in a `.js` file.
    public static func json(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x3C: out += "\\u003c"
            case 0x3E: out += "\\u003e"
            case 0x26: out += "\\u0026"
            case 0x2028: out += "\\u2028"
            case 0x2029: out += "\\u2029"
            case 0..<0x20, 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
        return out
    }

    /// A JSON array of strings (`json` for each).
    static func jsonArray(_ items: [String]) -> String {
        "[" + items.map(json).joined(separator: ",") + "]"
    }

    /// A JSON object of strings, keys sorted (the same input gives the same bytes).
    static func jsonObject(_ pairs: [String: String]) -> String {
        "{" + pairs.keys.sorted().map { json($0) + ":" + json(pairs[$0]!) }.joined(separator: ",") + "}"
    }
}

/// A page under construction: appends markup, and encodes what it is given as text or attribute values.
struct PageWriter {
    private(set) var html = ""

    init(capacity: Int = 16_384) {
        html.reserveCapacity(capacity)
    }

    /// Markup sbmap wrote itself. Never input text.
    mutating func raw(_ markup: String) { html += markup }

    /// Input text as element content.
    mutating func text(_ text: String) { html += HTML.text(text) }

    /// A path, or text that holds paths: may wrap after `/` and before `.` (`HTML.breakable`).
    mutating func breakable(_ text: String) { html += HTML.breakable(text) }

    /// `<tag class="…">text</tag>`.
    mutating func element(_ tag: String, _ text: String, class cls: String? = nil) {
        html += "<\(tag)" + (cls.map { " class=\"\($0)\"" } ?? "") + ">"
        html += HTML.text(text)
        html += "</\(tag)>"
    }

    /// `<a href="…">text</a>`, or the text alone when there is no link. The text may wrap after `/` and before `.`
    /// (`HTML.breakable`): a link's text is often a path (`Settings (App/tvOS/Settings.storyboard)`).
    mutating func link(_ text: String, href: String?, class cls: String? = nil, title: String? = nil) {
        guard let href else {
            if let cls {
                html += "<span class=\"\(cls)\">" + HTML.breakable(text) + "</span>"
            } else {
                breakable(text)
            }
            return
        }
        html += "<a href=\"\(HTML.attribute(href))\""
        if let cls { html += " class=\"\(cls)\"" }
        if let title { html += " title=\"\(HTML.attribute(title))\"" }
        html += ">" + HTML.breakable(text) + "</a>"
    }

    var bytes: [UInt8] { Array(html.utf8) }
}

extension PageWriter {
    /// What a screen is for, under its name in a table of scenes or screens: its class's doc comment and the note
    /// `.sbmap.yml` attaches to it. (A space before each: the map's selection panel shows the cell's text, which
    /// would otherwise read `NameThe doc`.)
    mutating func purpose(of node: Node) {
        if let doc = node.doc {
            raw(" <div class=\"muted purpose\">")
            text(doc)
            raw("</div>")
        }
        if let note = node.note {
            raw(" <div class=\"muted note\">Note: ")
            text(note)
            raw("</div>")
        }
    }
}
