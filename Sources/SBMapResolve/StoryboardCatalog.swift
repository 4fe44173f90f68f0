import SBMapModel

/// Which storyboard files become clusters, and how names find them.
///
/// Files that are localized copies of one storyboard (`Base.lproj/Main.storyboard`, `ja.lproj/Main.storyboard`)
/// form one group; the preferred copy is mapped (Base, then no `.lproj` folder, then the development
/// region, then the rest by name) and the others are only compared with it. Names resolve by basename
/// and platform; where several storyboards share a name (two apps in one repository), the one nearest
/// to the file that names it wins, and a tie is ambiguous.
///
/// Where projects say which target holds which file, a name is looked up inside the targets of the file that
/// names it first (`Scope.targets`): that is the bundle the app searches at run time. A storyboard that only
/// another target holds is never a silent match (`Lookup.notInTarget`).
struct StoryboardCatalog {
    struct Entry {
        var file: LoadedStoryboard
        var name: String
        var localization: String?
        var variants: [LoadedStoryboard]
        /// Folder used to measure nearness: the file's folder without its `*.lproj` part.
        var scope: [Substring]
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
    /// Names of files that could not be read, so a reference to one is not reported as unknown; `lfsPointer` when
    /// the file is a Git LFS pointer (not broken, only not fetched: what it holds is unknown).
    private(set) var unreadable: [(name: String, path: String, lfsPointer: Bool)] = []
    private var byName: [String: [Int]] = [:]
    private var byLowercasedName: [String: [Int]] = [:]
    private var byPath: [String: Int] = [:]

    init(_ loaded: [Loaded<LoadedStoryboard>], developmentRegion: String, membership: TargetMembership = TargetMembership([])) {
        var groups: [String: [LoadedStoryboard]] = [:]
        for item in loaded {
            guard let file = item.value else {
                unreadable.append((Self.name(ofPath: item.path), item.path, item.diagnostics.contains { $0.code == .lfsPointer }))
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
            let (folder, localization) = Self.splitLocalization(Self.folder(of: preferred.path))
            let targets = Set(ranked.flatMap { membership.targets(of: $0.path) }).sorted()
            entries.append(Entry(file: preferred, name: Self.name(ofPath: preferred.path), localization: localization,
                                 variants: Array(ranked.dropFirst()),
                                 scope: folder.split(separator: "/"), targets: targets))
        }
        entries.sort { $0.file.path < $1.file.path }
        for (index, entry) in entries.enumerated() {
            byPath[entry.file.path] = index
            byName[entry.name, default: []].append(index)
            byLowercasedName[entry.name.lowercased(), default: []].append(index)
        }
    }

    /// The entry of the mapped storyboard at `path` (not of a localized variant).
    func index(ofPath path: String) -> Int? { byPath[path] }

    /// How a name written in `fromPath` (a storyboard, a plist, a source file) finds storyboards.
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

    func lookup(name rawName: String, from fromPath: String, platform: Platform, scope: Scope = .nearest) -> Lookup {
        let name = rawName.hasSuffix(".storyboard") ? String(rawName.dropLast(".storyboard".count)) : rawName
        let fitting = { (indices: [Int]) in indices.filter { platform.canReference(self.entries[$0].file.platform) } }
        let inScope = { (indices: [Int]) in indices.filter { self.holds(scope, $0) } }
        let everywhere = fitting(byName[name] ?? [])
        let exact = inScope(everywhere)
        if !exact.isEmpty {
            let nearest = nearest(exact, to: fromPath)
            return nearest.count == 1 ? .found(nearest[0]) : .ambiguous(nearest)
        }
        if let bad = unreadable.first(where: { $0.name == name }) { return .unreadable(path: bad.path, lfsPointer: bad.lfsPointer) }
        let folded = inScope(fitting(byLowercasedName[name.lowercased()] ?? []))
        if !folded.isEmpty { return .caseMismatch(nearest(folded, to: fromPath)[0]) }
        if !everywhere.isEmpty { return .notInTarget(nearest(everywhere, to: fromPath)) }
        return .missing
    }

    /// Every storyboard named `name` that a file of `platform` can reference, whatever its targets.
    func all(named rawName: String, platform: Platform) -> [Int] {
        let name = rawName.hasSuffix(".storyboard") ? String(rawName.dropLast(".storyboard".count)) : rawName
        return (byName[name] ?? []).filter { platform.canReference(entries[$0].file.platform) }
    }

    /// Whether the storyboard at `index` can be found from a file with this scope.
    func holds(_ scope: Scope, _ index: Int) -> Bool {
        switch scope {
        case .nearest: return true
        case .targets(let targets): return entries[index].targets.contains { targets.contains($0) }
        }
    }

    /// The candidates sharing the longest folder prefix with `path`.
    private func nearest(_ candidates: [Int], to path: String) -> [Int] {
        guard candidates.count > 1 else { return candidates }
        let from = Self.splitLocalization(Self.folder(of: path)).folder.split(separator: "/")
        let scored = candidates.map { index -> (Int, Int) in
            let scope = entries[index].scope
            var shared = 0
            while shared < min(scope.count, from.count), scope[shared] == from[shared] { shared += 1 }
            return (index, shared)
        }
        let best = scored.map(\.1).max() ?? 0
        return scored.filter { $0.1 == best }.map(\.0)
    }

    // MARK: - Path helpers

    static func name(ofPath path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        return last.hasSuffix(".storyboard") ? String(last.dropLast(".storyboard".count)) : last
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// `App/Base.lproj` → (`App`, `Base`); `App/Views` → (`App/Views`, nil).
    static func splitLocalization(_ folder: String) -> (folder: String, localization: String?) {
        let last = folder.split(separator: "/").last.map(String.init) ?? folder
        guard last.hasSuffix(".lproj") else { return (folder, nil) }
        return (Self.folder(of: folder), String(last.dropLast(".lproj".count)))
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
