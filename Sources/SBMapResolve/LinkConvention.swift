import SBMapModel

/// How an older, pre-Xcode-7 placeholder scene names its target in user-defined runtime attributes.
///
/// Before storyboard references, libraries such as RBStoryboardLink put a plain view controller in
/// the storyboard and named the real target in runtime attributes (docs/input-format.md §5).
/// Key names differ per library, so they are data: `--link-class`, `--link-name-key` and
/// `--link-identifier-key` change them.
public struct LinkConvention: Sendable, Hashable {
    /// The placeholder's `customClass`; `nil` matches a scene of any class.
    public var className: String?
    /// Keys whose string value is the target storyboard's name.
    public var nameKeys: [String]
    /// Keys whose string value is the target scene's storyboard identifier (none: the initial scene).
    public var identifierKeys: [String]
    /// Keys whose string value is the bundle the target storyboard lives in.
    public var bundleKeys: [String]

    public init(className: String?, nameKeys: [String], identifierKeys: [String], bundleKeys: [String] = []) {
        self.className = className
        self.nameKeys = nameKeys
        self.identifierKeys = identifierKeys
        self.bundleKeys = bundleKeys
    }

    /// RBStoryboardLink (`storyboardName`/`sceneIdentifier`), anton-matosov's StoryboardReferences
    /// (`referencedIdentifier`), rock88's StoryboardReference (`referenceIdentifier`), and the
    /// `storyboardName`/`storyboardIdentifier` pair of the storyboard-segregation article.
    public static let defaults: [LinkConvention] = [
        LinkConvention(className: "RBStoryboardLink", nameKeys: ["storyboardName"],
                       identifierKeys: ["sceneIdentifier"], bundleKeys: ["storyboardBundleIdentifier"]),
        LinkConvention(className: nil, nameKeys: ["storyboardName"],
                       identifierKeys: ["storyboardIdentifier", "sceneIdentifier", "referencedIdentifier",
                                        "referenceIdentifier", "controllerIdentifier"],
                       bundleKeys: ["bundleIdentifier", "storyboardBundleIdentifier"]),
    ]

    /// The link target a scene names under this convention, if it follows it.
    func target(of scene: LoadedScene) -> LinkTarget? {
        if let className, scene.customClass != className { return nil }
        func value(_ keys: [String]) -> String? {
            for key in keys {
                if let attribute = scene.runtimeAttributes.first(where: { $0.keyPath == key && $0.type == "string" }),
                   let value = attribute.value, !value.isEmpty {
                    return value
                }
            }
            return nil
        }
        guard let name = value(nameKeys) else { return nil }
        return LinkTarget(mechanism: .runtimeAttributes, storyboardName: name, identifier: value(identifierKeys),
                          bundleIdentifier: value(bundleKeys), linkClass: scene.customClass)
    }
}

/// Everything the resolver can be told.
public struct ResolveOptions: Sendable, Hashable {
    /// Runtime-attribute link conventions, tried in order; the first that fits a scene wins.
    public var linkConventions: [LinkConvention]
    /// The development region, preferred after `Base` when a storyboard has localized copies.
    public var developmentRegion: String

    public init(linkConventions: [LinkConvention] = LinkConvention.defaults, developmentRegion: String = "en") {
        self.linkConventions = linkConventions
        self.developmentRegion = developmentRegion
    }
}
