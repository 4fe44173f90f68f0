import SBMapModel

/// The overview of a resolved graph: one node per storyboard, and one `aggregate` edge per pair of storyboards for
/// every cross-file link between them (storyboard references, runtime-attribute links, links made in code), with a
/// count and the worst state among them. A person reads a big app top-down: first which parts exist and how they
/// connect, then one part in detail (`FocusView`).
///
/// The result is a graph like any other, so the `Stylist` draws it: storyboard nodes carry a `StoryboardSummary`
/// (scene count, unresolved links, findings, entry points); code types with no scene stay as they are; a name that
/// resolves to no storyboard becomes one `code-target` node per name.
public enum OverviewView {
    public static func make(_ graph: StoryboardGraph) -> StoryboardGraph {
        var summaries: [String: StoryboardSummary] = [:]
        for storyboard in graph.storyboards {
            summaries[storyboard.path] = StoryboardSummary(
                storyboard: storyboard.path, name: storyboard.name, scenes: 0,
                entryRoles: Array(Set(storyboard.entryPoints.map(\.role))).sorted())
        }
        // Localized copies are reported at their own paths: they count for the storyboard they belong to.
        var owner: [String: String] = [:]
        for storyboard in graph.storyboards {
            owner[storyboard.path] = storyboard.path
            for variant in storyboard.localizedVariants { owner[variant] = storyboard.path }
        }
        // Positions, not copies of the nodes: on a 1,000-storyboard app a table of 20,000 nodes was a fifth of the
        // memory an overview took.
        var position: [String: Int] = [:]
        position.reserveCapacity(graph.nodes.count)
        for (k, node) in graph.nodes.enumerated() where position[node.id] == nil { position[node.id] = k }
        let all = graph.nodes
        func node(_ id: String) -> Node? { position[id].map { all[$0] } }
        let storyboardsByID = graph.storyboardsByID
        let storyboardsByName = Dictionary(grouping: graph.storyboards, by: \.name)
        var extraNodes: [String: Node] = [:]
        /// The overview node a graph node is drawn as.
        func representative(_ id: String) -> String? {
            guard let node = node(id) else { return nil }
            if let storyboard = node.storyboard, summaries[storyboard] != nil { return nodeID(storyboard) }
            switch node.role {
            case .code:
                extraNodes[node.id] = node
                return node.id
            case .codeTarget:
                // A storyboard that does not exist: one node per name, whatever the identifier.
                let name = node.link?.storyboardName ?? node.label
                let id = Node.codeTargetID(storyboard: name, identifier: nil)
                if extraNodes[id] == nil {
                    extraNodes[id] = Node(id: id, storyboard: nil, objectID: nil, element: "code-target", role: .codeTarget,
                                          label: name, location: node.location,
                                          link: LinkTarget(mechanism: node.link?.mechanism ?? .code, storyboardName: name),
                                          resolution: Resolution(state: node.resolution?.state ?? .unresolved,
                                                                 reason: node.resolution?.reason))
                }
                return id
            default:
                return nil
            }
        }

        for node in graph.nodes {
            guard let storyboard = node.storyboard, summaries[storyboard] != nil else { continue }
            if node.role.isCountedScene { summaries[storyboard]?.scenes += 1 }
            if node.role.carriesResolution, let state = node.resolution?.state, state != .resolved {
                summaries[storyboard]?.unresolved += 1
            }
        }
        for diagnostic in graph.diagnostics {
            guard let path = diagnostic.location?.path, let storyboard = owner[path] else { continue }
            switch diagnostic.severity {
            case .error: summaries[storyboard]?.errors += 1
            case .warning: summaries[storyboard]?.warnings += 1
            case .info: summaries[storyboard]?.notes += 1
            }
        }

        var links = AggregateLinks()
        for edge in graph.edges where edge.kind == .reference || edge.kind == .code || edge.kind == .unwindTarget {
            guard let from = representative(edge.from), let to = representative(edge.to), from != to else { continue }
            let target = node(edge.to)
            let state = target.flatMap { $0.role == .codeTarget ? $0.resolution?.state : nil } ?? .resolved
            links.add(from: from, to: to, kind: edge.kind, mechanism: mechanism(of: edge, from: node(edge.from)), state: state)
        }
        // References and runtime-attribute links that do not resolve have no edge in the graph: draw them from their
        // storyboard to the storyboard they name (when it exists) or to a node for the missing name.
        for node in graph.nodes where node.role.isCrossFileLink {
            guard let resolution = node.resolution, resolution.state != .resolved,
                  let storyboard = node.storyboard, summaries[storyboard] != nil else { continue }
            let name = node.link?.storyboardName
            let platform = storyboardsByID[storyboard]?.platform ?? .unknown
            let named = name.flatMap { n in (storyboardsByName[n] ?? []).first { $0.platform.canReference(platform) } }
            let to: String
            if let named {
                to = nodeID(named.path)
            } else {
                let shown = name ?? "(no storyboard)"
                let id = Node.codeTargetID(storyboard: shown, identifier: nil)
                if extraNodes[id] == nil {
                    extraNodes[id] = Node(id: id, storyboard: nil, objectID: nil, element: "code-target", role: .codeTarget,
                                          label: shown, location: node.location,
                                          link: LinkTarget(mechanism: node.link?.mechanism ?? .storyboardReference, storyboardName: name),
                                          resolution: Resolution(state: resolution.state, reason: resolution.reason))
                }
                to = id
            }
            let mechanism = node.role == .link ? "runtime-attribute link" : "storyboard reference"
            links.add(from: nodeID(storyboard), to: to, kind: .reference, mechanism: mechanism, state: resolution.state)
        }

        var nodes: [Node] = graph.storyboards.map { storyboard in
            let summary = summaries[storyboard.path]!
            var node = Node(id: nodeID(storyboard.path), storyboard: storyboard.path, objectID: nil, element: "storyboard",
                            role: .storyboard, label: storyboard.name, initial: !storyboard.entryPoints.isEmpty,
                            location: SourceLocation(path: storyboard.path))
            node.summary = summary
            return node
        }
        nodes += extraNodes.keys.sorted().compactMap { extraNodes[$0] }
        return StoryboardGraph(targets: graph.targets, storyboards: graph.storyboards, nodes: nodes,
                               edges: links.edges(), diagnostics: graph.diagnostics)
    }

    /// The id of the overview node of the storyboard at `path`.
    public static func nodeID(_ path: String) -> String { "storyboard:\(path)" }

    private static func mechanism(of edge: Edge, from source: Node?) -> String {
        switch edge.kind {
        case .code: return "code link"
        case .unwindTarget: return "unwind"
        default: return source?.role == .link ? "runtime-attribute link" : "storyboard reference"
        }
    }
}

/// Links between two nodes, gathered into one `aggregate` edge per ordered pair.
struct AggregateLinks {
    private struct Pair: Hashable {
        var from: String
        var to: String
    }

    private struct Tally {
        var count = 0
        var worst: Resolution.State = .resolved
        var mechanisms: [String: Int] = [:]
        var kinds: Set<EdgeKind> = []
    }

    private var tallies: [Pair: Tally] = [:]

    mutating func add(from: String, to: String, kind: EdgeKind, mechanism: String, state: Resolution.State, count: Int = 1) {
        var tally = tallies[Pair(from: from, to: to)] ?? Tally()
        tally.count += count
        tally.worst = Resolution.worse(tally.worst, state)
        tally.mechanisms[mechanism, default: 0] += count
        tally.kinds.insert(kind)
        tallies[Pair(from: from, to: to)] = tally
    }

    /// One edge per pair, sorted by id. `via` says what the edge stands for: `2 storyboard references, 1 code link`.
    func edges() -> [Edge] {
        tallies.map { pair, tally in
            let via = tally.mechanisms.sorted { $0.key < $1.key }
                .map { "\($0.value) \($0.key)\($0.value == 1 ? "" : "s")" }.joined(separator: ", ")
            var edge = Edge(id: "\(pair.from)->\(pair.to)", from: pair.from, to: pair.to, kind: .aggregate, crossFile: true,
                            via: via)
            edge.count = tally.count
            edge.worst = tally.worst
            return edge
        }.sorted { $0.id < $1.id }
    }
}

