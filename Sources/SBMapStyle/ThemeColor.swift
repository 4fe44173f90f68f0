/// A colour as a theme writes it: `#rgb`, `#rrggbb`, `#rrggbbaa`, or `none` / `transparent`.
/// Only these forms are accepted, so a typo is an error at load time, not a black box in the picture.
public struct ThemeColor: Hashable, Sendable, CustomStringConvertible {
    /// The Graphviz form: `#rrggbb`, `#rrggbbaa` (lower case) or `none`.
    public let graphviz: String

    /// Parses a colour; `nil` when `text` is not one of the accepted forms.
    public init?(_ text: String) {
        let t = text.trimmingWhitespace().lowercased()
        if t == "none" || t == "transparent" {
            graphviz = "none"
            return
        }
        guard t.first == "#" else { return nil }
        let hex = Array(t.dropFirst())
        guard hex.allSatisfy(\.isHexDigit) else { return nil }
        switch hex.count {
        case 3: graphviz = "#" + hex.map { "\($0)\($0)" }.joined()
        case 6, 8: graphviz = t
        default: return nil
        }
    }

    public var description: String { graphviz }
    /// The CSS form (the same hex digits; `none`).
    public var css: String { graphviz }
    public var isNone: Bool { graphviz == "none" }

    public static let black = ThemeColor("#000000")!
    public static let white = ThemeColor("#ffffff")!
    public static let none = ThemeColor("none")!
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
