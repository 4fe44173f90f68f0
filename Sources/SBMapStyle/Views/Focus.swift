import SBMapModel

/// A focus map: one storyboard, or one scene, in full detail with its neighbourhood.
///
/// Every node within `hops` edges of the focus (segues, references, code links, unwinds; either direction) is drawn
/// as it is, in its own storyboard's cluster. A storyboard that has nodes further away, linked to a drawn node, is
/// folded into one `stub` node with a count; edges into its folded part end at the stub, gathered into one
/// `aggregate` edge per pair. Storyboards with nothing near the focus are left out.
public struct FocusView: Hashable, Sendable {
    /// The storyboard's path.
    public var storyboard: String
    /// A scene's node id, to focus on one scene; `nil` for the whole storyboard.
    public var scene: String?
    /// How far from the focus nodes are drawn in full.
    public var hops: Int
    /// Node ids to start from instead of a storyboard or a scene: a diff map starts from what changed.
    public var seeds: [String]?
    /// Whether what is further away is folded into stubs (`+3 scenes further away`), or left out: the diff summary's
    /// Mermaid picture shows the changed neighbourhood and nothing else.
    public var folds = true

    public init(storyboard: String, scene: String? = nil, hops: Int = 1) {
        self.storyboard = storyboard
        self.scene = scene
        self.hops = max(0, hops)
    }

    /// A map of the nodes `seeds` and their neighbours within `hops`; with `folds: false`, without stubs for what
    /// is further away.
    public init(seeds: [String], hops: Int, folds: Bool = true) {
        self.storyboard = ""
        self.scene = nil
        self.hops = max(0, hops)
        self.seeds = seeds
        self.folds = folds
    }

    /// The stub node of the storyboard at `path` (`code` for code types further away).
    public static func stubID(_ path: String) -> String { "stub:\(path)" }

    public func make(_ graph: StoryboardGraph) -> MapGraph {
        make(graph, index: Index(graph))
    }

    /// The view this focus draws: a diff map when it starts from seeds (what changed), else a focus map.
    public var view: MapView { seeds == nil ? .focus(self) : .diff(self) }

    /// The focus map, from an index built once for many maps of the same graph (`render --all`): the work is then
    /// proportional to the neighbourhood drawn, not to the whole graph.
    public func make(_ graph: StoryboardGraph, index: Index) -> MapGraph {
        var kept = Set<Int>()
        var frontier: [Int]
        if let seeds {
            frontier = Array(Set(seeds.compactMap { index.nodeIndex[$0] })).sorted()
        } else if let scene {
            frontier = index.nodeIndex[scene].map { [$0] } ?? []
        } else {
            frontier = index.nodesOfStoryboard[storyboard] ?? []
        }
        kept.formUnion(frontier)
        for _ in 0..<hops where !frontier.isEmpty {
            var next: [Int] = []
            for node in frontier {
                for edge in index.edgesOfNode[node] ?? [] {
                    let e = graph.edges[edge]
                    for end in [e.from, e.to] {
                        if let other = index.nodeIndex[end], kept.insert(other).inserted { next.append(other) }
                    }
                }
            }
            frontier = next
        }
        if folds {
            // A link made in code that does not resolve is never folded into a neutral stub: its red target stays
            // drawn, with its reason, beside the drawn node that makes it (in its own storyboard's cluster).
            for node in kept.sorted() {
                for edge in index.edgesOfNode[node] ?? [] {
                    guard let target = index.nodeIndex[graph.edges[edge].to], !kept.contains(target) else { continue }
                    let far = graph.nodes[target]
                    if far.role == .codeTarget, let state = far.resolution?.state, state != .resolved { kept.insert(target) }
                }
            }
        }
        let keptIDs = Set(kept.map { graph.nodes[$0].id })

        /// Where a node that is not drawn goes: the stub of its storyboard, or the code stub.
        func stub(of id: String) -> String? {
            guard let node = index.nodeIndex[id].map({ graph.nodes[$0] }) else { return nil }
            return Self.stubID(node.storyboard ?? "code")
        }
        var links = AggregateLinks()
        var edges: [Edge] = []
        var touched = Set<Int>()
        for node in kept { touched.formUnion(index.edgesOfNode[node] ?? []) }
        let hubStubs = folds ? Self.hubStubs(graph, index: index, kept: keptIDs, edges: touched, stub: stub) : [:]
        for position in touched.sorted() {
            let edge = graph.edges[position]
            let keepsFrom = keptIDs.contains(edge.from), keepsTo = keptIDs.contains(edge.to)
            if keepsFrom && keepsTo {
                edges.append(edge)
            } else if folds {
                // A hub's part beyond the map, in storyboards nothing else drawn reaches, is one stub of its own.
                let hub = { (kept: String, far: String) in stub(of: far).flatMap { hubStubs[kept]?[$0] } }
                guard let from = keepsFrom ? edge.from : hub(edge.to, edge.from) ?? stub(of: edge.from),
                      let to = keepsTo ? edge.to : hub(edge.from, edge.to) ?? stub(of: edge.to) else { continue }
                let target = index.nodeIndex[edge.to].map { graph.nodes[$0] }
                let state = target.flatMap { $0.role == .codeTarget ? $0.resolution?.state : nil } ?? .resolved
                links.add(from: from, to: to, kind: edge.kind, mechanism: Self.mechanism(edge.kind), state: state)
            }
        }
        let folded = links.edges()
        let stubIDs = Set(folded.flatMap { [$0.from, $0.to] }.filter { $0.hasPrefix("stub:") })

        // Stubs: what each folded storyboard holds beyond the map.
        var keptScenes: [String: Int] = [:]
        for node in kept where Index.countsAsScene(graph.nodes[node]) {
            keptScenes[graph.nodes[node].storyboard ?? "code", default: 0] += 1
        }
        let storyboardsByID = index.storyboardsByID
        var stubs: [Node] = []
        var hubParts: [String: [String]] = [:]  // a hub's stub → the storyboard stubs it stands for
        for (_, byStub) in hubStubs { for (part, hub) in byStub { hubParts[hub, default: []].append(part) } }
        for id in stubIDs.sorted() {
            if let parts = hubParts[id] {
                let paths = parts.map { String($0.dropFirst("stub:".count)) }.sorted()
                let titles = paths.map { storyboardsByID[$0].map(index.storyboardNames.title) ?? $0 }
                var node = Node(id: id, storyboard: nil, objectID: nil, element: "stub", role: .stub,
                                label: "Storyboards: " + titles.sorted().joined(separator: ", "))
                let folded = paths.reduce(0) { $0 + max(index.sceneCount($1) - (keptScenes[$1] ?? 0), 0) }
                // In the box of its storyboards' targets where they share them, as a storyboard's stub is.
                let targets = Set(paths.map { storyboardsByID[$0]?.targets.sorted() ?? [] })
                node.summary = StoryboardSummary(storyboard: String(id.dropFirst("stub:".count)),
                                                 name: plural(paths.count, "storyboard"), scenes: folded,
                                                 targets: targets.count == 1 ? targets.first ?? [] : [])
                stubs.append(node)
                continue
            }
            let path = String(id.dropFirst("stub:".count))
            let name = storyboardsByID[path]?.name ?? "Code"
            let title = storyboardsByID[path].map(index.storyboardNames.title) ?? name
            var node = Node(id: id, storyboard: nil, objectID: nil, element: "stub", role: .stub, label: title,
                            location: storyboardsByID[path] != nil ? SourceLocation(path: path) : nil)
            let folded = index.sceneCount(path) - (keptScenes[path] ?? 0)
            node.summary = StoryboardSummary(storyboard: path, name: title, scenes: max(folded, 0),
                                             entryRoles: Array(Set(storyboardsByID[path]?.entryPoints.map(\.role) ?? [])).sorted(),
                                             targets: storyboardsByID[path]?.targets.sorted() ?? [])
            stubs.append(node)
        }

        let nodes = kept.sorted().map { graph.nodes[$0] } + stubs
        let drawn = Set(nodes.compactMap(\.storyboard))
        // Looked up, not filtered: a filter of every storyboard copied each one, for every map (a site of 10,000
        // storyboards spent a third of its time copying storyboards).
        let storyboards = drawn.flatMap { index.storyboardPositions[$0] ?? [] }.sorted().map { graph.storyboards[$0] }
        var variants: Set<String> = drawn
        for storyboard in storyboards { variants.formUnion(storyboard.localizedVariants) }
        let diagnostics = variants.sorted().flatMap { index.diagnosticsOfPath[$0] ?? [] }.map { graph.diagnostics[$0] }
        return MapGraph(view: view, graph: StoryboardGraph(targets: graph.targets, storyboards: storyboards, nodes: nodes,
                                                           edges: edges + folded, diagnostics: diagnostics.sorted()))
    }

    /// The most storyboards a type in code drags into a focus map as stubs of their own. A hub that opens scenes of
    /// nine storyboards, drawn beside one of them, brought eight stubs into that storyboard's focus map, each a
    /// storyboard the map is not about; above this, the storyboards only the hub reaches are one stub,
    /// `8 storyboards` / `+14 scenes further away`, linked to the hub by one edge with the count.
    public static let maxHubStubs = 2

    /// For each drawn code type whose folded links reach more than `maxHubStubs` storyboards that no other drawn node
    /// reaches: those storyboards' stubs → the hub's one stub (`stub:hub:<type id>`).
    static func hubStubs(_ graph: StoryboardGraph, index: Index, kept: Set<String>, edges: Set<Int>,
                         stub: (String) -> String?) -> [String: [String: String]] {
        var reachedBy: [String: Set<String>] = [:]  // storyboard stub → the drawn nodes linked into it
        for position in edges {
            let edge = graph.edges[position]
            for (near, far) in [(edge.from, edge.to), (edge.to, edge.from)]
            where kept.contains(near) && !kept.contains(far) {
                guard let part = stub(far), part != stubID("code") else { continue }
                reachedBy[part, default: []].insert(near)
            }
        }
        var only: [String: [String]] = [:]  // drawn code type → the stubs only it reaches
        for (part, nears) in reachedBy where nears.count == 1 {
            guard let near = nears.first, index.nodeIndex[near].map({ graph.nodes[$0].role == .code }) == true else { continue }
            only[near, default: []].append(part)
        }
        var result: [String: [String: String]] = [:]
        for (hub, parts) in only where parts.count > maxHubStubs {
            let id = stubID("hub:" + hub)
            result[hub] = Dictionary(uniqueKeysWithValues: parts.map { ($0, id) })
        }
        return result
    }

    private static func mechanism(_ kind: EdgeKind) -> String {
        switch kind {
        case .reference: "storyboard reference"
        case .code: "code link"
        case .unwindTarget: "unwind"
        default: "segue"
        }
    }

    /// What focus maps look up, built once per graph: positions of nodes, the edges at each node, the nodes of each
    /// storyboard, scene counts, and findings by file.
    public struct Index: Sendable {
        let nodeIndex: [String: Int]
        let edgesOfNode: [Int: [Int]]
        let nodesOfStoryboard: [String: [Int]]
        /// What the stubs count, as `check` counts it: each storyboard's scenes, and the types in code.
        let counts: GraphCounts
        let diagnosticsOfPath: [String: [Int]]
        let storyboardsByID: [String: Storyboard]
        /// How stubs name storyboards: with the platform or path where names repeat in the whole graph.
        let storyboardNames: StoryboardNames
        /// Where each storyboard is in `graph.storyboards`, by path.
        let storyboardPositions: [String: [Int]]

        /// The index of `graph`, with its counts when the caller has them already (`GraphCounts(graph)`).
        public init(_ graph: StoryboardGraph, counts: GraphCounts? = nil) {
            let nodeIndex = graph.nodePositions
            var nodesOfStoryboard: [String: [Int]] = [:]
            for (position, node) in graph.nodes.enumerated() {
                if let storyboard = node.storyboard { nodesOfStoryboard[storyboard, default: []].append(position) }
            }
            var edgesOfNode: [Int: [Int]] = [:]
            for (position, edge) in graph.edges.enumerated() {
                if let a = nodeIndex[edge.from] { edgesOfNode[a, default: []].append(position) }
                if let b = nodeIndex[edge.to], edge.to != edge.from { edgesOfNode[b, default: []].append(position) }
            }
            var diagnosticsOfPath: [String: [Int]] = [:]
            for (position, diagnostic) in graph.diagnostics.enumerated() {
                if let path = diagnostic.location?.path { diagnosticsOfPath[path, default: []].append(position) }
            }
            self.nodeIndex = nodeIndex
            self.edgesOfNode = edgesOfNode
            self.nodesOfStoryboard = nodesOfStoryboard
            self.counts = counts ?? GraphCounts(graph)
            self.diagnosticsOfPath = diagnosticsOfPath
            self.storyboardsByID = graph.storyboardsByID
            self.storyboardNames = StoryboardNames(graph.storyboards)
            var storyboardPositions: [String: [Int]] = [:]
            for (position, storyboard) in graph.storyboards.enumerated() {
                storyboardPositions[storyboard.path, default: []].append(position)
            }
            self.storyboardPositions = storyboardPositions
        }

        /// What a stub counts: real scenes, not placeholders; for the code stub, the types in code.
        static func countsAsScene(_ node: Node) -> Bool {
            node.role == .code || node.role.isMadeInCode || node.role.isCountedScene
        }

        /// What the stub of `path` stands for in all (`code`: the types in code), before what the map draws.
        func sceneCount(_ path: String) -> Int {
            path == "code" ? counts.codeTypes : counts.storyboard(path).scenes
        }
    }
}
