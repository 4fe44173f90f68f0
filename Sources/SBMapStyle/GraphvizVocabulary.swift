/// The Graphviz words a theme may use, so a theme is checked when it loads rather than producing
/// a Graphviz warning (or a silently different picture) when it renders.
public enum GraphvizVocabulary {
    /// Node shapes (Graphviz "Node Shapes", polygon-based ones; no `record`, whose labels are markup).
    public static let shapes: Set<String> = [
        "box", "rect", "rectangle", "square", "polygon", "ellipse", "oval", "circle", "point", "egg", "triangle",
        "plaintext", "plain", "diamond", "trapezium", "parallelogram", "house", "pentagon", "hexagon", "septagon",
        "octagon", "doublecircle", "doubleoctagon", "tripleoctagon", "invtriangle", "invtrapezium", "invhouse",
        "Mdiamond", "Msquare", "Mcircle", "underline", "cylinder", "note", "tab", "folder", "box3d", "component",
        "promoter", "cds", "terminator", "utr", "primersite", "restrictionsite", "fivepoverhang", "threepoverhang",
        "noverhang", "assembly", "signature", "insulator", "ribosite", "rnastab", "proteasesite", "proteinstab",
        "rpromoter", "rarrow", "larrow", "lpromoter", "star", "none",
    ]

    /// Style words for nodes.
    public static let nodeStyles: Set<String> = [
        "solid", "dashed", "dotted", "bold", "rounded", "diagonals", "filled", "striped", "wedged", "invis",
    ]

    /// Style words for edges.
    public static let edgeStyles: Set<String> = ["solid", "dashed", "dotted", "bold", "tapered", "invis"]

    /// Style words for clusters.
    public static let clusterStyles: Set<String> = ["solid", "dashed", "dotted", "bold", "rounded", "filled", "striped", "invis"]

    /// `splines` values.
    public static let splines: Set<String> = ["spline", "true", "polyline", "ortho", "line", "false", "curved", "none"]

    private static let arrowShapes = ["box", "crow", "curve", "icurve", "diamond", "dot", "inv", "none", "normal", "tee", "vee"]
    private static let arrowAliases: Set<String> = [
        "empty", "invempty", "ediamond", "open", "halfopen", "invdot", "invodot", "odiamond", "obox", "onormal",
    ]

    /// Whether `name` is a Graphviz arrow: up to four shapes, each with optional `o` (open) and
    /// `l`/`r` (half) modifiers, such as `normal`, `onormal`, `lvee`, `odiamondnormal`.
    public static func isArrow(_ name: String) -> Bool {
        if arrowAliases.contains(name) { return true }
        var rest = Substring(name)
        var count = 0
        while !rest.isEmpty {
            if rest.hasPrefix("o") { rest = rest.dropFirst() }
            if rest.hasPrefix("l") || rest.hasPrefix("r") { rest = rest.dropFirst() }
            guard let shape = arrowShapes.first(where: { rest.hasPrefix($0) }) else { return false }
            rest = rest.dropFirst(shape.count)
            count += 1
            if count > 4 { return false }
        }
        return count > 0
    }
}
