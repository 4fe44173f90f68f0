import SBMapModel

/// A tree known by its listing alone, as git lists a revision (`git ls-tree -r`): files, symbolic links and
/// submodules by their paths from the top; folders are implied by the paths.
///
/// `Discovery.selection(of:…)` walks it as `discover` walks a folder on disk, so that `sbmap diff` writes only what
/// the analysis of a revision reads, and never reads (or makes git fetch) anything else.
public struct ListedTree: Sendable {
    public enum Entry: Sendable, Hashable {
        /// A blob: a regular or executable file.
        case file
        /// A symbolic link; its target is read only when the walk reaches it.
        case link
        /// A submodule (a commit): an empty folder, as `git archive` and a fresh clone have it.
        case submodule
    }

    enum Kind: Sendable, Hashable {
        case file, link, folder
    }

    struct Child: Sendable {
        var name: String
        var kind: Kind
    }

    /// A path's kind, and its place in the entries given (-1 for a folder, which the paths imply).
    struct Node: Sendable {
        var kind: Kind
        var index: Int32
    }

    /// Every path, folders included ("" is the top).
    let nodes: [String: Node]
    /// Each folder's entries, in git's order (see `TreeWalk.enter`).
    let children: [String: [Child]]
    /// Whether the tree holds a symbolic link: only then can a folder be reached twice.
    let hasLinks: Bool

    /// `entries`: paths relative to the top, `/`-separated, without `.`, `..` or empty parts (the caller checks).
    /// Git lists a tree folder by folder, so most entries share the previous one's folder: its folders above are
    /// registered once per run of entries, and its entries added at once.
    public init(_ entries: some Sequence<(path: String, entry: Entry)>) {
        var nodes: [String: Node] = ["": Node(kind: .folder, index: -1)]
        nodes.reserveCapacity(entries.underestimatedCount + entries.underestimatedCount / 4)
        var children: [String: [Child]] = [:]
        var folder = ""          // the previous entry's folder, known to be a folder
        var pending: [Child] = []  // its entries, not yet in `children`
        for (index, (path, entry)) in entries.enumerated() {
            let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
            let parent = slash.map { path[..<$0] } ?? ""
            if parent != folder {
                children[folder, default: []] += pending
                pending.removeAll(keepingCapacity: true)
                guard Self.register(parent, in: &nodes, &children) else { continue }
                folder = String(parent)
            }
            guard nodes[path] == nil else { continue }  // a path listed twice (a damaged tree): the first wins
            let kind: Kind = switch entry {
            case .file: .file
            case .link: .link
            case .submodule: .folder
            }
            nodes[path] = Node(kind: kind, index: Int32(truncatingIfNeeded: index))
            pending.append(Child(name: slash.map { String(path[path.utf8.index(after: $0)...]) } ?? path, kind: kind))
        }
        children[folder, default: []] += pending
        self.nodes = nodes
        hasLinks = nodes.values.contains { $0.kind == .link }
        self.children = children
    }

    /// Registers the folder `path` and those above it, each a child of its own folder once; false when one of them
    /// is a file or a link (a damaged tree: nothing below it can exist on disk).
    private static func register(_ path: Substring, in nodes: inout [String: Node], _ children: inout [String: [Child]]) -> Bool {
        if path.isEmpty { return true }
        if let known = nodes[String(path)] { return known.kind == .folder }
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        let parent = slash.map { path[..<$0] } ?? ""
        guard register(parent, in: &nodes, &children) else { return false }
        nodes[String(path)] = Node(kind: .folder, index: -1)
        children[String(parent), default: []].append(Child(name: String(slash.map { path[path.utf8.index(after: $0)...] } ?? path), kind: .folder))
        return true
    }

    /// The paths of the files (not links) whose name satisfies `predicate`, sorted.
    public func files(named predicate: (String) -> Bool) -> [String] {
        children.flatMap { folder, entries in
            entries.compactMap { $0.kind == .file && predicate($0.name) ? PathText.join(folder, $0.name) : nil }
        }.sorted()
    }

    /// Whether `path` is a folder of the tree ("" is the top).
    public func isFolder(_ path: String) -> Bool { nodes[path]?.kind == .folder }

    /// Whether `path` is a file of the tree (not a link).
    public func isFile(_ path: String) -> Bool { nodes[path]?.kind == .file }

    /// The place, in the entries given, of the file or link at `path`.
    public func index(of path: String) -> Int? {
        guard let node = nodes[path], node.index >= 0 else { return nil }
        return Int(node.index)
    }

    /// How many files and links the tree lists.
    public var fileCount: Int { nodes.values.count { $0.kind != .folder } }
}

/// What to write of a `ListedTree` for discovery (and the loaders) to find on disk what they would find in the whole
/// tree: files by their real paths, the symbolic links on the way to them (written as links, so discovery judges
/// them as it judges any link), and the folders the arguments name (which may hold nothing to read).
public struct TreeSelection: Sendable, Hashable {
    public var files: Set<String> = []
    public var links: Set<String> = []
    public var folders: Set<String> = []

    public init() {}
}

extension Discovery {
    /// The part of `tree` that `discover(arguments)` reads, run from the folder `base` of the tree ("" its top),
    /// judged from the listing, the link targets and the same rules (`Classifier`, `DiscoveryOptions`) as on disk.
    /// `also` names more paths from the top to write, whatever their names (settings files, `.xcconfig`s).
    /// `target` gives a link's target (it reads the link's blob); nil when it cannot be read.
    ///
    /// Where disk and listing can differ the selection holds more, never less: every folder that holds an sbmap
    /// manifest is walked (discovery reads the manifest to decide), and a link that leaves the tree is written as it
    /// is, for discovery to leave out with its note.
    public func selection(of tree: ListedTree, arguments: [String], from base: String, also: [String] = [],
                          target: (String) throws -> String?) throws -> TreeSelection {
        try withoutActuallyEscaping(target) { target in
            var walk = TreeWalk(tree: tree, options: options, target: target)
            var roots: [String] = []
            var folderArguments: [String] = []
            for argument in arguments {
                switch try walk.resolve(argument, from: base) {
                case .inside(let real, .folder):
                    roots.append(real)
                    walk.selection.folders.insert(real)
                    folderArguments.append(real)
                case .inside(let real, _):
                    roots.append(real)
                    // A file named as an argument is read whatever its folder, like a file named on the command line.
                    if Classifier.kind(ofFileNamed: PathText.lastComponent(argument), includeCode: true) != nil {
                        walk.selection.files.insert(real)
                    }
                case .outside, .broken:
                    continue
                }
            }
            walk.roots = roots
            for real in folderArguments { try walk.enter(real, relative: "") }
            // As discovery leaves them out (`Classifier.droppingUnpairedHeaders`), so a revision's copy has no more.
            walk.selection.files = Set(Classifier.droppingUnpairedHeaders(Array(walk.selection.files), path: { $0 }))
            for path in also {
                if case .inside(let real, .file) = try walk.resolve(path, from: "") { walk.selection.files.insert(real) }
            }
            return walk.selection
        }
    }
}

/// The state of one walk of a listed tree: `Walk`'s, with folders known by their real paths instead of inodes.
private struct TreeWalk {
    enum Resolved {
        case inside(String, ListedTree.Kind)
        /// Above the top, or an absolute link: somewhere on the machine, never in the tree.
        case outside
        /// Missing, a link loop, or a path through a file.
        case broken
    }

    /// As many links as `realpath` follows before it gives up (Linux's `MAXSYMLINKS`).
    static let maxLinks = 40

    let tree: ListedTree
    let options: DiscoveryOptions
    let target: (String) throws -> String?
    var selection = TreeSelection()
    var roots: [String] = []
    var visited: Set<String> = []

    init(tree: ListedTree, options: DiscoveryOptions, target: @escaping (String) throws -> String?) {
        self.tree = tree
        self.options = options
        self.target = target
    }

    /// `path` from the folder `base`, every link followed as `realpath` follows them. The links passed are selected
    /// when the path resolves inside the tree, so that it resolves the same way on disk; when it leads out, only if
    /// `outside` says so (an entry discovery judges itself), never for an argument or a settings file, whose links
    /// out are not written: on disk they name nothing.
    mutating func resolve(_ path: String, from base: String, keepingLinksOut outside: Bool = false) throws -> Resolved {
        var passed: [String] = []
        let resolved = try follow(path, from: base, passing: &passed)
        switch resolved {
        case .inside: selection.links.formUnion(passed)
        case .outside: if outside { selection.links.formUnion(passed) }
        case .broken: break
        }
        return resolved
    }

    private func follow(_ path: String, from base: String, passing passed: inout [String]) throws -> Resolved {
        if path.hasPrefix("/") { return .outside }
        var real = base.isEmpty ? [] : base.split(separator: "/").map(String.init)
        var pending = path.split(separator: "/", omittingEmptySubsequences: true).reversed().map(String.init)
        while let part = pending.popLast() {
            if part == "." { continue }
            if part == ".." {
                if real.isEmpty { return .outside }
                real.removeLast()
                continue
            }
            let candidate = (real + [part]).joined(separator: "/")
            switch tree.nodes[candidate]?.kind {
            case nil:
                return .broken
            case .folder:
                real.append(part)
            case .file:
                if pending.contains(where: { $0 != "." }) { return .broken }  // a path through a file
                real.append(part)
            case .link:
                guard passed.count < Self.maxLinks, let text = try target(candidate), !text.isEmpty else { return .broken }
                passed.append(candidate)
                if text.hasPrefix("/") { return .outside }
                pending += text.split(separator: "/", omittingEmptySubsequences: true).reversed().map(String.init)
            }
        }
        let resolved = real.joined(separator: "/")
        return .inside(resolved, tree.nodes[resolved]?.kind ?? .folder)
    }

    func isInsideRoots(_ real: String) -> Bool {
        roots.contains { $0.isEmpty || real == $0 || real.hasPrefix($0 + "/") }
    }

    /// `Walk.enter` on the listing: the same rules in the same order.
    mutating func enter(_ folder: String, relative: String) throws {
        guard visited.insert(folder).inserted else { return }
        var entries = tree.children[folder] ?? []
        // In `DirectoryListing`'s order, as on disk, where links can reach a folder twice: the first way in decides
        // the relative path `--exclude` globs see below it. Without links the order changes nothing.
        if tree.hasLinks { entries.sort { $0.name < $1.name } }
        // Discovery reads a manifest to tell sbmap's own output from input; the folder is walked either way.
        for entry in entries where entry.kind == .file && GeneratedFolder.manifests[entry.name] != nil {
            selection.files.insert(PathText.join(folder, entry.name))
        }
        for entry in entries {
            let name = entry.name
            let kind = Classifier.kind(ofFileNamed: name, includeCode: options.includeCode)
            if entry.kind == .file && kind == nil { continue }
            let childRelative = PathText.join(relative, name)
            if options.isExcluded(relativePath: childRelative, name: name) { continue }
            let path = PathText.join(folder, name)
            switch entry.kind {
            case .file:
                selection.files.insert(path)
            case .folder:
                if Classifier.skipsFolder(named: name) { continue }
                try enter(path, relative: childRelative)
            case .link:
                switch try resolve(name, from: folder, keepingLinksOut: true) {
                case .outside:
                    selection.links.insert(path)  // discovery leaves it out, with its note
                case .broken:
                    if kind != nil { selection.links.insert(path) }  // discovery warns that it cannot be read
                case .inside(let real, let realKind):
                    // A link out of the arguments: discovery leaves it out, with its note if it could hold input.
                    guard isInsideRoots(real) else {
                        if kind != nil || (realKind == .folder && !Classifier.skipsFolder(named: name)) { selection.links.insert(path) }
                        continue
                    }
                    if realKind == .folder {
                        if Classifier.skipsFolder(named: name) { continue }
                        selection.links.insert(path)
                        try enter(real, relative: childRelative)
                    } else if kind != nil {
                        selection.links.insert(path)
                        selection.files.insert(real)
                    }
                }
            }
        }
    }
}
