/// How wide a node must be for its label to fit in the widest sans-serif font a reader's browser is likely to draw
/// it in.
///
/// SVG is laid out with Graphviz's built-in metrics (Arial's widths for the theme's `Helvetica,Arial,sans-serif`),
/// whatever fonts are installed (`GraphvizPlugins`), so that the same map gives the same bytes everywhere. A browser
/// without Helvetica, Arial or Liberation Sans falls back to a wider face, DejaVu Sans on most Linux systems, about a
/// tenth wider: a long label then ran over its box. Each node is given at least the width its label takes in such a
/// face, from a coarse class of each character's advance (in ems); Graphviz still makes a node wider when its own
/// measure asks for more. It depends on the text alone, so it keeps the output the same on every machine.
enum LabelWidth {
    /// The width in points of `line` set in `size`-point text.
    static func points(_ line: String, size: Double) -> Double {
        line.unicodeScalars.reduce(0) { $0 + ems($1) } * size
    }

    /// The node width in inches that fits the widest of `lines` with `margin` inches on each side.
    static func inches(_ lines: [String], size: Double, margin: Double) -> Double {
        (lines.map { points($0, size: size) }.max() ?? 0) / 72 + 2 * margin
    }

    /// A character's advance in a wide sans-serif face, in ems, rounded up to its class.
    static func ems(_ scalar: Unicode.Scalar) -> Double {
        switch scalar {
        case " ": 0.32
        case "i", "j", "l", "I", "J", ".", ",", ":", ";", "'", "|", "!", "`": 0.32
        case "f", "r", "t", "(", ")", "[", "]", "{", "}", "-", "/", "\\", "\"": 0.44
        case "m", "w", "M", "W", "%", "@", "…": 1.0
        case "A"..."Z", "&", "#": 0.78
        default:
            // CJK, kana, hangul and emoji are a full em; other letters (accented, Greek, Cyrillic) and signs a bit less.
            if scalar.value < 0x80 { 0.64 } else if scalar.value >= 0x2E80 { 1.0 } else { 0.8 }
        }
    }
}
