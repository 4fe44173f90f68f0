import SBMapModel

/// Writes a map as Markdown for a pull-request comment or a wiki page: what it shows in numbers, the storyboards
/// (or, for a focus map, the scenes) as tables, the findings, and the map itself as a Mermaid block.
///
/// Input text is escaped for Markdown and for the HTML that GitHub lets through: `&`, `<`, `>` as entities, and
/// every character Markdown reads as syntax behind a backslash, so a class named `*x*` or `<img onerror>` shows
/// as written and does nothing.
public enum MarkdownWriter: MapTextWriter {
    /// The most rows a table gets before it says how many it left out.
    public static let maxRows = 200

    public static func write(_ map: MapGraph, styled: StyledGraph) -> [UInt8] {
        Array(text(map, styled: styled).utf8)
    }

    public static func text(_ map: MapGraph, styled: StyledGraph) -> String {
        var out = ""
        let graph = map.graph
        let isOverview = map.view == .overview
        out += isOverview ? "## Storyboard map (overview)\n\n" : "## Storyboard map\n\n"
        out += counts(map.counts) + "\n\n"

        if isOverview {
            out += "| Storyboard | Targets | Scenes | Unresolved links | Errors | Warnings | Loaded by the app |\n"
            out += "|---|---|---:|---:|---:|---:|---|\n"
            let targets = Dictionary(graph.targets.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
            let storyboards = graph.storyboardsByID
            let rows = graph.nodes.filter { $0.role == .storyboard }.compactMap(\.summary)
            for s in rows.prefix(maxRows) {
                let owners = storyboards[s.storyboard]?.targets.map { targets[$0] ?? $0 } ?? []
                out += "| \(inline(s.name)) (\(inline(s.storyboard))) | \(inline(owners.joined(separator: ", "))) | \(s.scenes) | \(s.unresolved) | \(s.errors) | \(s.warnings) | \(s.entryRoles.map(\.rawValue).joined(separator: ", ")) |\n"
            }
            if rows.count > maxRows { out += "\n\(rows.count - maxRows) more storyboards are not listed.\n" }
        } else {
            let scenes = graph.nodes.filter(\.role.isCountedScene)
            out += "| Scene | Storyboard ID | Role | Where |\n|---|---|---|---|\n"
            for node in scenes.prefix(maxRows) {
                let name = node.customClass ?? node.title ?? node.label
                out += "| \(inline(name)) | \(inline(node.storyboardIdentifier ?? "")) | \(node.role.rawValue) | \(inline(node.location.map { "\($0)" } ?? "")) |\n"
            }
            if scenes.count > maxRows { out += "\n\(scenes.count - maxRows) more scenes are not listed.\n" }
            let broken = graph.nodes.filter { $0.role.carriesResolution && $0.resolution?.state != .resolved }
            if !broken.isEmpty {
                out += "\n**Links that do not resolve**\n\n"
                for node in broken.prefix(maxRows) {
                    let target = [node.link?.storyboardName, node.link?.identifier].compactMap { $0 }.joined(separator: " › ")
                    out += "- \(inline(target.isEmpty ? node.label : target)): \(inline(node.resolution?.reason ?? node.resolution?.state.rawValue ?? "unresolved")) (\(inline(node.location.map { "\($0)" } ?? "")))\n"
                }
            }
        }

        let serious = graph.diagnostics.filter { $0.severity != .info }
        if !serious.isEmpty {
            out += "\n**Findings**\n\n"
            for d in serious.prefix(maxRows) {
                let at = d.location.map { inline("\($0)") + ": " } ?? ""
                out += "- **\(d.severity.rawValue)** \(at)\(inline(d.message)) [\(inline(d.code.rawValue))]\n"
            }
            if serious.count > maxRows { out += "\n\(serious.count - maxRows) more findings are not listed.\n" }
        }
        out += "\n```mermaid\n" + MermaidWriter.write(styled) + "```\n"
        return out
    }

    /// The counts line: `sbmap check`'s numbers for what the map shows (the whole app for the overview).
    static func counts(_ counts: GraphCounts) -> String {
        ([plural(counts.storyboards, "storyboard")] + counts.screenKinds.map { plural($0.count, $0.kind.noun) } + [
            plural(counts.crossFileLinks.total, "cross-file link"),
            plural(counts.errors, "error"), plural(counts.warnings, "warning"),
        ]).joined(separator: ", ")
    }

    /// Text for a Markdown line or table cell: one line, HTML's specials as entities, Markdown's behind `\`.
    public static func inline(_ text: String) -> String {
        var out = ""
        for ch in TextSafety.clean(text) {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            // Emphasis, code, links and images, tables, headings, strikethrough, and `@` (a mention pings people).
            // Our own text never starts a line with input, so list and quote markers need no escape.
            case "\\", "`", "*", "_", "{", "}", "[", "]", "(", ")", "#", "!", "|", "~", "@":
                out += "\\" + String(ch)
            default: out.append(ch)
            }
        }
        return out
    }
}
