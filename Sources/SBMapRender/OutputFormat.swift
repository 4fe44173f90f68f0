import SBMapModel
import SBMapStyle

/// What `sbmap render` writes: a Graphviz format (`Renderer`), or one of sbmap's own text formats (`TextFormat`,
/// written by a `MapTextWriter`, no Graphviz involved). Each format names the one path that makes it, so a
/// combination with no path (PNG through a text writer, Markdown of something that is not a map) cannot be written.
public enum OutputFormat: Hashable, Sendable, CaseIterable {
    case graphviz(GraphvizFormat)
    case text(TextFormat)

    public static let svg = OutputFormat.graphviz(.svg)
    public static let png = OutputFormat.graphviz(.png)
    public static let pdf = OutputFormat.graphviz(.pdf)
    public static let dot = OutputFormat.graphviz(.dot)
    public static let mermaid = OutputFormat.text(.mermaid)
    public static let markdown = OutputFormat.text(.markdown)
    public static let json = OutputFormat.text(.json)

    public static var allCases: [OutputFormat] {
        GraphvizFormat.allCases.map(OutputFormat.graphviz) + TextFormat.allCases.map(OutputFormat.text)
    }

    /// The format's name, as `--format` takes it: `svg`, `mermaid`, …
    public var name: String {
        switch self {
        case .graphviz(let format): format.rawValue
        case .text(let format): format.rawValue
        }
    }

    /// The format named `name` (`--format svg`).
    public init?(name: String) {
        guard let format = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = format
    }

    /// The format for a file extension (`svg`, `.PNG`, `gv`), or `nil` if it names none.
    public init?(fileExtension: String) {
        var ext = fileExtension.lowercased()
        if ext.hasPrefix(".") { ext.removeFirst() }
        switch ext {
        case "svg": self = .svg
        case "png": self = .png
        case "pdf": self = .pdf
        case "dot", "gv": self = .dot
        case "mmd", "mermaid": self = .mermaid
        case "md", "markdown": self = .markdown
        case "json": self = .json
        default: return nil
        }
    }

    /// The format for an output path (`map.svg`), from its extension.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(fileExtension: String(name[name.index(after: dot)...]))
    }

    /// The usual file extension.
    public var fileExtension: String {
        switch self {
        case .graphviz(let format): format.rawValue
        case .text(let format): format.fileExtension
        }
    }

    /// Whether Graphviz draws it.
    public var usesGraphviz: Bool {
        if case .graphviz = self { true } else { false }
    }

    /// Whether the output is binary (not text).
    public var isBinary: Bool {
        if case .graphviz(let format) = self { format.isBinary } else { false }
    }
}

/// Writes a map in any `OutputFormat`: Graphviz's through the `Renderer`, text through its writer. The one place
/// that chooses between the two.
public enum MapOutput {
    /// `map` in `format`; `options` gives the theme, the style and (for Graphviz) the layout. Throws `RenderError`
    /// when Graphviz fails or the layout budget leaves the map out; a text format never fails.
    public static func write(_ map: MapGraph, as format: OutputFormat, options: RenderOptions) throws -> Rendered {
        switch format {
        case .graphviz(let graphviz):
            var options = options
            options.format = graphviz
            return try Renderer.render(map, options: options)
        case .text(let text):
            let (bytes, diagnostics) = text.write(map, stylist: Stylist(theme: options.theme, options: options.style))
            return Rendered(format: format, data: bytes, diagnostics: diagnostics.sorted())
        }
    }

    /// What laying `map` out would cost (`LayoutRun` charges it); nothing for a text format, which has no layout.
    public static func layoutCost(_ map: MapGraph, as format: OutputFormat, options: RenderOptions) -> LayoutCost? {
        format.usesGraphviz ? Renderer.layoutCost(map, options: options) : nil
    }
}
