/// One storyboard file in the graph: one cluster on the map. A `.xib` that holds a screen is one too (`kind` `.xib`):
/// its cluster holds its xib screens.
public struct Storyboard: Hashable, Sendable, Codable {
    /// What file a cluster stands for.
    public enum Kind: String, Hashable, Sendable, Codable {
        case storyboard
        /// A `.xib` (a nib) that holds a screen: its File's Owner is a view controller, or a top-level controller.
        case xib
    }

    /// Stable id: the file's path. Node ids start with it.
    public var id: String { path }
    /// The file, as reached from the user's argument.
    public var path: String
    /// The name code and references use: the file's basename without `.storyboard`.
    public var name: String
    public var platform: Platform
    /// `Base`, `en`, … when the file sits in an `*.lproj` folder.
    public var localization: String?
    /// Paths of other localized copies of the same storyboard, which were compared but not mapped.
    public var localizedVariants: [String]
    /// Node id of the initial scene (`document@initialViewController`), if the file has one.
    public var initialScene: String?
    /// `launchScreen="YES"`.
    public var isLaunchScreen: Bool
    /// Why the app loads this storyboard on its own: Info.plist and build-setting keys that name it.
    public var entryPoints: [EntryPoint]
    /// Ids of the targets (`BuildTarget.id`) whose bundle holds the file, sorted. Empty when no project describes it,
    /// or when a project describes its folder and no target holds it (a dead copy).
    public var targets: [String]
    /// A storyboard, or a xib file; written to JSON only for a xib, so a map of storyboards only is as it was.
    public var kind: Kind

    /// Whether the file is a `.xib` (its name ends in `.xib`, so it never takes a storyboard's name).
    public var isXib: Bool { kind == .xib }

    public init(path: String, name: String, platform: Platform, localization: String? = nil,
                localizedVariants: [String] = [], initialScene: String? = nil, isLaunchScreen: Bool = false,
                entryPoints: [EntryPoint] = [], targets: [String] = [], kind: Kind = .storyboard) {
        self.kind = kind
        self.path = path
        self.name = name
        self.platform = platform
        self.localization = localization
        self.localizedVariants = localizedVariants
        self.initialScene = initialScene
        self.isLaunchScreen = isLaunchScreen
        self.entryPoints = entryPoints
        self.targets = targets
    }

    private enum CodingKeys: String, CodingKey {
        case id, path, name, platform, localization, localizedVariants, initialScene, isLaunchScreen, entryPoints, targets
        case kind
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(path, forKey: .path)
        try c.encode(name, forKey: .name)
        try c.encode(platform, forKey: .platform)
        try c.encodeIfPresent(localization, forKey: .localization)
        try c.encode(localizedVariants, forKey: .localizedVariants)
        try c.encodeIfPresent(initialScene, forKey: .initialScene)
        try c.encode(isLaunchScreen, forKey: .isLaunchScreen)
        try c.encode(entryPoints, forKey: .entryPoints)
        try c.encode(targets, forKey: .targets)
        if kind != .storyboard { try c.encode(kind, forKey: .kind) }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        path = try c.decode(String.self, forKey: .path)
        name = try c.decode(String.self, forKey: .name)
        platform = try c.decode(Platform.self, forKey: .platform)
        localization = try c.decodeIfPresent(String.self, forKey: .localization)
        localizedVariants = try c.decodeIfPresent([String].self, forKey: .localizedVariants) ?? []
        initialScene = try c.decodeIfPresent(String.self, forKey: .initialScene)
        isLaunchScreen = try c.decodeIfPresent(Bool.self, forKey: .isLaunchScreen) ?? false
        entryPoints = try c.decodeIfPresent([EntryPoint].self, forKey: .entryPoints) ?? []
        targets = try c.decodeIfPresent([String].self, forKey: .targets) ?? []
        kind = try c.decodeIfPresent(Kind.self, forKey: .kind) ?? .storyboard
    }
}

/// Why the system loads a storyboard by name: the Info.plist or build-setting key that names it.
public struct EntryPoint: Hashable, Sendable, Codable, Comparable {
    public enum Role: String, Sendable, Codable, Comparable, CaseIterable {
        /// `UIMainStoryboardFile`, `NSMainStoryboardFile`, `INFOPLIST_KEY_UIMainStoryboardFile`, …
        case main
        /// `UIMainStoryboardFile~ipad`.
        case mainPad = "main-ipad"
        /// `UISceneStoryboardFile` in a scene manifest.
        case scene
        /// `UILaunchStoryboardName`, `UILaunchStoryboardFile`.
        case launch
        /// `UILaunchStoryboardName~ipad`.
        case launchPad = "launch-ipad"
        /// `NSExtensionMainStoryboard`.
        case `extension`

        public static func < (a: Role, b: Role) -> Bool { a.rawValue < b.rawValue }
    }

    public var role: Role
    /// The key as written (`UIMainStoryboardFile`, `INFOPLIST_KEY_UIMainStoryboardFile`, …).
    public var key: String
    /// Where the key was declared.
    public var declaredAt: SourceLocation

    public init(role: Role, key: String, declaredAt: SourceLocation) {
        self.role = role
        self.key = key
        self.declaredAt = declaredAt
    }

    public static func < (a: EntryPoint, b: EntryPoint) -> Bool {
        (a.declaredAt, a.key, a.role) < (b.declaredAt, b.key, b.role)
    }
}
