/// The whole resolved map: what `sbmap export --format json` writes (schema in `docs/graph-schema.md`).
///
/// Every array has one canonical order, so the same input always gives the same bytes:
/// targets by id; storyboards by path; nodes and edges by storyboard path, then in document order;
/// what the code linker adds last, by id (code and code-target nodes; code and unwind-target edges); diagnostics by place.
public struct StoryboardGraph: Hashable, Sendable, Codable {
    /// The JSON schema's version. Bumped on any change a consumer could notice;
    /// adding a field is a minor bump, renaming or removing one a major bump.
    public static let schemaVersion = "1.4"

    public var schemaVersion: String
    /// The build targets the projects in the input declare, by id. Empty when no project was found.
    public var targets: [BuildTarget]
    public var storyboards: [Storyboard]
    public var nodes: [Node]
    public var edges: [Edge]
    public var diagnostics: [Diagnostic]

    public init(targets: [BuildTarget] = [], storyboards: [Storyboard] = [], nodes: [Node] = [], edges: [Edge] = [],
                diagnostics: [Diagnostic] = []) {
        self.schemaVersion = Self.schemaVersion
        self.targets = targets
        self.storyboards = storyboards
        self.nodes = nodes
        self.edges = edges
        self.diagnostics = diagnostics
    }

    /// Nodes by id, for look-ups. Builds a new dictionary on each call: take it once, before a loop, and pass it along.
    public var nodesByID: [String: Node] {
        Dictionary(nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Storyboards by path (their id).
    public var storyboardsByID: [String: Storyboard] {
        Dictionary(storyboards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
