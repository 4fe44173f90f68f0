import CGraphviz
import SBMapStyle

extension GraphBuilder {
    /// The legend: one node whose label is a table, a row per item (its sample, then its words), in the top corner.
    ///
    /// One node, not a cluster of sample nodes and edges: with `newrank`, every node of the drawing takes one of the
    /// map's ranks, so a legend of nodes spread its columns over the map's widest ranks (12–36% of real overviews,
    /// a full-width band on some). A single node sits in one rank, and a table's rows are as tight as its text.
    /// Graphviz's tables cannot draw node shapes: a node sample is a box in the style's fill, outline, dash and
    /// corners, with its prefix mark (`↗`, `{ }`, `⚠`), and an edge sample a line in the edge's colour, width and
    /// dash ending in a mark for its arrowhead.
    func addLegend(_ g: GraphPtr, theme: Theme) {
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
