// What the loader read from single files, before anything is resolved across files.
// The loader (SBMapParse) produces these; the resolver (SBMapResolve) joins them into a StoryboardGraph.

/// One storyboard file as read, or as much of it as could be read.
public struct LoadedStoryboard: Hashable, Sendable {
    public var path: String
    /// `document@type`.
    public var documentType: String?
    /// `document@targetRuntime`.
    public var targetRuntime: String?
    public var platform: Platform
    /// `document@initialViewController`: the object id of the initial scene root.
    public var initialViewController: String?
    /// Where `initialViewController` is written (the `<document>` element).
    public var documentLocation: SourceLocation
    /// `document@launchScreen="YES"`.
    public var isLaunchScreen: Bool
    /// Scenes in document order.
    public var scenes: [LoadedScene]

    public init(path: String, documentType: String? = nil, targetRuntime: String? = nil, platform: Platform,
                initialViewController: String? = nil, documentLocation: SourceLocation, isLaunchScreen: Bool = false,
                scenes: [LoadedScene] = []) {
        self.path = path
        self.documentType = documentType
        self.targetRuntime = targetRuntime
        self.platform = platform
        self.initialViewController = initialViewController
        self.documentLocation = documentLocation
        self.isLaunchScreen = isLaunchScreen
        self.scenes = scenes
    }
}

/// One `<scene>`: its root object, and every segue any object in it owns.
public struct LoadedScene: Hashable, Sendable {
    /// `scene@sceneID`.
    public var sceneID: String?
    /// The root's element name (`viewController`, `navigationController`, `viewControllerPlaceholder`, …).
    public var element: String
    /// The root's `id`.
    public var objectID: String
    /// Where the root element starts.
    public var location: SourceLocation
    public var customClass: String?
    public var customModule: String?
    public var storyboardIdentifier: String?
    /// The root's `title` attribute.
    public var title: String?
    /// The root's `userLabel` attribute.
    public var userLabel: String?
    /// The title of the root's own `navigationItem` (`<navigationItem key="navigationItem" title=…>`).
    public var navigationTitle: String?
    /// The XML comment Xcode writes before the scene (`<!--Emoji Dictionary-->`): a display label, not data.
    public var comment: String?
    /// For `viewControllerPlaceholder` / `controllerPlaceholder`: `storyboardName`.
    public var placeholderStoryboardName: String?
    /// For placeholders: `referencedIdentifier`.
    public var placeholderReferencedIdentifier: String?
    /// For placeholders: `bundleIdentifier`.
    public var placeholderBundleIdentifier: String?
    /// User-defined runtime attributes of the root and of its root view (`<view key="view">`), in order.
    public var runtimeAttributes: [RuntimeAttribute]
    /// Ids of the scene's `<exit>` objects (the destination of its unwind segues).
    public var exitIDs: [String]
    /// Every segue with a `destination` and `kind` owned by any object in the scene, in document order.
    public var segues: [LoadedSegue]

    public init(sceneID: String? = nil, element: String, objectID: String, location: SourceLocation,
                customClass: String? = nil, customModule: String? = nil, storyboardIdentifier: String? = nil,
                title: String? = nil, userLabel: String? = nil, navigationTitle: String? = nil, comment: String? = nil,
                placeholderStoryboardName: String? = nil, placeholderReferencedIdentifier: String? = nil,
                placeholderBundleIdentifier: String? = nil, runtimeAttributes: [RuntimeAttribute] = [],
                exitIDs: [String] = [], segues: [LoadedSegue] = []) {
        self.sceneID = sceneID
        self.element = element
        self.objectID = objectID
        self.location = location
        self.customClass = customClass
        self.customModule = customModule
        self.storyboardIdentifier = storyboardIdentifier
        self.title = title
        self.userLabel = userLabel
        self.navigationTitle = navigationTitle
        self.comment = comment
        self.placeholderStoryboardName = placeholderStoryboardName
        self.placeholderReferencedIdentifier = placeholderReferencedIdentifier
        self.placeholderBundleIdentifier = placeholderBundleIdentifier
        self.runtimeAttributes = runtimeAttributes
        self.exitIDs = exitIDs
        self.segues = segues
    }
}

/// One `<userDefinedRuntimeAttribute>` (also how `@IBInspectable` values are stored).
public struct RuntimeAttribute: Hashable, Sendable {
    public var keyPath: String
    /// `string`, `boolean`, `number`, `color`, …
    public var type: String
    /// The `value` attribute, when the type stores one there (`string`, `boolean`).
    public var value: String?
    public var location: SourceLocation

    public init(keyPath: String, type: String, value: String?, location: SourceLocation) {
        self.keyPath = keyPath
        self.type = type
        self.value = value
        self.location = location
    }
}

/// One `<segue>` with a `destination` and a `kind`.
public struct LoadedSegue: Hashable, Sendable {
    /// `segue@id`.
    public var objectID: String?
    /// `segue@destination`: an object id in the same file.
    public var destination: String
    public var kind: EdgeKind
    /// `identifier`; an empty string is read as none.
    public var identifier: String?
    public var relationship: String?
    public var customClass: String?
    public var unwindAction: String?
    /// `destinationCreationSelector` (`@IBSegueAction`).
    public var creationSelector: String?
    /// The element whose `<connections>` holds the segue.
    public var trigger: Trigger
    public var location: SourceLocation

    public init(objectID: String?, destination: String, kind: EdgeKind, identifier: String? = nil,
                relationship: String? = nil, customClass: String? = nil, unwindAction: String? = nil,
                creationSelector: String? = nil, trigger: Trigger, location: SourceLocation) {
        self.objectID = objectID
        self.destination = destination
        self.kind = kind
        self.identifier = identifier
        self.relationship = relationship
        self.customClass = customClass
        self.unwindAction = unwindAction
        self.creationSelector = creationSelector
        self.trigger = trigger
        self.location = location
    }
}

/// A key in an Info.plist or a build setting in `project.pbxproj` that names a storyboard.
public struct EntryPointDeclaration: Hashable, Sendable {
    public var role: EntryPoint.Role
    public var key: String
    /// The storyboard name as written (basename, no extension; `Main.storyboard` is tolerated and trimmed by the resolver).
    public var storyboardName: String
    public var location: SourceLocation
    /// For an `INFOPLIST_KEY_*` build setting, the configurations that set it, when not all of the target's do
    /// (empty: all of them, or an Info.plist key).
    public var configurations: [String] = []

    public init(role: EntryPoint.Role, key: String, storyboardName: String, location: SourceLocation,
                configurations: [String] = []) {
        self.role = role
        self.key = key
        self.storyboardName = storyboardName
        self.location = location
        self.configurations = configurations
    }
}

/// What the loader read from one Info.plist or project.pbxproj.
public struct LoadedSettings: Hashable, Sendable {
    public var path: String
    public var entryPoints: [EntryPointDeclaration]
    /// A literal `CFBundleIdentifier` (not a `$(…)` build-setting expression), for resolving references
    /// that carry a `bundleIdentifier`.
    public var bundleIdentifier: String?

    public init(path: String, entryPoints: [EntryPointDeclaration] = [], bundleIdentifier: String? = nil) {
        self.path = path
        self.entryPoints = entryPoints
        self.bundleIdentifier = bundleIdentifier
    }
}

/// The result of loading one file: what could be read, and the findings about it.
/// A file that could not be read at all has `value == nil` and at least one error (or, for a Git LFS pointer, which is
/// not broken but not fetched, the `lfs-pointer` warning).
public struct Loaded<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The file, as named in every output (`InputFile.path`).
    public var path: String
    public var value: Value?
    public var diagnostics: [Diagnostic]
    /// Why the loader could not read the file (`value` is nil), in its own words: what is resolved later asks this,
    /// not the findings. `nil` for a file that was read.
    public var unread: UnreadReason?

    /// `unread` says why `value` is nil: a file not read for another reason than an LFS pointer `failed`.
    ///
    /// Inlinable, so that it is made for each loader's own type: the generic one copied the whole value (a source
    /// file's, with its many references) twice to store it and ask whether it is nil; `value` is moved in last. (A
    /// `switch`, as `value == nil` is `Equatable`'s `==`, which copies both sides into a pair.)
    @inlinable
    public init(path: String, _ value: Value?, diagnostics: [Diagnostic] = [], unread: UnreadReason? = nil) {
        self.path = path
        self.diagnostics = diagnostics
        switch value {
        case .none: self.unread = unread ?? .failed
        case .some: self.unread = nil
        }
        self.value = value
    }
}

/// Why a file was not read.
public enum UnreadReason: Hashable, Sendable {
    /// It could not be read or parsed (its finding says why): what it holds is unknown, and it is broken.
    case failed
    /// It is a Git LFS pointer (the checkout did not fetch it): what it holds is unknown, not broken.
    case lfsPointer
}

/// Everything the loader read in one run, each array in the order of the input files (sorted by path).
public struct LoadedProject: Hashable, Sendable {
    public var storyboards: [Loaded<LoadedStoryboard>]
    /// Info.plists.
    public var settings: [Loaded<LoadedSettings>]
    /// Swift and Objective-C sources, scanned for links made in code (empty with `--no-code`).
    public var code: [Loaded<LoadedCodeFile>] = []
    /// Xcode projects and Swift packages: which target holds which file.
    public var projects: [Loaded<LoadedBuildProject>] = []
    /// Paths of the nib files (`.xib`) in the tree: a launch screen may be one.
    public var nibs: [String] = []
    /// The xibs as read, for their screens (empty when the run maps storyboards only: `--screens storyboards`).
    public var xibs: [Loaded<LoadedXib>] = []

    public init(storyboards: [Loaded<LoadedStoryboard>] = [], settings: [Loaded<LoadedSettings>] = [],
                code: [Loaded<LoadedCodeFile>] = [], projects: [Loaded<LoadedBuildProject>] = [], nibs: [String] = []) {
        self.storyboards = storyboards
        self.settings = settings
        self.code = code
        self.projects = projects
        self.nibs = nibs
    }
}
