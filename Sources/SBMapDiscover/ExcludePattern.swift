import Foundation
import SBMapModel

/// One `--exclude` glob, or one entry of `.sbmap.yml`'s `exclude:`.
///
/// A glob without `/` matches a file or folder name anywhere (`Tests`, `*.generated.swift`). A glob with `/` matches a
/// path, and a user writes paths from where they stand, so it is tried from two places: below each folder argument
/// (`Feed/*` with `sbmap check App`), and below `base`, the folder it was written from (`App/Feed` with
/// `sbmap check App`, run in the folder that holds `App`). An absolute glob matches absolute paths. Before, only the
/// first held, and `--exclude App/Feed` silently matched nothing.
public struct ExcludePattern: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The glob as written.
    public var glob: String
    /// The folder a glob with `/` was written from (the current folder for `--exclude`, the config file's folder for
    /// its entries), or nil: below the folder arguments only.
    public var base: String?
    /// Where it was written: nil for a flag, the config file's line for its entries. A finding that the glob
    /// matches nothing points there.
    public var source: SourceLocation?
    /// Whether a glob that matches nothing is worth a warning. A config file's glob is not, when the run reads only
    /// part of what the file describes (`sbmap check App/Settings`): its globs are about the rest too.
    public var reportsUnmatched: Bool

    public init(_ glob: String, base: String? = nil, source: SourceLocation? = nil, reportsUnmatched: Bool = true) {
        self.glob = glob
        self.base = base
        self.source = source
        self.reportsUnmatched = reportsUnmatched
    }

    public init(stringLiteral glob: String) { self.init(glob) }

    /// The glob matched: as written, but for a trailing `/` (`Feed/`, a folder as `.gitignore` writes one), which
    /// no path sbmap compares ends with.
    var pattern: String {
        var pattern = Substring(glob)
        while pattern.count > 1, pattern.hasSuffix("/") { pattern = pattern.dropLast() }
        return String(pattern)
    }

    /// Whether the glob is about paths (it has a `/`), not names.
    public var matchesPaths: Bool { pattern.contains("/") }

    /// For a folder argument whose real path is `root`: where it sits below `base` (`App`, `../Other/App`, `` for the
    /// folder itself), so that a path below the argument can be spelled from `base`; nil when there is no base, or
    /// the glob is about names. An absolute glob spells paths from `/`.
    func prefix(ofRoot root: String) -> String? {
        guard matchesPaths else { return nil }
        if pattern.hasPrefix("/") { return root }
        guard let base, let realBase = RealPath.of(base) else { return nil }
        let relative = PathText.relative(root, from: realBase)
        if relative.hasPrefix("/") { return nil }  // nothing in common but `/`
        return relative == "." ? "" : relative
    }
}

/// The exclude globs of one discovery, matched against each entry the walk meets; remembers which ever matched.
struct ExcludeMatcher {
    let patterns: [ExcludePattern]
    /// Per pattern, how the current folder argument is spelled from its base (`ExcludePattern.prefix(ofRoot:)`).
    private var prefixes: [String?]
    private(set) var matched: [Bool]

    init(_ patterns: [ExcludePattern]) {
        self.patterns = patterns
        prefixes = Array(repeating: nil, count: patterns.count)
        matched = Array(repeating: false, count: patterns.count)
    }

    var isEmpty: Bool { patterns.isEmpty }

    /// Starts a folder argument, at its real path.
    mutating func enterRoot(_ root: String?) {
        prefixes = patterns.map { pattern in root.flatMap { pattern.prefix(ofRoot: $0) } }
    }

    /// Whether an entry (its path below the folder argument, and its name) is excluded. Every pattern that matches
    /// it is marked, not only the first: a glob is reported as matching nothing only when it really matched nothing.
    mutating func excludes(relativePath: String, name: String) -> Bool {
        var excluded = false
        for index in patterns.indices where !(excluded && matched[index]) {
            if matches(index, relativePath: relativePath, name: name) {
                matched[index] = true
                excluded = true
            }
        }
        return excluded
    }

    private func matches(_ index: Int, relativePath: String, name: String) -> Bool {
        let glob = patterns[index].pattern
        if Glob.matches(glob, relativePath: relativePath, name: name) { return true }
        guard let prefix = prefixes[index], !prefix.isEmpty else { return false }
        let absolute = glob.hasPrefix("/")
        return Glob.matches(absolute ? String(glob.dropFirst()) : glob,
                            relativePath: PathText.join(absolute ? String(prefix.dropFirst()) : prefix, relativePath), name: name)
    }
}
