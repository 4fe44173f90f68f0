import SBMapStyle

/// The maps in dark mode: `assets/sbmap-maps.css`, a style sheet that recolours the inlined maps of a light theme
/// with the dark theme's colours when the reader's system is dark (`prefers-color-scheme: dark`).
///
/// Graphviz writes each colour as a presentation attribute (`fill="#ffffff"`, `stroke="#57606a"`), which any CSS rule
/// overrides. Each colour of the map's theme is paired with the dark theme's colour for the same key (`scene.fill`,
/// `edges.kinds.show.color`, …), and a rule for the part of the drawing that key paints (the canvas, a storyboard's
/// box, a node, an edge, a text) gives the dark one. The style sheet is loaded in the head, before the page is drawn,
/// so a dark page never flashes a white map; it is a file of the site (the pages' CSP allows no inline style).
enum DarkMaps {
    static let fileName = "assets/sbmap-maps.css"

    /// The style sheet for maps drawn with `light`, recoloured with `dark`. Deterministic: rules sorted.
    static func css(light: Theme, dark: Theme) -> String {
        var from: [String: String] = [:], to: [String: String] = [:]
        colours(light, path: "", into: &from)
        colours(dark, path: "", into: &to)
        // Per part of the drawing: light colour → dark colour. Where one light colour has several dark ones in a
        // part, the key nearest the root wins (`scene.fill` before a role's), then the first in key order.
        var pairs: [Part: [String: String]] = [:]
        // Depth: each key and each dictionary entry (`roles[navigation]`) is a level.
        func depth(_ path: String) -> Int { path.count { $0 == "." || $0 == "[" } }
        for path in from.keys.sorted(by: { (depth($0), $0) < (depth($1), $1) }) {
            guard let part = Part(path), let light = from[path].flatMap(hex), let dark = to[path].flatMap(hex),
                  light != dark, pairs[part]?[light] == nil else { continue }
            pairs[part, default: [:]][light] = dark
        }
        // A rounded box whose theme fill is `none` (a target's box) is filled by Graphviz with the canvas colour:
        // it is the canvas, and goes dark with it.
        if let light = from[".canvas.background"].flatMap(hex), let dark = to[".canvas.background"].flatMap(hex),
           light != dark, pairs[.cluster]?[light] == nil {
            pairs[.cluster, default: [:]][light] = dark
        }
        var rules: [String] = []
        for (part, map) in pairs {
            for (light, dark) in map { rules += part.rules(light, dark) }
        }
        let canvas = to[".canvas.background"].flatMap(hex) ?? "#0d1117"
        return """
            /* sbmap site: the maps in dark mode. Written by sbmap for maps drawn with the theme "\(sanitized(light.name))": each of its
               colours is given the dark theme's colour for the same key when the reader's system is dark. */
            @media (prefers-color-scheme: dark) {
              :root:not([data-theme]) { --map: \(canvas); }
              .minimap img { filter: invert(0.88) hue-rotate(180deg); }
              .map-key .key-swatch text:not([fill]) { fill: var(--fg); }
            \(rules.sorted().map { "  " + $0 }.joined(separator: "\n"))
            }

            """
    }

    /// The parts of a map a theme's colour paints, and the elements Graphviz draws them with.
    enum Part: Hashable {
        case canvas, cluster, node, edge, text

        init?(_ path: String) {
            let lower = path.lowercased()
            if lower.hasPrefix(".legend") || lower.hasPrefix(".name") || lower.hasPrefix(".summary") { return nil }
            if lower.contains("font") { self = .text }
            else if lower.hasPrefix(".canvas") { self = .canvas }
            else if lower.hasPrefix(".cluster") || lower.hasPrefix(".group") { self = .cluster }
            else if lower.hasPrefix(".edges") { self = .edge }
            else { self = .node }
        }

        func rules(_ light: String, _ dark: String) -> [String] {
            let v = ".map-view:not(.keep-colours)"
            switch self {
            case .canvas:
                return ["\(v) g.graph > polygon[fill=\"\(light)\"] { fill: \(dark); }"]
            case .text:
                return ["\(v) text[fill=\"\(light)\"] { fill: \(dark); }"]
            case .cluster:
                return ["\(v) g.cluster :not(text)[fill=\"\(light)\"] { fill: \(dark); }",
                        "\(v) g.cluster :not(text)[stroke=\"\(light)\"] { stroke: \(dark); }"]
            // The legend's samples (`MapKey`) are drawn with the same colours: they follow too.
            case .node:
                return ["\(v) g.node :not(text)[fill=\"\(light)\"], .map-key .key-item:not(.edge) :not(text)[fill=\"\(light)\"] { fill: \(dark); }",
                        "\(v) g.node :not(text)[stroke=\"\(light)\"], .map-key .key-item:not(.edge) :not(text)[stroke=\"\(light)\"] { stroke: \(dark); }"]
            case .edge:
                return ["\(v) g.edge :not(text)[fill=\"\(light)\"], .map-key .key-item.edge :not(text)[fill=\"\(light)\"] { fill: \(dark); }",
                        "\(v) g.edge :not(text)[stroke=\"\(light)\"], .map-key .key-item.edge :not(text)[stroke=\"\(light)\"] { stroke: \(dark); }"]
            }
        }
    }

    /// `#rrggbb` of a theme colour (Graphviz writes an alpha as a separate opacity); `nil` for `none`.
    static func hex(_ colour: String) -> String? {
        guard colour.hasPrefix("#"), colour.count >= 7 else { return nil }
        let digits = colour.dropFirst().prefix(6)
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        return "#" + digits.lowercased()
    }

    /// A theme's name in a CSS comment: letters, digits, `-`, `_` and spaces only.
    static func sanitized(_ name: String) -> String {
        String(name.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_ ".unicodeScalars.contains($0) }
            .prefix(40).map(Character.init))
    }

    /// Every colour of a theme, by key path (`.scene.fill`, `.roles[navigation].stroke`).
    static func colours(_ value: Any, path: String, into out: inout [String: String]) {
        if let colour = value as? ThemeColor {
            out[path] = colour.graphviz
            return
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let child = mirror.children.first { colours(child.value, path: path, into: &out) }
        case .dictionary:
            for child in mirror.children {
                let pair = Array(Mirror(reflecting: child.value).children.map(\.value))
                if pair.count == 2 { colours(pair[1], path: path + "[\(pair[0])]", into: &out) }
            }
        case .collection, .set:
            break
        case .struct, .class, .tuple:
            for (k, child) in mirror.children.enumerated() { colours(child.value, path: path + "." + (child.label ?? "\(k)"), into: &out) }
        default:
            break
        }
    }
}
