import SBMapStyle

/// A small Markdown to HTML converter for the subset sbmap's own docs/diagnostics.md uses, which the site shows as
/// `diagnostics.html`: `#` headings, paragraphs, `- ` lists (continued by indented lines), pipe tables, and inline
/// `code`, **strong**, *emphasis* and [links](…). Everything else is text. Every character of the source is escaped,
/// so the page could not carry markup even if the doc did; only http(s) links become links (a relative link points
/// into the repository's docs, which the site does not publish, so it stays text).
///
/// A table row whose first cell is one code span (`` `unknown-storyboard` ``) gets that code as its id, so a finding
/// links to `diagnostics.html#unknown-storyboard`.
enum Markdown {
    static func html(_ source: String) -> String {
        // No control or format characters (bidi overrides, zero-width joiners) reach the page; line breaks stay.
        var scalars = String.UnicodeScalarView()
        for scalar in source.unicodeScalars where scalar == "\n" || scalar == "\t" || ![
            .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator,
        ].contains(scalar.properties.generalCategory) {
            scalars.append(scalar)
        }
        let source = String(scalars)
        var out = ""
        var paragraph: [String] = []
        var items: [String] = []
        var table: [String] = []

        func flush() {
            if !paragraph.isEmpty {
                out += "<p>" + inline(paragraph.joined(separator: " ")) + "</p>\n"
                paragraph = []
            }
            if !items.isEmpty {
                out += "<ul>\n" + items.map { "<li>" + inline($0) + "</li>\n" }.joined() + "</ul>\n"
                items = []
            }
            if !table.isEmpty {
                out += tableHTML(table)
                table = []
            }
        }

        for raw in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty {
                flush()
            } else if line.hasPrefix("|") {
                if table.isEmpty { flush() }
                table.append(trimmed)
            } else if line.hasPrefix("#") {
                flush()
                let level = min(line.prefix { $0 == "#" }.count, 4)
                let text = String(line.drop { $0 == "#" }).trimmingSpaces
                let id = slug(text)
                out += "<h\(level) id=\"\(HTML.attribute(id))\">" + inline(text) + "</h\(level)>\n"
            } else if line.hasPrefix("- ") {
                if !paragraph.isEmpty || !table.isEmpty { flush() }
                items.append(String(line.dropFirst(2)))
            } else if line.hasPrefix("  "), !items.isEmpty {
                items[items.count - 1] += " " + trimmed
            } else {
                if !items.isEmpty || !table.isEmpty { flush() }
                paragraph.append(trimmed)
            }
        }
        flush()
        return out
    }

    /// A heading's id, as documentation sites make them: `What a level promises` → `what-a-level-promises`.
    static func slug(_ text: String) -> String {
        var out = ""
        for scalar in text.lowercased().unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                out.unicodeScalars.append(scalar)
            } else if !out.isEmpty, !out.hasSuffix("-") {
                out += "-"
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "section" : out
    }

    /// A pipe table: the header row, the `|---|` row, the body.
    private static func tableHTML(_ rows: [String]) -> String {
        let cells = rows.map(self.cells)
        guard let head = cells.first else { return "" }
        var out = "<div class=\"table-wrap\"><table>\n<thead><tr>"
        out += head.map { "<th>" + inline($0) + "</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for row in cells.dropFirst() where !row.allSatisfy({ $0.allSatisfy { $0 == "-" || $0 == ":" || $0 == " " } }) {
            var id = ""
            if let first = row.first, first.hasPrefix("`"), first.hasSuffix("`"), first.count > 2,
               !first.dropFirst().dropLast().contains("`") {
                id = " id=\"\(HTML.attribute(TextSafety.token(String(first.dropFirst().dropLast()))))\""
            }
            out += "<tr\(id)>" + row.map { "<td>" + inline($0) + "</td>" }.joined() + "</tr>\n"
        }
        return out + "</tbody></table></div>\n"
    }

    /// The cells of `| a | b |`; a `|` inside a code span does not split.
    private static func cells(_ row: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var inCode = false
        for character in row.dropFirst() {
            if character == "`" { inCode.toggle() }
            if character == "|", !inCode {
                cells.append(current.trimmingSpaces)
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingSpaces.isEmpty { cells.append(current.trimmingSpaces) }
        return cells
    }

    /// Inline markup: code spans first (nothing inside them is markup), then strong, emphasis and links.
    static func inline(_ text: String) -> String {
        var out = ""
        let characters = Array(text)
        var k = 0
        var strong = false
        func find(_ c: Character, from start: Int) -> Int? {
            var j = start
            while j < characters.count {
                if characters[j] == c { return j }
                j += 1
            }
            return nil
        }
        while k < characters.count {
            let c = characters[k]
            if c == "`", let end = find("`", from: k + 1) {
                out += "<code>" + HTML.escape(String(characters[(k + 1)..<end]), quotes: false) + "</code>"
                k = end + 1
            } else if c == "*", k + 1 < characters.count, characters[k + 1] == "*" {
                out += strong ? "</strong>" : "<strong>"
                strong.toggle()
                k += 2
            } else if c == "*", k + 1 < characters.count, characters[k + 1] != " ", let end = find("*", from: k + 1) {
                out += "<em>" + inline(String(characters[(k + 1)..<end])) + "</em>"
                k = end + 1
            } else if c == "[", let close = find("]", from: k + 1), close + 1 < characters.count,
                      characters[close + 1] == "(", let end = find(")", from: close + 2) {
                let label = inline(String(characters[(k + 1)..<close]))
                let target = String(characters[(close + 2)..<end])
                if target.hasPrefix("https://") || target.hasPrefix("http://"), !target.contains(where: { $0 == " " || $0 == "\"" }) {
                    out += "<a href=\"\(HTML.attribute(target))\">" + label + "</a>"
                } else {
                    out += label
                }
                k = end + 1
            } else {
                out += HTML.escape(String(c), quotes: false)
                k += 1
            }
        }
        if strong { out += "</strong>" }
        return out
    }
}

private extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" || s.last == "\r" { s.removeLast() }
        return String(s)
    }
}
