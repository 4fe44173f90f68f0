import CGraphviz

/// Puts every edge's text where a reader takes it for that edge's: touching its curve, and on no other text or node.
///
/// Graphviz leaves two kinds of edge text where it may not read as the edge's. dot places a `label` on a node of its
/// own in the middle rank, beside its edge; an `xlabel` (the text of an edge left out of the ranking,
/// `GraphBuilder.textAttribute`) is placed only after the layout, near the middle of its edge when there is room and
/// wherever there is room when not, without regard for other edges' text: real maps had `xlabel`s 50 pt from their
/// edge and two segue labels printed on top of each other. After the layout this pass keeps every text that
/// touches its edge and lies on no node, no box's title and no text kept before it (most `label`s), and moves the
/// others along their own curve: beside it (right, left, above, below, or at a corner), as near the curve's middle as
/// there is room, preferring places neither its own curve nor another runs through. A text that finds no free place beside its curve
/// keeps the least crowded one, still on its curve. The drawing's box grows to take in a text moved beyond it.
///
/// Pure geometry over the laid-out graph (no randomness, edges in cgraph's order), so the same layout gives the same
/// bytes.
struct EdgeLabelPlacement {
    struct Point: Equatable { var x, y: Double }

    /// An axis-aligned box in points.
    struct Rect: Equatable {
        var x0, y0, x1, y1: Double

        init(x0: Double, y0: Double, x1: Double, y1: Double) {
            self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
        }

        init(center: Point, width: Double, height: Double) {
            self.init(x0: center.x - width / 2, y0: center.y - height / 2, x1: center.x + width / 2, y1: center.y + height / 2)
        }

        var center: Point { Point(x: (x0 + x1) / 2, y: (y0 + y1) / 2) }

        /// Whether the two overlap by more than `slack` each way.
        func overlaps(_ o: Rect, slack: Double = 0.5) -> Bool {
            x0 + slack < o.x1 && o.x0 + slack < x1 && y0 + slack < o.y1 && o.y0 + slack < y1
        }

        func overlapArea(_ o: Rect) -> Double {
            max(0, min(x1, o.x1) - max(x0, o.x0)) * max(0, min(y1, o.y1) - max(y0, o.y0))
        }

        func contains(_ p: Point) -> Bool { p.x > x0 && p.x < x1 && p.y > y0 && p.y < y1 }

        func distance(to p: Point) -> Double {
            let dx = max(x0 - p.x, 0, p.x - x1), dy = max(y0 - p.y, 0, p.y - y1)
            return (dx * dx + dy * dy).squareRoot()
        }
    }

    /// One line of an edge's text: its size, and which side it keeps to (-1 left, 0 centred, 1 right).
    struct Line: Equatable {
        var width, height, align: Double
    }

    /// One edge's text: its size, its lines, where Graphviz put it, and its edge's curve (sampled points, in order).
    struct Label {
        var width: Double
        var height: Double
        var center: Point
        var curve: [Point]
        /// Top to bottom; none for a text of one box (the whole box is its text).
        var lines: [Line] = []

        /// The boxes of the text's lines with its centre at `center` (y up, as Graphviz's points): what a reader sees
        /// as the text, narrower than the whole box where a line is short.
        func lineBoxes(at center: Point) -> [Rect] {
            let total = lines.reduce(0) { $0 + $1.height }
            guard !lines.isEmpty, total > 0 else { return [Rect(center: center, width: width, height: height)] }
            var top = center.y + total / 2
            return lines.map { line in
                let x0 = line.align < 0 ? center.x - width / 2 : line.align > 0 ? center.x + width / 2 - line.width
                    : center.x - line.width / 2
                defer { top -= line.height }
                return Rect(x0: x0, y0: top - line.height, x1: x0 + line.width, y1: top)
            }
        }

        /// Whether a line of the text, centred at `center`, comes within `EdgeLabelPlacement.touching` of a point.
        func touches(at center: Point, _ points: ArraySlice<Point>) -> Bool {
            let boxes = lineBoxes(at: center)
            return points.contains { p in boxes.contains { $0.distance(to: p) <= EdgeLabelPlacement.touching } }
        }
    }

    /// Space kept between a moved text and its curve, in points.
    static let gap = 2.0
    /// How near its curve a text Graphviz placed must be to stay where it is, in points.
    static let touching = 4.0
    /// Points sampled along each cubic Bézier segment.
    static let samples = 12

    /// Boxes no text may cover: nodes and the boxes' titles.
    var obstacles: [Rect]
    var labels: [Label]
    /// The curves of drawn edges without text, which a moved text keeps off too.
    var otherCurves: [[Point]] = []

    /// Points along a curve at most `step` pt apart (a straight stretch of a Bézier sampled at its ends alone would
    /// let a text sit on it unseen), at most `limit` of them.
    static func resample(_ points: [Point], step: Double = 3, limit: Int = 4000) -> [Point] {
        guard var last = points.first else { return [] }
        var out = [last]
        for p in points.dropFirst() {
            let d = ((p.x - last.x) * (p.x - last.x) + (p.y - last.y) * (p.y - last.y)).squareRoot()
            let n = min(Int((d / step).rounded(.up)), limit)
            if n > 1 {
                for k in 1..<n {
                    let t = Double(k) / Double(n)
                    out.append(Point(x: last.x + (p.x - last.x) * t, y: last.y + (p.y - last.y) * t))
                }
            }
            out.append(p)
            last = p
            if out.count >= limit { break }
        }
        return out
    }

    /// The points of a Graphviz Bézier piece (its first point, then three control points per segment), sampled at
    /// least `samples` times a segment.
    static func sample(_ controls: [Point], samples: Int = Self.samples) -> [Point] {
        guard let first = controls.first else { return [] }
        var out = [first]
        var i = 1
        while i + 2 < controls.count {
            let p0 = controls[i - 1], p1 = controls[i], p2 = controls[i + 1], p3 = controls[i + 2]
            // About every 3 pt of its control polygon (longer than the curve): a chord between samples of a long
            // bend lies off the curve by more than a text may.
            func length(_ a: Point, _ b: Point) -> Double { ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
            let polygon = length(p0, p1) + length(p1, p2) + length(p2, p3)
            let count = max(samples, min(Int((polygon / 3).rounded(.up)), 1000))
            for k in 1...count {
                let t = Double(k) / Double(count), u = 1 - t
                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                out.append(Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
            }
            i += 3
        }
        return out
    }

    /// The centre of each label, in `labels`' order.
    func place() -> [Point] {
        let cell = 48.0
        var blocked = Grid(cell: cell)
        for (k, o) in obstacles.enumerated() { blocked.insert(o, k) }
        var curves = PointGrid(cell: cell)
        for (k, label) in labels.enumerated() { for p in label.curve { curves.insert(p, owner: k) } }
        for curve in otherCurves { for p in curve { curves.insert(p, owner: -1) } }
        var placed = Grid(cell: cell)
        var placedRects: [Rect] = []
        var result = labels.map(\.center)

        func free(_ r: Rect) -> Bool {
            !blocked.any(near: r, where: { obstacles[$0].overlaps(r) }) && !placed.any(near: r, where: { placedRects[$0].overlaps(r) })
        }
        func crowding(_ r: Rect) -> Double {
            var area = 0.0
            blocked.each(near: r) { area += obstacles[$0].overlapArea(r) }
            placed.each(near: r) { area += placedRects[$0].overlapArea(r) }
            return area
        }
        func keep(_ r: Rect) {
            placed.insert(r, placedRects.count)
            placedRects.append(r)
        }

        // First the texts Graphviz placed well, in order; a text on one kept before it is moved.
        var moving: [Int] = []
        for (k, label) in labels.enumerated() {
            let r = Rect(center: label.center, width: label.width, height: label.height)
            if label.touches(at: label.center, label.curve[...]), free(r) { keep(r) } else { moving.append(k) }
        }
        for k in moving {
            let label = labels[k]
            guard label.curve.count >= 1 else { keep(Rect(center: label.center, width: label.width, height: label.height)); continue }
            var best: (cost: Double, rect: Rect)?
            var fallback: (cost: Double, rect: Rect)?
            for candidate in candidates(label) {
                let r = candidate.rect
                // A corner of a text of a short last line is far from its line: only places its lines touch.
                let window = label.curve[max(0, candidate.index - 8)...min(label.curve.count - 1, candidate.index + 8)]
                guard label.touches(at: r.center, window) else { continue }
                // Curves through the text: its own (text crossed by its line) and others' (text that reads as theirs).
                var own = 0, others = 0
                curves.each(near: r) { p, owner in
                    guard r.contains(p) else { return }
                    if owner == k { own += 1 } else { others += 1 }
                }
                let cost = candidate.cost + Double(own) + Double(others) * 2
                if free(r) {
                    if best == nil || cost < best!.cost { best = (cost, r) }
                } else if best == nil {
                    let crowded = cost + crowding(r)
                    if fallback == nil || crowded < fallback!.cost { fallback = (crowded, r) }
                }
            }
            guard let chosen = best ?? fallback else { continue }
            keep(chosen.rect)
            result[k] = chosen.rect.center
        }
        return result
    }

    /// Places beside the curve for a label, each with its cost before crowding: how far from the curve's middle
    /// (half its length costs 10), and a text centred on its line costs 4 more.
    private func candidates(_ label: Label) -> [(rect: Rect, cost: Double, index: Int)] {
        let curve = label.curve
        var lengths = [0.0]
        for i in 1..<max(curve.count, 1) {
            let a = curve[i - 1], b = curve[i]
            lengths.append(lengths[i - 1] + ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
        }
        let total = max(lengths.last ?? 0, 1)
        let w = label.width, h = label.height, g = Self.gap
        // Offsets of the text's centre from the curve's point: beside, above and below, at the four corners, on it.
        let offsets: [(Double, Double, Double)] = [
            (w / 2 + g, 0, 0), (-w / 2 - g, 0, 0), (0, h / 2 + g, 0), (0, -h / 2 - g, 0),
            (w / 2 + g, h / 2 + g, 0.5), (-w / 2 - g, h / 2 + g, 0.5), (w / 2 + g, -h / 2 - g, 0.5), (-w / 2 - g, -h / 2 - g, 0.5),
            (0, 0, 4),
        ]
        var out: [(Rect, Double, Int)] = []
        out.reserveCapacity(curve.count * offsets.count)
        for (i, p) in curve.enumerated() where i % 2 == 0 || i == curve.count - 1 {
            let along = abs(lengths[i] / total - 0.5) * 20
            for (dx, dy, extra) in offsets {
                out.append((Rect(center: Point(x: p.x + dx, y: p.y + dy), width: w, height: h), along + extra, i))
            }
        }
        return out
    }

    /// Boxes by the grid cells they cover.
    private struct Grid {
        let cell: Double
        var cells: [Int64: [Int]] = [:]

        init(cell: Double) { self.cell = cell }

        private func range(_ r: Rect) -> (ClosedRange<Int>, ClosedRange<Int>) {
            let x0 = Int((r.x0 / cell).rounded(.down)), x1 = max(x0, Int((r.x1 / cell).rounded(.down)))
            let y0 = Int((r.y0 / cell).rounded(.down)), y1 = max(y0, Int((r.y1 / cell).rounded(.down)))
            return (x0...min(x1, x0 + 4096), y0...min(y1, y0 + 4096))
        }

        private static func key(_ x: Int, _ y: Int) -> Int64 { Int64(x) << 32 ^ Int64(UInt32(truncatingIfNeeded: y)) }

        mutating func insert(_ r: Rect, _ value: Int) {
            let (xs, ys) = range(r)
            for x in xs { for y in ys { cells[Self.key(x, y), default: []].append(value) } }
        }

        func any(near r: Rect, where test: (Int) -> Bool) -> Bool {
            let (xs, ys) = range(r)
            for x in xs { for y in ys { if let list = cells[Self.key(x, y)], list.contains(where: test) { return true } } }
            return false
        }

        /// Every value near `r` once, in the order it was inserted.
        func each(near r: Rect, _ body: (Int) -> Void) {
            let (xs, ys) = range(r)
            var seen: Set<Int> = []
            for x in xs { for y in ys { for v in cells[Self.key(x, y)] ?? [] where seen.insert(v).inserted { body(v) } } }
        }
    }

    /// Curve points by grid cell.
    private struct PointGrid {
        let cell: Double
        var cells: [Int64: [(Point, Int)]] = [:]

        init(cell: Double) { self.cell = cell }

        private static func key(_ x: Int, _ y: Int) -> Int64 { Int64(x) << 32 ^ Int64(UInt32(truncatingIfNeeded: y)) }

        mutating func insert(_ p: Point, owner: Int) {
            cells[Self.key(Int((p.x / cell).rounded(.down)), Int((p.y / cell).rounded(.down))), default: []].append((p, owner))
        }

        func each(near r: Rect, _ body: (Point, Int) -> Void) {
            let x0 = Int((r.x0 / cell).rounded(.down)), x1 = max(x0, Int((r.x1 / cell).rounded(.down)))
            let y0 = Int((r.y0 / cell).rounded(.down)), y1 = max(y0, Int((r.y1 / cell).rounded(.down)))
            for x in x0...min(x1, x0 + 4096) { for y in y0...min(y1, y0 + 4096) { for (p, o) in cells[Self.key(x, y)] ?? [] { body(p, o) } } }
        }
    }
}

extension EdgeLabelPlacement {
    /// Reads the laid-out graph `g`, places its edges' texts and writes them back (growing the drawing's box to take
    /// them in). Call only inside `GraphvizExecutor.run`, after `gvLayout` and before rendering.
    static func apply(_ g: GraphPtr) {
        var obstacles: [Rect] = []
        var labels: [Label] = []
        var owners: [(EdgePtr, Int32)] = []
        var otherCurves: [[Point]] = []
        var box = sbmap_box()
        func rect(_ b: sbmap_box) -> Rect { Rect(center: Point(x: b.x, y: b.y), width: b.width, height: b.height) }
        func titles(_ graph: GraphPtr) {
            let count = sbmap_cluster_count(graph)
            guard count > 0 else { return }
            for index in 1...count {
                guard let sub = sbmap_cluster(graph, index) else { continue }
                if sbmap_graph_label_box(sub, &box) != 0 { obstacles.append(rect(box)) }
                titles(sub)
            }
        }
        titles(g)
        var buffer = [Double](repeating: 0, count: 2 * 256)
        var node = agfstnode(g)
        while let n = node {
            sbmap_node_box(n, &box)
            obstacles.append(rect(box))
            var edge = agfstout(g, n)
            while let e = edge {
                var curve: [Point] = []
                for piece in 0..<sbmap_edge_bezier_count(e) {
                    var count = Int(sbmap_edge_bezier(e, piece, &buffer, Int32(buffer.count / 2)))
                    if count > buffer.count / 2 {
                        buffer = [Double](repeating: 0, count: 2 * count)
                        count = Int(sbmap_edge_bezier(e, piece, &buffer, Int32(buffer.count / 2)))
                    }
                    let controls = (0..<count).map { Point(x: buffer[2 * $0], y: buffer[2 * $0 + 1]) }
                    curve += sample(controls)
                }
                curve = resample(curve)
                let labelled = sbmap_edge_label_box(e, 0, &box) != 0 || sbmap_edge_label_box(e, 1, &box) != 0
                if !labelled, sbmap_edge_drawn(e) != 0, !curve.isEmpty { otherCurves.append(curve) }
                for which in Int32(0)...1 where sbmap_edge_label_box(e, which, &box) != 0 && !curve.isEmpty {
                    var lines = [Double](repeating: 0, count: 3 * 64)
                    let count = min(Int(sbmap_edge_label_lines(e, which, &lines, 64)), 64)
                    labels.append(Label(width: box.width, height: box.height, center: Point(x: box.x, y: box.y), curve: curve,
                                        lines: (0..<count).map { Line(width: lines[3 * $0], height: lines[3 * $0 + 1],
                                                                      align: lines[3 * $0 + 2]) }))
                    owners.append((e, which))
                }
                edge = agnxtout(g, e)
            }
            node = agnxtnode(g, n)
        }
        guard !labels.isEmpty else { return }
        let centers = EdgeLabelPlacement(obstacles: obstacles, labels: labels, otherCurves: otherCurves).place()
        for (k, center) in centers.enumerated() where center != labels[k].center {
            sbmap_edge_label_move(owners[k].0, owners[k].1, center.x, center.y)
            let r = Rect(center: center, width: labels[k].width, height: labels[k].height)
            sbmap_bb_include(g, r.x0, r.y0, r.x1, r.y1)
        }
    }
}
