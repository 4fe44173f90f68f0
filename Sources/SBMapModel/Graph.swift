import Foundation

/// The whole resolved map: what `sbmap export --format json` writes (schema in `docs/graph-schema.md`).
///
/// Every array has one canonical order, so the same input always gives the same bytes:
/// targets by id; storyboards by path; nodes and edges by storyboard path, then in document order;
/// what the code linker adds last, by id (code and code-target nodes; code and unwind-target edges); diagnostics by place.
public struct StoryboardGraph: Hashable, Sendable, Codable {
    /// The JSON schema's version. Bumped on any change a consumer could notice;
    /// adding a field is a minor bump, renaming or removing one a major bump.
    public static let schemaVersion = "1.5"

    public var schemaVersion: String
    /// The build targets the projects in the input declare, by id. Empty when no project was found.
    public var targets: [BuildTarget]
    public var storyboards: [Storyboard]
    /// Changing them (an append, one node's field) drops the index of nodes by id; the next look-up makes it again.
    /// Changed in place (`_modify`): a `didSet` would copy the whole array for each change of one node's field, which
    /// made a pass that sets a field on each scene quadratic (two minutes on 18,000 scenes).
    public var nodes: [Node] {
        get { storedNodes }
        set {
            storedNodes = newValue
            nodeIndex = NodeIndex()
        }
        _modify {
            nodeIndex = NodeIndex()
            yield &storedNodes
        }
    }
    private var storedNodes: [Node]
    public var edges: [Edge]
    public var diagnostics: [Diagnostic]
    /// How storyboard names find this graph's storyboards, built once by the resolver from the loaded project (with
    /// the files the loader could not read), for code links to resolve names as references and entry points did.
    /// `nil` in a graph made otherwise (a view's, one read back from JSON); not written to JSON, and no part of
    /// comparing graphs.
    public var storyboardIndex: StoryboardNameIndex?
    /// Where each node id is in `nodes`, made at the first look-up and shared by every copy of the graph until the
    /// nodes change: one index per graph, however many passes, views and pages look nodes up. Not part of the value
    /// (equality, hashing and the JSON ignore it).
    private var nodeIndex = NodeIndex()

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, targets, storyboards, storedNodes = "nodes", edges, diagnostics
    }

    public init(targets: [BuildTarget] = [], storyboards: [Storyboard] = [], nodes: [Node] = [], edges: [Edge] = [],
                diagnostics: [Diagnostic] = [], storyboardIndex: StoryboardNameIndex? = nil) {
        self.schemaVersion = Self.schemaVersion
        self.targets = targets
        self.storyboards = storyboards
        self.storedNodes = nodes
        self.edges = edges
        self.diagnostics = diagnostics
        self.storyboardIndex = storyboardIndex
    }

    /// Nodes by id (the first node of an id, where ids repeat), without a copy of the nodes: the graph's array and
    /// the graph's one index. Take it once before a loop: each call takes a lock.
    public var nodesByID: NodeTable { NodeTable(nodes: nodes, positions: nodeIndex.positions(of: nodes)) }

    /// Where each node id is in `nodes` (the first node of an id), from the graph's one index.
    public var nodePositions: [String: Int] { nodeIndex.positions(of: nodes) }

    /// Storyboards by path (their id).
    public var storyboardsByID: [String: Storyboard] {
        Dictionary(storyboards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// Nodes by id: a graph's nodes and where each id is among them. Holds the graph's array, not copies of the nodes.
public struct NodeTable: Sendable {
    public let nodes: [Node]
    public let positions: [String: Int]

    public init(nodes: [Node], positions: [String: Int]) {
        self.nodes = nodes
        self.positions = positions
    }

    public subscript(id: String) -> Node? { positions[id].map { nodes[$0] } }

    /// Where the node `id` is in `nodes`.
    public func position(of id: String) -> Int? { positions[id] }
}

/// The lazily made index of a graph's nodes by id. A class, so that copies of a graph share the one index and a
/// graph that is not `var` can make it; the graph makes a new, empty one whenever its nodes change, so an index never
/// describes other nodes than those it was made from.
private final class NodeIndex: Hashable, @unchecked Sendable {
    private let lock = NSLock()
    private var positions: [String: Int]?  // guarded by `lock`

    func positions(of nodes: [Node]) -> [String: Int] {
        lock.lock()
        defer { lock.unlock() }
        if let positions { return positions }
        // The first node of an id wins: filled from the last node back, so that each id is hashed once.
        var made: [String: Int] = [:]
        made.reserveCapacity(nodes.count)
        for k in nodes.indices.reversed() { made[nodes[k].id] = k }
        positions = made
        return made
    }

    /// Not part of the graph's value: every index is equal to every other.
    static func == (a: NodeIndex, b: NodeIndex) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
