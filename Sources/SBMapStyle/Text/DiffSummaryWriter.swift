import SBMapDiff
import SBMapModel

/// The Markdown summary of a diff, for a pull-request comment. It leads with the verdict (its first line says what
/// the change does to the app: `2 links broke, both crash at runtime`), then the new findings, the fixed ones, the
/// changes per storyboard (long lists folded in `<details>`), the counts before and after as `check` counts them,
/// and a Mermaid picture of the changed part (or where the full diff map is, when it is too big to show).
public enum DiffSummaryWriter {
    /// The most nodes the Mermaid picture may have; GitHub draws bigger ones, but nobody can read them in a comment.
    public static let maxMermaidNodes = 60
    /// The most lines of a list before it says how many more there are.
    public static let maxItems = 50

    /// A storyboard's list of changes longer than this is folded.
    public static let foldAfter = 10

    /// `artifactURL`: where the diff map and the site are (an `http(s)` URL; the workflow fills it in).
    public static func write(_ diff: GraphDiff, picture: StyledGraph?, mapFile: String?, artifactURL: String? = nil) -> String {
        var out = "## \(MarkdownWriter.inline(diff.verdict))\n\n"
        if let artifactURL, artifactURL.hasPrefix("https://") || artifactURL.hasPrefix("http://"),
           !artifactURL.contains(where: { $0 == " " || $0 == ")" || $0 == "<" || $0 == ">" || $0 == "\n" }) {
            out += "The diff map and the site of this change: [artifact](\(artifactURL)).\n\n"
        }
        guard !diff.isEmpty else { return out }
        out += findings("New findings", diff.newFindings)
        out += findings("Fixed findings", diff.fixedFindings)
        out += changesByStoryboard(diff)
        out += "\n<details><summary>Counts before and after (as <code>sbmap check</code> counts them)</summary>\n\n"
            + counts(diff) + "\n</details>\n"
        if let picture {
            let nodes = picture.nodes.count
            if nodes > maxMermaidNodes {
                out += "\nThe changed part of the map has \(nodes) nodes, too many to show here"
                    + (mapFile.map { "; see the diff map (\(MarkdownWriter.inline($0)))" } ?? "") + ".\n"
            } else if nodes > 0 {
                out += "\n```mermaid\n" + MermaidWriter.write(picture) + "```\n"
            }
        }
        return out
    }

    /// The counts before and after, as `check` counts them (`GraphCounts`).
    static func counts(_ diff: GraphDiff) -> String {
        let a = GraphCounts(diff.base), b = GraphCounts(diff.head)
        func row(_ name: String, _ x: Int, _ y: Int) -> String {
            let delta = y - x
            return "| \(name) | \(x) | \(y) | \(delta == 0 ? "" : delta > 0 ? "+\(delta)" : "−\(-delta)") |\n"
        }
        return "| | before | after | |\n|---|---:|---:|---:|\n"
            + row("storyboards", a.storyboards, b.storyboards) + row("scenes", a.scenes, b.scenes)
            + row("segues", a.segues, b.segues) + row("cross-file links", a.crossFileLinks.total, b.crossFileLinks.total)
            + row("cross-file links that do not resolve", a.crossFileLinks.unresolved, b.crossFileLinks.unresolved)
            + row("code links", a.codeLinks, b.codeLinks)
            + row("code links that do not resolve", a.unresolvedCodeLinks, b.unresolvedCodeLinks)
            + row("errors", a.errors, b.errors) + row("warnings", a.warnings, b.warnings)
    }

    static func changesByStoryboard(_ diff: GraphDiff) -> String {
        var lines: [String: [String]] = [:]
        let headNodes = diff.head.nodesByID
        let baseNodes = diff.base.nodesByID
        func name(_ node: Node?) -> String {
            guard let node else { return "?" }
            if node.role.carriesResolution { return "→ " + (GraphDiff.describe(node.link) ?? node.label) }
            return node.customClass ?? node.storyboardIdentifier ?? node.title ?? node.label
        }
        func file(_ node: Node?) -> String { node?.storyboard ?? "code" }
        for (id, details) in diff.brokeNodes.sorted(by: { $0.key < $1.key }) {
            lines[file(headNodes[id]), default: []]
                .append("**broke** \(MarkdownWriter.inline(name(headNodes[id]))): \(MarkdownWriter.inline(details.joined(separator: "; ")))")
        }
        for (id, details) in diff.fixedNodes.sorted(by: { $0.key < $1.key }) {
            lines[file(headNodes[id]), default: []]
                .append("fixed \(MarkdownWriter.inline(name(headNodes[id])))" + (details.isEmpty ? "" : ": \(MarkdownWriter.inline(details.joined(separator: "; ")))"))
        }
        for id in diff.addedNodes { lines[file(headNodes[id]), default: []].append("added \(MarkdownWriter.inline(name(headNodes[id])))") }
        for node in diff.removedNodes {
            lines[node.storyboard.map { diff.storyboardMatch[$0] ?? $0 } ?? "code", default: []]
                .append("removed \(MarkdownWriter.inline(name(node)))")
        }
        for (id, details) in diff.changedNodes.sorted(by: { $0.key < $1.key }) {
            if let move = diff.movedNodes[id] {
                // One change where the scene is now: "moved from Settings to NewFeature, now reached through a reference".
                let rest = details.filter { $0 != move }
                lines[file(headNodes[id]), default: []].append("\(MarkdownWriter.inline(name(headNodes[id]))) \(MarkdownWriter.inline(move))"
                    + (rest.isEmpty ? "" : "; \(MarkdownWriter.inline(rest.joined(separator: "; ")))"))
                continue
            }
            lines[file(headNodes[id]), default: []]
                .append("changed \(MarkdownWriter.inline(name(headNodes[id]))): \(MarkdownWriter.inline(details.joined(separator: "; ")))")
        }
        let headEdges = Dictionary(diff.head.edges.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        func edgeText(_ edge: Edge, _ nodes: [String: Node]) -> String {
            let ident = edge.identifier.map { " '\($0)'" } ?? ""
            return "\(edge.kind.rawValue)\(ident) from \(name(nodes[edge.from])) to \(name(nodes[edge.to]))"
        }
        for id in diff.addedEdges {
            guard let edge = headEdges[id] else { continue }
            lines[file(headNodes[edge.from]), default: []].append("added link: \(MarkdownWriter.inline(edgeText(edge, headNodes)))")
        }
        for edge in diff.removedEdges {
            let path = baseNodes[edge.from]?.storyboard.map { diff.storyboardMatch[$0] ?? $0 } ?? "code"
            lines[path, default: []].append("removed link: \(MarkdownWriter.inline(edgeText(edge, baseNodes)))")
        }
        for (id, details) in diff.changedEdges.sorted(by: { $0.key < $1.key }) {
            guard let edge = headEdges[id] else { continue }
            lines[file(headNodes[edge.from]), default: []]
                .append("changed link: \(MarkdownWriter.inline(edgeText(edge, headNodes))): \(MarkdownWriter.inline(details.joined(separator: "; ")))")
        }
        for (from, to) in diff.renamed { lines[to, default: []].insert("renamed from \(MarkdownWriter.inline(from))", at: 0) }
        let headPaths = Set(diff.head.storyboards.map(\.path))
        for storyboard in diff.base.storyboards where diff.storyboardMatch[storyboard.path] == nil {
            lines[storyboard.path, default: []].insert("storyboard removed", at: 0)
        }
        let matchedHead = Set(diff.storyboardMatch.values)
        for path in headPaths.subtracting(matchedHead) { lines[path, default: []].insert("storyboard added", at: 0) }
        guard !lines.isEmpty else { return "" }
        var out = "\n### Changes by storyboard\n"
        for path in lines.keys.sorted() {
            let items = lines[path] ?? []
            out += "\n**\(MarkdownWriter.inline(path))**\n\n"
            let list = items.prefix(maxItems).map { "- \($0)\n" }.joined()
                + (items.count > maxItems ? "- and \(items.count - maxItems) more\n" : "")
            out += items.count > foldAfter ? "<details><summary>\(items.count) changes</summary>\n\n\(list)\n</details>\n" : list
        }
        return out
    }

    static func findings(_ title: String, _ list: [Diagnostic]) -> String {
        guard !list.isEmpty else { return "" }
        var out = "### \(title)\n\n"
        let folded = list.count > foldAfter
        if folded { out += "<details><summary>\(list.count) findings</summary>\n\n" }
        for d in list.sorted().prefix(maxItems) {
            let at = d.location.map { MarkdownWriter.inline("\($0)") + ": " } ?? ""
            out += "- **\(d.severity == .info ? "note" : d.severity.rawValue)** \(at)\(MarkdownWriter.inline(d.message)) [\(MarkdownWriter.inline(d.code.rawValue))]\n"
        }
        if list.count > maxItems { out += "- and \(list.count - maxItems) more\n" }
        if folded { out += "\n</details>\n" }
        return out + "\n"
    }
}
