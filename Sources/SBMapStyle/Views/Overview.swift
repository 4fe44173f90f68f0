import SBMapModel

/// The overview of a resolved graph: one node per storyboard, and one `aggregate` edge per pair of storyboards for
/// every cross-file link between them (storyboard references, runtime-attribute links, links made in code), with a
/// count and the worst state among them. A person reads a big app top-down: first which parts exist and how they
/// connect, then one part in detail (`FocusView`).
///
/// The result is a graph like any other, marked as the overview (`MapGraph`), so the `Stylist` draws it with the
/// overview's rank plan (`planRanks`, below): storyboard nodes carry a `StoryboardSummary`
/// (scene count, unresolved links, findings, entry points); code types with no scene stay as they are; a name that
/// resolves to no storyboard becomes one `code-target` node per name.
public enum OverviewView {
    public static func make(_ graph: StoryboardGraph) -> MapGraph {
        // What each storyboard holds, as `check` counts it (`GraphCounts`, one pass).
        let counts = GraphCounts(graph)
        var summaries: [String: StoryboardSummary] = [:]
        let names = StoryboardNames(graph.storyboards)  // `Settings (tvOS)` where names repeat
        for storyboard in graph.storyboards {
            let count = counts.storyboard(storyboard.path)
            summaries[storyboard.path] = StoryboardSummary(
                storyboard: storyboard.path, name: names.title(storyboard), scenes: count.scenes,
                unresolved: count.unresolved, errors: count.errors, warnings: count.warnings, notes: count.notes,
                entryRoles: Array(Set(storyboard.entryPoints.map(\.role))).sorted(), targets: storyboard.targets.sorted())
        }
        // The graph's index, not copies of the nodes: on a 1,000-storyboard app a table of 20,000 nodes was a fifth
        // of the memory an overview took.
        let nodesByID = graph.nodesByID
        func node(_ id: String) -> Node? { nodesByID[id] }
        let storyboardsByID = graph.storyboardsByID
        let storyboardsByName = Dictionary(grouping: graph.storyboards, by: \.name)
        var extraNodes: [String: Node] = [:]
        /// The overview node a graph node is drawn as.
        func representative(_ id: String) -> String? {
            guard let node = node(id) else { return nil }
            if let storyboard = node.storyboard, summaries[storyboard] != nil { return nodeID(storyboard) }
            switch node.role {
            case .code, .codeScreen, .swiftUIScreen:
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

        var edges = links.edges()
        let foldedTypes = foldCodeTypes(Array(extraNodes.values), edges: &edges)
        for (path, types) in foldedTypes {
            extraNodes = extraNodes.filter { !types.contains($0.key) }
            summaries[path]?.openedFromCode = types.compactMap { nodesByID[$0].map { $0.customClass ?? $0.label } }.sorted()
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
        return MapGraph(view: .overview, graph: StoryboardGraph(targets: graph.targets, storyboards: graph.storyboards,
                                                                nodes: nodes, edges: edges,
                                                                diagnostics: graph.diagnostics),
                        appCounts: counts)
    }

    /// The most types in code an overview draws as nodes of their own. Above it, a type whose links all go to one
    /// storyboard is folded into that storyboard's node (`opened from code by 3 types`, the names in its tooltip):
    /// element-ios has 64 coordinators, each opening the one-scene storyboard of its screen, and drew 64 nodes and
    /// links that said no more than that. Types that open several storyboards (the hubs and coordinators that tie the
    /// app together) and those whose link does not resolve stay drawn.
    public static let maxCodeTypes = 12

    /// Folds the code types of `nodes` that link to exactly one storyboard node, when there are more than
    /// `maxCodeTypes` types: their edges leave `edges`; returns the folded type ids by storyboard path.
    static func foldCodeTypes(_ nodes: [Node], edges: inout [Edge]) -> [String: [String]] {
        let types = nodes.filter { $0.role == .code }
        guard types.count > maxCodeTypes else { return [:] }
        var ends: [String: Set<String>] = [:]
        var broken: Set<String> = []
        for edge in edges {
            ends[edge.from, default: []].insert(edge.to)
            ends[edge.to, default: []].insert(edge.from)
            if let worst = edge.worst, worst != .resolved { broken.formUnion([edge.from, edge.to]) }
        }
        var folded: [String: [String]] = [:]
        var gone: Set<String> = []
        for type in types {
            guard !broken.contains(type.id), let others = ends[type.id], others.count == 1, let only = others.first,
                  only.hasPrefix("storyboard:") else { continue }
            folded[String(only.dropFirst("storyboard:".count)), default: []].append(type.id)
            gone.insert(type.id)
        }
        edges.removeAll { gone.contains($0.from) || gone.contains($0.to) }
        return folded
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

// MARK: - The overview's layout plan

extension OverviewView {
    /// The most storyboards an overview draws with every link.
    public static let fullOverviewLimit = 150

    /// Ranks for the overview's styled picture, so that it comes out roughly as wide as it is tall at any size (the
    /// overview's own layout plan, which `MapView.planLayout` hands to the `Stylist`).
    ///
    /// Left to itself, dot ranks every storyboard by the longest chain of links that reaches it: a hundred
    /// storyboards gave a picture four times as wide as high, and every long link ran across it. Here only the
    /// first link that reaches a storyboard, breadth-first from the entry storyboards, ranks it (the rest are kept
    /// out of the ranking), so a storyboard sits one step right of the nearest storyboard that opens it. A step
    /// that would hold more storyboards than fit in a column of the planned shape is spread over several ranks
    /// (`minlen` 1, 2, 3, … on the links into it), as Graphviz's `unflatten` spreads leaves; storyboards no link
    /// reaches are chained into columns of the same height. Above `fullOverviewLimit` storyboards only the links
    /// that rank the map, and every broken one, are drawn; the returned note says so.
    static func planRanks(nodes: [StyledNode], edges: inout [StyledEdge], direction: Direction,
                          ids: inout IDAllocator) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let storyboardNodes = nodes.filter { $0.kind == .scene }
        guard storyboardNodes.count > 1 else { return [] }
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
        let across = direction == .leftToRight ? 2.3 / 0.8 : 0.8 / 2.3
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
                                              at: nil, about: "overview links"))
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
        return diagnostics
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
                .map { plural($0.value, $0.key) }.joined(separator: ", ")
            var edge = Edge(id: "\(pair.from)->\(pair.to)", from: pair.from, to: pair.to, kind: .aggregate, crossFile: true,
                            via: via)
            edge.count = tally.count
            edge.worst = tally.worst
            return edge
        }.sorted { $0.id < $1.id }
    }
}

