import SBMapModel

/// A map written as text by sbmap itself, with no Graphviz: the view's graph and its styled picture in, the file's
/// bytes out. One type per format, named by `TextFormat`; the Graphviz formats (SVG, PNG, PDF, DOT) are
/// `SBMapRender`'s. A new text format is one more writer and one more `TextFormat` case.
public protocol MapTextWriter {
    static func write(_ map: MapGraph, styled: StyledGraph) -> [UInt8]
}

/// The formats sbmap writes as text.
public enum TextFormat: String, Hashable, Sendable, CaseIterable {
    /// A Mermaid flowchart (`.mmd`), which GitHub and wikis draw inline.
    case mermaid
    /// Markdown (`.md`): counts, tables, findings and the Mermaid flowchart, for a pull-request comment or a wiki.
    case markdown
    /// The map's graph as JSON (`.json`, docs/graph-schema.md): what `sbmap export` writes, for the view drawn.
    case json

    public var writer: any MapTextWriter.Type {
        switch self {
        case .mermaid: MermaidWriter.self
        case .markdown: MarkdownWriter.self
        case .json: GraphJSONWriter.self
        }
    }

    /// The usual file extension.
    public var fileExtension: String {
        switch self {
        case .mermaid: "mmd"
        case .markdown: "md"
        case .json: "json"
        }
    }

    /// Styles `map` with `stylist` and writes it; the styling's findings come back with the bytes.
    public func write(_ map: MapGraph, stylist: Stylist) -> (bytes: [UInt8], diagnostics: [Diagnostic]) {
        let styled = stylist.style(map)
        return (writer.write(map, styled: styled), styled.diagnostics)
    }
}

/// The map's graph as JSON, in the form `sbmap export` writes (keys sorted, the same bytes for the same graph).
public enum GraphJSONWriter: MapTextWriter {
    public static func write(_ map: MapGraph, styled: StyledGraph) -> [UInt8] {
        var bytes: [UInt8] = []
        // The sink only appends, so nothing can throw.
        try? GraphJSON.write(map.graph) { bytes.append(contentsOf: $0) }
        return bytes
    }
}
