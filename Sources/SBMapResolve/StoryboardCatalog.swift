import SBMapModel

/// Which storyboard files become clusters, and how names find them.
///
/// Files that are localized copies of one storyboard (`Base.lproj/Main.storyboard`, `ja.lproj/Main.storyboard`)
/// form one group; the preferred copy is mapped (Base, then no `.lproj` folder, then the development
/// region, then the rest by name) and the others are only compared with it. How names find the mapped storyboards
/// is `StoryboardNameIndex`'s, which the resolver builds from these entries once.
struct StoryboardCatalog {
    struct Entry {
        var file: LoadedStoryboard
        var name: String
        var localization: String?
        var variants: [LoadedStoryboard]
        /// Positions in `TargetMembership.targets` of the targets that hold the file (or any localized copy).
        var targets: [Int] = []
    }

    /// Where a name is looked for.
    enum Scope: Equatable {
        /// Inside these targets (positions in `TargetMembership.targets`): the file that names it belongs to them.
        case targets([Int])
        /// No target holds the naming file: every storyboard of the platform, nearest folder first.
        case nearest
    }

    /// Mapped storyboards, sorted by path.
    private(set) var entries: [Entry] = []
    /// The files that could not be read (the loader's facts), so that a name of one is not reported as unknown.
    private(set) var unread: [(path: String, reason: UnreadReason)] = []
    private var byPath: [String: Int] = [:]

    init(_ loaded: [Loaded<LoadedStoryboard>], developmentRegion: String, membership: TargetMembership = TargetMembership([])) {
        var groups: [String: [LoadedStoryboard]] = [:]
        for item in loaded {
            guard let file = item.value else {
                unread.append((item.path, item.unread ?? .failed))
                continue
            }
            let (folder, _) = Self.splitLocalization(Self.folder(of: file.path))
            let key = "\(file.platform.rawValue)\u{0}\(folder)\u{0}\(Self.name(ofPath: file.path))"
            groups[key, default: []].append(file)
        }
        for (_, files) in groups {
            let ranked = files.sorted { a, b in
                let ra = Self.rank(a.path, developmentRegion), rb = Self.rank(b.path, developmentRegion)
                return ra != rb ? ra < rb : a.path < b.path
            }
            guard let preferred = ranked.first else { continue }
            let localization = Self.splitLocalization(Self.folder(of: preferred.path)).localization
            let targets = Set(ranked.flatMap { membership.targets(of: $0.path) }).sorted()
            entries.append(Entry(file: preferred, name: Self.name(ofPath: preferred.path), localization: localization,
                                 variants: Array(ranked.dropFirst()), targets: targets))
        }
        entries.sort { $0.file.path < $1.file.path }
        for (index, entry) in entries.enumerated() { byPath[entry.file.path] = index }
    }

    /// The entry of the mapped storyboard at `path` (not of a localized variant).
    func index(ofPath path: String) -> Int? { byPath[path] }

    /// How a name written in `fromPath` (a storyboard, a plist) finds storyboards (`GraphBuilder.lookup`, from the
    /// graph's `StoryboardNameIndex`).
    enum Lookup {
        case found(Int)
        /// Several equally near storyboards share the name.
        case ambiguous([Int])
        /// Only a name that differs in letter case exists: it works in the simulator, crashes on a device.
        case caseMismatch(Int)
        /// The name exists, but only in storyboards that no target of the naming file holds: another app's,
        /// an extension's, or a copy no target builds. The app does not find it in its bundle.
        case notInTarget([Int])
        /// The storyboard exists but could not be read; its own finding says why. An LFS pointer was not fetched: its
        /// content is unknown rather than broken.
        case unreadable(path: String, lfsPointer: Bool)
        case missing
    }

    // MARK: - Path helpers

    static func name(ofPath path: String) -> String { StoryboardNameIndex.name(ofPath: path) }

    static func folder(of path: String) -> String { StoryboardNameIndex.folder(of: path) }

    /// `App/Base.lproj` → (`App`, `Base`); `App/Views` → (`App/Views`, nil).
    static func splitLocalization(_ folder: String) -> (folder: String, localization: String?) {
        StoryboardNameIndex.splitLocalization(folder)
    }

    private static func rank(_ path: String, _ developmentRegion: String) -> Int {
        switch splitLocalization(folder(of: path)).localization {
        case "Base": 0
        case nil: 1
        case developmentRegion: 2
        default: 3
        }
    }
}
