/// The kind of an edge: a segue kind as Interface Builder writes it, or one of sbmap's own kinds.
/// It is an open set: a kind Interface Builder adds next year passes through unchanged.
public struct EdgeKind: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    // Segue kinds (`segue@kind`).
    public static let show = Self("show")
    public static let showDetail = Self("showDetail")
    public static let presentation = Self("presentation")
    public static let popoverPresentation = Self("popoverPresentation")
    public static let embed = Self("embed")
    public static let unwind = Self("unwind")
    public static let custom = Self("custom")
    public static let relationship = Self("relationship")
    public static let push = Self("push")
    public static let modal = Self("modal")
    public static let replace = Self("replace")
    public static let popover = Self("popover")
    public static let sheet = Self("sheet")

    /// sbmap's own: a resolved cross-file link, from a reference or link node to its target scene.
    public static let reference = Self("reference")
    /// sbmap's own: a scene instantiated from code.
    public static let code = Self("code")
    /// sbmap's own: from an unwind exit node to a scene whose class implements the exit's unwind action
    /// (an `@IBAction` taking a storyboard segue, found in code): where the unwind can return to.
    public static let unwindTarget = Self("unwind-target")
    /// sbmap's own, in overview and focus maps: several links between two storyboards (or into a folded stub),
    /// drawn as one edge; `count` says how many, `worst` the worst state among them.
    public static let aggregate = Self("aggregate")
    /// A style, not a kind of link: the edges of a focus map into or out of a folded part (a stub), drawn in the theme's
    /// `edges.kinds.fold` (a neutral "more scenes this way").
    public static let fold = Self("fold")

    /// Every kind Interface Builder is known to write (docs/input-format.md §3.2).
    public static let knownSegueKinds: Set<EdgeKind> = [
        .show, .showDetail, .presentation, .popoverPresentation, .embed, .unwind, .custom, .relationship,
        .push, .modal, .replace, .popover, .sheet,
    ]

    /// An Interface Builder segue or relationship (a known kind or one added later), not one of sbmap's own edges
    /// (`reference`, `code`, `unwind-target`, `aggregate`, `fold`): what counts and is listed as a segue.
    public var isInterfaceBuilderSegue: Bool {
        switch self {
        case .reference, .code, .unwindTarget, .aggregate, .fold: false
        default: true
        }
    }
}

/// The element that fires a segue (`button`, `tableViewCell`, `barButtonItem`, the controller itself, …).
public struct Trigger: Hashable, Sendable, Codable {
    public var element: String
    public var objectID: String?

    public init(element: String, objectID: String?) {
        self.element = element
        self.objectID = objectID
    }
}

/// One edge of the map: a segue, a relationship, a resolved cross-file link, or a link made in code.
public struct Edge: Hashable, Sendable, Codable {
    /// Stable id: `<storyboard path>#<segue objectID>` for segues; derived from the ends otherwise.
    public var id: String
    public var from: String
    public var to: String
    public var kind: EdgeKind
    /// For `relationship` edges: `rootViewController`, `viewControllers`, `tabItems`, …
    public var relationship: String?
    /// For ordered relationships (`viewControllers`, `tabItems`, `splitItems`): the 0-based position.
    public var order: Int?
    /// The segue identifier used by `performSegue(withIdentifier:)`.
    public var identifier: String?
    /// `destinationCreationSelector`: the `@IBSegueAction` that creates the destination.
    public var creationSelector: String?
    /// `customClass` of the segue (a UIStoryboardSegue subclass).
    public var customClass: String?
    /// For unwind segues: the selector that receives the unwind.
    public var unwindAction: String?
    /// The two ends are in different storyboards, or one is a code type and the other a scene.
    public var crossFile: Bool
    /// The element that owns the segue.
    public var trigger: Trigger?
    /// Where the edge is declared (the `<segue>` element, or the line of code).
    public var location: SourceLocation?
    /// For code edges: the API that made the link (`instantiateViewController(withIdentifier:)`,
    /// `StoryboardScene`, `R.storyboard`, `heuristic: class name`, …); for unwind-target edges, the `@IBAction`.
    public var via: String?
    /// For `aggregate` edges: how many links it stands for, and the worst state among them (`resolved` when all do).
    public var count: Int?
    public var worst: Resolution.State?
    /// In a diff map: what the change did to the edge.
    public var change: Change?

    public init(id: String, from: String, to: String, kind: EdgeKind, relationship: String? = nil,
                order: Int? = nil, identifier: String? = nil, creationSelector: String? = nil,
                customClass: String? = nil, unwindAction: String? = nil, crossFile: Bool = false,
                trigger: Trigger? = nil, location: SourceLocation? = nil, via: String? = nil) {
        self.id = id
        self.from = from
        self.to = to
        self.kind = kind
        self.relationship = relationship
        self.order = order
        self.identifier = identifier
        self.creationSelector = creationSelector
        self.customClass = customClass
        self.unwindAction = unwindAction
        self.crossFile = crossFile
        self.trigger = trigger
        self.location = location
        self.via = via
    }
}
