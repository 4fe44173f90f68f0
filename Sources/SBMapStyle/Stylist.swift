import SBMapModel

/// Options for the presentation step; each maps to one `sbmap render` flag.
public struct StyleOptions: Hashable, Sendable {
    /// `--label class|identifier|title`.
    public var labelMode: LabelMode
    /// `--direction LR|TB`.
    public var direction: Direction
    /// Draw the legend; `nil` follows the theme.
    public var legend: Bool?

    public init(labelMode: LabelMode = .class, direction: Direction = .leftToRight, legend: Bool? = nil) {
        self.labelMode = labelMode
        self.direction = direction
        self.legend = legend
    }
}

/// The presentation step: turns a resolved graph and a theme into the styled picture.
///
/// It runs in a fixed order of small passes: clusters, scene nodes, markers, edges, candidate edges of
/// ambiguous placeholders, then the legend from what the earlier passes used.
public struct Stylist {
    public let theme: Theme
    public let options: StyleOptions

    public init(theme: Theme, options: StyleOptions = StyleOptions()) {
        self.theme = theme
        self.options = options
    }

    /// Styles `graph`. Never fails: anything odd (an edge to a missing node) becomes a diagnostic.
    public func style(_ graph: StoryboardGraph) -> StyledGraph {
        var pass = Pass(theme: theme, options: options, graph: graph)
        pass.run()
        let legendOn = options.legend ?? theme.legend.show
        return StyledGraph(theme: theme, direction: options.direction, clusters: pass.clusters, nodes: pass.nodes,
                           edges: pass.edges, legend: legendOn ? pass.usage.legendItems(theme: theme) : [],
                           diagnostics: pass.diagnostics.sorted())
    }
}

// MARK: - The passes

/// Working state of one styling run.
private struct Pass {
    let theme: Theme
    let options: StyleOptions
    let graph: StoryboardGraph
    /// Built once: `graph.nodesByID` and `storyboardsByID` build a dictionary per call, and hashing ids
    /// that hold long runs of combining marks is slow, so a rebuild per node or edge made hostile names
    /// take minutes (found by GraphvizSafetyTests).
    private let nodesByID: [String: Node]
    private let storyboardsByID: [String: Storyboard]
    private let targetsByID: [String: BuildTarget]

    var clusters: [StyledCluster] = []
    var nodes: [StyledNode] = []
    var edges: [StyledEdge] = []
    var diagnostics: [Diagnostic] = []
    var usage = LegendUsage()

    /// Model node id → styled node id, and → cluster id.
    private var nodeIDs: [String: String] = [:]
    private var clusterOfNode: [String: String] = [:]
    private var clusterIDs: [String: String] = [:]
    private var ids = IDAllocator()

    init(theme: Theme, options: StyleOptions, graph: StoryboardGraph) {
        self.theme = theme
        self.options = options
        self.graph = graph
        self.nodesByID = graph.nodesByID
        self.storyboardsByID = graph.storyboardsByID
        self.targetsByID = Dictionary(graph.targets.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    private var labels: LabelOptions { theme.labels }

    mutating func run() {
        styleClusters()
        styleNodes()
        styleMarkers()
        styleEdges()
        styleCandidates()
        if isOverview { planOverviewRanks() }
    }

    // MARK: Overview ranks

    /// Ranks for the overview, so that it comes out roughly as wide as it is tall at any size.
    ///
    /// Left to itself, dot ranks every storyboard by the longest chain of links that reaches it: a hundred
    /// storyboards gave a picture four times as wide as high, and every long link ran across it. Here only the
    /// first link that reaches a storyboard, breadth-first from the entry storyboards, ranks it (the rest are kept
    /// out of the ranking), so a storyboard sits one step right of the nearest storyboard that opens it. A step
    /// that would hold more storyboards than fit in a column of the planned shape is spread over several ranks
    /// (`minlen` 1, 2, 3, … on the links into it), as Graphviz's `unflatten` spreads leaves; storyboards no link
    /// reaches are chained into columns of the same height.
    /// The most nodes an overview draws with every link.
    static let fullOverviewLimit = 150

    mutating func planOverviewRanks() {
        let storyboardNodes = nodes.filter { $0.kind == .scene }
        guard storyboardNodes.count > 1 else { return }
        let order = Dictionary(uniqueKeysWithValues: storyboardNodes.enumerated().map { ($1.id, $0) })
        var outgoing: [String: [Int]] = [:]
        var incoming: Set<String> = []
        for (k, edge) in edges.enumerated() where edge.from != edge.to && !edge.layoutOnly {
            outgoing[edge.from, default: []].append(k)
            incoming.insert(edge.to)
        }
        // Entry storyboards first, then those nothing links to, then the rest (cycles), each in drawing order.
        let entries = storyboardNodes.filter { $0.classes.contains("entry") }.map(\.id)
        let sources = storyboardNodes.filter { !incoming.contains($0.id) && !$0.classes.contains("entry") }.map(\.id)
        var level: [String: Int] = [:]
        var treeEdge: [String: Int] = [:]
        var roots: [String] = []
        func walk(from start: String) {
            guard level[start] == nil else { return }
            level[start] = 0
            roots.append(start)
            var queue = [start]
            var head = 0
            while head < queue.count {
                let current = queue[head]
                head += 1
                for k in outgoing[current] ?? [] {
                    let next = edges[k].to
                    guard level[next] == nil, order[next] != nil else { continue }
                    level[next] = (level[current] ?? 0) + 1
                    treeEdge[next] = k
                    queue.append(next)
                }
            }
        }
        for id in entries + sources + storyboardNodes.map(\.id) { walk(from: id) }

        // The planned shape: ranks × column height ≈ nodes, with columns as high as the ranks are wide.
        // A storyboard node is about 2.3 in wide with the rank gap and 0.8 in high with the node gap.
        let count = Double(level.count)
        let across = options.direction == .leftToRight ? 2.3 / 0.8 : 0.8 / 2.3
        let column = max(4, Int((count * across).squareRoot().rounded(.up)))

        var byLevel: [Int: [String]] = [:]
        for id in level.keys.sorted(by: { (order[$0] ?? Int.max, $0) < (order[$1] ?? Int.max, $1) }) {
            if level[id] != 0 || !roots.contains(id) { byLevel[level[id] ?? 0, default: []].append(id) }
        }
        for k in edges.indices where !edges[k].layoutOnly { edges[k].rankSpan = 0 }
        for (_, members) in byLevel {
            let spread = max(1, (members.count + column - 1) / column)
            for (i, id) in members.enumerated() {
                guard let k = treeEdge[id] else { continue }
                edges[k].rankSpan = 1 + i % spread
            }
        }
        let storyboardCount = storyboardNodes.count { $0.classes.first == SceneRole.storyboard.rawValue }
        if storyboardCount > Self.fullOverviewLimit {
            // Above this, every link drawn at once is a hairball that also takes dot minutes to place (1,000
            // storyboards: 1,800 links crossing 40 ranks). Draw the links that rank the map, and every broken one;
            // the focus maps draw the rest.
            let before = edges.count { !$0.layoutOnly }
            edges.removeAll { edge in
                !edge.layoutOnly && edge.rankSpan == 0 && !edge.classes.contains("broken-link")
            }
            let dropped = before - edges.count { !$0.layoutOnly }
            if dropped > 0 {
                diagnostics.append(Diagnostic(.info, .renderLimited,
                                              "the overview of \(storyboardCount) storyboards draws the first link that reaches each storyboard and every broken one (\(before - dropped) of \(before) links); the focus maps (--focus NAME, --all) draw them all",
                                              at: nil))
            }
        }
        // Roots: `column` to a rank, each root one rank after the root `column` places before it.
        for (i, id) in roots.enumerated() where i >= column {
            var edge = StyledEdge(id: ids.make("layout", id), from: roots[i - column], to: id, label: [], tooltip: "",
                                  classes: ["layout"], style: EdgeStyle(), crossesClusters: false)
            edge.layoutOnly = true
            edge.rankSpan = 1
            edges.append(edge)
        }
    }

    // MARK: Clusters

    /// Whether the graph is an overview: its storyboards are drawn as nodes, inside their target groups, not as boxes.
    private var isOverview: Bool { graph.nodes.contains { $0.role == .storyboard } }

    /// Target group cluster id by storyboard path (only when the graph knows targets).
    private var groupOfStoryboard: [String: String] = [:]

    mutating func styleClusters() {
        styleGroups()
        if isOverview { return }
        let storyboards = graph.storyboards.sorted { $0.path < $1.path }
        var nameCounts: [String: Int] = [:]
        for sb in storyboards { nameCounts[sb.name, default: 0] += 1 }
        for sb in storyboards {
            let id = ids.make("storyboard", sb.path)
            clusterIDs[sb.path] = id
            var label = [TextSafety.label(sb.name, limit: labels.maxLength)]
            if (nameCounts[sb.name] ?? 0) > 1 {
                // Names repeat (localized copies, one per platform, a module each): say which file. The end of a
                // path tells files apart, so a long one loses its middle.
                label.append(TextSafety.cappedMiddle(TextSafety.clean(sb.path), labels.maxLength * 2))
            }
            var classes = ["storyboard"]
            let entries = sb.entryPoints.sorted()
            if !entries.isEmpty {
                classes.append("entry")
                if entryTarget(sb) == nil {
                    // Nothing to point an entry marker at (a macOS main storyboard that holds only the application
                    // scene): what loads the file goes on its box instead of in a marker floating loose inside it.
                    let roles = Array(Set(entries.map { Self.entryText($0.role) })).sorted()
                    label.append(TextSafety.label("▶ " + roles.joined(separator: ", "), limit: labels.maxLength))
                    usage.markers.insert(.entryTitle)
                }
            }
            if sb.isLaunchScreen { classes.append("launch-screen") }
            clusters.append(StyledCluster(id: id, storyboard: sb.path, parent: groupOfStoryboard[sb.path], label: label,
                                          tooltip: tooltip(storyboardTooltip(sb)), classes: classes, style: theme.cluster))
        }
    }

    /// The scene an entry or initial marker points at: the initial scene, or a scene marked initial; `nil` when the
    /// map does not draw it (a focus map shows part of a storyboard).
    func entryTarget(_ sb: Storyboard) -> String? {
        let id = sb.initialScene ?? graph.nodes.first { $0.storyboard == sb.path && $0.initial }?.id
        return id.flatMap { nodesByID[$0] != nil ? $0 : nil }
    }

    func storyboardTooltip(_ sb: Storyboard) -> [String] {
        var tip = ["Storyboard: \(sb.name)", "File: \(sb.path)", "Platform: \(sb.platform.rawValue)"]
        if let loc = sb.localization { tip.append("Localization: \(loc)") }
        if sb.isLaunchScreen { tip.append("Launch screen") }
        let titles = targetTitles(sb.targets)
        if !titles.isEmpty { tip.append("Built by: \(titles.joined(separator: ", "))") }
        for entry in sb.entryPoints.sorted() { tip.append("Loaded by \(entry.key) (\(entry.declaredAt))") }
        return tip
    }

    func targetTitles(_ ids: [String]) -> [String] {
        ids.map { id in targetsByID[id]?.title ?? id }
    }

    /// One box per set of targets that build the same storyboards: a storyboard several targets share is drawn once,
    /// in a box titled with all of them. Storyboards no target builds go in a box of their own. Nothing when the
    /// scan found no project (every storyboard would be in that last box).
    mutating func styleGroups() {
        guard !graph.targets.isEmpty else { return }
        var members: [[String]: [String]] = [:]
        for sb in graph.storyboards { members[sb.targets.sorted(), default: []].append(sb.path) }
        // Targets by their titles, apps first; storyboards in no target last.
        let keys = members.keys.sorted { a, b in
            if a.isEmpty != b.isEmpty { return !a.isEmpty }
            let ta = targetTitles(a).joined(separator: " + "), tb = targetTitles(b).joined(separator: " + ")
            return ta != tb ? ta < tb : a.lexicographicallyPrecedes(b)
        }
        for key in keys {
            let id = ids.make("target", key.isEmpty ? "none" : key.joined(separator: "+"))
            let titles = targetTitles(key)
            var label: [String]
            var tip: [String]
            var classes = ["target-group"]
            if key.isEmpty {
                label = ["In no target"]
                tip = ["No target of the scanned projects builds these storyboards."]
                classes.append("no-target")
            } else {
                let title = titles.count <= 3 ? titles.joined(separator: " + ")
                    : "\(titles.prefix(2).joined(separator: " + ")) + \(titles.count - 2) more"
                label = [TextSafety.label(title, limit: labels.maxLength * 2)]
                tip = (titles.count == 1 ? ["Target: \(titles[0])"] : ["Shared by \(titles.count) targets:"] + titles)
                tip += key.compactMap { targetsByID[$0].map { "\($0.name): \($0.product.rawValue), \($0.project)" } }
                if titles.count > 1 { classes.append("shared") }
            }
            clusters.append(StyledCluster(id: id, kind: .target, storyboard: key.joined(separator: "+"), label: label,
                                          tooltip: tooltip(tip), classes: classes, style: theme.group))
            for path in members[key] ?? [] { groupOfStoryboard[path] = id }
        }
    }

    // MARK: Scene nodes

    mutating func styleNodes() {
        // Clusters in path order, each in the graph's document order; code types (no storyboard) last, by id.
        let order = Dictionary(uniqueKeysWithValues: clusters.filter { $0.kind == .storyboard }.enumerated()
            .map { ($1.storyboard, $0) })
        let sorted = graph.nodes.enumerated().sorted { a, b in
            let ka = a.element.storyboard.flatMap { order[$0] } ?? Int.max
            let kb = b.element.storyboard.flatMap { order[$0] } ?? Int.max
            if ka != kb { return ka < kb }
            if ka == Int.max, a.element.id != b.element.id { return a.element.id < b.element.id }
            return a.offset < b.offset
        }.map(\.element)
        var seen: Set<String> = []
        for node in sorted where seen.insert(node.id).inserted {
            styleNode(node)
        }
    }

    mutating func styleNode(_ node: Node) {
        if node.role.isSummary { return styleSummary(node) }
        let id = ids.make(node.role == .code ? "code" : node.role == .codeTarget ? "code-target" : "scene", node.id)
        nodeIDs[node.id] = id
        let cluster = node.storyboard.flatMap { clusterIDs[$0] }
        if let cluster { clusterOfNode[node.id] = cluster }

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
        }
        if node.instantiatedBySelfAt != nil { classes.append("self-instantiated") }
        if let change = node.change {
            // Last, so a diff map's marks stay on top of roles and highlights.
            style = style.overlaid(with: theme.diff.style(for: change.kind).node)
            classes += ["diff", change.kind.rawValue]
            usage.changes.insert(change.kind)
        }
        usage.nodes.insert(usageKey)

        var lines = labelLines(for: node)
        if let prefix = style.prefix, !prefix.isEmpty, !lines.isEmpty {
            lines[0] = TextSafety.clean(prefix) + " " + lines[0]
        }
        nodes.append(StyledNode(id: id, modelID: node.id, kind: .scene, cluster: cluster, label: lines,
                                tooltip: tooltip(tooltipLines(for: node)), classes: classes, style: style))
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
        var lines = [TextSafety.label(summary.name, limit: limit)]
        let scenes = summary.scenes == 1 ? "1 scene" : "\(summary.scenes) scenes"
        if node.role == .stub, node.summary?.storyboard == "code" {
            // The stub for types in code further away (coordinators, helpers): not a storyboard.
            lines = [TextSafety.label("Code", limit: limit)]
            lines.append(summary.scenes == 1 ? "+1 type further away" : "+\(summary.scenes) types further away")
        } else {
            lines.append(node.role == .stub ? "+\(scenes) further away" : scenes)
        }
        let badges = Self.badges(summary)
        if !badges.isEmpty { lines.append(badges.joined(separator: "  ")) }
        if summary.unresolved > 0 || summary.errors > 0 {
            // Something in it is broken: its outline takes the unresolved colour, doubled, so it shows at a glance.
            let broken = theme.highlight.unresolved.node
            var overlay = NodeStyle()
            overlay.stroke = broken.stroke
            overlay.peripheries = 2
            overlay.penwidth = 2
            style = style.overlaid(with: overlay)
            classes.append(summary.unresolved > 0 ? "has-unresolved" : "has-errors")
        } else if summary.warnings > 0 {
            classes.append("has-warnings")
        }
        if !summary.entryRoles.isEmpty {
            let roles = Array(Set(summary.entryRoles.map(Self.entryText))).sorted()
            lines.append(TextSafety.label("▶ " + roles.joined(separator: ", "), limit: limit))
            style = style.overlaid(with: theme.markers.initial.scene)
            classes.append("entry")
            usage.markers.insert(.entryTitle)
        }
        usage.nodes.insert(.role(node.role))
        if let prefix = style.prefix, !prefix.isEmpty {
            lines[0] = TextSafety.clean(prefix) + " " + lines[0]
        }
        var tip = [node.role == .stub ? "Further away in \(summary.name): \(scenes), folded" : "Storyboard: \(summary.name)"]
        if let sb = storyboardsByID[summary.storyboard] {
            tip += storyboardTooltip(sb).dropFirst()
        }
        tip += Self.badgeTexts(summary)
        nodes.append(StyledNode(id: id, modelID: node.id, kind: .scene, cluster: cluster, label: lines,
                                tooltip: tooltip(tip), classes: classes, style: style))
    }

    /// Short badges for a storyboard node: `⚠ 2 unresolved`, `✖ 1 error`, `▲ 3 warnings`.
    static func badges(_ s: StoryboardSummary) -> [String] {
        var out: [String] = []
        if s.unresolved > 0 { out.append("⚠ \(s.unresolved) unresolved") }
        if s.errors > 0 { out.append(s.errors == 1 ? "✖ 1 error" : "✖ \(s.errors) errors") }
        if s.warnings > 0 { out.append(s.warnings == 1 ? "▲ 1 warning" : "▲ \(s.warnings) warnings") }
        return out
    }

    /// The same, spelled out for the tooltip.
    static func badgeTexts(_ s: StoryboardSummary) -> [String] {
        func plural(_ n: Int, _ word: String) -> String { n == 1 ? "1 \(word)" : "\(n) \(word)s" }
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
    func labelLines(for node: Node) -> [String] {
        let limit = labels.maxLength
        switch node.role {
        case .reference, .link, .codeTarget:
            var lines = [TextSafety.label(linkDescription(node), limit: limit)]
            if let res = node.resolution, res.state != .resolved {
                let reason = res.reason.map(TextSafety.clean) ?? ""
                let text = reason.isEmpty ? res.state.rawValue : "\(res.state.rawValue): \(reason)"
                // The name that was not found is the point of the line: cut around it, never into it.
                lines.append(TextSafety.capped(text, limit, keeping: TextSafety.firstQuoted(text)))
            } else if node.resolution == nil {
                lines.append(Resolution.State.unresolved.rawValue)
            }
            return lines
        case .exit:
            return [TextSafety.label(node.unwindAction.map { "Exit: \($0)" } ?? node.label, limit: limit)]
        case .code:
            return [TextSafety.label(node.customClass ?? node.label, limit: limit)]
        default:
            let primary: String?
            switch options.labelMode {
            case .class: primary = node.customClass ?? defaultClass(node)
            case .identifier: primary = node.storyboardIdentifier
            case .title: primary = node.title
            }
            let text = TextSafety.clean(primary ?? "")
            return [TextSafety.capped(text.isEmpty ? TextSafety.clean(node.label) : text, limit)]
                .map { $0.isEmpty ? node.element : $0 }
        }
    }

    /// `Settings`, `Settings › detail`, or the link class's name when nothing else is known.
    func linkDescription(_ node: Node) -> String {
        guard let link = node.link else { return node.label }
        let name = link.storyboardName ?? "(no storyboard)"
        var text = name
        if let ident = link.identifier, !ident.isEmpty { text += " › \(ident)" }
        if let bundle = link.bundleIdentifier, !bundle.isEmpty { text += " [\(bundle)]" }
        return text
    }

    func tooltipLines(for node: Node) -> [String] {
        var tip: [String] = []
        let cls = node.customClass.map { c in node.customModule.map { "\($0).\(c)" } ?? c } ?? defaultClass(node)
        if node.role == .codeTarget {
            tip.append("Named in code, not found in the storyboards")
        } else if node.role != .code {
            tip.append("Class: \(cls ?? node.element)")
        }
        tip.append("Role: \(node.role.rawValue)")
        if let ident = node.storyboardIdentifier { tip.append("Storyboard ID: \(ident)") }
        if let title = node.title { tip.append("Title: \(title)") }
        if let loc = node.location { tip.append("\(loc)") }
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
        for location in node.instantiatedBySelfAt ?? [] { tip.append("Instantiated by its own class (\(location))") }
        tip += Self.changeLines(node.change)
        return tip
    }

    /// The class a scene has when it sets no custom class, for its storyboard's platform.
    func defaultClass(_ node: Node) -> String? {
        node.defaultClass(on: node.storyboard.flatMap { storyboardsByID[$0]?.platform })
    }

    // MARK: Markers

    mutating func styleMarkers() {
        for sb in graph.storyboards.sorted(by: { $0.path < $1.path }) {
            guard let cluster = clusterIDs[sb.path] else { continue }
            let target = entryTarget(sb).flatMap { nodeIDs[$0] }
            if !sb.entryPoints.isEmpty {
                // With no scene to point at (a macOS main storyboard holding only the application scene), the
                // cluster's title says what loads it; a marker pointing nowhere would float loose in the box.
                guard let target else { continue }
                let marker = theme.markers.entry
                let id = ids.make("entry", sb.path)
                let roles = Array(Set(sb.entryPoints.map { Self.entryText($0.role) })).sorted()
                let label = [TextSafety.label(roles.joined(separator: ", "), limit: labels.maxLength)]
                var tip = ["App entry point: \(sb.name)"]
                tip += sb.entryPoints.sorted().map { "\($0.key) (\($0.declaredAt))" }
                nodes.append(StyledNode(id: id, modelID: sb.path, kind: .marker, cluster: cluster, label: label,
                                        tooltip: tooltip(tip), classes: ["marker", "entry"], style: marker.node))
                usage.markers.insert(.entry)
                edges.append(StyledEdge(id: ids.make("edge-entry", sb.path), from: id, to: target, label: [],
                                        tooltip: tooltip(["App entry: \(sb.name)"]), classes: ["marker", "entry"],
                                        style: theme.edges.default.overlaid(with: marker.edge), crossesClusters: false))
            } else if let target {
                let marker = theme.markers.initial
                let id = ids.make("initial", sb.path)
                nodes.append(StyledNode(id: id, modelID: sb.path, kind: .marker, cluster: cluster, label: [],
                                        tooltip: tooltip(["Initial scene of \(sb.name)"]), classes: ["marker", "initial"],
                                        style: marker.node))
                edges.append(StyledEdge(id: ids.make("edge-initial", sb.path), from: id, to: target, label: [],
                                        tooltip: tooltip(["Initial scene of \(sb.name)"]), classes: ["marker", "initial"],
                                        style: theme.edges.default.overlaid(with: marker.edge), crossesClusters: false))
                usage.markers.insert(.initial)
            }
        }
    }

    static func entryText(_ role: EntryPoint.Role) -> String {
        switch role {
        case .main: "App entry"
        case .mainPad: "App entry (iPad)"
        case .scene: "Scene entry"
        case .launch: "Launch screen"
        case .launchPad: "Launch screen (iPad)"
        case .extension: "Extension entry"
        }
    }

    // MARK: Edges

    mutating func styleEdges() {
        var seen: Set<String> = []
        let modelNodes = nodesByID
        for edge in graph.edges {
            guard let from = nodeIDs[edge.from], let to = nodeIDs[edge.to] else {
                let missing = nodeIDs[edge.from] == nil ? edge.from : edge.to
                diagnostics.append(Diagnostic(.warning, .renderLimited,
                                              "edge '\(edge.id)' is not drawn: its end '\(missing)' is not in the graph",
                                              at: edge.location))
                continue
            }
            // The model promises unique edge ids; keep the first if it ever breaks that promise.
            guard seen.insert(edge.id).inserted else { continue }
            let fromCluster = clusterOfNode[edge.from]
            let toCluster = clusterOfNode[edge.to]
            let crosses = fromCluster != nil && toCluster != nil && fromCluster != toCluster
            let crossFile = edge.kind == .reference || (edge.kind != .code && (edge.crossFile || crosses))

            var style = theme.edges.style(for: edge.kind)
            let styleKind = theme.edges.styleKind(for: edge.kind)
            usage.edges.insert(styleKind.map { .kind($0) } ?? .other)
            var classes = [TextSafety.token(edge.kind.rawValue)]
            if let sk = styleKind, sk != edge.kind { classes.append(TextSafety.token(sk.rawValue)) }
            if edge.kind == .aggregate {
                // Every edge of an overview crosses files: the count and the worst state are what tell them apart.
                classes.append("cross-file")
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
            edges.append(StyledEdge(id: ids.make("edge", edge.id), from: from, to: to, label: edgeLabel(edge, style: style),
                                    tooltip: tooltip(edgeTooltip(edge)), classes: classes, style: style,
                                    crossesClusters: crosses))
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
        if labels.segueIdentifiers, let ident = edge.identifier, !TextSafety.clean(ident).isEmpty {
            lines.append(TextSafety.label(ident, limit: limit))
        }
        if let selector = edge.creationSelector, !TextSafety.clean(selector).isEmpty {
            let prefix = TextSafety.clean(labels.segueActionPrefix)
            let text = prefix.isEmpty ? TextSafety.clean(selector) : prefix + " " + TextSafety.clean(selector)
            lines.append(TextSafety.capped(text, limit))
        }
        return lines
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
            tip = [count == 1 ? "1 link" : "\(count) links"]
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
        if let loc = edge.location { tip.append("\(loc)") }
        tip += Self.changeLines(edge.change)
        return tip
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

    // MARK: Text

    /// Tooltip text: cleaned lines joined by line breaks, capped as a whole.
    func tooltip(_ lines: [String]) -> String {
        let cleaned = lines.map(TextSafety.clean).filter { !$0.isEmpty }
        return TextSafety.capped(cleaned.joined(separator: "\n"), labels.tooltipMaxLength)
    }
}

/// Hands out SVG ids: a prefix and a token of the model id, unique within one map.
struct IDAllocator {
    private var used: Set<String> = []

    mutating func make(_ prefix: String, _ modelID: String) -> String {
        let base = "\(prefix)-\(TextSafety.token(modelID))"
        var id = base
        var n = 2
        while !used.insert(id).inserted {
            id = "\(base)-\(n)"
            n += 1
        }
        return id
    }
}
