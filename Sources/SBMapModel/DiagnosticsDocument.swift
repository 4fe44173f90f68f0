/// docs/diagnostics.md, compiled into the binary: the site shows it, and its codes table describes each finding code
/// where a format carries rule metadata (SARIF). One document, so the two never disagree.
public enum DiagnosticsDocument {
    /// One row of the codes table: `` | `code` | level | what it means | what to do | ``.
    public struct Rule: Hashable, Sendable {
        public var code: String
        /// The levels the table gives, as written (`error/warning`).
        public var level: String
        /// What it means, as Markdown.
        public var meaning: String
        /// What to do, as Markdown.
        public var action: String
    }

    /// The whole document, as Markdown.
    public static var markdown: String { String(decoding: PackageResources.diagnostics_md, as: UTF8.self) }

    /// Every row of the codes table, in the document's order.
    public static let rules: [Rule] = {
        var rules: [Rule] = []
        for line in markdown.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = cells(String(line))
            guard cells.count >= 4, let code = codeSpan(cells[0]) else { continue }
            rules.append(Rule(code: code, level: cells[1], meaning: cells[2], action: cells[3]))
        }
        return rules
    }()

    /// The cells of `| a | b |`; a `|` inside a code span does not split.
    public static func cells(_ row: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var inCode = false
        for character in row.dropFirst() {
            if character == "`" { inCode.toggle() }
            if character == "|", !inCode {
                cells.append(trimmed(current))
                current = ""
            } else {
                current.append(character)
            }
        }
        if !trimmed(current).isEmpty { cells.append(trimmed(current)) }
        return cells
    }

    /// `x` for a cell that is exactly one code span `` `x` ``.
    public static func codeSpan(_ cell: String) -> String? {
        guard cell.count > 2, cell.hasPrefix("`"), cell.hasSuffix("`") else { return nil }
        let inner = cell.dropFirst().dropLast()
        return inner.contains("`") ? nil : String(inner)
    }

    /// Markdown made plain text: code-span backticks and emphasis marks removed, links reduced to their text.
    public static func plainText(_ markdown: String) -> String {
        var out = ""
        var index = markdown.startIndex
        while index < markdown.endIndex {
            let character = markdown[index]
            if character == "[", let close = markdown[index...].firstIndex(of: "]"),
               markdown.index(after: close) < markdown.endIndex, markdown[markdown.index(after: close)] == "(",
               let end = markdown[close...].firstIndex(of: ")") {
                out += markdown[markdown.index(after: index)..<close]
                index = markdown.index(after: end)
                continue
            }
            if character != "`" && character != "*" { out.append(character) }
            index = markdown.index(after: index)
        }
        return out
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
