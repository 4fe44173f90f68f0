import SBMapStyle

/// The order in which the renderer hands storyboard boxes to Graphviz: linked storyboards next to each other.
///
/// dot keeps each box in one piece and starts its crossing reduction from the order the nodes were created in;
/// storyboards sharing ranks are stacked in that order, and an edge between two boxes of the stack runs straight
/// through every box between them. Path order put `Bookmarks` and `Debug` between a hub and the storyboards it opens.
/// Here each next box is the one with the most edges to the boxes already placed (the most recent ones counting most),
/// so the storyboards a box links to come right after it; a box without links keeps its place in path order.
/// Measured with scripts/map-crossings.py (docs/themes.md, "Full-map layout").
struct ClusterOrder {
    /// Rank of each cluster id in the new order (every cluster of the styled graph, target groups included).
    let rank: [String: Int]

    init(_ styled: StyledGraph) {
        let storyboards = styled.clusters.filter { $0.kind == .storyboard }.map(\.id)
        let clusterOf = Dictionary(styled.nodes.compactMap { n in n.drawnIn.map { (n.id, $0) } },
                                   uniquingKeysWith: { a, _ in a })
        var links: [String: [String: Int]] = [:]
        for edge in styled.edges where !edge.layoutOnly {
            guard let a = clusterOf[edge.from], let b = clusterOf[edge.to], a != b else { continue }
            links[a, default: [:]][b, default: 0] += 1
            links[b, default: [:]][a, default: 0] += 1
        }
        var placed: [String] = []
        var left = storyboards  // in path order
        // How strongly each unplaced box is tied to what is placed: a link to the last box placed counts most.
        var pull: [String: Double] = [:]
        while !left.isEmpty {
            var best = 0
            for k in left.indices.dropFirst() where (pull[left[k]] ?? 0) > (pull[left[best]] ?? 0) { best = k }
            let next = left.remove(at: best)
            placed.append(next)
            for key in pull.keys { pull[key, default: 0] *= 0.5 }
            for (other, count) in links[next] ?? [:] { pull[other, default: 0] += Double(count) }
        }
        var rank: [String: Int] = [:]
        for (k, id) in placed.enumerated() { rank[id] = k }
        // Target groups keep their order, before every storyboard (parents are created first).
        for (k, cluster) in styled.clusters.enumerated() where cluster.kind != .storyboard { rank[cluster.id] = k - styled.clusters.count }
        self.rank = rank
    }

    /// Indices of `styled.clusters` in creation order: groups first as listed, then storyboards in the new order.
    /// A map without storyboard boxes (the overview, whose storyboards are nodes) keeps its order.
    func clusterIndices(_ styled: StyledGraph) -> [Int] {
        guard styled.clusters.contains(where: { $0.kind == .storyboard }) else { return Array(styled.clusters.indices) }
        return styled.clusters.indices.sorted { (rank[styled.clusters[$0].id] ?? 0) < (rank[styled.clusters[$1].id] ?? 0) }
    }

    /// Indices of `styled.nodes` in creation order: by the box they are drawn in (in the new order), each box's nodes
    /// in their listed order; nodes in no box last, as listed.
    func nodeIndices(_ styled: StyledGraph) -> [Int] {
        guard styled.clusters.contains(where: { $0.kind == .storyboard }) else { return Array(styled.nodes.indices) }
        return styled.nodes.indices.sorted { a, b in
            let ra = styled.nodes[a].drawnIn.flatMap { rank[$0] } ?? Int.max
            let rb = styled.nodes[b].drawnIn.flatMap { rank[$0] } ?? Int.max
            return ra != rb ? ra < rb : a < b
        }
    }
}
