import SBMapModel

/// The styled picture of a graph: what to draw, in what order, with final text and final styles.
/// It is the renderer's whole input, and holds no Graphviz objects.
///
/// Text here is *plain and safe*: cleaned of control and bidi characters and capped in length
/// (`TextSafety`). Ids and classes are ASCII tokens. The renderer encodes text for Graphviz.
public struct StyledGraph: Hashable, Sendable {
    public var theme: Theme
    public var direction: Direction
    /// One per storyboard, sorted by path.
    public var clusters: [StyledCluster]
    /// Scenes and markers, grouped by cluster in cluster order (a code type after the scenes of the box it is drawn
    /// in, `StyledNode.home`); then nodes outside any cluster, then unwind ports (each in its exit's cluster).
    public var nodes: [StyledNode]
    public var edges: [StyledEdge]
    /// Only what appears in the map, in a fixed order. Empty when the legend is off.
    public var legend: [LegendItem]
    /// The same items whether or not the legend is drawn: what a page that shows the map explains beside it.
    public var key: [LegendItem]
    /// Things the styling step noticed (an edge to a node that is not in the graph).
    public var diagnostics: [Diagnostic]

    public init(theme: Theme, direction: Direction, clusters: [StyledCluster], nodes: [StyledNode],
                edges: [StyledEdge], legend: [LegendItem], key: [LegendItem]? = nil, diagnostics: [Diagnostic]) {
        self.theme = theme
        self.direction = direction
        self.clusters = clusters
        self.nodes = nodes
        self.edges = edges
        self.legend = legend
        self.key = key ?? legend
        self.diagnostics = diagnostics
    }

    /// Number of scene nodes (not markers or legend samples): what size limits count.
    public var sceneCount: Int { nodes.filter { $0.kind == .scene }.count }
}

/// Which way flows run.
public enum Direction: String, Hashable, Sendable, CaseIterable {
    case leftToRight = "LR"
    case topToBottom = "TB"
}

/// What a scene's label shows first.
public enum LabelMode: String, Hashable, Sendable, CaseIterable {
    /// The custom class, or the default class of the element (`UINavigationController`).
    case `class`
    /// The storyboard ID.
    case identifier
    /// The title.
    case title
}

/// A box on the map: a storyboard file, or an app target around the storyboards it builds.
public struct StyledCluster: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case storyboard
        /// The storyboards one target (or one set of targets) builds.
        case target
    }

    /// SVG `id`: `storyboard-…`, `target-…`.
    public var id: String
    public var kind: Kind
    /// For storyboard clusters, the storyboard path (the model's id); for target groups, the target ids joined by `+`
    /// (empty for the storyboards no target builds).
    public var storyboard: String
    /// The cluster it is drawn inside (a storyboard inside its target group); `nil` at the top.
    /// Parents come before their children in `StyledGraph.clusters`.
    public var parent: String?
    /// Label lines: the name, and the path when names repeat.
    public var label: [String]
    public var tooltip: String
    /// SVG classes (Graphviz adds `cluster` itself).
    public var classes: [String]
    public var style: ClusterStyle

    public init(id: String, kind: Kind = .storyboard, storyboard: String, parent: String? = nil, label: [String],
                tooltip: String, classes: [String], style: ClusterStyle) {
        self.id = id
        self.kind = kind
        self.storyboard = storyboard
        self.parent = parent
        self.label = label
        self.tooltip = tooltip
        self.classes = classes
        self.style = style
    }
}

public struct StyledNode: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A node of the model.
        case scene
        /// The initial-scene dot, an app entry marker, or an unwind port (where an exit returns in another storyboard).
        case marker
    }

    /// SVG `id`: `scene-…`, `code-…`, `initial-…`, `entry-…`, `unwind-port-…`.
    public var id: String
    /// The model's node id (for markers: the storyboard path).
    public var modelID: String
    public var kind: Kind
    /// The cluster (`StyledCluster.id`) the node sits in; `nil` for code types.
    public var cluster: String?
    /// Label lines (each capped). Empty for shapes without text (`point`).
    public var label: [String]
    public var tooltip: String
    public var classes: [String]
    /// The final style, every overlay applied.
    public var style: NodeStyle
    /// For a node that belongs to no cluster (a code type), the storyboard box it is drawn in: the one whose scenes it
    /// reaches most. It stays out of `cluster`, which says what a node belongs to (Mermaid's subgraphs).
    public var home: String? = nil

    /// The cluster the layout puts the node in: its own, or its home.
    public var drawnIn: String? { cluster ?? home }
}

public struct StyledEdge: Hashable, Sendable {
    /// SVG `id`: `edge-…`.
    public var id: String
    /// `StyledNode.id` of each end.
    public var from: String
    public var to: String
    public var label: [String]
    public var tooltip: String
    public var classes: [String]
    public var style: EdgeStyle
    /// The ends sit in two different clusters. The renderer sets `constraint=false` on such edges:
    /// cycles between clusters make Graphviz 2.43 drop edges silently.
    public var crossesClusters: Bool
    /// How the edge takes part in ranking: `nil` leaves it to the renderer; `0` keeps it out of the ranking
    /// (`constraint=false`); `n > 0` makes it span at least `n` ranks (`minlen`). Set by layouts that plan ranks
    /// themselves (the overview's).
    public var rankSpan: Int? = nil
    /// Drawn nowhere: an edge only the layout sees (it places nodes in rows).
    public var layoutOnly = false
}

/// One legend line: a sample drawn in the item's own style, and what it means.
public struct LegendItem: Hashable, Sendable {
    public enum Sample: Hashable, Sendable {
        case node(NodeStyle)
        case edge(EdgeStyle)
    }

    /// SVG `id`: `legend-…`.
    public var id: String
    public var text: String
    public var classes: [String]
    public var sample: Sample
    /// An edge sample's ends when the map draws them too (the initial-scene marker's dot, the initial scene's
    /// outline); `nil` for a bare line.
    public var from: NodeStyle?
    public var to: NodeStyle?

    public init(id: String, text: String, classes: [String], sample: Sample, from: NodeStyle? = nil, to: NodeStyle? = nil) {
        self.id = id
        self.text = text
        self.classes = classes
        self.sample = sample
        self.from = from
        self.to = to
    }
}
