import SBMapModel

/// A theme: everything about how a map looks, as plain values. Loaded from a YAML or JSON file
/// (`docs/themes.md` documents every key); the built-in ones live in the top-level `themes/` folder.
///
/// Node and edge styles are *overlays*: every field is optional, and a more specific style is laid
/// over a more general one (the scene defaults, then the role, then a highlight), so a theme only
/// says what differs.
public struct Theme: Hashable, Sendable {
    /// A short name, shown nowhere but useful in error messages and docs.
    public var name: String
    /// One sentence saying what the theme is for.
    public var summary: String
    public var font: FontStyle
    public var canvas: CanvasStyle
    public var cluster: ClusterStyle
    /// One box per app target (or set of targets sharing storyboards), around the storyboards it builds.
    public var group: ClusterStyle
    /// Laid under every scene node, before its role's style.
    public var scene: NodeStyle
    /// Per scene role; a role that is missing draws with `scene` alone.
    public var roles: [SceneRole: NodeStyle]
    public var edges: EdgeStyles
    public var labels: LabelOptions
    public var highlight: Highlights
    /// Diff maps (`sbmap diff`): what was added, removed (drawn as ghosts) and changed.
    public var diff: DiffStyles
    public var markers: Markers
    public var legend: LegendStyle

    public init(name: String, summary: String = "", font: FontStyle = .init(), canvas: CanvasStyle = .init(),
                cluster: ClusterStyle = .init(), group: ClusterStyle = .groupDefault, scene: NodeStyle = .init(), roles: [SceneRole: NodeStyle] = [:],
                edges: EdgeStyles = .init(), labels: LabelOptions = .init(), highlight: Highlights = .init(),
                diff: DiffStyles = .init(), markers: Markers = .init(), legend: LegendStyle = .init()) {
        self.name = name
        self.summary = summary
        self.font = font
        self.canvas = canvas
        self.cluster = cluster
        self.group = group
        self.scene = scene
        self.roles = roles
        self.edges = edges
        self.labels = labels
        self.highlight = highlight
        self.diff = diff
        self.markers = markers
        self.legend = legend
    }

    /// The plain black-on-white theme that keys a theme file leaves out fall back to
    /// (unless the file `extends` a built-in theme).
    public static let base = Theme(name: "base")

    /// The final style of a scene node of `role`: scene defaults, then the role.
    public func nodeStyle(for role: SceneRole) -> NodeStyle {
        scene.overlaid(with: roles[role] ?? NodeStyle())
    }
}

/// Fonts. Graphviz takes a comma-separated family list; SVG passes it on as CSS `font-family`.
public struct FontStyle: Hashable, Sendable {
    public var family: String = "Helvetica,Arial,sans-serif"
    /// Scene labels, in points.
    public var size: Double = 11
    public var color: ThemeColor = .black
    /// Edge labels (segue identifiers, @IBSegueAction names).
    public var edgeSize: Double = 9
    /// Cluster titles.
    public var clusterSize: Double = 13
    public init() {}
}

/// The drawing as a whole.
public struct CanvasStyle: Hashable, Sendable {
    public var background: ThemeColor = .white
    /// Margin around the drawing, in inches.
    public var pad: Double = 0.3
    /// Space between nodes of one rank, in inches.
    public var nodesep: Double = 0.3
    /// Space between ranks, in inches.
    public var ranksep: Double = 0.5
    /// Graphviz `splines`: `spline`, `polyline`, `ortho`, `line`, `curved`.
    public var splines: String = "spline"
    /// The shape a map is aimed at, width over height (`--aspect`), when sbmap chooses its direction: `nil` is 1.
    public var aspect: Double?
    public init() {}
}

/// One storyboard file's box.
public struct ClusterStyle: Hashable, Sendable {
    public var style: [String] = ["rounded"]
    public var fill: ThemeColor = .none
    public var stroke: ThemeColor = .black
    public var penwidth: Double = 1
    public var fontColor: ThemeColor?
    /// Where the title sits: `left`, `center` or `right`.
    public var labelAlign: String = "left"
    public init() {}

    /// A target group's box when a theme says nothing: a dashed outline, no fill.
    public static let groupDefault: ClusterStyle = {
        var style = ClusterStyle()
        style.style = ["rounded", "dashed"]
        return style
    }()
}

/// A node style overlay. `nil` fields inherit from the style underneath.
public struct NodeStyle: Hashable, Sendable {
    /// A Graphviz node shape (`box`, `box3d`, `tab`, `folder`, `octagon`, …).
    public var shape: String?
    /// Graphviz style words (`filled`, `rounded`, `dashed`, `dotted`, `bold`, …).
    public var style: [String]?
    public var fill: ThemeColor?
    public var stroke: ThemeColor?
    public var fontColor: ThemeColor?
    public var penwidth: Double?
    /// Number of outlines (2 draws a double border).
    public var peripheries: Int?
    /// Text put before the label's first line, such as `⚠ ` or `↗ `. It survives any printer.
    public var prefix: String?

    public init(shape: String? = nil, style: [String]? = nil, fill: ThemeColor? = nil, stroke: ThemeColor? = nil,
                fontColor: ThemeColor? = nil, penwidth: Double? = nil, peripheries: Int? = nil, prefix: String? = nil) {
        self.shape = shape
        self.style = style
        self.fill = fill
        self.stroke = stroke
        self.fontColor = fontColor
        self.penwidth = penwidth
        self.peripheries = peripheries
        self.prefix = prefix
    }

    /// This style with every field `top` sets replacing ours.
    public func overlaid(with top: NodeStyle) -> NodeStyle {
        NodeStyle(shape: top.shape ?? shape, style: top.style ?? style, fill: top.fill ?? fill,
                  stroke: top.stroke ?? stroke, fontColor: top.fontColor ?? fontColor,
                  penwidth: top.penwidth ?? penwidth, peripheries: top.peripheries ?? peripheries,
                  prefix: top.prefix ?? prefix)
    }
}

/// An edge style overlay. `nil` fields inherit from the style underneath.
public struct EdgeStyle: Hashable, Sendable {
    /// Graphviz style words for edges: `solid`, `dashed`, `dotted`, `bold`, `tapered`.
    public var style: [String]?
    public var color: ThemeColor?
    public var fontColor: ThemeColor?
    public var penwidth: Double?
    /// A Graphviz arrow shape (`normal`, `vee`, `onormal`, `odiamond`, `dot`, `tee`, `none`, …).
    public var arrowhead: String?
    /// The arrow shape at the source end (drawn only when `arrowtail` is set).
    public var arrowtail: String?
    /// A short word drawn on every edge of the kind (for example `modal`), so kinds survive any printer.
    public var tag: String?

    public init(style: [String]? = nil, color: ThemeColor? = nil, fontColor: ThemeColor? = nil, penwidth: Double? = nil,
                arrowhead: String? = nil, arrowtail: String? = nil, tag: String? = nil) {
        self.style = style
        self.color = color
        self.fontColor = fontColor
        self.penwidth = penwidth
        self.arrowhead = arrowhead
        self.arrowtail = arrowtail
        self.tag = tag
    }

    public func overlaid(with top: EdgeStyle) -> EdgeStyle {
        EdgeStyle(style: top.style ?? style, color: top.color ?? color, fontColor: top.fontColor ?? fontColor,
                  penwidth: top.penwidth ?? penwidth, arrowhead: top.arrowhead ?? arrowhead,
                  arrowtail: top.arrowtail ?? arrowtail, tag: top.tag ?? tag)
    }
}

/// Edge styles: one default, laid under a style per edge kind.
public struct EdgeStyles: Hashable, Sendable {
    /// Used for every edge, and alone for kinds the theme does not name (a kind Interface Builder adds later).
    public var `default`: EdgeStyle = EdgeStyle(style: ["solid"], color: .black, penwidth: 1, arrowhead: "normal")
    /// Keyed by the kind's raw value (`show`, `presentation`, `reference`, `code`, …).
    public var kinds: [String: EdgeStyle] = [:]

    public init() {}

    /// Kinds that borrow another kind's style when the theme does not name them: older or
    /// platform-specific segue kinds that mean the same thing.
    public static let fallbacks: [EdgeKind: EdgeKind] = [
        .push: .show,
        .showDetail: .show,
        .replace: .showDetail,
        .modal: .presentation,
        .sheet: .presentation,
        .popover: .popoverPresentation,
    ]

    /// The kind whose style `kind` is drawn with: itself if the theme names it, else its fallback chain,
    /// else `nil` (the default style alone).
    public func styleKind(for kind: EdgeKind) -> EdgeKind? {
        var current: EdgeKind? = kind
        var seen: Set<EdgeKind> = []
        while let k = current, !seen.contains(k) {
            if kinds[k.rawValue] != nil { return k }
            seen.insert(k)
            current = Self.fallbacks[k]
        }
        return nil
    }

    /// The final style of an edge of `kind`.
    public func style(for kind: EdgeKind) -> EdgeStyle {
        guard let k = styleKind(for: kind), let top = kinds[k.rawValue] else { return `default` }
        return `default`.overlaid(with: top)
    }
}

/// What labels say and how long they may get.
public struct LabelOptions: Hashable, Sendable {
    /// A scene label's visible length, in characters; longer text is cut with `…` (the tooltip has more).
    public var maxLength: Int = 40
    /// A tooltip's length, in characters.
    public var tooltipMaxLength: Int = 600
    /// Put before an @IBSegueAction name on its edge.
    public var segueActionPrefix: String = "@IBSegueAction "
    /// Draw segue identifiers on their edges.
    public var segueIdentifiers: Bool = true
    /// Draw relationship names (`root`, `tab 1`, …) on relationship edges.
    public var relationships: Bool = true
    public init() {}
}

/// A highlight: a node overlay and an edge overlay for something that must stand out.
public struct Highlight: Hashable, Sendable {
    public var node: NodeStyle = NodeStyle()
    public var edge: EdgeStyle = EdgeStyle()
    public init(node: NodeStyle = NodeStyle(), edge: EdgeStyle = EdgeStyle()) {
        self.node = node
        self.edge = edge
    }
}

/// What must stand out at a glance. Each should differ by shape or line style, not only colour.
public struct Highlights: Hashable, Sendable {
    /// A placeholder that resolved: its node, and the edge drawn to its real target in another cluster.
    /// The edge overlay also goes on every other edge that crosses from one storyboard to another.
    public var crossFile = Highlight(node: NodeStyle(style: ["filled", "bold"]),
                                     edge: EdgeStyle(style: ["bold", "dashed"]))
    /// A placeholder or a target named in code that was not found; the edge overlay goes on the code edges into it.
    public var unresolved = Highlight(node: NodeStyle(shape: "octagon", style: ["dashed"], peripheries: 2, prefix: "! "),
                                      edge: EdgeStyle(style: ["dashed", "bold"], arrowhead: "tee"))
    /// Points into a bundle that was not scanned.
    public var external = Highlight(node: NodeStyle(shape: "component", style: ["dashed"]), edge: EdgeStyle(style: ["dashed"]))
    /// More than one scene fits; the edge overlay goes on the dotted edges to each candidate.
    public var ambiguous = Highlight(node: NodeStyle(shape: "doubleoctagon", style: ["dashed"]),
                                     edge: EdgeStyle(style: ["dotted"], arrowhead: "odot"))
    public init() {}

    public func highlight(for state: Resolution.State) -> Highlight {
        switch state {
        case .resolved: crossFile
        case .unresolved: unresolved
        case .external: external
        case .ambiguous: ambiguous
        }
    }
}

/// How a diff map marks changes. Each differs by line style and a prefix, not only colour.
public struct DiffStyles: Hashable, Sendable {
    public var added = Highlight(node: NodeStyle(style: ["filled", "bold"], penwidth: 2.4, prefix: "+ "),
                                 edge: EdgeStyle(style: ["bold"], penwidth: 2.4))
    public var removed = Highlight(node: NodeStyle(style: ["dashed"], prefix: "− "), edge: EdgeStyle(style: ["dashed"]))
    public var changed = Highlight(node: NodeStyle(style: ["filled", "dotted", "bold"], penwidth: 2, prefix: "Δ "),
                                   edge: EdgeStyle(style: ["dotted", "bold"], penwidth: 2))
    public init() {}

    /// A link that broke: no colour of its own (the node keeps the theme's unresolved style), a heavier outline and
    /// a "broke" mark; never the added style.
    public var broke = Highlight(node: NodeStyle(penwidth: 3, prefix: "✗ broke: "), edge: EdgeStyle(style: ["dashed", "bold"], penwidth: 3))
    /// A link fixed: resolved now, where it was not.
    public var fixed = Highlight(node: NodeStyle(style: ["filled", "bold"], penwidth: 2.4, prefix: "✓ fixed: "),
                                 edge: EdgeStyle(style: ["bold"], penwidth: 2.4))

    public func style(for kind: Change.Kind) -> Highlight {
        switch kind {
        case .broke: broke
        case .fixed: fixed
        case .added: added
        case .removed: removed
        case .changed: changed
        }
    }
}

/// A marker: a small node with an edge into the scene it marks.
public struct Marker: Hashable, Sendable {
    public var node: NodeStyle
    public var edge: EdgeStyle
    /// Laid over the marked scene itself.
    public var scene: NodeStyle
    public init(node: NodeStyle, edge: EdgeStyle, scene: NodeStyle = NodeStyle()) {
        self.node = node
        self.edge = edge
        self.scene = scene
    }
}

/// The initial-scene arrow (as Interface Builder draws it) and the app entry point marker.
public struct Markers: Hashable, Sendable {
    /// The storyboard's initial scene.
    public var initial = Marker(node: NodeStyle(shape: "point"), edge: EdgeStyle(style: ["bold"], arrowhead: "normal"),
                                scene: NodeStyle(penwidth: 2))
    /// A storyboard the app loads by itself (`UIMainStoryboardFile`, a scene manifest, …): a labelled
    /// node, saying which key, pointing at the storyboard's initial scene.
    public var entry = Marker(node: NodeStyle(shape: "cds", style: ["filled"]), edge: EdgeStyle(style: ["bold"]))
    public init() {}
}

/// The legend: a cluster listing only what appears in the map.
public struct LegendStyle: Hashable, Sendable {
    public var show: Bool = true
    public var title: String = "Legend"
    public var cluster: ClusterStyle = ClusterStyle()
    /// What each role's sample says (`roles.ROLE.legend`); a role left out has sbmap's words (`LegendUsage.roleTexts`).
    public var roles: [SceneRole: String] = [:]
    public init() {}

    /// The legend's words for a role's sample.
    public func text(for role: SceneRole) -> String {
        roles[role] ?? LegendUsage.roleText(role)
    }
}
