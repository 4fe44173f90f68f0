/// How a storyboard name written in a file (a storyboard reference, an Info.plist key, a call in code) finds the
/// storyboards it can mean: the one resolver that references, entry points and code links share.
///
/// A name is looked for as the app looks for it at run time: in the bundle of the targets that hold the naming file
/// (`Scope.targets`), with its exact letter case (a device's file system is case-sensitive), among the storyboards
/// of the platforms the naming file runs on. In order:
///
/// 1. storyboards of the name in scope, of a fitting platform: `found`, the nearest by folder (two apps in one
///    repository); several equally near are all returned (ambiguous);
/// 2. a file of the name in scope that the loader could not read: `unread` (what it holds is unknown);
/// 3. a name in scope that differs only in letter case: `caseMismatch` (works in the simulator, crashes on a device);
/// 4. the name in scope, only for platforms the caller does not run on: `otherPlatform` when the caller's platform is
///    certain (its API says it: `NSStoryboard`, or the file is a storyboard), else `found`;
/// 5. the name only outside the scope (another target's, or a copy no target builds): `notInTarget`, the nearest;
/// 6. an unread file of the name outside the scope: `unread`; 7. else `missing`.
///
/// Built once per graph by the resolver, from the loaded storyboards and the loader's facts about the files it
/// could not read, and carried with the graph (`StoryboardGraph.storyboardIndex`); positions are positions in
/// `StoryboardGraph.storyboards`.
public struct StoryboardNameIndex: Sendable {
    /// One storyboard the index can find.
    public struct Entry: Sendable {
        public var path: String
        public var name: String
        public var platform: Platform
        /// Ids of the targets whose bundle holds it (`BuildTarget.id`).
        public var targets: [String]

        public init(path: String, name: String, platform: Platform, targets: [String]) {
            self.path = path
            self.name = name
            self.platform = platform
            self.targets = targets
        }
    }

    /// A storyboard file the loader could not read (`Loaded.unread`): its name exists, what it holds is unknown.
    public struct UnreadStoryboard: Hashable, Sendable {
        public var path: String
        public var name: String
        /// A Git LFS pointer: not broken, only not fetched.
        public var lfsPointer: Bool
        /// Ids of the targets whose bundle holds it.
        public var targets: [String]

        public init(path: String, lfsPointer: Bool, targets: [String] = []) {
            self.path = path
            self.name = StoryboardNameIndex.name(ofPath: path)
            self.lfsPointer = lfsPointer
            self.targets = targets
        }
    }

    /// Where a name is looked for.
    public struct Scope: Sendable {
        /// The naming file (or a folder, ending in `/`): among several storyboards of the name, the nearest to it by
        /// folder win. `nil`: every one of them.
        public var path: String?
        /// The platforms the naming file runs on (`Platform.allCases` when not known). A storyboard of platform
        /// `unknown` fits every caller.
        public var platforms: Set<Platform>
        /// Whether those platforms are sure (an `NSStoryboard` call, a storyboard's own platform): a storyboard of
        /// another platform is then never a match.
        public var certain: Bool
        /// The ids of the targets whose bundle is searched; `nil` when no target holds the naming file (or the
        /// bundle is another one): every storyboard is in scope.
        public var targets: Set<String>?

        public init(path: String?, platforms: Set<Platform>, certain: Bool, targets: Set<String>?) {
            self.path = path
            self.platforms = platforms
            self.certain = certain
            self.targets = targets
        }

        /// A storyboard file of `platform` names the storyboard: it loads only storyboards of its own platform.
        public init(storyboardAt path: String, platform: Platform, targets: Set<String>?) {
            self.init(path: path, platforms: platform == .unknown ? Set(Platform.allCases) : [platform],
                      certain: true, targets: targets)
        }
    }

    /// What a name finds (positions in `entries`, which are positions in the graph's storyboards).
    public enum Resolution: Equatable, Sendable {
        /// One storyboard, or several equally near ones (ambiguous).
        case found([Int])
        /// The storyboard exists but could not be read; its own finding says why.
        case unread(path: String, lfsPointer: Bool)
        /// Only names that differ in letter case, the nearest first.
        case caseMismatch([Int])
        /// The name is in scope only for platforms the caller cannot load.
        case otherPlatform([Int])
        /// The name exists only outside the scope: the nearest such storyboards (the copy the naming file most likely
        /// means, which its message names).
        case notInTarget([Int])
        case missing
    }

    public private(set) var entries: [Entry] = []
    /// The files of a storyboard name that the loader could not read, in path order.
    public private(set) var unread: [UnreadStoryboard] = []
    private var byName: [String: [Int]] = [:]
    private var byLowercasedName: [String: [Int]] = [:]
    /// Each entry's folder without its `*.lproj` part, for nearness.
    private var folders: [[Substring]] = []

    public init() {}

    public init(_ entries: [Entry], unread: [UnreadStoryboard] = []) {
        self.entries = entries
        self.unread = unread.sorted { $0.path < $1.path }
        folders.reserveCapacity(entries.count)
        for (k, entry) in entries.enumerated() {
            byName[entry.name, default: []].append(k)
            byLowercasedName[entry.name.lowercased(), default: []].append(k)
            folders.append(Self.splitLocalization(Self.folder(of: entry.path)).folder.split(separator: "/"))
        }
    }

    /// The index of a graph's storyboards, for a graph that carries none (made by hand, or read back from JSON).
    public init(_ storyboards: [Storyboard], unread: [UnreadStoryboard] = []) {
        self.init(storyboards.map { Entry(path: $0.path, name: $0.name, platform: $0.platform, targets: $0.targets) },
                  unread: unread)
    }

    public var count: Int { entries.count }

    /// What `name` (as written: `.storyboard` is part of a name here) finds from `scope`.
    public func resolve(_ name: String, from scope: Scope) -> Resolution {
        let exact = byName[name] ?? []
        // The usual case, one storyboard of the name in scope and of a fitting platform: the stored array serves.
        if exact.count == 1, holds(scope, exact[0]), fits(scope, exact[0]) { return .found(exact) }
        var inScope: [Int] = []
        var outside: [Int] = []
        for k in exact { if holds(scope, k) { inScope.append(k) } else { outside.append(k) } }
        let fitting = inScope.filter { fits(scope, $0) }
        if !fitting.isEmpty { return .found(nearest(fitting, to: scope.path)) }
        if let file = unread.first(where: { $0.name == name && holds(scope, $0.targets) }) {
            return .unread(path: file.path, lfsPointer: file.lfsPointer)
        }
        let folded = (byLowercasedName[name.lowercased()] ?? []).filter { holds(scope, $0) && fits(scope, $0) }
        if !folded.isEmpty { return .caseMismatch(nearest(folded, to: scope.path, all: true)) }
        if !inScope.isEmpty { return scope.certain ? .otherPlatform(inScope) : .found(nearest(inScope, to: scope.path)) }
        if !outside.isEmpty { return .notInTarget(nearest(outside, to: scope.path)) }
        if let file = unread.first(where: { $0.name == name }) { return .unread(path: file.path, lfsPointer: file.lfsPointer) }
        return .missing
    }

    /// Every storyboard named `name`, whatever its targets and platform, in path order.
    public func all(named name: String) -> [Int] { byName[name] ?? [] }

    private func holds(_ scope: Scope, _ k: Int) -> Bool { holds(scope, entries[k].targets) }

    private func holds(_ scope: Scope, _ targets: [String]) -> Bool {
        guard let own = scope.targets else { return true }
        return targets.contains { own.contains($0) }
    }

    private func fits(_ scope: Scope, _ k: Int) -> Bool {
        entries[k].platform == .unknown || scope.platforms.contains(entries[k].platform)
    }

    /// The candidates sharing the longest folder prefix with `path` (all of them without a path); with `all`, every
    /// candidate, the nearest first.
    private func nearest(_ candidates: [Int], to path: String?, all: Bool = false) -> [Int] {
        guard candidates.count > 1, let path else { return candidates }
        let from = Self.splitLocalization(Self.folder(of: path)).folder.split(separator: "/")
        let scored = candidates.map { k -> (k: Int, shared: Int) in
            let folder = folders[k]
            var shared = 0
            while shared < min(folder.count, from.count), folder[shared] == from[shared] { shared += 1 }
            return (k, shared)
        }
        if all { return scored.sorted { $0.shared != $1.shared ? $0.shared > $1.shared : $0.k < $1.k }.map(\.k) }
        let best = scored.map(\.shared).max() ?? 0
        return scored.filter { $0.shared == best }.map(\.k)
    }

    // MARK: - Path helpers

    /// `App/Base.lproj/Main.storyboard` → `Main`.
    public static func name(ofPath path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        return last.hasSuffix(".storyboard") ? String(last.dropLast(".storyboard".count)) : last
    }

    /// `App/Base.lproj/Main.storyboard` → `App/Base.lproj`.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// `App/Base.lproj` → (`App`, `Base`); `App/Views` → (`App/Views`, nil).
    public static func splitLocalization(_ folder: String) -> (folder: String, localization: String?) {
        let last = folder.split(separator: "/").last.map(String.init) ?? folder
        guard last.hasSuffix(".lproj") else { return (folder, nil) }
        return (Self.folder(of: folder), String(last.dropLast(".lproj".count)))
    }
}

/// The index takes no part in comparing or hashing graphs: it is derived from the graph's storyboards and the
/// loader's facts, and a graph read back from JSON (which does not carry it) equals the graph that was written.
extension StoryboardNameIndex: Hashable {
    public static func == (a: Self, b: Self) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
