import SBMapModel

/// Writes a styled graph as a Mermaid flowchart, which GitHub, GitLab and most wikis draw inline.
///
/// Valid for any name: no input text is ever a Mermaid identifier (nodes are `n1`, `n2`, subgraphs `c1`, …), and
/// every label is a quoted string in which each character that has a meaning in Mermaid's grammar or in HTML is
/// written as a decimal entity (`#35;` for `#`, `#34;` for `"`): Mermaid turns those back into the characters, and
/// its renderer shows them as text. Input text never reaches a comment (`%%{…}%%` there is a directive).
///
/// Colours and line styles come from the theme, as `classDef`s and `linkStyle`s, so the flowchart keeps the map's
/// distinctions, grey-scale ones included (dashed and dotted lines, thick lines, shapes).
public enum MermaidWriter: MapTextWriter {
    public static func write(_ map: MapGraph, styled: StyledGraph) -> [UInt8] { Array(write(styled).utf8) }

    /// The flowchart of a styled picture (the diff summary and the Markdown writer put it in a ```mermaid block).
    public static func write(_ styled: StyledGraph) -> String {
        var out = "%% sbmap map: Mermaid flowchart\n"
        out += "flowchart \(styled.direction == .leftToRight ? "LR" : "TB")\n"
        var nodeIDs: [String: String] = [:]
        for (k, node) in styled.nodes.enumerated() { nodeIDs[node.id] = "n\(k + 1)" }
        var clusterIDs: [String: String] = [:]
        for (k, cluster) in styled.clusters.enumerated() { clusterIDs[cluster.id] = "c\(k + 1)" }

        // Subgraphs nest like the clusters (a storyboard inside its target); nodes go in their cluster.
        var childClusters: [String?: [StyledCluster]] = [:]
        for cluster in styled.clusters { childClusters[cluster.parent, default: []].append(cluster) }
        var nodesIn: [String?: [StyledNode]] = [:]
        for node in styled.nodes { nodesIn[node.cluster, default: []].append(node) }

        var classDefs = ClassDefs()
        func emit(cluster: String?, indent: String) {
            for node in nodesIn[cluster] ?? [] {
                guard let id = nodeIDs[node.id] else { continue }
                out += indent + id + shape(node) + "\n"
            }
            for child in childClusters[cluster] ?? [] {
                guard let id = clusterIDs[child.id] else { continue }
                out += indent + "subgraph \(id)[\"\(label(child.label))\"]\n"
                emit(cluster: child.id, indent: indent + "  ")
                out += indent + "end\n"
            }
        }
        emit(cluster: nil, indent: "  ")

        var linkStyles: [String] = []
        var index = 0
        for edge in styled.edges where !edge.layoutOnly {
            guard let from = nodeIDs[edge.from], let to = nodeIDs[edge.to] else { continue }
            let words = edge.style.style ?? []
            let arrow = words.contains("bold") ? "==>" : (words.contains("dashed") || words.contains("dotted")) ? "-.->" : "-->"
            let text = edge.label.isEmpty ? "" : "|\"\(label(edge.label))\"|"
            out += "  \(from) \(arrow)\(text) \(to)\n"
            if let css = edgeCSS(edge.style) { linkStyles.append("  linkStyle \(index) \(css)") }
            index += 1
        }
        for node in styled.nodes {
            guard let id = nodeIDs[node.id], let css = nodeCSS(node.style) else { continue }
            classDefs.assign(id, css)
        }
        for cluster in styled.clusters {
            guard let id = clusterIDs[cluster.id] else { continue }
            out += "  style \(id) \(clusterCSS(cluster.style))\n"
        }
        out += classDefs.text
        out += linkStyles.map { $0 + "\n" }.joined()
        return out
    }

    /// The node's shape in Mermaid's syntax, around its quoted label.
    static func shape(_ node: StyledNode) -> String {
        let text = "\"" + label(node.label) + "\""
        let words = node.style.style ?? []
        switch node.style.shape ?? "box" {
        case "point": return "((\" \"))"
        case "octagon", "doubleoctagon": return "{{\(text)}}"
        case "rarrow", "cds": return ">\(text)]"
        case "folder", "tab", "note": return "[/\(text)/]"
        case "component", "box3d": return "[[\(text)]]"
        case "invhouse": return "[\\\(text)/]"
        case "ellipse", "oval": return "(\(text))"
        case "plaintext", "plain", "none": return "[\(text)]"
        default: return words.contains("rounded") ? "(\(text))" : "[\(text)]"
        }
    }

    /// Label lines as the inside of a quoted Mermaid string: each character Mermaid or HTML would read as syntax is
    /// a decimal entity; lines are joined with `<br/>` (sbmap's own markup, never the input's).
    public static func label(_ lines: [String]) -> String {
        lines.map(escape).joined(separator: "<br/>")
    }

    /// Letters, digits, spaces and harmless punctuation stay; every other ASCII character becomes `#NN;`. Text
    /// beyond ASCII stays as it is (it has no meaning in the grammar), but control and invisible characters are gone.
    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in TextSafety.clean(text).unicodeScalars {
            let v = scalar.value
            let plain = (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)
                || v > 0x7F || " .,-_:/'?!+=*@›".unicodeScalars.contains(scalar)
            if plain { out.unicodeScalars.append(scalar) } else { out += "#\(v);" }
        }
        return out
    }

    static func nodeCSS(_ style: NodeStyle) -> String? {
        var parts: [String] = []
        let words = style.style ?? []
        if let fill = style.fill, words.contains("filled") || words.isEmpty, !fill.isNone { parts.append("fill:\(fill.css)") }
        if let stroke = style.stroke, !stroke.isNone { parts.append("stroke:\(stroke.css)") }
        if let pen = style.penwidth { parts.append("stroke-width:\(number(pen))px") }
        if words.contains("dashed") { parts.append("stroke-dasharray:5 3") } else if words.contains("dotted") { parts.append("stroke-dasharray:2 2") }
        if let font = style.fontColor, !font.isNone { parts.append("color:\(font.css)") }
        return parts.isEmpty ? nil : parts.joined(separator: ",")
    }

    static func edgeCSS(_ style: EdgeStyle) -> String? {
        var parts: [String] = []
        if let color = style.color, !color.isNone { parts.append("stroke:\(color.css)") }
        if let pen = style.penwidth { parts.append("stroke-width:\(number(pen))px") }
        return parts.isEmpty ? nil : parts.joined(separator: ",")
    }

    static func clusterCSS(_ style: ClusterStyle) -> String {
        var parts: [String] = []
        parts.append(style.fill.isNone ? "fill:none" : "fill:\(style.fill.css)")
        if !style.stroke.isNone { parts.append("stroke:\(style.stroke.css)") }
        if style.style.contains("dashed") { parts.append("stroke-dasharray:5 3") }
        return parts.joined(separator: ",")
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// One `classDef` per distinct style, in order of first use: `s1`, `s2`, …
    struct ClassDefs {
        private var names: [String: String] = [:]
        private var order: [String] = []
        private var members: [String: [String]] = [:]

        mutating func assign(_ node: String, _ css: String) {
            let name: String
            if let known = names[css] {
                name = known
            } else {
                name = "s\(names.count + 1)"
                names[css] = name
                order.append(css)
            }
            members[name, default: []].append(node)
        }

        var text: String {
            order.map { css in
                let name = names[css] ?? ""
                return "  classDef \(name) \(css)\n  class \((members[name] ?? []).joined(separator: ",")) \(name)\n"
            }.joined()
        }
    }
}
