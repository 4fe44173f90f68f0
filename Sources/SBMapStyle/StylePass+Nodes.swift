import SBMapModel

extension StylePass {
    // MARK: Scene nodes

    mutating func styleNodes() {
        // The overview draws storyboards as nodes in their targets' boxes: a code type goes in the box of the storyboard
        // it opens most, among those its own targets build.
        let overview = if case .overview = view { true } else { false }
        homes = Self.homes(of: graph, drawn: overview ? Set(graph.storyboards.map(\.path)) : Set(clusterIDs.keys))
        // Clusters in path order, each in the graph's document order, code types after the scenes of the storyboard
        // they are drawn in (by id); code types drawn in no storyboard last, by id.
        let order = Dictionary(uniqueKeysWithValues: clusters.filter { $0.kind == .storyboard }.enumerated()
            .map { ($1.storyboard, $0) })
        func key(_ node: Node) -> (Int, Bool) {
            if let sb = node.storyboard, let k = order[sb] { return (k, false) }
            return (homes[node.id].flatMap { order[$0] } ?? Int.max, true)
        }
        let sorted = graph.nodes.enumerated().sorted { a, b in
            let ka = key(a.element), kb = key(b.element)
            if ka.0 != kb.0 { return ka.0 < kb.0 }
            if ka.1 != kb.1 { return !ka.1 }
            if ka.1, a.element.id != b.element.id { return a.element.id < b.element.id }
            return a.offset < b.offset
        }.map(\.element)
        var seen: Set<String> = []
        for node in sorted where seen.insert(node.id).inserted {
            styleNode(node)
        }
        if foldedCodeTypes > 0 {
            diagnostics.append(Diagnostic(.info, .renderLimited,
                                          "the overview draws more than \(OverviewView.maxCodeTypes) types in code: \(plural(foldedCodeTypes, "type")) that each open one storyboard and nothing else are folded into that storyboard's node ('opened from code by N types', the names in its tooltip); the focus maps (--focus NAME, --all) draw them",
                                          at: nil, about: "overview code types"))
        }
    }

    mutating func styleNode(_ node: Node) {
        if node.role.isSummary { return styleSummary(node) }
        let id = ids.make(node.role == .code ? "code" : node.role == .codeTarget ? "code-target" : "scene", node.id)
        nodeIDs[node.id] = id
        let cluster = node.storyboard.flatMap { clusterIDs[$0] }
        let home = cluster == nil ? homes[node.id].flatMap { clusterIDs[$0] ?? groupOfStoryboard[$0] } : nil
        // Edges are told apart by where their ends are drawn: a code type's edges to its home box stay inside it.
        if let drawnIn = cluster ?? home { clusterOfNode[node.id] = drawnIn }

        var style = theme.nodeStyle(for: node.role)
        var classes = node.role == .code ? ["code"] : node.role == .codeTarget ? ["code-target"] : ["scene", node.role.rawValue]
        var usageKey = LegendUsage.NodeKey.role(node.role)
        // Placeholders and targets named in code carry a resolution: the highlight for its state goes on top.
        if let state = node.resolution?.state, node.role.carriesResolution {
            style = style.overlaid(with: theme.highlight.highlight(for: state).node)
            classes.append(state == .resolved ? "cross-file" : state.rawValue)
            if state != .resolved { classes.append("broken-link") }
            usageKey = .placeholder(node.role, state)
        } else if node.role.carriesResolution {
            // A placeholder nobody resolved (no resolver ran): draw it as unresolved, never as fine.
            style = style.overlaid(with: theme.highlight.unresolved.node)
            classes.append(Resolution.State.unresolved.rawValue)
            usageKey = .placeholder(node.role, .unresolved)
        }
        if isInitial(node) {
            style = style.overlaid(with: theme.markers.initial.scene)
            classes.append("initial")
            // Its outline is a look of its own, also where an entry marker, not the initial dot, points at it.
            usage.markers.insert(.initial)
        }
        if node.instantiatedBySelfAt != nil { classes.append("self-instantiated") }
        if let change = node.change {
            // Last, so a diff map's marks stay on top of roles and highlights.
            style = style.overlaid(with: theme.diff.style(for: change.kind).node)
            classes += ["diff", change.kind.rawValue]
            usage.changes.insert(change.kind)
        }
        usage.nodes.insert(usageKey)
        // An overview draws a storyboard that does not exist as one such node, whether code or a reference names it.
        if node.role == .codeTarget, let mechanism = node.link?.mechanism, mechanism != .code { usage.missingNotOnlyFromCode = true }

        var lines = labelLines(for: node)
        if let prefix = style.prefix, !prefix.isEmpty, !lines.isEmpty {
            lines[0] = TextSafety.clean(prefix) + " " + lines[0]
        }
        nodes.append(StyledNode(id: id, modelID: node.id, kind: .scene, cluster: cluster, label: lines,
                                tooltip: tooltip(tooltipLines(for: node)), classes: classes, style: style, home: home))
    }

    /// Where each node without a storyboard (a code type, a class named in code) is drawn: the storyboard of
    /// `drawn` (paths) whose scenes it has the most edges with, either way; on a tie the first by path. A node with no
    /// edge to a drawn storyboard has no home. In a column of their own, code types sent dotted edges across the whole
    /// map, through every storyboard between them and the scenes they open (docs/themes.md, "Full-map layout").
    /// A type whose targets are known (`Node.targets`) counts only the storyboards one of its targets builds, where
    /// it reaches any: it is drawn in its own target's box, not in a framework's it opens. An overview's aggregate
    /// edge counts as the links it stands for.
    static func homes(of graph: StoryboardGraph, drawn: Set<String>) -> [String: String] {
        let nodesByID = graph.nodesByID
        let storyboards = graph.storyboardsByID
        let homeless = Set(graph.nodes.filter { $0.storyboard == nil && !$0.role.isSummary }.map(\.id))
        var counts: [String: [String: Int]] = [:]
        var own: [String: [String: Int]] = [:]
        for edge in graph.edges {
            for (end, other) in [(edge.from, edge.to), (edge.to, edge.from)] where homeless.contains(end) {
                guard let sb = nodesByID[other]?.storyboard, drawn.contains(sb) else { continue }
                counts[end, default: [:]][sb, default: 0] += edge.count ?? 1
                if let targets = nodesByID[end]?.targets, let built = storyboards[sb]?.targets,
                   built.contains(where: targets.contains) {
                    own[end, default: [:]][sb, default: 0] += edge.count ?? 1
                }
            }
        }
        var homes: [String: String] = [:]
        for (end, reachedAll) in counts {
            let reached = own[end] ?? reachedAll
            homes[end] = reached.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }?.key
        }
        return homes
    }

    /// An overview's storyboard node, or a focus map's stub: the name, how many scenes it stands for, and badges for
    /// what is wrong in it, inside the box of the targets that build it.
    mutating func styleSummary(_ node: Node) {
        let summary = node.summary ?? StoryboardSummary(storyboard: node.storyboard ?? "", name: node.label, scenes: 0)
        let id = ids.make(node.role == .stub ? "stub" : "storyboard-node", node.id)
        nodeIDs[node.id] = id
        // A stub of a storyboard the map draws in part sits in that storyboard's box; otherwise in its target's.
        let cluster = clusterIDs[summary.storyboard] ?? groupOfStoryboard[summary.storyboard]
        if let cluster { clusterOfNode[node.id] = cluster }

        var style = theme.nodeStyle(for: node.role)
        var classes = [node.role.rawValue]
        let limit = labels.maxLength
        var lines = Self.summaryNameLines(summary, storyboard: storyboardsByID[summary.storyboard], limit: limit)
        if lines.isEmpty { lines = [""] }
        // Named by the kind of screen the file holds (`3 xib screens`).
        let fileKind = storyboardsByID[summary.storyboard]?.kind ?? (summary.storyboard.hasSuffix(".xib") ? .xib : .storyboard)
        if fileKind == .xib { usage.xibSummaries = true }
        let scenes = plural(summary.scenes, GraphCounts.ScreenKind(file: fileKind).noun)
        if node.role == .stub, node.summary?.storyboard == "code" {
            // The stub for types in code further away (coordinators, helpers): not a storyboard.
            lines = [TextSafety.label("Code", limit: limit)]
            lines.append("+" + plural(summary.scenes, "type") + " further away")
        } else {
            lines.append(node.role == .stub ? "+\(scenes) further away" : scenes)
        }
        if let types = summary.openedFromCode, !types.isEmpty {
            // An overview of many types in code folds those that open only this storyboard into its node.
            lines.append("opened from code by " + plural(types.count, "type"))
        }
        let badges = Self.badges(summary)
        if !badges.isEmpty { lines.append(badges.joined(separator: "  ")) }
        var usageKey = LegendUsage.NodeKey.role(node.role)
        if summary.unresolved > 0 || summary.errors > 0 {
            style = style.overlaid(with: Self.brokenSummaryOverlay(theme))
            classes.append(summary.unresolved > 0 ? "has-unresolved" : "has-errors")
            usageKey = .brokenSummary(node.role)
        } else if summary.warnings > 0 {
            classes.append("has-warnings")
        }
        if !summary.entryRoles.isEmpty {
            let roles = Array(Set(summary.entryRoles.map(Self.entryText))).sorted()
            lines += TextSafety.wrapped(TextSafety.clean("▶ " + roles.joined(separator: ", ")), width: limit, maxLines: 2)
            style = style.overlaid(with: theme.markers.initial.scene)
            classes.append("entry")
            usage.markers.insert(.entryTitle)
        }
        usage.nodes.insert(usageKey)
        if let prefix = style.prefix, !prefix.isEmpty {
            lines[0] = TextSafety.clean(prefix) + " " + lines[0]
        }
        var tip = [node.role == .stub ? "Further away in \(summary.name): \(scenes), folded" : "\(summary.storyboard.hasSuffix(".xib") ? "Xib" : "Storyboard"): \(summary.name)"]
        if let sb = storyboardsByID[summary.storyboard] {
            tip += storyboardTooltip(sb).dropFirst()
        } else if summary.storyboard.hasPrefix("hub:") {
            tip.append(node.label)  // a hub's stub (FocusView.hubStubs): which storyboards it folds
        }
        tip += Self.badgeTexts(summary)
        if let types = summary.openedFromCode, !types.isEmpty {
            tip.append("Opened from code by: " + types.joined(separator: ", "))
            foldedCodeTypes += types.count
        }
        nodes.append(StyledNode(id: id, modelID: node.id, kind: .scene, cluster: cluster, label: lines,
                                tooltip: tooltip(tip), classes: classes, style: style))
    }

    /// A storyboard node (or a folded part) with something broken in it: its outline takes the unresolved colour,
    /// doubled, so it shows at a glance.
    static func brokenSummaryOverlay(_ theme: Theme) -> NodeStyle {
        var overlay = NodeStyle()
        overlay.stroke = theme.highlight.unresolved.node.stroke
        overlay.peripheries = 2
        overlay.penwidth = 2
        return overlay
    }

    /// Short badges for a storyboard node: `⚠ 2 unresolved`, `✖ 1 error`, `▲ 3 warnings`.
    static func badges(_ s: StoryboardSummary) -> [String] {
        var out: [String] = []
        if s.unresolved > 0 { out.append("⚠ \(s.unresolved) unresolved") }
        if s.errors > 0 { out.append("✖ " + plural(s.errors, "error")) }
        if s.warnings > 0 { out.append("▲ " + plural(s.warnings, "warning")) }
        return out
    }

    /// The same, spelled out for the tooltip.
    static func badgeTexts(_ s: StoryboardSummary) -> [String] {
        var out: [String] = []
        if s.unresolved > 0 { out.append("\(plural(s.unresolved, "link")) that do not resolve") }
        if s.errors > 0 { out.append(plural(s.errors, "error")) }
        if s.warnings > 0 { out.append(plural(s.warnings, "warning")) }
        if s.notes > 0 { out.append(plural(s.notes, "note")) }
        return out
    }

    func isInitial(_ node: Node) -> Bool {
        if node.initial { return true }
        guard let sb = node.storyboard, let storyboard = storyboardsByID[sb] else { return false }
        return storyboard.initialScene == node.id
    }

    /// What a scene's box says: the label mode's text, or for placeholders where they point,
    /// plus the reason when they do not resolve.
    /// A storyboard node's name: two lines at most; where the name repeats and a path tells the files apart
    /// (`Settings (TV/Settings.storyboard)`), the name, then the path in parentheses on lines of its own, broken after
    /// its `/` (three lines at most), so the file's name is drawn whole wherever it fits in a line.
    static func summaryNameLines(_ summary: StoryboardSummary, storyboard: Storyboard?, limit: Int) -> [String] {
        let title = TextSafety.clean(summary.name)
        if let storyboard {
            let name = TextSafety.clean(storyboard.name)
            if title.count > name.count + 3, title.hasPrefix(name + " ("), title.hasSuffix(")"),
               title.dropFirst(name.count).contains("/") {
                let path = String(title.dropFirst(name.count + 1))
                return TextSafety.wrapped(name, width: limit, maxLines: 2) + TextSafety.pathLines(path, width: limit, maxLines: 3)
            }
        }
        return TextSafety.wrapped(title, width: limit, maxLines: 2)
    }

    func labelLines(for node: Node) -> [String] {
        let limit = labels.maxLength
        switch node.role {
        case .reference, .link, .codeTarget:
            // Where it points (two lines at most), then why not (three at most: a PNG has no tooltip to give back a
            // word the label left out), each wrapped at spaces and a long name at its humps.
            var lines: [String]
            if let (name, path, rest) = pathQualifiedTarget(node) {
                // A repeated name's path on lines of its own, broken after its `/`, then what it points to.
                lines = TextSafety.wrapped(name, width: limit, maxLines: 2) + TextSafety.pathLines("(\(path))", width: limit, maxLines: 3)
                lines += TextSafety.wrapped(rest, width: limit, maxLines: 2)
            } else {
                lines = TextSafety.wrapped(TextSafety.clean(linkDescription(node)), width: limit, maxLines: 2)
            }
            if let res = node.resolution, res.state != .resolved {
                // A reason that names a repeated storyboard by its path (`in 'Settings (TV/Settings.storyboard)'`)
                // has a fourth line for it.
                let reason = Self.reasonText(res)
                lines += TextSafety.wrapped(reason, width: limit, maxLines: reason.contains("/") ? 4 : 3)
            } else if node.resolution == nil {
                lines.append(Resolution.State.unresolved.rawValue)
            }
            return lines
        case .exit:
            // A long selector breaks at its humps and colons (`Exit: unwindToSomething` / `ViewController:`).
            let lines = TextSafety.labelLines(node.unwindAction.map { "Exit: \($0)" } ?? node.label, limit: limit)
            return lines.isEmpty ? [""] : lines
        case .code:
            let lines = TextSafety.labelLines(node.customClass ?? node.label, limit: limit)
            return lines.isEmpty ? [""] : lines
        case .swiftUIScreen:
            // `SettingsView (SwiftUI)`: the view's name says what the screen is.
            let lines = TextSafety.labelLines(node.label, limit: limit)
            return lines.isEmpty ? [""] : lines
        default:
            let primary: String?
            switch options.labelMode {
            case .class: primary = node.customClass ?? defaultClass(node)
            case .identifier: primary = node.storyboardIdentifier
            case .title: primary = node.title
            }
            let text = TextSafety.clean(primary ?? "")
            let lines = TextSafety.wrapped(text.isEmpty ? TextSafety.clean(node.label) : text, width: limit)
            return lines.isEmpty ? [node.element] : lines
        }
    }

    /// Why a link does not resolve, short for a label: the state (`✗` for unresolved) and the reason, with its fixed
    /// words shortened so the names it is about fit. The tooltip keeps the reason as the resolver wrote it.
    static func reasonText(_ res: Resolution) -> String {
        var reason = TextSafety.clean(res.reason ?? "")
        for (long, short) in [(" in bundle '", " bundle '"), (", which was not scanned", " (not scanned)")] {
            reason = reason.replacing(long, with: short)
        }
        if reason.isEmpty { return res.state.rawValue }
        return res.state == .unresolved ? "✗ \(reason)" : "\(res.state.rawValue): \(reason)"
    }

    /// `Settings`, `Settings › detail`, `Settings (tvOS) › detail`, or the link class's name when nothing else is known.
    func linkDescription(_ node: Node) -> String {
        guard let link = node.link else { return node.label }
        var name = link.storyboardName ?? "(no storyboard)"
        // A target named in code sits in the box of the storyboard it names: where that name repeats, say which.
        if node.role == .codeTarget, let path = node.storyboard, let storyboard = storyboardsByID[path],
           storyboard.name == link.storyboardName {
            name = storyboardNames.title(storyboard)
        }
        var text = name
        if let ident = link.identifier, !ident.isEmpty { text += " › \(ident)" }
        if let bundle = link.bundleIdentifier, !bundle.isEmpty { text += " [\(bundle)]" }
        return text
    }

    /// A target named in code whose storyboard name repeats and is told apart by its path: the name, the path and the
    /// rest of the description (`› detail [bundle]`), cleaned; `nil` otherwise.
    func pathQualifiedTarget(_ node: Node) -> (name: String, path: String, rest: String)? {
        guard node.role == .codeTarget, let link = node.link, let path = node.storyboard,
              let storyboard = storyboardsByID[path], storyboard.name == link.storyboardName,
              let qualifier = storyboardNames.qualifier(storyboard), !storyboardNames.qualifiesByPlatform(storyboard)
        else { return nil }
        var rest = ""
        if let ident = link.identifier, !ident.isEmpty { rest += "› \(ident)" }
        if let bundle = link.bundleIdentifier, !bundle.isEmpty { rest += (rest.isEmpty ? "" : " ") + "[\(bundle)]" }
        return (TextSafety.clean(storyboard.name), TextSafety.clean(qualifier), TextSafety.clean(rest))
    }

    func tooltipLines(for node: Node) -> [String] {
        var tip: [String] = []
        let cls = node.customClass.map { c in node.customModule.map { "\($0).\(c)" } ?? c } ?? defaultClass(node)
        if node.role == .codeTarget {
            tip.append(node.link.map { $0.mechanism == .code } ?? true ? "Named in code, not found in the storyboards"
                                                                        : "Named by a storyboard reference, not found in the storyboards")
        } else if node.role != .code {
            tip.append("Class: \(cls ?? node.element)")
        }
        // What the screen is for, near the top: a long tooltip is capped at its end.
        if let doc = node.doc { tip.append("What it is for: \(doc)") }
        if let note = node.note { tip.append("Note: \(note)") }
        tip.append("Role: \(node.role.rawValue)")
        if let ident = node.storyboardIdentifier { tip.append("Storyboard ID: \(ident)") }
        if let title = node.title { tip.append("Title: \(title)") }
        // The file, never its line: a picture changes only when the map does, not when a line is inserted above.
        if let loc = node.location, !loc.path.isEmpty { tip.append("File: \(loc.path)") }
        if let link = node.link {
            tip.append("Points to: \(linkDescription(node))")
            if let cls = link.linkClass { tip.append("Link class: \(cls)") }
        }
        if let res = node.resolution {
            var line = "Resolution: \(res.state.rawValue)"
            if let target = res.target { line += " → \(target)" }
            tip.append(line)
            if let reason = res.reason { tip.append("Reason: \(reason)") }
            if !res.candidates.isEmpty { tip.append("Candidates: \(res.candidates.joined(separator: ", "))") }
        }
        if isInitial(node) { tip.append("Initial scene") }
        if let action = node.unwindAction { tip.append("Unwind action: \(action)") }
        for path in Self.files(of: node.instantiatedBySelfAt ?? []) { tip.append("Instantiated by its own class (\(path))") }
        tip += Self.changeLines(node.change)
        return tip
    }

    /// The files of `locations`, each once, in order: what a tooltip says of places (lines are data for the JSON and
    /// the site, and would make every picture change when a line is inserted above).
    static func files(of locations: [SourceLocation]) -> [String] {
        var seen: Set<String> = []
        return locations.map(\.path).filter { seen.insert($0).inserted }
    }

    /// The class a scene has when it sets no custom class, for its storyboard's platform.
    func defaultClass(_ node: Node) -> String? {
        node.defaultClass(on: node.storyboard.flatMap { storyboardsByID[$0]?.platform })
    }

}
