import SBMapStyle

/// A map's legend as HTML beside it, rather than inside the drawing: "Fit" then shows the map itself, and the text
/// stays readable at any zoom. Only what the map draws is listed (`Rendered.key`).
///
/// Each sample is a tiny inline SVG drawn with presentation attributes (`stroke`, `fill`), never a `style` attribute:
/// the site's Content-Security-Policy forbids inline style, and a theme's colours are not known to the stylesheet.
/// Colours are the theme's, which the theme loader only accepts as `#rgb…` hex or `none`.
enum MapKey {
    static func html(_ items: [LegendItem]) -> String {
        guard !items.isEmpty else { return "" }
        var out = "<dl class=\"map-key\" aria-label=\"Legend\">\n"
        for item in items {
            out += "<div class=\"key-item \(HTML.attribute(item.classes.filter { $0 != "legend-item" }.joined(separator: " ")))\">"
            out += "<dt>\(swatch(item.sample))</dt><dd>\(HTML.text(item.text))</dd></div>\n"
        }
        return out + "</dl>\n"
    }

    static func swatch(_ sample: LegendItem.Sample) -> String {
        switch sample {
        case let .edge(style): edgeSwatch(style)
        case let .node(style): nodeSwatch(style)
        }
    }

    /// A short line in the edge's colour, width and dash, ending in its arrowhead (filled, or open for `o…`/`empty`).
    static func edgeSwatch(_ style: EdgeStyle) -> String {
        let color = HTML.attribute(style.color?.css ?? "#000000")
        let width = min(max(style.penwidth ?? 1, 0.5), 4)
        let words = Set(style.style ?? [])
        let dash = words.contains("dotted") ? " stroke-dasharray=\"1.5 2\"" : words.contains("dashed") ? " stroke-dasharray=\"4 2.5\"" : ""
        let head = style.arrowhead ?? "normal"
        let open = head.hasPrefix("o") || head == "empty"
        let fill = open ? "none" : color
        let shape: String
        switch head.drop(while: { $0 == "o" }) {
        case "vee": shape = "<polyline points=\"23,1 30,5 23,9\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\"/>"
        case "diamond": shape = "<polygon points=\"22,5 26,1.5 30,5 26,8.5\" fill=\"\(fill)\" stroke=\"\(color)\"/>"
        case "dot": shape = "<circle cx=\"26\" cy=\"5\" r=\"3.2\" fill=\"\(fill)\" stroke=\"\(color)\"/>"
        case "box": shape = "<rect x=\"23\" y=\"2\" width=\"6\" height=\"6\" fill=\"\(fill)\" stroke=\"\(color)\"/>"
        case "tee": shape = "<rect x=\"26\" y=\"0.5\" width=\"2.5\" height=\"9\" fill=\"\(color)\"/>"
        case "none": shape = ""
        case "normalnormal": shape = "<polygon points=\"16,1.5 23,5 16,8.5\" fill=\"\(fill)\" stroke=\"\(color)\"/><polygon points=\"23,1.5 30,5 23,8.5\" fill=\"\(fill)\" stroke=\"\(color)\"/>"
        default: shape = "<polygon points=\"22,1.5 30,5 22,8.5\" fill=\"\(fill)\" stroke=\"\(color)\"/>"
        }
        return "<svg class=\"key-swatch\" width=\"32\" height=\"10\" viewBox=\"0 0 32 10\" aria-hidden=\"true\">"
            + "<line x1=\"1\" y1=\"5\" x2=\"22\" y2=\"5\" stroke=\"\(color)\" stroke-width=\"\(width)\"\(dash)/>\(shape)</svg>"
    }

    /// A small box in the node's fill and outline (octagon, point, or a box with its corners and dash); a text-only
    /// item (`plaintext`) has no box.
    static func nodeSwatch(_ style: NodeStyle) -> String {
        let shape = style.shape ?? "box"
        if shape == "plaintext" || shape == "plain" || shape == "none" { return "" }
        let stroke = HTML.attribute(style.stroke?.css ?? "#000000")
        let fill = HTML.attribute(style.fill?.css ?? "none")
        let words = Set(style.style ?? [])
        let dash = words.contains("dotted") ? " stroke-dasharray=\"1.5 1.5\"" : words.contains("dashed") ? " stroke-dasharray=\"3 2\"" : ""
        let width = min(max(style.penwidth ?? 1, 0.5), 3)
        let paint = "fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"\(width)\"\(dash)"
        var body: String
        switch shape {
        case "point": body = "<circle cx=\"16\" cy=\"7\" r=\"3\" \(paint)/>"
        case "octagon": body = "<polygon points=\"9,1.5 23,1.5 28,5 28,9 23,12.5 9,12.5 4,9 4,5\" \(paint)/>"
        default:
            let round = words.contains("rounded") ? " rx=\"3\"" : ""
            body = "<rect x=\"3\" y=\"1.5\" width=\"26\" height=\"11\"\(round) \(paint)/>"
            if (style.peripheries ?? 1) > 1 {
                body += "<rect x=\"5\" y=\"3.5\" width=\"22\" height=\"7\"\(round) fill=\"none\" stroke=\"\(stroke)\"/>"
            }
        }
        let prefix = style.prefix.map(TextSafety.clean) ?? ""
        let mark = prefix.isEmpty ? "" : "<text x=\"16\" y=\"10\" text-anchor=\"middle\" font-size=\"8\">\(HTML.text(prefix))</text>"
        return "<svg class=\"key-swatch\" width=\"32\" height=\"14\" viewBox=\"0 0 32 14\" aria-hidden=\"true\">\(body)\(mark)</svg>"
    }
}
