import CGraphviz
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sets the legend (`GraphBuilder.addLegend`) out after the layout: its entries in rows and columns, read down each
/// column, a sample and its words on each row, in a box beside the map or below it, whichever keeps the whole picture
/// nearer the aimed shape; then the drawing's box is the map's and the legend's.
///
/// `dot` lays the legend out as specks in one rank (`GraphBuilder.addLegend`), so the map's own layout is the one it
/// has without a legend; where the specks went does not matter, since every legend object is sized and moved here. The
/// choice: every way (below, with its left edge under the map's; beside, with its top level with the map's) with one
/// to four columns; of those whose picture is within twice the aim (`aimedAspect`) or no further off than the map
/// alone (a legend must not turn a short map into a band), the ones that do not make a wide map wider (a tall map
/// taller), and among those the smallest picture. Ties go to the first: below, then fewer columns. Pure geometry over
/// the laid-out graph, so the same layout gives the same bytes.
enum LegendPlacement {
    static let clusterName = "cluster_legend"

    /// The name of an entry's objects: `legend_3` + `_sample`, `_from`, `_to`, `_text`.
    static func name(_ index: Int) -> String { "legend_\(index + 1)" }

    /// Between the map and the legend, between a sample and its words, between columns and rows; the box's margin.
    static let gap = 18.0, sampleGap = 5.0, columnGap = 12.0, rowGap = 2.0, margin = 6.0
    /// An edge sample's line between its ends.
    static let lineLength = 26.0

    struct Size: Equatable { var width, height: Double }

    /// One entry's objects and sizes.
    struct Entry {
        var sample: NodePtr?
        var from: NodePtr?, to: NodePtr?, edge: EdgePtr?
        var text: NodePtr
        var sampleSize: Size
        var textSize: Size
    }

    /// A way to set the legend out: where, and in how many columns.
    struct Choice: Equatable {
        var below: Bool
        var columns: Int
    }

    static func apply(_ g: GraphPtr, aim: Double) {
        guard let cluster = clusterName.withCString({ agsubg(g, UnsafeMutablePointer(mutating: $0), 0) }) else { return }
        let entries = self.entries(g)
        guard !entries.isEmpty else { return }
        var mapBox = boxf()
        guard sbmap_drawing_box_without(g, cluster, "legend_", &mapBox) != 0 else { return }
        let map = EdgeLabelPlacement.Rect(x0: mapBox.LL.x, y0: mapBox.LL.y, x1: mapBox.UR.x, y1: mapBox.UR.y)
        var titleBox = sbmap_box()
        let title = sbmap_graph_label_box(cluster, &titleBox) != 0 ? Size(width: titleBox.width, height: titleBox.height)
                                                                    : Size(width: 0, height: 0)
        let choice = choose(map: map, sizes: entries.map { ($0.sampleSize, $0.textSize) }, title: title, aim: aim)
        place(g, cluster: cluster, entries: entries, map: map, title: title, choice: choice)
    }

    /// A node sample's size (a box as high as a line of small text), an edge sample's drawn ends', in points.
    static let sampleSize = Size(width: 26, height: 14.4), endSize = Size(width: 18.7, height: 11.5)

    /// The legend's entries in order, as the builder made them (an entry always has its words), each sample given its
    /// size.
    static func entries(_ g: GraphPtr) -> [Entry] {
        func node(_ name: String) -> NodePtr? { name.withCString { agnode(g, UnsafeMutablePointer(mutating: $0), 0) } }
        func size(_ n: NodePtr?) -> Size {
            guard let n else { return Size(width: 0, height: 0) }
            var box = sbmap_box()
            sbmap_node_box(n, &box)
            return Size(width: box.width, height: box.height)
        }
        func label(_ n: NodePtr) -> Size {
            var box = sbmap_box()
            return sbmap_node_xlabel_box(n, &box) != 0 ? Size(width: box.width, height: box.height) : Size(width: 0, height: 0)
        }
        /// Gives a sample laid out as a speck its size: at least `size`, and as wide as its mark needs.
        func grow(_ n: NodePtr, _ size: Size) {
            if attribute(n, "shape") == "point" { return }  // laid out at its size
            let mark = label(n)
            sbmap_node_resize(n, max(size.width, mark.width + 12), max(size.height, mark.height))
        }
        var out: [Entry] = []
        var index = 0
        while let text = node(name(index) + "_text") {
            let base = name(index)
            index += 1
            let sample = node(base + "_sample"), from = node(base + "_from"), to = node(base + "_to")
            if let sample { grow(sample, sampleSize) }
            var sampleSize = size(sample)
            var edge: EdgePtr?
            if let from, let to {
                edge = agfstout(g, from)
                if visible(from) { grow(from, endSize) }
                if visible(to) { grow(to, endSize) }
                let a = size(visible(from) ? from : nil), b = size(visible(to) ? to : nil)
                sampleSize = Size(width: a.width + lineLength + b.width, height: max(a.height, b.height, 8))
            }
            out.append(Entry(sample: sample, from: from, to: to, edge: edge, text: text, sampleSize: sampleSize,
                             textSize: label(text)))
        }
        return out
    }

    /// Whether an edge sample's end is drawn (the initial scene's dot and outline) or only holds the line.
    static func visible(_ n: NodePtr) -> Bool {
        !(attribute(n, "style") ?? "").contains("invis")
    }

    /// An object's attribute, or `nil` when it has none.
    static func attribute<T>(_ object: UnsafeMutablePointer<T>, _ name: String) -> String? {
        name.withCString { key in
            agget(UnsafeMutableRawPointer(object), UnsafeMutablePointer(mutating: key)).map { String(cString: $0) }
        }
    }

    /// The box of the legend set out in `columns` columns: its rows, each column's sample and words widths.
    struct Grid {
        var rows: Int
        /// Each row's height: its tallest sample or words.
        var rowHeights: [Double]
        var sampleWidths: [Double]
        var textWidths: [Double]
        var size: Size

        init(_ sizes: [(sample: Size, text: Size)], columns: Int, title: Size) {
            rows = (sizes.count + columns - 1) / max(columns, 1)
            rowHeights = Array(repeating: 0, count: rows)
            sampleWidths = Array(repeating: 0, count: columns)
            textWidths = Array(repeating: 0, count: columns)
            for (k, s) in sizes.enumerated() {
                let c = k / max(rows, 1), r = k % max(rows, 1)
                sampleWidths[c] = max(sampleWidths[c], s.sample.width)
                textWidths[c] = max(textWidths[c], s.text.width)
                rowHeights[r] = max(rowHeights[r], s.sample.height, s.text.height)
            }
            var width = 0.0
            for c in 0..<columns {
                width += sampleWidths[c] + (sampleWidths[c] > 0 ? LegendPlacement.sampleGap : 0) + textWidths[c]
            }
            width += Double(columns - 1) * LegendPlacement.columnGap
            let height = rowHeights.reduce(0, +) + Double(max(rows - 1, 0)) * LegendPlacement.rowGap
            size = Size(width: max(width, title.width) + 2 * LegendPlacement.margin,
                        height: height + title.height + 2 * LegendPlacement.margin)
        }
    }

    /// The legend's box for a choice, next to the map.
    static func box(map: EdgeLabelPlacement.Rect, size: Size, below: Bool) -> EdgeLabelPlacement.Rect {
        below ? EdgeLabelPlacement.Rect(x0: map.x0, y0: map.y0 - gap - size.height, x1: map.x0 + size.width, y1: map.y0 - gap)
              : EdgeLabelPlacement.Rect(x0: map.x1 + gap, y0: map.y1 - size.height, x1: map.x1 + gap + size.width, y1: map.y1)
    }

    static func union(_ a: EdgeLabelPlacement.Rect, _ b: EdgeLabelPlacement.Rect) -> EdgeLabelPlacement.Rect {
        EdgeLabelPlacement.Rect(x0: min(a.x0, b.x0), y0: min(a.y0, b.y0), x1: max(a.x1, b.x1), y1: max(a.y1, b.y1))
    }

    /// The way to set the legend out (see the type's comment).
    static func choose(map: EdgeLabelPlacement.Rect, sizes: [(sample: Size, text: Size)], title: Size, aim: Double) -> Choice {
        func distance(_ width: Double, _ height: Double) -> Double {
            abs(log(max(width, 1) / max(height, 1) / max(aim, 1e-6)))
        }
        let mapWidth = map.x1 - map.x0, mapHeight = map.y1 - map.y0
        // Within twice the aim, or no further off than the map alone.
        let bound = max(log(2.0), distance(mapWidth, mapHeight))
        let wide = mapWidth / max(mapHeight, 1) >= aim
        var best: (choice: Choice, score: [Double])?
        for below in [true, false] {
            for columns in 1...max(1, min(4, sizes.count)) {
                let grid = Grid(sizes, columns: columns, title: title)
                let whole = union(map, box(map: map, size: grid.size, below: below))
                let width = whole.x1 - whole.x0, height = whole.y1 - whole.y0
                // A wide map the legend makes wider, or a tall one it makes taller, comes after one it does not.
                let grows = wide ? width > mapWidth + 1 : height > mapHeight + 1
                let score = [max(distance(width, height), bound), grows ? 1 : 0, width * height]
                if let b = best, !score.lexicographicallyPrecedes(b.score, by: { $0 < $1 - 1e-6 }) { continue }
                best = (Choice(below: below, columns: columns), score)
            }
        }
        return best?.choice ?? Choice(below: true, columns: 1)
    }

    /// Moves every legend object to its place, the box and its title, and sets the drawing's box.
    static func place(_ g: GraphPtr, cluster: GraphPtr, entries: [Entry], map: EdgeLabelPlacement.Rect, title: Size,
                      choice: Choice) {
        let sizes = entries.map { ($0.sampleSize, $0.textSize) }
        let grid = Grid(sizes, columns: choice.columns, title: title)
        let legend = box(map: map, size: grid.size, below: choice.below)
        var columnX = legend.x0 + margin
        let top = legend.y1 - margin - title.height
        var rowY: [Double] = []  // each row's middle
        var y = top
        for height in grid.rowHeights {
            rowY.append(y - height / 2)
            y -= height + rowGap
        }
        for c in 0..<choice.columns {
            let sampleWidth = grid.sampleWidths[c]
            let textX = columnX + sampleWidth + (sampleWidth > 0 ? sampleGap : 0)
            for r in 0..<grid.rows {
                let k = c * grid.rows + r
                guard k < entries.count else { break }
                let entry = entries[k]
                let y = rowY[r]
                sbmap_node_move(entry.text, textX + entry.textSize.width / 2, y)
                sbmap_node_xlabel_move(entry.text, textX + entry.textSize.width / 2, y)
                if let sample = entry.sample {
                    sbmap_node_move(sample, columnX + sampleWidth / 2, y)
                    sbmap_node_xlabel_move(sample, columnX + sampleWidth / 2, y)
                }
                if let from = entry.from, let to = entry.to {
                    var box = sbmap_box()
                    sbmap_node_box(from, &box)
                    let fromWidth = visible(from) ? box.width : 0
                    sbmap_node_box(to, &box)
                    let toWidth = visible(to) ? box.width : 0
                    let start = columnX + (sampleWidth - entry.sampleSize.width) / 2
                    sbmap_node_move(from, start + fromWidth / 2, y)
                    sbmap_node_move(to, start + entry.sampleSize.width - toWidth / 2, y)
                    if let edge = entry.edge {
                        _ = sbmap_edge_straight(edge, start + fromWidth, y, start + fromWidth + lineLength, y)
                    }
                }
            }
            columnX = textX + grid.textWidths[c] + columnGap
        }
        let just = attribute(cluster, "labeljust") ?? "c"
        let lx = just == "l" ? legend.x0 + margin + title.width / 2
            : just == "r" ? legend.x1 - margin - title.width / 2 : (legend.x0 + legend.x1) / 2
        sbmap_cluster_place(cluster, legend.x0, legend.y0, legend.x1, legend.y1, lx, legend.y1 - margin / 2 - title.height / 2)
        let whole = union(map, legend)
        sbmap_set_bb(g, whole.x0, whole.y0, whole.x1, whole.y1)
    }
}
