/// How a storyboard is named for the user (map labels, findings, site titles): its name; where names repeat, its
/// name with what tells the files apart: the platform when the files of that name differ by platform
/// (`Settings (tvOS)`), else the path (`Settings (TV/Settings.storyboard)`).
public struct StoryboardNames: Sendable {
    /// What follows a repeated name, by storyboard path.
    private let qualifiers: [String: String]

    public init(_ storyboards: [Storyboard]) {
        var byName: [String: [Storyboard]] = [:]
        var seen = Set<String>()
        for storyboard in storyboards where seen.insert(storyboard.path).inserted {
            byName[storyboard.name, default: []].append(storyboard)
        }
        var qualifiers: [String: String] = [:]
        for (_, group) in byName where group.count > 1 {
            var platformCounts: [Platform: Int] = [:]
            for storyboard in group { platformCounts[storyboard.platform, default: 0] += 1 }
            let paths = Self.shortestDistinctPaths(group.map(\.path))
            for (storyboard, path) in zip(group, paths) {
                let unique = storyboard.platform != .unknown && platformCounts[storyboard.platform] == 1
                qualifiers[storyboard.path] = unique ? storyboard.platform.displayName : path
            }
        }
        self.qualifiers = qualifiers
    }

    /// Each path cut to its last components, as few as tell all of `paths` apart (`TV/Settings.storyboard`, not
    /// the folder the scan started from, which a map drawn on another machine would show otherwise).
    static func shortestDistinctPaths(_ paths: [String]) -> [String] {
        let components = paths.map { $0.split(separator: "/", omittingEmptySubsequences: true).map(String.init) }
        let longest = components.map(\.count).max() ?? 0
        for count in 1..<max(longest, 1) {
            let cut = components.map { $0.suffix(count).joined(separator: "/") }
            if Set(cut).count == cut.count { return cut }
        }
        return paths
    }

    /// The platform or path that tells this storyboard from others of its name; `nil` where its name is unique.
    public func qualifier(_ storyboard: Storyboard) -> String? { qualifiers[storyboard.path] }

    /// Whether the qualifier is the platform (short enough to follow the name) rather than the path.
    public func qualifiesByPlatform(_ storyboard: Storyboard) -> Bool {
        qualifiers[storyboard.path].map { $0 == storyboard.platform.displayName } ?? false
    }

    /// `Settings`, or `Settings (tvOS)` / `Settings (TV/Settings.storyboard)` where the name repeats.
    public func title(_ storyboard: Storyboard) -> String {
        qualifiers[storyboard.path].map { "\(storyboard.name) (\($0))" } ?? storyboard.name
    }

    /// `'Main'`, `'Main', 'Settings (tvOS)'`: storyboards quoted for messages.
    public func quoted(_ boards: [Storyboard]) -> String {
        boards.map { "'\(title($0))'" }.joined(separator: ", ")
    }
}

