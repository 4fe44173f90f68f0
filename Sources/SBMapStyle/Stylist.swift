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
    }

    private var labels: LabelOptions { theme.labels }

    mutating func run() {
        styleClusters()
        styleNodes()
        styleMarkers()
        styleEdges()
        styleCandidates()
    }

    // MARK: Clusters

    mutating func styleClusters() {
        let storyboards = graph.storyboards.sorted { $0.path < $1.path }
        var nameCounts: [String: Int] = [:]
        for sb in storyboards { nameCounts[sb.name, default: 0] += 1 }
        for sb in storyboards {
            let id = ids.make("storyboard", sb.path)
            clusterIDs[sb.path] = id
            var label = [TextSafety.label(sb.name, limit: labels.maxLength)]
            if (nameCounts[sb.name] ?? 0) > 1 {
                // Names repeat (localized copies, one per platform, a module each): say which file.
                label.append(TextSafety.capped(TextSafety.clean(sb.path), labels.maxLength * 2))
            }
            var tip = ["Storyboard: \(sb.name)", "File: \(sb.path)", "Platform: \(sb.platform.rawValue)"]
            if let loc = sb.localization { tip.append("Localization: \(loc)") }
            if sb.isLaunchScreen { tip.append("Launch screen") }
            for entry in sb.entryPoints.sorted() { tip.append("Loaded by \(entry.key) (\(entry.declaredAt))") }
            var classes = ["storyboard"]
            if !sb.entryPoints.isEmpty { classes.append("entry") }
            if sb.isLaunchScreen { classes.append("launch-screen") }
            clusters.append(StyledCluster(id: id, storyboard: sb.path, label: label, tooltip: tooltip(tip),
                                          classes: classes, style: theme.cluster))
        }
    }

    // MARK: Scene nodes

    mutating func styleNodes() {
        // Clusters in path order, each in the graph's document order; code types (no storyboard) last, by id.
        let order = Dictionary(uniqueKeysWithValues: clusters.enumerated().map { ($1.storyboard, $0) })
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
        usage.nodes.insert(usageKey)

        var lines = labelLines(for: node)
        if let prefix = style.prefix, !prefix.isEmpty, !lines.isEmpty {
            lines[0] = TextSafety.clean(prefix) + " " + lines[0]
        }
        nodes.append(StyledNode(id: id, modelID: node.id, kind: .scene, cluster: cluster, label: lines,
                                tooltip: tooltip(tooltipLines(for: node)), classes: classes, style: style))
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
                lines.append(TextSafety.capped(text, limit))
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
        return tip
    }

    /// The class a scene has when it sets no custom class (storyboard-format.md §2).
    func defaultClass(_ node: Node) -> String? {
        let platform = node.storyboard.flatMap { storyboardsByID[$0]?.platform }
        let kit = platform == .macOS ? "NS" : "UI"
        switch node.element {
        case "viewController": return "\(kit)ViewController"
        case "splitViewController": return "\(kit)SplitViewController"
        case "hostingController": return "\(kit)HostingController"
        case "tableViewController": return "UITableViewController"
        case "navigationController": return "UINavigationController"
        case "tabBarController": return "UITabBarController"
        case "collectionViewController": return "UICollectionViewController"
        case "pageViewController": return "UIPageViewController"
        case "avPlayerViewController": return "AVPlayerViewController"
        case "glkViewController": return "GLKViewController"
        case "windowController": return "NSWindowController"
        case "tabViewController": return "NSTabViewController"
        case "pagecontroller": return "NSPageController"
        case "application": return "NSApplication"
        default: return nil
        }
    }

    // MARK: Markers

    mutating func styleMarkers() {
        for sb in graph.storyboards.sorted(by: { $0.path < $1.path }) {
            guard let cluster = clusterIDs[sb.path] else { continue }
            let target = sb.initialScene.flatMap { nodeIDs[$0] }
                ?? graph.nodes.first { $0.storyboard == sb.path && $0.initial }.flatMap { nodeIDs[$0.id] }
            if !sb.entryPoints.isEmpty {
                let marker = theme.markers.entry
                let id = ids.make("entry", sb.path)
                let roles = Array(Set(sb.entryPoints.map { Self.entryText($0.role) })).sorted()
                let label = [TextSafety.label(roles.joined(separator: ", "), limit: labels.maxLength)]
                var tip = ["App entry point: \(sb.name)"]
                tip += sb.entryPoints.sorted().map { "\($0.key) (\($0.declaredAt))" }
                nodes.append(StyledNode(id: id, modelID: sb.path, kind: .marker, cluster: cluster, label: label,
                                        tooltip: tooltip(tip), classes: ["marker", "entry"], style: marker.node))
                usage.markers.insert(.entry)
                if let target {
                    edges.append(StyledEdge(id: ids.make("edge-entry", sb.path), from: id, to: target, label: [],
                                            tooltip: tooltip(["App entry: \(sb.name)"]), classes: ["marker", "entry"],
                                            style: theme.edges.default.overlaid(with: marker.edge), crossesClusters: false))
                }
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
            if crossFile {
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
            edges.append(StyledEdge(id: ids.make("edge", edge.id), from: from, to: to, label: edgeLabel(edge, style: style),
                                    tooltip: tooltip(edgeTooltip(edge)), classes: classes, style: style,
                                    crossesClusters: crosses))
        }
    }

    func edgeLabel(_ edge: Edge, style: EdgeStyle) -> [String] {
        var lines: [String] = []
        let limit = labels.maxLength
        if let tag = style.tag, !tag.isEmpty { lines.append(TextSafety.label(tag, limit: limit)) }
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
