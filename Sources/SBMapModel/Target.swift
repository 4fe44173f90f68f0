/// A build target: what Xcode (a `project.pbxproj` target) or SwiftPM (a `Package.swift` target) builds into one
/// product. Storyboards, Info.plists and sources belong to zero or more targets; names resolve inside the targets
/// of the file that names them, because that is the bundle the app looks in at run time.
public struct BuildTarget: Hashable, Sendable, Codable, Comparable {
    /// Stable id: `<project path>#<target name>`, for example `App/App.xcodeproj#App` or `Kit/Package.swift#Feature`.
    public var id: String
    public var name: String
    /// The `.xcodeproj` folder or the `Package.swift` file that declares the target.
    public var project: String
    /// What the target builds.
    public var product: ProductKind
    /// The raw `productType` (`com.apple.product-type.application`, …); `swiftpm-target` for packages.
    public var productType: String
    /// Platforms it builds for (`SDKROOT`, `SUPPORTED_PLATFORMS`, a package's `platforms:`), sorted.
    /// Empty when nothing says (a package with no `platforms:` and no storyboard to tell).
    public var platforms: [Platform]
    /// The Info.plist the target uses (`INFOPLIST_FILE`), as a path like every other path, when it was found.
    public var infoPlist: String?
    /// `PRODUCT_BUNDLE_IDENTIFIER` when it is a literal.
    public var bundleIdentifier: String?
    /// Where the target is declared.
    public var declaredAt: SourceLocation?

    public init(id: String, name: String, project: String, product: ProductKind, productType: String,
                platforms: [Platform], infoPlist: String? = nil, bundleIdentifier: String? = nil,
                declaredAt: SourceLocation? = nil) {
        self.id = id
        self.name = name
        self.project = project
        self.product = product
        self.productType = productType
        self.platforms = platforms
        self.infoPlist = infoPlist
        self.bundleIdentifier = bundleIdentifier
        self.declaredAt = declaredAt
    }

    public static func id(project: String, target: String) -> String { "\(project)#\(target)" }

    /// The target's title on the map: `Name (iOS)`, `Name (iOS, macOS)`.
    public var title: String {
        let names = platforms.filter { $0 != .unknown }.map(\.displayName)
        return names.isEmpty ? name : "\(name) (\(names.joined(separator: ", ")))"
    }

    public static func < (a: BuildTarget, b: BuildTarget) -> Bool { a.id < b.id }
}

/// What a target builds, as far as storyboards care. Unknown product types are `other`, never an error.
public enum ProductKind: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    case application = "app"
    case appExtension = "app-extension"
    /// A watchOS app (`watchapp`, `watchapp2`) or its WatchKit extension.
    case watchApp = "watch-app"
    case watchExtension = "watch-extension"
    case appClip = "app-clip"
    case framework
    case staticLibrary = "static-library"
    /// A resource bundle, or a SwiftPM target's resource bundle.
    case bundle
    case unitTests = "unit-tests"
    case uiTests = "ui-tests"
    case tool
    /// A SwiftPM target (`.target`, `.executableTarget`): its resources go to `Bundle.module`.
    case package
    case other

    /// Reads Xcode's `productType`.
    public init(productType: String) {
        switch productType {
        case "com.apple.product-type.application", "com.apple.product-type.application.messages",
             "com.apple.product-type.application.watchapp2-container":
            self = .application
        case "com.apple.product-type.application.on-demand-install-capable": self = .appClip
        case "com.apple.product-type.application.watchapp", "com.apple.product-type.application.watchapp2":
            self = .watchApp
        case "com.apple.product-type.watchkit-extension", "com.apple.product-type.watchkit2-extension": self = .watchExtension
        case "com.apple.product-type.framework", "com.apple.product-type.framework.static": self = .framework
        case "com.apple.product-type.library.static", "com.apple.product-type.library.dynamic": self = .staticLibrary
        case "com.apple.product-type.bundle": self = .bundle
        case "com.apple.product-type.bundle.unit-test": self = .unitTests
        case "com.apple.product-type.bundle.ui-testing": self = .uiTests
        case "com.apple.product-type.tool": self = .tool
        default:
            self = productType.hasPrefix("com.apple.product-type.app-extension")
                || productType.hasPrefix("com.apple.product-type.extensionkit-extension")
                || productType.hasPrefix("com.apple.product-type.tv-app-extension")
                ? .appExtension : .other
        }
    }

    /// Whether the product is something a person launches: an app, a watch app, an app clip.
    /// Only these (and extensions, for `NSExtensionMainStoryboard`) have entry points.
    public var isApplication: Bool { self == .application || self == .watchApp || self == .appClip }

    /// Whether the product has its own bundle, in which `UIStoryboard(name:bundle: nil)` looks.
    public var isRunnable: Bool { isApplication || self == .appExtension || self == .watchExtension }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

extension Platform {
    /// How a person writes the platform: `iOS`, `macOS`.
    public var displayName: String {
        switch self {
        case .iOS: "iOS"
        case .tvOS: "tvOS"
        case .macOS: "macOS"
        case .watchOS: "watchOS"
        case .unknown: "unknown platform"
        }
    }

    /// Reads an `SDKROOT` (`iphoneos`, `macosx`, `appletvos`, `watchos`, `auto`) or one `SUPPORTED_PLATFORMS` word
    /// (`iphonesimulator`, …). `nil` for words that name no platform (`auto`, `$(…)`).
    public init?(sdk: String) {
        let word = sdk.lowercased()
        if word.hasPrefix("iphone") || word.hasPrefix("ios") { self = .iOS }
        else if word.hasPrefix("macosx") || word == "macos" { self = .macOS }
        else if word.hasPrefix("appletv") || word.hasPrefix("tvos") { self = .tvOS }
        else if word.hasPrefix("watch") { self = .watchOS }
        else { return nil }
    }
}

// MARK: - What the loader reads

/// One Xcode project (`project.pbxproj`) or Swift package (`Package.swift`), as read.
public struct LoadedBuildProject: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case xcode
        case swiftPackage = "swift-package"
    }

    /// The file read: `App/App.xcodeproj/project.pbxproj`, or `Kit/Package.swift`.
    public var path: String
    public var kind: Kind
    /// How targets are named in ids: the `.xcodeproj` folder, or the `Package.swift` path.
    public var name: String
    /// The folder the project's relative paths start from (`SOURCE_ROOT`, the package root), `""` for the current one.
    public var root: String
    public var targets: [LoadedTarget]

    public init(path: String, kind: Kind, name: String, root: String, targets: [LoadedTarget] = []) {
        self.path = path
        self.kind = kind
        self.name = name
        self.root = root
        self.targets = targets
    }
}

/// One target of a project, as read: its settings and the files its build phases hold, every path already
/// resolved against the project (groups, `SOURCE_ROOT`, `$(SRCROOT)`) and spelled like discovery's paths.
public struct LoadedTarget: Hashable, Sendable {
    public var name: String
    public var productType: String
    public var platforms: [Platform]
    /// `INFOPLIST_FILE`, resolved to a path; `nil` when the target sets none (or generates its Info.plist). The
    /// Release configuration's (else the first by name) when configurations differ: `infoPlists` has them all.
    public var infoPlistFile: String?
    /// Every Info.plist the target's build configurations use: `INFOPLIST_FILE` per
    /// configuration and per `[sdk=…]` condition, in the project or an `.xcconfig`, each once with the
    /// configurations that use it.
    public var infoPlists: [ConfiguredInfoPlist] = []
    /// The names of the target's build configurations, sorted.
    public var configurations: [String] = []
    /// `TARGETED_DEVICE_FAMILY` (1 iPhone, 2 iPad, 3 tvOS, 4 watch, 6 Mac Catalyst, 7 visionOS), sorted; empty when
    /// not set or not a literal. An iPhone-only target never reads `~ipad` Info.plist keys.
    public var deviceFamilies: [Int] = []
    /// `PRODUCT_BUNDLE_IDENTIFIER` when it is a literal (no `$(…)`).
    public var bundleIdentifier: String?
    /// `INFOPLIST_KEY_*` build settings that name storyboards (Xcode 13+ generated Info.plists).
    public var entryPoints: [EntryPointDeclaration]
    /// The target's build settings with a plain string value (Release's first, the target's over the project's and
    /// its `.xcconfig`'s), with `TARGET_NAME`, `PRODUCT_NAME` and `PRODUCT_MODULE_NAME`: what `$(…)` in its Info.plist
    /// values stands for (`BuildSettingExpansion`).
    public var buildSettings: [String: String] = [:]
    /// Files in the target's build phases (resources and sources; a localized variant group gives each copy).
    public var files: [String]
    /// Folders whose whole content the target holds: folder references, Xcode 16 synchronized folders
    /// (`PBXFileSystemSynchronizedRootGroup`) and a package target's folder.
    public var folders: [TargetFolder]
    /// The names of the targets of the same project that this one links (its frameworks build phase lists their
    /// product) or depends on: a library's code runs in each app that links it.
    public var linkedTargets: [String] = []
    /// The products the target links that its own project does not build (`IBAnimatable.framework`, a pod's
    /// framework, a Swift package product), by file or product name, sorted. Their code runs in the target, and sbmap
    /// sees it only when it scans the project or package that builds them (`TargetMembership.unscannedLinks`).
    public var unscannedLinks: [String] = []
    public var declaredAt: SourceLocation?

    public init(name: String, productType: String, platforms: [Platform] = [], infoPlistFile: String? = nil,
                bundleIdentifier: String? = nil, entryPoints: [EntryPointDeclaration] = [], files: [String] = [],
                folders: [TargetFolder] = [], declaredAt: SourceLocation? = nil) {
        self.name = name
        self.productType = productType
        self.platforms = platforms
        self.infoPlistFile = infoPlistFile
        self.bundleIdentifier = bundleIdentifier
        self.entryPoints = entryPoints
        self.files = files
        self.folders = folders
        self.declaredAt = declaredAt
    }
}

/// An Info.plist that some of a target's build configurations use.
public struct ConfiguredInfoPlist: Hashable, Sendable {
    /// The path, spelled like discovery's.
    public var path: String
    /// The configurations that use it (`Beta`, or `Release (sdk=macosx*)` for a conditional setting), sorted.
    public var configurations: [String]
    /// Where the `INFOPLIST_FILE` setting is written (the first configuration's).
    public var declaredAt: SourceLocation?

    public init(path: String, configurations: [String], declaredAt: SourceLocation? = nil) {
        self.path = path
        self.configurations = configurations
        self.declaredAt = declaredAt
    }
}

/// A folder a target holds whole, less its exceptions; or, for an Xcode 16 synchronized folder another target owns,
/// only the files the target's exceptions name.
public struct TargetFolder: Hashable, Sendable {
    /// The folder, spelled like discovery's paths.
    public var path: String
    /// Paths under it that the target does not hold (a synchronized folder's `membershipExceptions`).
    public var excluded: [String]
    /// When set, the target holds only these paths under the folder (and what lies below them): the
    /// `membershipExceptions` of a synchronized folder for a target that does not own it add files to that target.
    public var only: [String]?

    public init(path: String, excluded: [String] = [], only: [String]? = nil) {
        self.path = path
        self.excluded = excluded
        self.only = only
    }

    /// Whether the folder holds `file`.
    public func contains(_ file: String) -> Bool {
        guard Self.isInside(file, folder: path) else { return false }
        if let only { return only.contains { Self.matches(file, $0) } }
        return !excluded.contains { Self.matches(file, $0) }
    }

    /// Whether `file` is `entry`, lies under it, or is one localization of it: a `*.lproj` component in `entry`
    /// stands for any `.lproj` folder (Xcode 16 writes `/Localized/Dir/Main.storyboard` for the variant group whose
    /// copies are `Dir/Base.lproj/Main.storyboard`, `Dir/fr.lproj/Main.strings`…, and the loader spells it
    /// `Dir/*.lproj/Main.storyboard`). A localization may change the extension (`.strings` beside a storyboard).
    public static func matches(_ file: String, _ entry: String) -> Bool {
        if file == entry || isInside(file, folder: entry) { return true }
        guard entry.contains("*.lproj/") else { return false }
        let want = entry.split(separator: "/", omittingEmptySubsequences: false)
        let have = file.split(separator: "/", omittingEmptySubsequences: false)
        guard want.count == have.count else { return false }
        for (w, h) in zip(want, have).dropLast() where w != h {
            guard w == "*.lproj", h.hasSuffix(".lproj") else { return false }
        }
        guard let w = want.last, let h = have.last else { return false }
        return w == h || Self.stem(w) == Self.stem(h)
    }

    private static func stem(_ name: Substring) -> Substring {
        name.lastIndex(of: ".").map { name[..<$0] } ?? name
    }

    /// Whether `file` lies under `folder` (`""` is the current folder, which holds every relative path).
    public static func isInside(_ file: String, folder: String) -> Bool {
        if folder.isEmpty || folder == "." { return !file.hasPrefix("/") }
        return file.count > folder.count && file.hasPrefix(folder)
            && file.utf8[file.utf8.index(file.utf8.startIndex, offsetBy: folder.utf8.count)] == UInt8(ascii: "/")
    }
}
