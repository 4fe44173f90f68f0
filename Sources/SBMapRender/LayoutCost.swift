import SBMapStyle

/// How long a layout is expected to take, predicted before Graphviz starts.
///
/// Graphviz runs in the process and cannot be interrupted safely, so the only way to keep a layout short is not to
/// start one that would be long. The node and edge budget does not predict it: one storyboard of 150 scenes and 600
/// segues is inside the budget, and dot's crossing minimisation ran on it for minutes, while 1,000 sparse scenes take a
/// second. What dot pays for is the width of its ranks once every long edge has become a chain of virtual nodes (each
/// pass of `mincross` reorders every rank, and `transpose` compares neighbours in a rank until nothing improves), so the
/// prediction ranks the graph the way dot does, cheaply (longest path after breaking cycles, where dot uses network
/// simplex), and sums the squares of the rank widths.
///
/// The seconds are this project's reference machine (2 cores, shared; docs/benchmarks.md, "Layout time"): a model to
/// compare against a budget, not a clock.
public struct LayoutCost: Hashable, Sendable {
    public let nodes: Int
    public let edges: Int
    /// Ranks of the predicted dot layout.
    public let ranks: Int
    /// Virtual nodes: one per rank an edge crosses without ending in it.
    public let virtualNodes: Int
    /// Σ (nodes + virtual nodes in a rank)²: what dot's crossing minimisation grows with.
    public let rankWork: Int
    /// Independent cycles (edges − nodes + components, ignoring direction): Graphviz 2.4x's curved edges enumerate
    /// every cycle of the graph, so a dense graph never finishes with them.
    public let cycles: Int

    /// Predicted seconds of a dot layout as themed. Small maps cost about 1 s per 100,000 units of rank work, and the
    /// cost grows with the square beyond (measured: 15,000 units 0.15 s, 115,000 3.1 s, 315,000 11 s, 3.6 million
    /// did not finish in 100 s).
    public var dotSeconds: Double {
        let w = Double(rankWork) / 100_000
        return w * (1 + w)
    }

    /// Predicted seconds of a force-directed layout (sfdp) with straight edges: about linear in the graph (10,000
    /// storyboards and 9,830 links: 14 s).
    public var straightSeconds: Double {
        Double(nodes + edges) * 0.0007
    }

    /// Predicted seconds of a layout by `engine`, edges not routed (`splines=line`): dot's ranks and crossings, sfdp's
    /// and twopi's near-linear passes, neato's and fdp's forces between every pair of nodes, circo's crossing reduction
    /// around its circles. Routed edges cost on top: `orthoSeconds`, and the cycles of curved ones
    /// (`curvedCycleLimit`).
    public func layoutSeconds(_ engine: LayoutEngine) -> Double {
        switch engine {
        case .dot: dotSeconds
        case .sfdp, .twopi: straightSeconds
        case .neato, .fdp: forceSeconds
        case .circo: circoSeconds
        }
    }

    /// Predicted seconds of neato's or fdp's layout: every pair of nodes, and every edge against every node.
    public var forceSeconds: Double {
        Double(nodes * nodes + nodes * edges) * 0.000002 + straightSeconds
    }

    /// Predicted seconds of circo's layout, which grows with the edges and, much faster, with their density (it
    /// reorders each circle to cut crossings): measured on random storyboards, 80 scenes and 160 segues 2.1 s, 60 and
    /// 240 16 s, 150 and 600 over 200 s, where 40 and 80 took 0.05 s.
    public var circoSeconds: Double {
        let e = Double(edges), n = Double(max(nodes, 1))
        return e * e * (e / n) * (e / n) * 0.00003 + straightSeconds
    }

    /// Predicted seconds of routing every edge with `splines=ortho`, besides the layout: Graphviz's orthogonal router
    /// searches a maze of the whole drawing for each edge (dot, 150 scenes and 160 segues: 3.3 s; 300 and 400: 60 s;
    /// neato, 150 and 600: 10 s).
    public var orthoSeconds: Double {
        let cells = Double(nodes + edges)
        return cells * cells * Double(edges) * 0.0000004
    }

    /// Predicted seconds every drawn map costs besides its layout (styling, Graphviz's setup, writing the SVG): what
    /// bounds a run of thousands of small maps (`render --all` of 3,000 storyboards: about 40 ms a map on a loaded
    /// machine, 8 ms on a quiet one).
    public static let mapOverheadSeconds = 0.01

    /// The most independent cycles for which curved edges are drawn (Graphviz enumerates up to 2^cycles of them).
    public static let curvedCycleLimit = 12

    /// The cost of laying out `styled` (nodes, edges and the ranking dot would be given).
    public init(_ styled: StyledGraph) {
        let builder = GraphBuilder(styled: styled, engine: .dot)
        let relaxed = builder.relaxedEdges()
        var index: [String: Int] = [:]
        for (k, node) in styled.nodes.enumerated() where index[node.id] == nil { index[node.id] = k }
        var pairs: [(from: Int, to: Int, minlen: Int, ranks: Bool)] = []
        pairs.reserveCapacity(styled.edges.count)
        for edge in styled.edges {
            guard let a = index[edge.from], let b = index[edge.to] else { continue }
            let ranks = !(relaxed.contains(edge.id) || edge.rankSpan == 0)
            pairs.append((a, b, max(edge.rankSpan ?? 1, 1), ranks))
        }
        self.init(nodes: styled.nodes.count, edges: pairs)
    }

    /// The cost of a graph of `nodes` nodes (0..<nodes) and `edges`; an edge that `ranks` constrains the layers.
    init(nodes: Int, edges: [(from: Int, to: Int, minlen: Int, ranks: Bool)]) {
        self.nodes = nodes
        self.edges = edges.count
        var successors = Array(repeating: [(to: Int, minlen: Int)](), count: nodes)
        for edge in edges where edge.ranks && edge.from != edge.to {
            successors[edge.from].append((edge.to, edge.minlen))
        }
        // Depth-first order, leaving out the edges that close a cycle (as dot's acyclic pass reverses them).
        var state = Array(repeating: UInt8(0), count: nodes)  // 0 new, 1 on the stack, 2 done
        var finished: [Int] = []
        finished.reserveCapacity(nodes)
        var back = Set<Int64>()
        for start in 0..<nodes where state[start] == 0 {
            var stack: [(node: Int, next: Int)] = [(start, 0)]
            state[start] = 1
            while let top = stack.last {
                let list = successors[top.node]
                if top.next < list.count {
                    stack[stack.count - 1].next += 1
                    let w = list[top.next].to
                    if state[w] == 1 {
                        back.insert(Int64(top.node) << 32 | Int64(w))
                    } else if state[w] == 0 {
                        state[w] = 1
                        stack.append((w, 0))
                    }
                } else {
                    state[top.node] = 2
                    finished.append(top.node)
                    stack.removeLast()
                }
            }
        }
        // Longest path from the sources, in reverse finishing order (a topological order without the back edges).
        var rank = Array(repeating: 0, count: nodes)
        for v in finished.reversed() {
            for (w, minlen) in successors[v] where !back.contains(Int64(v) << 32 | Int64(w)) {
                rank[w] = max(rank[w], rank[v] + minlen)
            }
        }
        let ranks = (rank.max() ?? -1) + 1
        var width = Array(repeating: 0, count: max(ranks, 0))
        for r in rank { width[r] += 1 }
        // Every edge, ranking or not, becomes a chain through the ranks it crosses. A difference array keeps this
        // linear in edges and ranks however long the edges are.
        var crossing = Array(repeating: 0, count: ranks + 1)
        var virtual = 0
        for edge in edges {
            let low = min(rank[edge.from], rank[edge.to]), high = max(rank[edge.from], rank[edge.to])
            guard high - low > 1 else { continue }
            crossing[low + 1] += 1
            crossing[high] -= 1
            virtual += high - low - 1
        }
        var running = 0, work = 0
        for r in 0..<ranks {
            running += crossing[r]
            let w = width[r] + running
            work = work &+ w &* w
        }
        self.ranks = ranks
        self.virtualNodes = virtual
        self.rankWork = work
        // Components of the undirected graph, for the cycle count.
        var parent = Array(0..<nodes)
        func root(_ x: Int) -> Int {
            var x = x
            while parent[x] != x {
                parent[x] = parent[parent[x]]
                x = parent[x]
            }
            return x
        }
        var components = nodes, links = 0
        for edge in edges where edge.from != edge.to {
            links += 1
            let a = root(edge.from), b = root(edge.to)
            if a != b {
                parent[a] = b
                components -= 1
            }
        }
        self.cycles = max(0, links - nodes + components)
    }
}
