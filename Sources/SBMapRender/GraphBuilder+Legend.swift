import Foundation
import CGraphviz
import SBMapStyle

extension GraphBuilder {
    /// The legend, drawn with the map's own shapes and lines: a cluster (`cluster_legend`, class `legend`) of one small
    /// real node per node look (its shape, fill, outline, dash, corners, outlines and prefix mark), one short real edge
    /// per line look (its colour, width, dash and arrowheads, between the ends the map draws: the initial scene's dot
    /// and outline), and a node per entry holding its words. `dot` lays every legend node out as a speck in one rank,
    /// its words and marks as `xlabel`s (which take no room in a layout), so the legend widens none of the map's ranks
    /// and the map is laid out as it is without one; after the layout `LegendPlacement` gives the samples their size
    /// and sets the legend out in rows and columns, below a wide map or beside a tall one. Names start with `legend_`
    /// (no map object's does).
    ///
    /// Engines without ranks (sfdp, for the biggest maps) would scatter such nodes over the map, and DOT output is laid
    /// out by another program, without `LegendPlacement`: they get the legend as one table node (`LegendTable`), whose
    /// samples cannot draw shapes.
    func addLegend(_ g: GraphPtr, theme: Theme) {
        guard engine == .dot, !tableLegend else { return addLegendTable(g, theme: theme) }
        guard let sub = subgraph(g, LegendPlacement.clusterName), let rank = subgraph(g, "legend_rank") else { return }
        setCluster(sub, style: theme.legend.cluster, theme: theme)
        set(sub, "id", idPrefix + "legend")
        set(sub, "class", "legend")
        set(sub, "label", GraphvizText.lines([theme.legend.title]))
        set(sub, "fontsize", GraphvizText.number(max(theme.font.size - 1, 6)))
        set(sub, "tooltip", GraphvizText.tooltip(theme.legend.title))
        set(rank, "rank", "same")
        // Each legend node is in the legend's box and in one rank.
        func makeNode(_ name: String) -> NodePtr? {
            guard let n = self.makeNode(sub, name) else { return nil }
            _ = agsubnode(rank, n, 1)
            return n
        }
        let small = max(theme.font.size - 2, 6)
        for (index, item) in styled.legend.enumerated() {
            let name = LegendPlacement.name(index)
            let classes = (["legend"] + item.classes + ["legend-sample"]).joined(separator: " ")
            switch item.sample {
            case let .node(style) where ["plaintext", "plain", "none"].contains(style.shape ?? "box"):
                break  // words only
            case let .node(style):
                guard let n = makeNode(name + "_sample") else { continue }
                set(n, "id", idPrefix + item.id)
                set(n, "class", classes)
                sample(n, style, small: small)
                set(n, "tooltip", GraphvizText.tooltip(item.text))
            case let .edge(style):
                guard let a = makeNode(name + "_from"), let b = makeNode(name + "_to"),
                      let e = agedge(g, a, b, nil, 1) else { continue }
                for (end, endStyle, suffix) in [(a, item.from, "from"), (b, item.to, "to")] {
                    set(end, "id", idPrefix + item.id + "-" + suffix)
                    if let endStyle {
                        set(end, "class", "legend legend-end legend-sample")
                        sample(end, endStyle, small: small)
                    } else {
                        set(end, "class", "legend legend-end")
                        set(end, "shape", "point")
                        set(end, "style", "invis")
                        set(end, "width", "0.02")
                        set(end, "label", "")
                    }
                }
                set(e, "id", idPrefix + item.id)
                set(e, "class", classes)
                setEdgeStyle(e, style)
                set(e, "tooltip", GraphvizText.tooltip(item.text))
            }
            guard let t = makeNode(name + "_text") else { continue }
            set(t, "id", idPrefix + item.id + "-text")
            set(t, "class", "legend legend-text")
            set(t, "shape", "none")
            speck(t, size: small)
            set(t, "xlabel", GraphvizText.lines([item.text]))
            set(t, "tooltip", GraphvizText.tooltip(item.text))
        }
    }

    /// Laid out as a speck (`fixedsize=shape`, no label), so that no legend node makes a rank of the map wider or
    /// taller; `LegendPlacement` gives it its size after the layout. Words and marks are `xlabel`s, which take no room
    /// in the layout either.
    private func speck(_ n: NodePtr, size: Double) {
        set(n, "label", "")
        set(n, "fixedsize", "shape")
        set(n, "width", "0.01")
        set(n, "height", "0.01")
        set(n, "margin", "0")
        set(n, "fontsize", GraphvizText.number(size))
    }

    /// A node sample: the style's node, its prefix mark (`↗`, `⚠`, `{ }`) as its `xlabel`, set in its middle after
    /// the layout; a dot for `point`.
    private func sample(_ n: NodePtr, _ style: NodeStyle, small size: Double) {
        setNodeStyle(n, style, lines: [])
        guard style.shape != "point" else { return }  // as small as on the map already
        speck(n, size: size)
        let mark = Self.mark(style.prefix)
        if !mark.isEmpty { set(n, "xlabel", GraphvizText.lines([mark])) }
    }

    /// A prefix as a sample's mark: whole when short (`↗`, `{ }`, `…`), else its first word (`✗ broke: ` → `✗`).
    static func mark(_ prefix: String?) -> String {
        let mark = TextSafety.clean(prefix ?? "").trimmingCharacters(in: .whitespaces)
        guard mark.count > 3 else { return mark }
        return String(mark.split(separator: " ").first ?? "")
    }

    /// The legend as one node whose label is a table, a row per item (its sample, then its words): for the engines
    /// without ranks. Graphviz's tables cannot draw node shapes: a node sample is a box in the style's fill, outline,
    /// dash and corners, with its prefix mark (`↗`, `{ }`, `⚠`), and an edge sample a line in the edge's colour, width
    /// and dash ending in a mark for its arrowhead.
    func addLegendTable(_ g: GraphPtr, theme: Theme) {
        guard let n = makeNode(g, "legend") else { return }
        set(n, "id", idPrefix + "legend")
        set(n, "class", "legend")
        set(n, "shape", "plain")
        set(n, "tooltip", GraphvizText.tooltip(theme.legend.title))
        sbmap_set_html(n, "label", LegendTable(items: styled.legend, theme: theme).html)
    }
}

/// The legend's table, as a Graphviz HTML-like label. Every piece of text is escaped for it (`GraphvizText.htmlText`):
/// item texts are sbmap's own, but may hold a theme's words or a segue kind read from a storyboard.
struct LegendTable {
    let items: [LegendItem]
    let theme: Theme

    /// Columns of items: one for a short legend; two or three for a long one, so it stays about as wide as tall.
    var columns: Int { items.count <= 8 ? 1 : items.count <= 18 ? 2 : 3 }

    var small: String { GraphvizText.number(max(theme.font.size - 2, 6)) }

    var html: String {
        let box = theme.legend.cluster
        let rows = (items.count + columns - 1) / columns
        var out = "<TABLE BORDER=\"\(Self.border(box.penwidth, bold: false))\"\(Self.style(box.style, allowed: ["rounded", "dashed", "dotted"]))"
        out += " COLOR=\"\(box.stroke.graphviz)\"\(Self.fill(box.fill)) CELLBORDER=\"0\" CELLSPACING=\"2\" CELLPADDING=\"1\">"
        let titleColor = (box.fontColor ?? theme.font.color).graphviz
        out += "<TR><TD COLSPAN=\"\(2 * columns)\" ALIGN=\"LEFT\"><FONT POINT-SIZE=\"\(GraphvizText.number(max(theme.font.size - 1, 6)))\""
        out += " COLOR=\"\(titleColor)\">\(GraphvizText.htmlText(theme.legend.title))</FONT></TD></TR>"
        for row in 0..<rows {
            out += "<TR>"
            for column in 0..<columns {
                // Column by column, so the items read down in their order.
                let index = column * rows + row
                guard index < items.count else {
                    out += "<TD></TD><TD></TD>"
                    continue
                }
                let item = items[index]
                out += sample(item.sample)
                out += "<TD ALIGN=\"LEFT\"><FONT POINT-SIZE=\"\(small)\">\(GraphvizText.htmlText(item.text))</FONT></TD>"
            }
            out += "</TR>"
        }
        return out + "</TABLE>"
    }

    func sample(_ sample: LegendItem.Sample) -> String {
        switch sample {
        case let .node(style): nodeSample(style)
        case let .edge(style): edgeSample(style)
        }
    }

    /// A small box in the node's fill, outline, width, dash and corners (doubled for `peripheries: 2`), holding its
    /// prefix mark; a dot for `point`; nothing for a text-only item (`plaintext`).
    func nodeSample(_ style: NodeStyle) -> String {
        let shape = style.shape ?? "box"
        let stroke = (style.stroke ?? .black).graphviz
        if shape == "point" { return "<TD><FONT COLOR=\"\(stroke)\">●</FONT></TD>" }
        if ["plaintext", "plain", "none"].contains(shape) { return "<TD></TD>" }
        let words = style.style ?? []
        let border = Self.border(style.penwidth ?? 1, bold: words.contains("bold"))
        let lines = Self.style(words, allowed: ["rounded", "dashed", "dotted"])
        let fill = words.contains("filled") ? Self.fill(style.fill ?? .none) : ""
        let prefix = TextSafety.clean(style.prefix ?? "")
        let font = style.fontColor.map { " COLOR=\"\($0.graphviz)\"" } ?? ""
        let mark = prefix.isEmpty ? " " : "<FONT POINT-SIZE=\"\(small)\"\(font)>\(GraphvizText.htmlText(prefix))</FONT>"
        if (style.peripheries ?? 1) > 1 {
            // Two outlines: a box inside the sample's box.
            return "<TD BORDER=\"\(border)\" COLOR=\"\(stroke)\"\(lines)\(fill) CELLPADDING=\"1\">"
                + "<TABLE BORDER=\"1\" COLOR=\"\(stroke)\"\(lines) CELLBORDER=\"0\" CELLPADDING=\"0\" CELLSPACING=\"0\">"
                + "<TR><TD WIDTH=\"20\" HEIGHT=\"8\">\(mark)</TD></TR></TABLE></TD>"
        }
        return "<TD BORDER=\"\(border)\" COLOR=\"\(stroke)\"\(lines)\(fill) WIDTH=\"26\" HEIGHT=\"13\">\(mark)</TD>"
    }

    /// A short line in the edge's colour, width and dash, and a mark for its arrowhead in the same colour.
    func edgeSample(_ style: EdgeStyle) -> String {
        let color = (style.color ?? .black).graphviz
        let words = style.style ?? []
        let border = Self.border(style.penwidth ?? 1, bold: words.contains("bold"))
        let dash = Self.style(words, allowed: ["dashed", "dotted"])
        // The line is the lower edge of the upper half of the cell, level with the middle of the arrowhead's mark.
        return "<TD><TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\"><TR>"
            + "<TD HEIGHT=\"6\" WIDTH=\"22\" SIDES=\"B\" BORDER=\"\(border)\" COLOR=\"\(color)\"\(dash)></TD>"
            + "<TD ROWSPAN=\"2\"><FONT POINT-SIZE=\"\(small)\" COLOR=\"\(color)\">\(Self.arrowMark(style.arrowhead ?? "normal"))</FONT></TD>"
            + "</TR><TR><TD HEIGHT=\"6\"></TD></TR></TABLE></TD>"
    }

    /// A character that looks like the Graphviz arrowhead: filled or open (`o…`, `empty`) triangle, diamond, dot, box,
    /// a bar for `tee`, two triangles for `normalnormal`.
    static func arrowMark(_ arrow: String) -> String {
        let open = arrow.hasPrefix("o") || arrow == "empty"
        // Modifiers come first (`o`, `l`, `r`); no arrow's name starts with one of them after the modifiers.
        switch arrow.drop(while: { "olr".contains($0) }) {
        case "none": return ""
        case "vee": return "➤"
        case "diamond": return open ? "◇" : "◆"
        case "dot": return open ? "○" : "●"
        case "box": return open ? "□" : "■"
        case "tee": return "┫"
        case "inv": return open ? "◁" : "◀"
        case "normalnormal": return open ? "▷▷" : "▶▶"
        default: return open ? "▷" : "▶"
        }
    }

    /// An outline width as a table border: whole points, at least 1, 2 for `bold`.
    static func border(_ penwidth: Double, bold: Bool) -> Int {
        max(bold ? 2 : 1, min(Int(penwidth.rounded()), 4))
    }

    /// ` STYLE="…"` with the words a table cell can draw, or nothing.
    static func style(_ words: [String], allowed: Set<String>) -> String {
        let kept = words.filter(allowed.contains)
        return kept.isEmpty ? "" : " STYLE=\"\(kept.joined(separator: ","))\""
    }

    static func fill(_ color: ThemeColor) -> String {
        color.isNone ? "" : " BGCOLOR=\"\(color.graphviz)\""
    }
}
