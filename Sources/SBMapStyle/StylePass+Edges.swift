import SBMapModel

extension StylePass {
    // MARK: Edges

    mutating func styleEdges() {
        var seen: Set<String> = []
        let modelNodes = nodesByID
        let hubs = codeHubs()
        for edge in graph.edges {
            guard var from = nodeIDs[edge.from], var to = nodeIDs[edge.to] else {
                let missing = nodeIDs[edge.from] == nil ? edge.from : edge.to
                diagnostics.append(Diagnostic(.warning, .renderLimited,
                                              "edge '\(edge.id)' is not drawn: its end '\(missing)' is not in the graph",
                                              at: edge.location, about: edge.id))
                continue
            }
            // The model promises unique edge ids; keep the first if it ever breaks that promise.
            guard seen.insert(edge.id).inserted else { continue }
            var fromCluster = clusterOfNode[edge.from]
            var toCluster = clusterOfNode[edge.to]
            // A code hub's link into another box starts at its port there (StylePass+CodePorts.swift).
            if edge.kind == .code, let box = toCluster, hubs[edge.from]?.contains(box) == true,
               let port = codePort(of: edge.from, in: box) {
                from = port
                fromCluster = box
            } else if edge.kind == .code, let box = fromCluster, hubs[edge.to]?.contains(box) == true,
                      let port = codePort(of: edge.to, in: box) {
                to = port
                toCluster = box
            }
            let crosses = fromCluster != nil && toCluster != nil && fromCluster != toCluster
            // Links made in code and unwinds keep their own look wherever they lead: the cross-file colour means a
            // link between storyboards, and nothing else.
            let crossFile = edge.kind == .reference
                || (edge.kind != .code && edge.kind != .unwindTarget && (edge.crossFile || crosses))

            // An aggregate is drawn as what it gathers: links from a type in code as code links, links into or out of
            // a folded part as fold links, the rest as links between storyboards.
            let drawnKind = edge.kind == .aggregate ? aggregateKind(edge, nodes: modelNodes) : edge.kind
            var style = theme.edges.style(for: drawnKind)
            let styleKind = theme.edges.styleKind(for: drawnKind)
            usage.edges.insert(styleKind.map { .kind($0) } ?? .other)
            var classes = [TextSafety.token(edge.kind.rawValue)]
            if drawnKind != edge.kind { classes.append(TextSafety.token(drawnKind.rawValue)) }
            if let sk = styleKind, sk != drawnKind { classes.append(TextSafety.token(sk.rawValue)) }
            if edge.kind == .aggregate {
                // The count and the worst state tell the edges of an overview apart.
                if drawnKind == .aggregate { classes.append("cross-file") }
                let count = max(edge.count ?? 1, 1)
                if count > 1 {
                    var heavier = EdgeStyle()
                    let doublings = Int.bitWidth - count.leadingZeroBitCount - 1  // ⌊log2 count⌋
                    heavier.penwidth = (style.penwidth ?? 1) * min(1 + Double(doublings) / 2, 3)
                    style = style.overlaid(with: heavier)
                }
                if let worst = edge.worst, worst != .resolved {
                    style = style.overlaid(with: theme.highlight.highlight(for: worst).edge)
                    classes += [worst.rawValue, "broken-link"]
                    usage.edges.insert(.broken(worst))
                }
            } else if crossFile {
                style = style.overlaid(with: theme.highlight.crossFile.edge)
                classes.append("cross-file")
                if edge.kind != .reference { usage.edges.insert(.crossFile) }
            }
            if edge.creationSelector != nil {
                classes.append("segue-action")
                usage.segueAction = true
            }
            // A link made in code whose target does not resolve: the state's highlight, as on placeholders.
            if let target = modelNodes[edge.to], target.role == .codeTarget {
                let state = target.resolution?.state ?? .unresolved
                if state != .resolved {
                    style = style.overlaid(with: theme.highlight.highlight(for: state).edge)
                    classes += [state.rawValue, "broken-link"]
                    usage.edges.insert(.broken(state))
                }
            }
            if let change = edge.change {
                style = style.overlaid(with: theme.diff.style(for: change.kind).edge)
                classes += ["diff", change.kind.rawValue]
                usage.changes.insert(change.kind)
            }
            if edge.kind == .unwindTarget, crosses, let fromCluster, let toCluster {
                // Drawn as a short edge to a port in the exit's own box (StylePass+UnwindPorts.swift).
                addToUnwindPort(edge, from: from, exitCluster: fromCluster, targetCluster: toCluster, style: style,
                                classes: classes)
                continue
            }
            edges.append(StyledEdge(id: ids.make("edge", edge.id), from: from, to: to, label: edgeLabel(edge, style: style),
                                    tooltip: tooltip(edgeTooltip(edge)), classes: classes, style: style,
                                    crossesClusters: crosses))
        }
    }

    /// Edges a reader cannot tell apart (the same ends, label, look and classes: four `showDetail` segues from one
    /// table's cells, two unnamed segues from two buttons) drawn as one, the first, labelled `×4`: four curves on top
    /// of each other, each with its own copy of the label, read as one link with its text printed over itself. The
    /// tooltip says how many links the edge stands for.
    mutating func mergeParallelEdges() {
        struct Key: Hashable {
            var from, to: String
            var label: [String]
            var classes: [String]
            var style: EdgeStyle
            var crosses: Bool
        }
        var count: [Key: Int] = [:]
        func key(_ e: StyledEdge) -> Key? {
            e.layoutOnly || e.rankSpan != nil ? nil
                : Key(from: e.from, to: e.to, label: e.label, classes: e.classes, style: e.style, crosses: e.crossesClusters)
        }
        for edge in edges { if let k = key(edge) { count[k, default: 0] += 1 } }
        guard count.values.contains(where: { $0 > 1 }) else { return }
        var done: Set<Key> = []
        let tooltipLimit = labels.tooltipMaxLength
        edges = edges.compactMap { edge in
            guard let k = key(edge), let n = count[k], n > 1 else { return edge }
            guard done.insert(k).inserted else { return nil }
            var merged = edge
            merged.label.append("×\(n)")
            merged.tooltip = TextSafety.capped(edge.tooltip + "\n×\(n): \(n) links alike, drawn as one",
                                               tooltipLimit)
            return merged
        }
    }

    func edgeLabel(_ edge: Edge, style: EdgeStyle) -> [String] {
        var lines: [String] = []
        let limit = labels.maxLength
        if let tag = style.tag, !tag.isEmpty { lines.append(TextSafety.label(tag, limit: limit)) }
        if edge.kind == .aggregate, let count = edge.count, count > 1 { lines.append("×\(count)") }
        if edge.kind == .relationship, labels.relationships, let rel = edge.relationship {
            lines.append(TextSafety.label(Self.relationshipText(rel, order: edge.order), limit: limit))
        }
        // Navigation made in code: the call (`push`, `present`, `tab 2`).
        if edge.kind == .code, let call = edge.relationship {
            lines.append(TextSafety.label(Self.navigationText(call, order: edge.order), limit: limit))
        }
        if labels.segueIdentifiers, let ident = edge.identifier, !TextSafety.clean(ident).isEmpty {
            lines += TextSafety.labelLines(ident, limit: limit)
        }
        if let selector = edge.creationSelector, !TextSafety.clean(selector).isEmpty {
            let prefix = TextSafety.clean(labels.segueActionPrefix)
            let text = prefix.isEmpty ? TextSafety.clean(selector) : prefix + " " + TextSafety.clean(selector)
            // A long selector breaks at its humps and colons over up to three lines rather than lose its words.
            lines += TextSafety.wrapped(text, width: limit)
        }
        return lines
    }

    /// `push`, `present`, `tab 2`: a navigation call made in code, as its edge's label says it (tabs from 1).
    static func navigationText(_ call: String, order: Int?) -> String {
        guard let order, call == "tab" || call == "stack" || call == "split" else { return call }
        return "\(call) \(order + 1)"
    }

    /// `root`, `tab 2`, `detail`, …: a relationship name made short.
    static func relationshipText(_ relationship: String, order: Int?) -> String {
        var name = relationship
        if name.hasPrefix("window.") { name = "content" }
        for suffix in ["ViewControllers", "ViewController", "Items"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name = String(name.dropLast(suffix.count))
        }
        switch name {
        case "viewControllers": name = "tab"
        case "tabItems", "tab": name = "tab"
        case "splitItems", "split": name = "item"
        default: break
        }
        if let order { return "\(name) \(order + 1)" }
        return name
    }

    func edgeTooltip(_ edge: Edge) -> [String] {
        let names = nodesByID
        var tip = ["Segue: \(edge.kind.rawValue)"]
        if edge.kind == .reference { tip = ["Cross-file link"] }
        if edge.kind == .code { tip = ["Shown from code"] }
        if edge.kind == .unwindTarget { tip = ["An unwind can return here"] }
        if edge.kind == .aggregate {
            let count = edge.count ?? 1
            tip = [plural(count, "link")]
            if let worst = edge.worst, worst != .resolved { tip.append("Worst: \(worst.rawValue)") }
        }
        if let rel = edge.relationship { tip.append("Relationship: \(rel)\(edge.order.map { " #\($0 + 1)" } ?? "")") }
        if let ident = edge.identifier { tip.append("Identifier: \(ident)") }
        if let sel = edge.creationSelector { tip.append("@IBSegueAction: \(sel)") }
        if let cls = edge.customClass { tip.append("Segue class: \(cls)") }
        if let action = edge.unwindAction { tip.append("Unwind action: \(action)") }
        if let trigger = edge.trigger { tip.append("Trigger: \(trigger.element)") }
        tip.append("From: \(names[edge.from]?.label ?? edge.from)")
        tip.append("To: \(names[edge.to]?.label ?? edge.to)")
        if let via = edge.via { tip.append("Via: \(via)") }
        if let loc = edge.location, !loc.path.isEmpty { tip.append("File: \(loc.path)") }
        tip += Self.changeLines(edge.change)
        return tip
    }

    /// What an aggregate edge is drawn as: `fold` when one end is a folded part (a stub), `code` when it starts at a
    /// type in code or at a screen made in code or SwiftUI, or ends at such a screen (only code links those), else
    /// `aggregate` (links between storyboards).
    func aggregateKind(_ edge: Edge, nodes: NodeTable) -> EdgeKind {
        let from = nodes[edge.from]?.role, to = nodes[edge.to]?.role
        if from == .stub || to == .stub { return .fold }
        if from == .code || from?.isMadeInCode == true || to?.isMadeInCode == true { return .code }
        return .aggregate
    }

    /// Dotted edges from an ambiguous placeholder to each scene that could be its target.
    mutating func styleCandidates() {
        for node in graph.nodes where node.role.isCrossFileLink {
            guard let res = node.resolution, res.state == .ambiguous, let from = nodeIDs[node.id] else { continue }
            for candidate in res.candidates.sorted() {
                guard let to = nodeIDs[candidate] else { continue }
                let style = theme.edges.default.overlaid(with: theme.highlight.ambiguous.edge)
                let crosses = clusterOfNode[node.id] != clusterOfNode[candidate]
                    && clusterOfNode[node.id] != nil && clusterOfNode[candidate] != nil
                edges.append(StyledEdge(id: ids.make("candidate", node.id + "→" + candidate), from: from, to: to, label: [],
                                        tooltip: tooltip(["Possible target of an ambiguous link", candidate]),
                                        classes: ["ambiguous-candidate", "cross-file"], style: style,
                                        crossesClusters: crosses))
                usage.edges.insert(.candidate)
            }
        }
    }

    /// A diff map's tooltip lines: what the change did.
    static func changeLines(_ change: Change?) -> [String] {
        guard let change else { return [] }
        switch change.kind {
        case .broke: return ["Broke: this link does not resolve any more"] + change.details
        case .fixed: return ["Fixed: this link resolves now"] + change.details
        case .added: return ["Added by the change"]
        case .removed: return ["Removed by the change (drawn as it was)"]
        case .changed: return ["Changed:"] + change.details
        }
    }

}
