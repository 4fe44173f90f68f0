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

    /// Styles `map`: the passes below, then the layout plan its view makes (the overview ranks its storyboards).
    /// Never fails: anything odd (an edge to a missing node) becomes a diagnostic.
    public func style(_ map: MapGraph) -> StyledGraph {
        var pass = StylePass(theme: theme, options: options, map: map)
        pass.run()
        let legendOn = options.legend ?? theme.legend.show
        let key = pass.usage.legendItems(theme: theme)
        return StyledGraph(theme: theme, direction: options.direction, clusters: pass.clusters, nodes: pass.nodes,
                           edges: pass.edges, legend: legendOn ? key : [], key: key,
                           diagnostics: pass.diagnostics.sorted())
    }

    /// Styles the whole of `graph` (`MapView.full`).
    public func style(_ graph: StoryboardGraph) -> StyledGraph {
        style(MapGraph.full(graph))
    }
}

// MARK: - The passes

/// Working state of one styling run. Its passes are split by what they draw: clusters and markers here, scene nodes
/// in StylePass+Nodes.swift, edges in StylePass+Edges.swift.
struct StylePass {
    let theme: Theme
    let options: StyleOptions
    /// Which map this is: the overview draws storyboards as nodes inside their target groups, not as boxes.
    let view: MapView
    let graph: StoryboardGraph
    /// Taken once: `storyboardsByID` builds a dictionary per call, and `graph.nodesByID` takes a lock; hashing ids
    /// that hold long runs of combining marks is slow, so a rebuild per node or edge made hostile names take minutes
    /// (found by GraphvizSafetyTests).
    let nodesByID: NodeTable
    let storyboardsByID: [String: Storyboard]
    /// How labels name the map's storyboards: with the platform or path where names repeat.
    let storyboardNames: StoryboardNames
    let targetsByID: [String: BuildTarget]

    var clusters: [StyledCluster] = []
    var nodes: [StyledNode] = []
    var edges: [StyledEdge] = []
    var diagnostics: [Diagnostic] = []
    var usage = LegendUsage()

    /// Model node id → styled node id, and → cluster id.
    var nodeIDs: [String: String] = [:]
    /// Model node id → the cluster it is drawn in: its storyboard's, or for a code type its home (`homes(of:drawn:)`).
    var clusterOfNode: [String: String] = [:]
    /// Model node id of a node without a storyboard → the storyboard path it is drawn in.
    var homes: [String: String] = [:]
    /// Unwind targets in other boxes, gathered by `styleEdges` and drawn by `styleUnwindPorts`.
    var unwindPorts: [UnwindPort] = []
    var unwindPortIndex: [String: Int] = [:]
    /// Code hubs' ports (StylePass+CodePorts.swift): model id and box → styled id.
    var codePortIDs: [String: String] = [:]
    /// How many links each port stands for, and the ports in the order they were made (`styleCodeBundles`).
    var codePortLinks: [String: Int] = [:]
    var codePortOrder: [String] = []
    /// Types in code an overview folded into storyboard nodes (`StoryboardSummary.openedFromCode`), for its note.
    var foldedCodeTypes = 0
    var clusterIDs: [String: String] = [:]
    var ids = IDAllocator()

    init(theme: Theme, options: StyleOptions, map: MapGraph) {
        self.theme = theme
        self.options = options
        self.view = map.view
        self.graph = map.graph
        self.nodesByID = graph.nodesByID
        self.storyboardsByID = graph.storyboardsByID
        self.storyboardNames = StoryboardNames(graph.storyboards)
        self.targetsByID = Dictionary(graph.targets.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    var labels: LabelOptions { theme.labels }

    mutating func run() {
        styleClusters()
        styleNodes()
        styleMarkers()
        styleEdges()
        styleCodeBundles()
        styleUnwindPorts()
        styleCandidates()
        mergeParallelEdges()
        diagnostics += view.planLayout(nodes: nodes, edges: &edges, direction: options.direction, ids: &ids)
    }

    // MARK: Clusters

    /// Target group cluster id by storyboard path (only when the graph knows targets).
    var groupOfStoryboard: [String: String] = [:]

    mutating func styleClusters() {
        styleGroups()
        // The overview draws its storyboards as nodes (StylePass+Nodes.swift), not as boxes.
        if case .overview = view { return }
        let storyboards = graph.storyboards.sorted { $0.path < $1.path }
        let names = storyboardNames
        for sb in storyboards {
            let id = ids.make("storyboard", sb.path)
            clusterIDs[sb.path] = id
            // Names repeat (localized copies, one per platform, a module each): say which file, by its platform
            // where that tells the files apart (`Settings (tvOS)`), else by its path (its last folders, as few as
            // tell the files apart) on lines of its own, broken after its `/`.
            let byPlatform = names.qualifiesByPlatform(sb)
            var label = TextSafety.labelLines(byPlatform ? names.title(sb) : sb.name, limit: labels.maxLength, maxLines: 2)
            if label.isEmpty { label = [""] }
            if let path = names.qualifier(sb), !byPlatform {
                label += TextSafety.pathLines(TextSafety.clean(path), width: labels.maxLength, maxLines: 3)
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
        var tip = ["\(sb.isXib ? "Xib" : "Storyboard"): \(sb.name)", "File: \(sb.path)", "Platform: \(sb.platform.rawValue)"]
        if let loc = sb.localization { tip.append("Localization: \(loc)") }
        if sb.isLaunchScreen { tip.append("Launch screen") }
        let titles = targetTitles(sb.targets)
        if !titles.isEmpty { tip.append("Built by: \(titles.joined(separator: ", "))") }
        for entry in sb.entryPoints.sorted() { tip.append("Loaded by \(entry.key) (\(entry.declaredAt.path))") }
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
        // A focus map's stub stands for a storyboard the map does not draw: it goes in the box of that storyboard's
        // targets, as the storyboard itself would (the code stub is no storyboard, and goes in none).
        for node in graph.nodes where node.role == .stub {
            guard let summary = node.summary, summary.storyboard != "code", storyboardsByID[summary.storyboard] == nil,
                  !summary.storyboard.hasPrefix("hub:") || !summary.targets.isEmpty
            else { continue }
            members[summary.targets, default: []].append(summary.storyboard)
        }
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
