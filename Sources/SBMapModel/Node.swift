/// What a node is, for drawing and for reading the graph. Derived from the scene's XML element,
/// never from its class name, so a subclass of UINavigationController still draws as `navigation`.
public enum SceneRole: String, Sendable, Codable, CaseIterable, Comparable {
    case navigation
    case tabBar = "tab-bar"
    case split
    case page
    /// Any other controller (`viewController`, `tableViewController`, `hostingController`, unknown names, …).
    case plain
    /// macOS `windowController`.
    case window
    /// macOS `application` menu scene: it has `sceneMemberID="viewController"` but is not a controller.
    case application
    /// A storyboard reference: `viewControllerPlaceholder` / `controllerPlaceholder`.
    case reference
    /// An older runtime-attribute placeholder (RBStoryboardLink and similar).
    case link
    /// A synthetic node for the target of unwind segues with one `unwindAction`.
    case exit
    /// A type in source code that instantiates scenes but has no scene of its own (an app delegate, a coordinator).
    case code
    /// What a link made in code names when it does not resolve: an unknown storyboard or Storyboard ID, or a
    /// storyboard without initial scene. A synthetic node (in the storyboard's cluster when the storyboard exists)
    /// whose `link` says what the code names (mechanism `code`) and whose `resolution` says why it does not
    /// resolve; the `code` edges of the calls run into it, so the broken link shows on the map.
    case codeTarget = "code-target"
    /// In an overview map: one node standing for a whole storyboard (its `summary` says what it holds).
    case storyboard
    /// In a focus map: the scenes of a storyboard that lie further away than the map reaches, folded into one node.
    case stub
    /// A screen from a `.xib`: its File's Owner is a view controller class, or it holds a top-level view controller.
    /// Its node is in the cluster of its xib file (a `Storyboard` whose `kind` is `xib`).
    case xibScreen = "xib-screen"
    /// A screen made in code (issue 32): a view controller class declared in scanned code, with no scene and no xib
    /// screen, that code creates and pushes, presents or sets as a root, a tab or a child. One node per class
    /// (`code:<Type>`, the id its code node would have), outside every storyboard.
    case codeScreen = "code-screen"
    /// A SwiftUI view hosted as a screen (`UIHostingController(rootView: SettingsView())`, `NSHostingController`):
    /// a leaf, labelled `SettingsView (SwiftUI)`, id `swiftui:<View>`, outside every storyboard.
    case swiftUIScreen = "swiftui-screen"

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// The role a scene root element plays. Unknown element names are plain scenes, never errors.
    public init(element: String) {
        switch element {
        case "navigationController": self = .navigation
        case "tabBarController", "tabViewController": self = .tabBar
        case "splitViewController": self = .split
        case "pageViewController", "pagecontroller": self = .page
        case "windowController": self = .window
        case "application": self = .application
        case "viewControllerPlaceholder", "controllerPlaceholder": self = .reference
        default: self = .plain
        }
    }

    /// Whether this node stands for a link to a scene elsewhere and has a `resolution`.
    public var isCrossFileLink: Bool { self == .reference || self == .link }

    /// Whether nodes of this role carry a `resolution`: cross-file link placeholders, and targets named in code.
    public var carriesResolution: Bool { isCrossFileLink || self == .codeTarget }

    /// Whether nodes of this role are scenes of a storyboard, rather than something sbmap adds (exits, code).
    public var isScene: Bool {
        self != .exit && self != .code && self != .codeTarget && !isSummary && !isMadeInCode
    }

    /// Whether a node of this role is a screen that no storyboard or xib holds: made in code, or a SwiftUI root.
    public var isMadeInCode: Bool { self == .codeScreen || self == .swiftUIScreen }

    /// Whether a node of this role is counted as a scene (`GraphCounts`): a scene of a storyboard that is not a
    /// placeholder for a scene elsewhere (a placeholder is counted once, as a cross-file link). A xib screen is a
    /// screen too (`GraphCounts` counts it apart, as a xib screen).
    public var isCountedScene: Bool { isScene && !isCrossFileLink }

    /// Whether the node stands for many scenes (overview and focus maps), not for one.
    public var isSummary: Bool { self == .storyboard || self == .stub }
}

/// Where a reference or link node points, as written in the storyboard.
public struct LinkTarget: Hashable, Sendable, Codable {
    public enum Mechanism: String, Sendable, Codable {
        /// `viewControllerPlaceholder` / `controllerPlaceholder`.
        case storyboardReference = "storyboard-reference"
        /// User-defined runtime attributes on a placeholder scene (RBStoryboardLink and similar).
        case runtimeAttributes = "runtime-attributes"
        /// A call in source code (`instantiateViewController(withIdentifier:)`, …), for `code-target` nodes.
        case code
    }

    public var mechanism: Mechanism
    /// `storyboardName`; `nil` for an unconfigured reference.
    public var storyboardName: String?
    /// `referencedIdentifier` / `sceneIdentifier` / …; `nil` means the target's initial scene.
    public var identifier: String?
    /// `bundleIdentifier`: the storyboard lives in another bundle.
    public var bundleIdentifier: String?
    /// For runtime-attribute links: the library class (`RBStoryboardLink`).
    public var linkClass: String?

    public init(mechanism: Mechanism, storyboardName: String?, identifier: String? = nil,
                bundleIdentifier: String? = nil, linkClass: String? = nil) {
        self.mechanism = mechanism
        self.storyboardName = storyboardName
        self.identifier = identifier
        self.bundleIdentifier = bundleIdentifier
        self.linkClass = linkClass
    }
}

/// The outcome of resolving a reference or link node.
public struct Resolution: Hashable, Sendable, Codable {
    public enum State: String, Sendable, Codable, CaseIterable {
        case resolved
        case unresolved
        /// Points into a bundle that was not scanned.
        case external
        /// More than one scene fits; `candidates` lists them.
        case ambiguous
    }

    public var state: State
    /// The scene it resolves to (only when `resolved`).
    public var target: String?
    /// Why it did not resolve, or how it did when that is worth knowing ("assumed same storyboard").
    public var reason: String?
    /// Scenes that nearly fit: for `ambiguous`, every match; for a letter-case mismatch, the scene it would reach.
    public var candidates: [String]

    public init(state: State, target: String? = nil, reason: String? = nil, candidates: [String] = []) {
        self.state = state
        self.target = target
        self.reason = reason
        self.candidates = candidates
    }

    /// How bad a state is, for the worst of several links: resolved, external, ambiguous, unresolved.
    public static func worse(_ a: State, _ b: State) -> State {
        let rank: [State: Int] = [.resolved: 0, .external: 1, .ambiguous: 2, .unresolved: 3]
        return (rank[a] ?? 0) >= (rank[b] ?? 0) ? a : b
    }

    public static func resolved(_ target: String, reason: String? = nil) -> Resolution {
        Resolution(state: .resolved, target: target, reason: reason)
    }
}

/// What a node that stands for a storyboard holds: an overview's storyboard node, or a focus map's stub.
public struct StoryboardSummary: Hashable, Sendable, Codable {
    /// The storyboard's path.
    public var storyboard: String
    public var name: String
    /// Scenes it stands for (for a stub: the folded ones).
    public var scenes: Int
    /// Links starting in it that do not resolve (references, runtime-attribute links, calls in code).
    public var unresolved: Int
    /// Findings located in the storyboard, by level.
    public var errors: Int
    public var warnings: Int
    public var notes: Int
    /// Why the system loads it on its own (main, launch, extension, …).
    public var entryRoles: [EntryPoint.Role]
    /// The targets that build it (`BuildTarget.id`s, sorted), as its storyboard says. A focus map's stub needs them:
    /// its storyboard is not among the map's storyboards, yet the stub belongs in the box of those targets.
    public var targets: [String]
    /// An overview of many types in code: the types folded into this storyboard's node, each of which opens this
    /// storyboard and nothing else the overview draws (`OverviewView.maxCodeTypes`), sorted; `nil` when none.
    public var openedFromCode: [String]?

    public init(storyboard: String, name: String, scenes: Int, unresolved: Int = 0, errors: Int = 0, warnings: Int = 0,
                notes: Int = 0, entryRoles: [EntryPoint.Role] = [], targets: [String] = []) {
        self.storyboard = storyboard
        self.name = name
        self.scenes = scenes
        self.unresolved = unresolved
        self.errors = errors
        self.warnings = warnings
        self.notes = notes
        self.entryRoles = entryRoles
        self.targets = targets
    }
}

/// One node of the map: a scene, a reference or link placeholder, an unwind exit, or a code type.
public struct Node: Hashable, Sendable, Codable {
    /// Stable id: `<storyboard path>#<objectID>` for scenes; `code:<Type>` for code types.
    public var id: String
    /// The storyboard (its path) the node belongs to; `nil` for code types.
    public var storyboard: String?
    /// The XML object id of the scene root (`BYZ-38-t0r`, or `2` in Xcode 4 files).
    public var objectID: String?
    /// The XML element name of the scene root (`navigationController`, `viewControllerPlaceholder`, …).
    public var element: String
    public var role: SceneRole
    /// `customClass`, or `nil` when the scene uses the element's default class.
    public var customClass: String?
    public var customModule: String?
    /// The "Storyboard ID" that code passes to `instantiateViewController(withIdentifier:)`.
    public var storyboardIdentifier: String?
    /// `title` attribute, or the title of the scene's navigation item.
    public var title: String?
    /// The label a reader sees by default (title, user label, class, storyboard ID, element).
    public var label: String
    /// The storyboard's initial scene.
    public var initial: Bool
    /// Where the scene root starts.
    public var location: SourceLocation?
    /// For reference and link nodes: what the XML names; for code-target nodes, what the code names.
    public var link: LinkTarget?
    /// For reference, link and code-target nodes: what that name resolved to.
    public var resolution: Resolution?
    /// For exit nodes: the unwind selector.
    public var unwindAction: String?
    /// For `storyboard` and `stub` nodes of overview and focus maps: what the storyboard (or its folded part) holds.
    public var summary: StoryboardSummary?
    /// In a diff map: what the change did to the node.
    public var change: Change?
    /// Where code of the scene's own class creates the scene (a `static func instantiate()` factory): drawn on the
    /// node, not as an edge from the scene to itself.
    public var instantiatedBySelfAt: [SourceLocation]?
    /// What the screen is for: the first sentence of its class's `///` or `/** */` doc comment.
    public var doc: String?
    /// A note `.sbmap.yml` attaches to the screen (`notes: { "Settings:AccountSettings": "…" }`).
    public var note: String?
    /// For code types: the build targets (`BuildTarget.id`s, sorted) that compile the file declaring the type; `nil`
    /// when no project says (no project was read, or no target compiles the file). Maps leave out the types only test
    /// bundles compile (`--include-tests` draws them) and draw a type in the box of its targets.
    public var targets: [String]?

    public init(id: String, storyboard: String?, objectID: String?, element: String, role: SceneRole,
                customClass: String? = nil, customModule: String? = nil, storyboardIdentifier: String? = nil,
                title: String? = nil, label: String, initial: Bool = false, location: SourceLocation? = nil,
                link: LinkTarget? = nil, resolution: Resolution? = nil, unwindAction: String? = nil) {
        self.id = id
        self.storyboard = storyboard
        self.objectID = objectID
        self.element = element
        self.role = role
        self.customClass = customClass
        self.customModule = customModule
        self.storyboardIdentifier = storyboardIdentifier
        self.title = title
        self.label = label
        self.initial = initial
        self.location = location
        self.link = link
        self.resolution = resolution
        self.unwindAction = unwindAction
    }

    /// The class a scene has when it sets no custom class (docs/input-format.md §2), on `platform`'s kit:
    /// `UINavigationController`, `NSWindowController`, …; `nil` for elements with no class of their own.
    public func defaultClass(on platform: Platform?) -> String? {
        let kit = platform == .macOS ? "NS" : "UI"
        switch element {
        case "viewController": return "\(kit)ViewController"
        case "splitViewController": return "\(kit)SplitViewController"
        case "hostingController": return "\(kit)HostingController"
        case "tableViewController": return "UITableViewController"
        case "navigationController": return "UINavigationController"
        case "tabBarController": return "UITabBarController"
        case "collectionViewController": return "UICollectionViewController"
        case "pageViewController": return "UIPageViewController"
        case "avPlayerViewController": return "AVPlayerViewController"
        case "glkViewController": return "GLKViewController"
        case "windowController": return "NSWindowController"
        case "tabViewController": return "NSTabViewController"
        case "pagecontroller": return "NSPageController"
        case "application": return "NSApplication"
        default: return nil
        }
    }

    /// The id of a scene node: storyboard path and object id.
    public static func sceneID(storyboard: String, objectID: String) -> String { "\(storyboard)#\(objectID)" }
    /// The id of the exit node for one unwind selector in one storyboard.
    public static func exitID(storyboard: String, action: String) -> String { "\(storyboard)#exit:\(action)" }
    /// The id of a node for a code type that has no scene.
    public static func codeID(type: String) -> String { "code:\(type)" }
    /// The id of the screen of a SwiftUI view hosted by a hosting controller.
    public static func swiftUIID(view: String) -> String { "swiftui:\(view)" }
    /// The id of the node for a target named in code that does not resolve: `code-target:<storyboard name>`
    /// (its initial scene, or the storyboard itself) or `code-target:<storyboard name>#<Storyboard ID>`.
    public static func codeTargetID(storyboard: String, identifier: String?) -> String {
        identifier.map { "code-target:\(storyboard)#\($0)" } ?? "code-target:\(storyboard)"
    }
}
