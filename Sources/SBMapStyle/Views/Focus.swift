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

    public init(storyboard: String, scene: String? = nil, hops: Int = 1) {
        self.storyboard = storyboard
        self.scene = scene
        self.hops = max(0, hops)
    }

    /// The stub node of the storyboard at `path` (`code` for code types further away).
    public static func stubID(_ path: String) -> String { "stub:\(path)" }

    public func make(_ graph: StoryboardGraph) -> StoryboardGraph {
        var neighbours: [String: [String]] = [:]
        for edge in graph.edges {
            neighbours[edge.from, default: []].append(edge.to)
            neighbours[edge.to, default: []].append(edge.from)
        }
        var kept = Set<String>()
        var frontier: [String]
        if let scene {
            frontier = [scene]
        } else {
            frontier = graph.nodes.filter { $0.storyboard == storyboard }.map(\.id)
        }
        kept.formUnion(frontier)
        for _ in 0..<hops where !frontier.isEmpty {
            var next: [String] = []
            for id in frontier {
                for other in neighbours[id] ?? [] where kept.insert(other).inserted { next.append(other) }
            }
            frontier = next
        }

        let nodesByID = graph.nodesByID
        /// Where a node that is not drawn goes: the stub of its storyboard, or the code stub.
        func stub(of id: String) -> String? {
            guard let node = nodesByID[id] else { return nil }
            return Self.stubID(node.storyboard ?? "code")
        }
        var links = AggregateLinks()
        var edges: [Edge] = []
        for edge in graph.edges {
            let keepsFrom = kept.contains(edge.from), keepsTo = kept.contains(edge.to)
            if keepsFrom && keepsTo {
                edges.append(edge)
            } else if keepsFrom || keepsTo {
                guard let from = keepsFrom ? edge.from : stub(of: edge.from),
                      let to = keepsTo ? edge.to : stub(of: edge.to) else { continue }
                let state = nodesByID[edge.to].flatMap { $0.role == .codeTarget ? $0.resolution?.state : nil } ?? .resolved
                links.add(from: from, to: to, kind: edge.kind, mechanism: Self.mechanism(edge.kind), state: state)
            }
        }
        let folded = links.edges()
        let stubIDs = Set(folded.flatMap { [$0.from, $0.to] }.filter { $0.hasPrefix("stub:") })

        // Stubs: what each folded storyboard holds beyond the map.
        var foldedScenes: [String: Int] = [:]
        for node in graph.nodes where !kept.contains(node.id) && node.role.isScene && !node.role.isCrossFileLink {
            foldedScenes[node.storyboard ?? "code", default: 0] += 1
        }
        let storyboardsByID = graph.storyboardsByID
        var stubs: [Node] = []
        for id in stubIDs.sorted() {
            let path = String(id.dropFirst("stub:".count))
            let name = storyboardsByID[path]?.name ?? "Code"
            var node = Node(id: id, storyboard: nil, objectID: nil, element: "stub", role: .stub, label: name,
                            location: storyboardsByID[path] != nil ? SourceLocation(path: path) : nil)
            node.summary = StoryboardSummary(storyboard: path, name: name, scenes: foldedScenes[path] ?? 0,
                                             entryRoles: Array(Set(storyboardsByID[path]?.entryPoints.map(\.role) ?? [])).sorted())
            stubs.append(node)
        }

        let nodes = graph.nodes.filter { kept.contains($0.id) } + stubs
        let drawn = Set(nodes.compactMap(\.storyboard))
        let storyboards = graph.storyboards.filter { drawn.contains($0.path) }
        var variants: Set<String> = drawn
        for storyboard in storyboards { variants.formUnion(storyboard.localizedVariants) }
        let diagnostics = graph.diagnostics.filter { $0.location.map { variants.contains($0.path) } ?? false }
        return StoryboardGraph(targets: graph.targets, storyboards: storyboards, nodes: nodes, edges: edges + folded,
                               diagnostics: diagnostics)
    }

    private static func mechanism(_ kind: EdgeKind) -> String {
        switch kind {
        case .reference: "storyboard reference"
        case .code: "code link"
        case .unwindTarget: "unwind"
        default: "segue"
        }
    }
}
