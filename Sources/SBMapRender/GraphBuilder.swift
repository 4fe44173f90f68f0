import CGraphviz
import SBMapStyle

/// Builds a cgraph graph from a styled graph. Call only inside `GraphvizExecutor.run`; the caller
/// owns the returned graph and closes it with `agclose`.
///
/// Object *names* are sbmap's own (`n12`, `cluster_3`), never input text: names are what Graphviz
/// writes into SVG `<title>` and DOT node ids. Input text reaches Graphviz only as `label` and
/// `tooltip` values, encoded by `GraphvizText`; SVG `id` and `class` values are ASCII tokens.
typealias GraphPtr = UnsafeMutablePointer<Agraph_t>
typealias NodePtr = UnsafeMutablePointer<Agnode_t>
typealias EdgePtr = UnsafeMutablePointer<Agedge_t>

struct GraphBuilder {
    let styled: StyledGraph
    let engine: LayoutEngine
    /// Set `constraint=false` on every edge between clusters, not only on those that would close a
    /// cycle of clusters. The renderer retries with this when a layout fails.
    var relaxAllCrossClusterEdges = false
    /// Draw every edge straight (`splines=line`): the cheap plan (`LayoutEffort.straight`) for a map whose routed
    /// edges would take too long.
    var straightEdges = false
    /// Leave out the rank hints dot is given (`minlen`, the invisible edges that order storyboards and chain
    /// isolated ones into rows): a fallback when a layout fails with them ("lost … edge").
    var withoutRankHints = false
    /// Draw `ortho` edges as polylines: the plan (`LayoutEffort.polyline`) for a dot map whose orthogonal routing
    /// would be over the layout budget.
    var polylineEdges = false
    /// Put before every SVG `id` (`RenderOptions.idPrefix`), so maps inlined in one page share none.
    var idPrefix = ""
    /// Into how many rows (columns, top to bottom) a long flow of storyboard boxes is wrapped: the boxes' depths along
    /// the flow are cut into this many runs, and an edge from one run into the next is left out of the ranking, so
    /// each run starts again at the first rank, beside the one before (`RenderOptions.wrapRows`). 1 does not wrap.
    var wrapRows = 1
    /// Draw the legend as one table node (`addLegendTable`) even for `dot`: for DOT output, which another program lays
    /// out without `LegendPlacement`.
    var tableLegend = false

    /// Opens the root graph and adds everything. Returns `nil` only if Graphviz could not allocate.
    func build() -> GraphPtr? {
        guard let g = "sbmap".withCString({ sbmap_agopen(UnsafeMutablePointer(mutating: $0)) }) else { return nil }
        let theme = styled.theme
        declareDefaults(g, theme: theme)

        // Names follow the styled graph's order; creation follows `ClusterOrder`, which dot's layout starts from.
        let order = ClusterOrder(styled)
        var clusterGraphs: [String: GraphPtr] = [:]
        for index in order.clusterIndices(styled) {
            let cluster = styled.clusters[index]
            // A storyboard's box sits inside its target's box; parents come first in the list.
            let parent = cluster.parent.flatMap { clusterGraphs[$0] } ?? g
            guard let sub = subgraph(parent, "cluster_\(index + 1)") else { continue }
            clusterGraphs[cluster.id] = sub
            setCluster(sub, style: cluster.style, theme: theme)
            set(sub, "id", idPrefix + cluster.id)
            set(sub, "class", cluster.classes.joined(separator: " "))
            // A title of several lines (the name, the path, what loads it) reads down its left edge.
            set(sub, "label", cluster.label.count > 1 ? GraphvizText.lines(cluster.label, align: cluster.style.labelAlign)
                                                       : GraphvizText.lines(cluster.label))
            set(sub, "tooltip", GraphvizText.tooltip(cluster.tooltip))
        }

        var nodeObjects: [String: NodePtr] = [:]
        for index in order.nodeIndices(styled) {
            let node = styled.nodes[index]
            let parent = node.drawnIn.flatMap { clusterGraphs[$0] } ?? g
            guard let n = makeNode(parent, "n\(index + 1)") else { continue }
            nodeObjects[node.id] = n
            set(n, "id", idPrefix + node.id)
            set(n, "class", node.classes.joined(separator: " "))
            setNodeStyle(n, node.style, lines: node.label)
            setReadableWidth(n, node.style, lines: node.label, size: theme.font.size, margin: Self.nodeMargin.x)
            set(n, "tooltip", GraphvizText.tooltip(node.tooltip))
        }

        let relaxed = relaxedEdges()
        for edge in styled.edges {
            // Layout-only edges steer dot's ranks; the other engines have no ranks (twopi even fails on weight=0).
            if edge.layoutOnly && (engine != .dot || withoutRankHints) { continue }
            guard let from = nodeObjects[edge.from], let to = nodeObjects[edge.to],
                  let e = agedge(g, from, to, nil, 1) else { continue }
            set(e, "id", idPrefix + edge.id)
            set(e, "class", edge.classes.joined(separator: " "))
            if edge.layoutOnly {
                set(e, "style", "invis")
                set(e, "weight", "0")
                if let span = edge.rankSpan, span > 0 { set(e, "minlen", String(span)) }
                continue
            }
            setEdgeStyle(e, edge.style)
            let isRelaxed = relaxed.contains(edge.id) || edge.rankSpan == 0
            if withoutRankHints {
                // No minlen: the fallback's layout ranks by the edges alone.
            } else if let span = edge.rankSpan, span > 1 {
                set(e, "minlen", String(span))
            } else if edge.rankSpan == nil, !isRelaxed, edge.crossesClusters, engine == .dot {
                // A rank of room between two boxes: the edge's bend there lies between the boxes of the next
                // column, and it enters its box from the side. Within one rank of its tail, the head's box (its
                // initial-scene dot a rank earlier) shares the tail's column, and the edge ran through every box
                // stacked between them.
                set(e, "minlen", "2")
            }
            if !edge.label.isEmpty {
                set(e, Self.textAttribute(relaxed: isRelaxed), GraphvizText.lines(edge.label))
            }
            set(e, "tooltip", GraphvizText.tooltip(edge.tooltip))
            if isRelaxed {
                // Cycles between clusters make Graphviz 2.43 drop edges silently ("trouble in init_rank").
                set(e, "constraint", "false")
            }
        }

        arrangeIsolatedClusters(g, nodeObjects: nodeObjects)
        if !styled.legend.isEmpty { addLegend(g, theme: theme) }
        return g
    }

    /// Storyboards that no edge joins to another (common in coordinator-style apps, where code does the
    /// linking) would all start at rank 0 and stack into one tall column. Invisible edges chain them into
    /// rows (columns, top to bottom), so the map comes out roughly square. Only storyboards without
    /// cross-cluster edges take part, so no cycle of clusters can form. (Graphviz's own `pack` would do
    /// this, but with clusters and `newrank` Graphviz 2.42's dot crashes in it.)
    private func arrangeIsolatedClusters(_ g: GraphPtr, nodeObjects: [String: NodePtr]) {
        // Rows of ranks are dot's; twopi refuses the weight=0 edges ("creates disconnected component").
        guard engine == .dot, !withoutRankHints else { return }
        var linked: Set<String> = []
        let clusterOf = Dictionary(styled.nodes.compactMap { n in n.drawnIn.map { (n.id, $0) } },
                                   uniquingKeysWith: { a, _ in a })
        for edge in styled.edges where edge.crossesClusters {
            if let a = clusterOf[edge.from] { linked.insert(a) }
            if let b = clusterOf[edge.to] { linked.insert(b) }
        }
        // Chain from the last scene of one storyboard to the leftmost node of the next (its entry
        // marker when it has one, else its first scene).
        var first: [String: NodePtr] = [:], last: [String: NodePtr] = [:], marked: Set<String> = []
        for node in styled.nodes {
            guard let cluster = node.cluster, let object = nodeObjects[node.id] else { continue }
            if node.kind == .marker {
                if marked.insert(cluster).inserted { first[cluster] = object }
            } else {
                if first[cluster] == nil { first[cluster] = object }
                last[cluster] = object
            }
        }
        let isolated = styled.clusters.map(\.id).filter { !linked.contains($0) && first[$0] != nil }
        guard isolated.count >= 4 else { return }
        // Clusters are wide and short left to right, narrow and tall top to bottom.
        let shape = styled.direction == .leftToRight ? 0.2 : 1.5
        let perRow = max(1, Int((Double(isolated.count) * shape).squareRoot().rounded(.up)))
        for (index, cluster) in isolated.enumerated() where index % perRow != 0 {
            guard let from = last[isolated[index - 1]], let to = first[cluster],
                  let e = agedge(g, from, to, nil, 1) else { continue }
            set(e, "style", "invis")
            set(e, "weight", "0")
            set(e, "class", "layout")
        }
    }

    /// Where an edge's text goes: `label`, or `xlabel` on an edge left out of the ranking.
    ///
    /// An edge with `constraint=false` may land within one rank (a *flat* edge). dot gives a flat edge's `label` a
    /// node of its own in the rank above (`flat.c`, `make_vn_slot`), and Graphviz up to 13.0.0 grows that rank's node
    /// list with `realloc` through the pointer that does not own it, so `gvFreeLayout` frees the old list again: a
    /// double free that aborts `sbmap` whenever `realloc` moved the list (Graphviz GitLab #1494 and #2331, fixed in
    /// 13.0.1; Debian and Ubuntu ship 2.42). `dot` the command survives the same graph only because it never frees
    /// its last layout. An `xlabel` is placed after layout and never becomes a node, so no flat edge has a label and
    /// that code never runs, while `constraint=false` keeps doing its job. Edges that keep ranking the map cannot be
    /// flat (each spans at least one rank), and keep `label`. The cost: the text of a relaxed edge is placed next to
    /// its edge rather than on it, without reserving room in the layout (`EdgeLabelPlacement` then moves one that
    /// Graphviz put away from its edge, or on other text, back beside its curve). (Dropping `newrank` does not help: the
    /// crash needs neither `newrank` nor clusters, only a labelled edge within a rank. docs/robustness.md)
    static func textAttribute(relaxed: Bool) -> String { relaxed ? "xlabel" : "label" }

    /// The edges between clusters that get `constraint=false`: those that would close a cycle of
    /// clusters, in edge order (or all of them). The rest keep ranking the map, so a storyboard
    /// reference still leads rightwards (or down) to the storyboard it opens.
    func relaxedEdges() -> Set<String> {
        let clusterOf = Dictionary(styled.nodes.compactMap { n in n.drawnIn.map { (n.id, $0) } },
                                   uniquingKeysWith: { a, _ in a })
        var relaxed: Set<String> = []
        var successors: [String: Set<String>] = [:]
        func reaches(_ start: String, _ goal: String) -> Bool {
            var stack = [start]
            var seen: Set<String> = [start]
            while let c = stack.popLast() {
                if c == goal { return true }
                for next in successors[c] ?? [] where seen.insert(next).inserted { stack.append(next) }
            }
            return false
        }
        for edge in styled.edges where edge.crossesClusters && edge.rankSpan != 0 && !edge.layoutOnly {
            guard let a = clusterOf[edge.from], let b = clusterOf[edge.to], a != b else { continue }
            if relaxAllCrossClusterEdges || reaches(b, a) {
                relaxed.insert(edge.id)
            } else {
                successors[a, default: []].insert(b)
            }
        }
        guard wrapRows > 1, !relaxAllCrossClusterEdges else { return relaxed }
        // The boxes' depths along the flow (the longest chain of ranking edges that leads to each; the ranking
        // edges between boxes form no cycle), cut into `wrapRows` runs of equal length.
        var depth: [String: Int] = [:]
        var changed = true
        var rounds = 0
        while changed, rounds <= successors.count + 1 {
            changed = false
            rounds += 1
            for a in successors.keys.sorted() {
                let next = (depth[a] ?? 0) + 1
                for b in successors[a] ?? [] where (depth[b] ?? 0) < next {
                    depth[b] = next
                    changed = true
                }
            }
        }
        let levels = (depth.values.max() ?? 0) + 1
        guard levels >= 2 else { return relaxed }
        let perRow = max(1, (levels + wrapRows - 1) / wrapRows)
        for edge in styled.edges where edge.crossesClusters && edge.rankSpan != 0 && !edge.layoutOnly
            && !relaxed.contains(edge.id) {
            guard let a = clusterOf[edge.from], let b = clusterOf[edge.to], a != b else { continue }
            if (depth[a] ?? 0) / perRow != (depth[b] ?? 0) / perRow { relaxed.insert(edge.id) }
        }
        return relaxed
    }

    // MARK: Graph-wide settings

    /// `splines` values that neato, fdp, sfdp, circo and twopi route around the nodes (dot routes them cheaply).
    static let obstacleRoutedSplines: Set<String> = ["spline", "true", "polyline"]

    private func declareDefaults(_ g: GraphPtr, theme: Theme) {
        let font = theme.font
        set(g, "id", idPrefix + "sbmap")
        set(g, "class", "sbmap-map")
        set(g, "rankdir", styled.direction.rawValue)
        set(g, "bgcolor", theme.canvas.background.graphviz)
        set(g, "pad", GraphvizText.number(theme.canvas.pad))
        set(g, "nodesep", GraphvizText.number(theme.canvas.nodesep))
        set(g, "ranksep", GraphvizText.number(theme.canvas.ranksep))
        set(g, "splines", theme.canvas.splines)
        set(g, "fontname", font.family)
        set(g, "fontsize", GraphvizText.number(font.clusterSize))
        set(g, "fontcolor", font.color.graphviz)
        set(g, "newrank", "true")
        set(g, "outputorder", "edgesfirst")
        if engine != .dot {
            // Force-directed engines: keep nodes apart and clusters readable.
            set(g, "overlap", "prism")
            set(g, "sep", "+8")
            // Edges routed around every node (spline, polyline) are what made these engines slow, not the layout:
            // Graphviz's pathplan grows with the square of the nodes (sfdp, 200 scenes: 25 s routed, 0.8 s curved;
            // 1,000 scenes would take many minutes). Curved edges keep the look without the routing.
            if Self.obstacleRoutedSplines.contains(theme.canvas.splines) { set(g, "splines", "curved") }
            // Prism removes overlaps well, and its cost grows faster than the graph (sfdp, 3,000 nodes: 9 s with
            // prism, 2.5 s scaled; 10,000 did not finish in 2 minutes): above 1,000 nodes the layout is scaled.
            if styled.nodes.count > 1000 { set(g, "overlap", "scale") }
        }
        if polylineEdges, theme.canvas.splines == "ortho" { set(g, "splines", "polyline") }
        if straightEdges { set(g, "splines", "line") }
        let scenes = styled.sceneCount
        if engine == .dot, scenes > 300 {
            // Fewer crossing-minimisation passes: about 30% faster at 3,000 nodes.
            set(g, "mclimit", scenes > 1500 ? "0.1" : "0.3")
        }
        if engine == .dot, styled.nodes.count > 300 {
            // A work limit on network simplex (ranking and x positions): at 1,000 nodes with long edges, placing
            // x coordinates ran for 20 s unbounded and 1.5 s within 0.2 × nodes iterations, with no visible loss.
            let limit = styled.nodes.count > 1000 ? "0.2" : "1"
            set(g, "nslimit", limit)
            set(g, "nslimit1", limit)
        }
        // gvLayout sets a process-wide default node label (`\N`) the first time it runs, so DOT written before any
        // layout would differ from DOT written after one: declaring it ourselves makes both the same.
        declare(g, kind: AGNODE, "label", "\\N")
        declare(g, kind: AGNODE, "fontname", font.family)
        declare(g, kind: AGNODE, "fontsize", GraphvizText.number(font.size))
        declare(g, kind: AGNODE, "fontcolor", font.color.graphviz)
        declare(g, kind: AGNODE, "margin", "\(GraphvizText.number(Self.nodeMargin.x)),\(GraphvizText.number(Self.nodeMargin.y))")
        declare(g, kind: AGNODE, "height", "0.4")
        declare(g, kind: AGEDGE, "fontname", font.family)
        declare(g, kind: AGEDGE, "fontsize", GraphvizText.number(font.edgeSize))
        declare(g, kind: AGEDGE, "arrowsize", "0.8")
    }

    // MARK: Styles

    func setCluster(_ sub: GraphPtr, style: ClusterStyle, theme: Theme) {
        var words = style.style
        if !style.fill.isNone, !words.contains("filled") { words.append("filled") }
        set(sub, "style", words.joined(separator: ","))
        set(sub, "fillcolor", style.fill.graphviz)
        set(sub, "color", style.stroke.graphviz)
        set(sub, "penwidth", GraphvizText.number(style.penwidth))
        set(sub, "fontcolor", (style.fontColor ?? theme.font.color).graphviz)
        set(sub, "fontsize", GraphvizText.number(theme.font.clusterSize))
        set(sub, "labeljust", style.labelAlign == "left" ? "l" : style.labelAlign == "right" ? "r" : "c")
        set(sub, "margin", "12")
    }

    func setNodeStyle(_ n: NodePtr, _ style: NodeStyle, lines: [String]) {
        let shape = style.shape ?? "box"
        set(n, "shape", shape)
        if let words = style.style { set(n, "style", words.joined(separator: ",")) }
        if let fill = style.fill { set(n, "fillcolor", fill.graphviz) }
        if let stroke = style.stroke { set(n, "color", stroke.graphviz) }
        if let font = style.fontColor { set(n, "fontcolor", font.graphviz) }
        if let pen = style.penwidth { set(n, "penwidth", GraphvizText.number(pen)) }
        if let p = style.peripheries { set(n, "peripheries", String(p)) }
        if shape == "point" {
            set(n, "width", "0.12")
            set(n, "label", "")
        } else {
            set(n, "label", GraphvizText.lines(lines))
        }
    }

    /// Space around a node's label, in inches (across, down).
    static let nodeMargin = (x: 0.12, y: 0.06)

    /// At least the width the label takes in a wide fallback font (`LabelWidth`), so that it fits its box in any
    /// browser; never below Graphviz's default width.
    func setReadableWidth(_ n: NodePtr, _ style: NodeStyle, lines: [String], size: Double, margin: Double) {
        guard style.shape != "point" else { return }
        let width = LabelWidth.inches(lines, size: size, margin: margin)
        if width > 0.75 { set(n, "width", GraphvizText.number((width * 100).rounded(.up) / 100)) }
    }

    func setEdgeStyle(_ e: EdgePtr, _ style: EdgeStyle) {
        if let words = style.style { set(e, "style", words.joined(separator: ",")) }
        if let color = style.color { set(e, "color", color.graphviz) }
        if let font = style.fontColor ?? style.color { set(e, "fontcolor", font.graphviz) }
        if let pen = style.penwidth { set(e, "penwidth", GraphvizText.number(pen)) }
        if let head = style.arrowhead { set(e, "arrowhead", head) }
        if let tail = style.arrowtail {
            set(e, "arrowtail", tail)
            set(e, "dir", "both")
        }
    }

    // MARK: cgraph helpers

    func subgraph(_ g: GraphPtr, _ name: String) -> GraphPtr? {
        name.withCString { agsubg(g, UnsafeMutablePointer(mutating: $0), 1) }
    }

    func makeNode(_ g: GraphPtr, _ name: String) -> NodePtr? {
        name.withCString { agnode(g, UnsafeMutablePointer(mutating: $0), 1) }
    }

    /// Sets an attribute on a graph, node or edge, declaring it (with an empty default) if new.
    /// `agsafeset` copies both strings.
    func set<T>(_ obj: UnsafeMutablePointer<T>, _ name: String, _ value: String) {
        name.withCString { n in
            value.withCString { v in
                "".withCString { d in
                    _ = agsafeset(UnsafeMutableRawPointer(obj), UnsafeMutablePointer(mutating: n),
                                  UnsafeMutablePointer(mutating: v), UnsafeMutablePointer(mutating: d))
                }
            }
        }
    }

    /// Declares a default for every node or edge.
    private func declare(_ g: GraphPtr, kind: Int32, _ name: String, _ value: String) {
        name.withCString { n in
            value.withCString { v in
                _ = agattr(g, kind, UnsafeMutablePointer(mutating: n), UnsafeMutablePointer(mutating: v))
            }
        }
    }
}
