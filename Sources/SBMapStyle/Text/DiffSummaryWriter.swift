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
    /// `notes`: what the reader must know about how the two sides were read (a submodule compared on neither side),
    /// each said once under the headline.
    public static func write(_ diff: GraphDiff, picture: StyledGraph?, mapFile: String?, artifactURL: String? = nil,
                             notes: [String] = []) -> String {
        var out = "## \(MarkdownWriter.inline(diff.verdict))\n\n"
        if let artifactURL, artifactURL.hasPrefix("https://") || artifactURL.hasPrefix("http://"),
           !artifactURL.contains(where: { $0 == " " || $0 == ")" || $0 == "<" || $0 == ">" || $0 == "\n" }) {
            out += "The diff map and the site of this change: [artifact](\(artifactURL)).\n\n"
        }
        for note in notes { out += MarkdownWriter.inline(note) + "\n\n" }
        guard !diff.isEmpty else { return out }
        out += findings("New findings", diff.newFindings)
        out += findings("Fixed findings", diff.fixedFindings)
        out += changesByStoryboard(diff)
        out += "\n### Counts (as `sbmap check` counts them)\n\n" + counts(diff)
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

    /// The counts before and after, as `check` counts them (`GraphCounts`), with what the change added and removed:
    /// scenes, segues, storyboard references and code links added and removed, findings new and fixed.
    static func counts(_ diff: GraphDiff) -> String {
        let a = GraphCounts(diff.base), b = GraphCounts(diff.head)
        let headNodes = diff.head.nodesByID
        let headEdges = Dictionary(diff.head.edges.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let addedNodes = diff.addedNodes.compactMap { headNodes[$0] }
        let addedEdges = diff.addedEdges.compactMap { headEdges[$0] }
        func row(_ name: String, _ x: Int, _ y: Int, _ added: Int? = nil, _ removed: Int? = nil) -> String {
            "| \(name) | \(x) | \(y) | \(added.map(String.init) ?? "") | \(removed.map(String.init) ?? "") |\n"
        }
        func new(_ level: Severity, _ list: [Diagnostic]) -> Int { list.count { $0.severity == level } }
        return "| | before | after | added, new | removed, fixed |\n|---|---:|---:|---:|---:|\n"
            + row("storyboards", a.storyboards, b.storyboards)
            + GraphCounts.ScreenKind.allCases.map { kind in
                // Scenes always; another kind of screen where either side has some.
                a[screens: kind] + b[screens: kind] == 0 && !kind.namedWhenNone ? ""
                    : row(kind.noun + "s", a[screens: kind], b[screens: kind],
                          addedNodes.count { GraphCounts.ScreenKind(role: $0.role) == kind },
                          diff.removedNodes.count { GraphCounts.ScreenKind(role: $0.role) == kind })
            }.joined()
            + row("segues", a.segues, b.segues, addedEdges.count { $0.kind.isInterfaceBuilderSegue }, diff.removedEdges.count { $0.kind.isInterfaceBuilderSegue })
            + row("cross-file links", a.crossFileLinks.total, b.crossFileLinks.total,
                  addedNodes.count { $0.role.isCrossFileLink }, diff.removedNodes.count { $0.role.isCrossFileLink })
            + row("cross-file links that do not resolve", a.crossFileLinks.unresolved, b.crossFileLinks.unresolved,
                  diff.brokeNodes.count, diff.fixedNodes.count)
            + row("code links", a.codeLinks, b.codeLinks, addedEdges.count { $0.kind == .code } + diff.codeLinkEdgesAppeared,
                  diff.removedEdges.count { $0.kind == .code } + diff.codeLinkEdgesGone)
            + row("code links that do not resolve", a.unresolvedCodeLinks, b.unresolvedCodeLinks,
                  diff.brokeCodeLinks.count, diff.fixedCodeLinks.count)
            + row("errors", a.errors, b.errors, new(.error, diff.newFindings), new(.error, diff.fixedFindings))
            + row("warnings", a.warnings, b.warnings, new(.warning, diff.newFindings), new(.warning, diff.fixedFindings))
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
        // A call in code whose link broke or was fixed: once, at the call, under the storyboard whose change did it.
        for change in diff.brokeCodeLinks {
            lines[change.storyboard ?? "code", default: []].append("**broke** \(MarkdownWriter.inline(change.text))")
        }
        for change in diff.fixedCodeLinks {
            lines[change.storyboard ?? "code", default: []].append("fixed \(MarkdownWriter.inline(change.text))")
        }
        for id in diff.addedNodes { lines[file(headNodes[id]), default: []].append("added \(MarkdownWriter.inline(name(headNodes[id])))") }
        for node in diff.removedNodes {
            lines[node.storyboard.map { diff.storyboardMatch[$0] ?? $0 } ?? "code", default: []]
                .append("removed \(MarkdownWriter.inline(name(node)))")
        }
        // What moved with the scenes (their references and exits): one line per storyboard they went to.
        var movedWith: [String: [String: Int]] = [:]
        for (id, details) in diff.changedNodes.sorted(by: { $0.key < $1.key }) {
            if let move = diff.movedNodes[id], let node = headNodes[id], !node.role.isCountedScene {
                let what = node.role.isCrossFileLink ? "storyboard reference" : node.role == .exit ? "unwind exit" : node.role.rawValue
                movedWith[file(node), default: [:]][what, default: 0] += 1
                if details.count == 1, details[0] == move { continue }
            }
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
        for (path, counts) in movedWith {
            let list = counts.sorted { $0.key < $1.key }.map { plural($0.value, $0.key) }
            lines[path, default: []].append("moved here with the scenes: " + list.joined(separator: ", "))
        }
        let headEdges = Dictionary(diff.head.edges.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        // sbmap's own links (a reference's link to its scene, an exit's unwind targets) are drawn, not listed.
        func isOwn(_ edge: Edge) -> Bool { [.reference, .unwindTarget, .aggregate].contains(edge.kind) }
        func edgeText(_ edge: Edge, _ nodes: NodeTable) -> String {
            let ident = edge.identifier.map { " '\($0)'" } ?? ""
            // Two calls of one class to one scene read alike: the call's file and line tell them apart.
            let call = edge.kind == .code ? edge.location.map { " at \($0.path.split(separator: "/").last.map(String.init) ?? $0.path):\($0.line)" } ?? "" : ""
            // Navigation made in code says its call (`push`, `tab 2`, `embed`), as the map's label does.
            let kind = edge.kind == .code ? edge.relationship.map { StylePass.navigationText($0, order: edge.order) } : nil
            return "\(kind ?? edge.kind.rawValue)\(ident) from \(name(nodes[edge.from])) to \(name(nodes[edge.to]))\(call)"
        }
        for id in diff.addedEdges {
            guard let edge = headEdges[id], !isOwn(edge) else { continue }
            lines[file(headNodes[edge.from]), default: []].append("added link: \(MarkdownWriter.inline(edgeText(edge, headNodes)))")
        }
        for edge in diff.removedEdges where !isOwn(edge) {
            let path = baseNodes[edge.from]?.storyboard.map { diff.storyboardMatch[$0] ?? $0 } ?? "code"
            lines[path, default: []].append("removed link: \(MarkdownWriter.inline(edgeText(edge, baseNodes)))")
        }
        for (id, details) in diff.changedEdges.sorted(by: { $0.key < $1.key }) {
            guard let edge = headEdges[id], !isOwn(edge) else { continue }
            lines[file(headNodes[edge.from]), default: []]
                .append("changed link: \(MarkdownWriter.inline(edgeText(edge, headNodes))): \(MarkdownWriter.inline(details.joined(separator: "; ")))")
        }
        for (path, changes) in diff.entryPointChanges.sorted(by: { $0.key < $1.key }) {
            lines[path, default: []].insert(contentsOf: changes.map { MarkdownWriter.inline($0) }, at: 0)
        }
        for (from, to) in diff.renamed { lines[to, default: []].insert("renamed from \(MarkdownWriter.inline(from))", at: 0) }
        let headPaths = Set(diff.head.storyboards.map(\.path))
        for storyboard in diff.base.storyboards where diff.storyboardMatch[storyboard.path] == nil {
            lines[storyboard.path, default: []].insert(storyboard.isXib ? "xib removed" : "storyboard removed", at: 0)
        }
        let matchedHead = Set(diff.storyboardMatch.values)
        let headXibs = Set(diff.head.storyboards.lazy.filter(\.isXib).map(\.path))
        for path in headPaths.subtracting(matchedHead) {
            lines[path, default: []].insert(headXibs.contains(path) ? "xib added" : "storyboard added", at: 0)
        }
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
