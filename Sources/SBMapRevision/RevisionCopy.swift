import Foundation
import SBMapDiscover

/// A git revision written into the private folder of the run (`CopyFolder`): only the files its analysis reads,
/// straight from git's object database.
///
/// `git ls-tree` lists the revision (paths, modes and object ids: it reads no blob), a selection (`Analysis.selection`,
/// through `writeInputs(_:configuration:also:)` in SBMapAnalysis) picks what the analysis of the folder will read, by discovery's own rules, and one `git cat-file --batch` writes those
/// blobs. The rest (images, videos, whatever the repository holds) is never read: a diff costs about what two `check`s
/// cost plus git's own time, and a partial or shallow clone that lacks some blobs diffs as long as the analysis needs
/// none of them. The working tree and the index are never touched.
public final class RevisionCopy {
    /// Why a revision could not be read: the run failed (exit 2).
    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) { self.description = description }
    }

    public let spec: String
    public let commit: String
    public let repository: GitRepository
    /// The current folder, from the top of the repository (`App/Sub`, or `` at the top).
    public var prefix: String { repository.prefix }
    public let copy: CopyFolder
    /// The object ids of the tree's entries, in the order listed (`ListedTree.index(of:)`).
    private var oids: [String] = []
    private var tree = ListedTree([])
    /// The object id of the file or link at `path`.
    private func oid(_ path: String) -> String? { tree.index(of: path).map { oids[$0] } }
    /// The object id of the file (not a link) at `path`.
    private func fileOID(_ path: String) -> String? { tree.isFile(path) ? oid(path) : nil }
    private var listed = false
    private var linkTargets: [String: String] = [:]
    /// The files and links the analysis reads, and what was read from git for them (the rest was there from the
    /// other revision, or is linked): for `SBMAP_TIMINGS`.
    private var selected: Set<String> = []
    public private(set) var readFiles = 0
    public private(set) var readBytes = 0
    /// Of `readBytes`, what was written into the copy: a blob over the size limit of its file is not (`readLimit`).
    public private(set) var writtenBytes = 0
    /// The largest file the analysis reads at a path (`Analysis.readLimit`); a larger blob is left as a sparse file of
    /// its size, which the analysis refuses by its size, unread, with the finding a checkout gets. Until the inputs
    /// are known, the settings files' limit.
    private var readLimit: (String) -> Int

    /// The copy of the current folder, once written.
    public var folder: String { prefix.isEmpty ? copy.root : copy.root + "/" + prefix }
    public var listedFiles: Int { tree.fileCount }
    public var selectedFiles: Int { selected.count }

    /// Nothing is read or written yet: the revision is listed as it is scanned, in `SBMAP_TIMINGS`'s git stage.
    /// `settingsLimit`: the largest settings file read (`SettingsFile.maxBytes`).
    public init(spec: String, commit: String, repository: GitRepository, copy: CopyFolder, settingsLimit: Int) {
        self.spec = spec
        self.commit = commit
        self.repository = repository
        self.copy = copy
        readLimit = { _ in settingsLimit }
    }

    /// Lists the revision (`git ls-tree`: paths, modes and object ids; no blob is read), once.
    private func list() throws {
        guard !listed else { return }
        listed = true
        let listing: Data
        do {
            listing = try Subprocess.output("git", ["-C", repository.top, "ls-tree", "-r", "-z", "--full-tree", commit])
        } catch {
            throw Failure(description: "cannot read revision '\(spec)': \(error)")
        }
        entries = Self.entries(in: listing)
        oids = entries.map(\.oid)
        tree = ListedTree(entries.lazy.map { (path: $0.path, entry: $0.entry) })
    }

    /// The entries listed, for the submodules' files to join them.
    private var entries: [(entry: ListedTree.Entry, oid: String, path: String)] = []

    /// The submodules the revision records: their paths from the top, and the commits they are at.
    public func gitlinks() throws -> [(path: String, commit: String)] {
        try list()
        return entries.filter { $0.entry == .submodule }.map { (path: $0.path, commit: $0.oid) }
    }

    /// Lists the files of the submodules at `paths` at the commits the revision records, from their git folders
    /// (`GitRepository.submoduleGitFolder`), into the revision's tree: read as a checkout with its submodules has
    /// them. Their blobs come through the same stream (the folders' objects are its alternates).
    public func expandSubmodules(_ folders: [String: String]) throws {
        try list()
        var added: [String: [(entry: ListedTree.Entry, oid: String, path: String)]] = [:]
        for (path, commit) in try gitlinks() {
            guard let folder = folders[path] else { continue }
            let listing: Data
            do {
                listing = try Subprocess.output("git", ["--git-dir", folder, "ls-tree", "-r", "-z", "--full-tree", commit])
            } catch {
                throw Failure(description: "cannot read the submodule '\(path)' of revision '\(spec)': \(error)")
            }
            added[path] = Self.entries(in: listing).map { ($0.entry, $0.oid, path + "/" + $0.path) }
            repository.addAlternate(folder + "/objects")
        }
        guard !added.isEmpty else { return }
        // In the submodule's place: git lists a tree folder by folder, and the walk keeps its order.
        entries = entries.flatMap { entry in
            entry.entry == .submodule ? added[entry.path] ?? [entry] : [entry]
        }
        oids = entries.map(\.oid)
        tree = ListedTree(entries.lazy.map { (path: $0.path, entry: $0.entry) })
    }

    /// The records of `ls-tree -z` (`<mode> SP <type> SP <oid> TAB <path> NUL`) that are files, links or
    /// submodules at paths that can be written safely (see `isSafe`). Read byte by byte: a large repository lists
    /// hundreds of thousands.
    static func entries(in listing: Data) -> [(entry: ListedTree.Entry, oid: String, path: String)] {
        listing.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var entries: [(entry: ListedTree.Entry, oid: String, path: String)] = []
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0 { end += 1 }
                if let entry = parse(UnsafeBufferPointer(rebasing: bytes[start..<end])) { entries.append(entry) }
                start = end + 1
            }
            return entries
        }
    }

    private static func parse(_ record: UnsafeBufferPointer<UInt8>) -> (entry: ListedTree.Entry, oid: String, path: String)? {
        guard let tab = record.firstIndex(of: UInt8(ascii: "\t")),
              let space1 = record[..<tab].firstIndex(of: UInt8(ascii: " ")),
              let space2 = record[(space1 + 1)..<tab].firstIndex(of: UInt8(ascii: " ")) else { return nil }
        let mode = record[..<space1], type = record[(space1 + 1)..<space2]
        let entry: ListedTree.Entry
        if type.elementsEqual("blob".utf8) {
            entry = mode.elementsEqual("120000".utf8) ? .link : .file
        } else if type.elementsEqual("commit".utf8), mode.elementsEqual("160000".utf8) {
            entry = .submodule
        } else {
            return nil
        }
        let path = String(decoding: UnsafeBufferPointer(rebasing: record[(tab + 1)...]), as: UTF8.self)
        guard isSafe(path) else { return nil }
        return (entry, String(decoding: UnsafeBufferPointer(rebasing: record[(space2 + 1)..<tab]), as: UTF8.self), path)
    }

    /// A path that stays inside the scratch folder and can be made there: relative, no empty, `.` or `..` part, no
    /// `.git` (git itself refuses one in a tree), no NUL, parts of at most 255 bytes and the whole well under
    /// `PATH_MAX`. A revision's tree comes from anyone who can push: it is checked, not trusted.
    static func isSafe(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            guard !bytes.isEmpty, bytes.count <= 3000 else { return false }
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "/") {
                let part = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if part.isEmpty || part.count > 255 || part.contains(0) { return false }
                if part.elementsEqual(".".utf8) || part.elementsEqual("..".utf8) { return false }
                if part.count == 4, part.map({ $0 | 0x20 }).elementsEqual(".git".utf8) { return false }
                start = end + 1
            }
            return true
        }
    }

    /// Makes the copy of the current folder (when the revision has it), and writes the settings files the analysis
    /// may find from there (`.sbmap.yml` is found by walking up): each of `names` in the folder and those above it.
    public func writeSettings(named names: [String]) throws {
        try list()
        copy.hold(self, oid: fileOID, isFolder: tree.isFolder)
        if tree.isFolder(prefix) { try copy.folder(prefix) }
        var folders = [""]
        for part in prefix.split(separator: "/") { folders.append(PathText.join(folders.last!, String(part))) }
        let paths = folders.flatMap { folder in names.map { PathText.join(folder, $0) } }
        guard !paths.isEmpty else { return }
        try write(Discovery().selection(of: tree, arguments: [], from: "", also: paths, target: linkTarget))
    }

    /// Writes what `select` picks of the revision's tree for `inputs` and `also` (paths from the copy's folder; it
    /// gets them from the top of the tree, with how to read a link's target), no blob over `readLimit` of its path
    /// (`Analysis.readLimit`). `writeInputs(_:configuration:also:)` (SBMapAnalysis) selects what an analysis reads.
    public func writeSelection(of inputs: [String], also: [String] = [], readLimit: @escaping (String) -> Int,
                               select: (_ tree: ListedTree, _ inputs: [String], _ also: [String],
                                        _ target: (String) throws -> String?) throws -> TreeSelection) throws {
        try list()
        self.readLimit = readLimit
        try write(select(tree, inputs.compactMap(treePath), also.compactMap(treePath), linkTarget))
    }

    /// `path` (relative to the copy's folder, or absolute inside the scratch folder) from the top of the tree; nil
    /// for a place outside the copy. `..` is left for `selection` to resolve, as `realpath` would.
    private func treePath(_ path: String) -> String? {
        if path.hasPrefix("/") {
            guard path.hasPrefix(copy.root + "/") else { return path == copy.root ? "" : nil }
            return String(path.dropFirst(copy.root.count + 1))
        }
        return PathText.join(prefix, path)
    }

    /// A link's target, read from its blob once.
    private func linkTarget(_ path: String) throws -> String? {
        if let known = linkTargets[path] { return known }
        guard let object = oid(path) else { return nil }
        guard let bytes = try stream().bytes(of: object) else { throw missing([path]) }
        let target = String(decoding: bytes, as: UTF8.self)
        linkTargets[path] = target
        return target
    }

    private func stream() throws -> BlobStream {
        do {
            return try repository.blobs()
        } catch let failure as BlobStream.Failure {
            throw Failure(description: "cannot read revision '\(spec)': \(failure.description)")
        }
    }

    /// Files first: those the folder holds already are kept, a blob it holds at another path is hard-linked, the
    /// rest come in one stream. Then the links (so no file is ever written through one), then the folders.
    private func write(_ selection: TreeSelection) throws {
        selected.formUnion(selection.files)
        selected.formUnion(selection.links)
        var fromGit: [String] = [], shared: [String] = []
        var batch: Set<String> = []
        for path in selection.files.sorted() {
            guard let object = oid(path), !copy.holds(path, object) else { continue }
            if copy.hasCopy(of: object) || !batch.insert(object).inserted { shared.append(path) } else { fromGit.append(path) }
        }
        try stream(fromGit)
        var again: [String] = []
        for path in shared {
            do {
                if try !copy.hardLink(path, to: oid(path)!) { again.append(path) }
            } catch is CopyFolder.InTheWay {}
        }
        try stream(again)
        for path in selection.links.sorted() {
            // A relative link out of the repository (`../../Shared`) would point somewhere else from the copy, where
            // nothing is, and discovery would say nothing of it; in the working tree it says the link leads out of
            // the paths. Written as a link to `/`, it leads out from the copy too, and both sides say the same.
            guard let target = linkTargets[path].map({ Self.leavesTree(path, $0) ? "/" : $0 }),
                  !copy.holds(path, linkTo: target) else { continue }
            do { try copy.link(path, to: target) } catch is CopyFolder.InTheWay {}
        }
        for folder in selection.folders.sorted() {
            do { try copy.folder(folder) } catch is CopyFolder.InTheWay {}
        }
    }

    /// Whether the link at `path` (from the repository's top) with the relative `target` climbs above the top.
    static func leavesTree(_ path: String, _ target: String) -> Bool {
        guard !target.hasPrefix("/") else { return false }
        var depth = path.split(separator: "/").count - 1
        for part in target.split(separator: "/") {
            if part == ".." { depth -= 1 } else if part != "." { depth += 1 }
            if depth < 0 { return true }
        }
        return false
    }

    /// Writes the blobs of `paths` from one `cat-file` stream.
    private func stream(_ paths: [String]) throws {
        guard !paths.isEmpty else { return }
        let oids = paths.map { oid($0)! }
        let missing: [Int]
        do {
            missing = try stream().copy(oids) { k, size in
                readBytes += size
                readFiles += 1
                do {
                    let descriptor = try copy.create(paths[k], for: oids[k])
                    // Over the limit (git's header gives the size first): the size without the bytes. A revision's
                    // 300 MiB of blobs packed into 2.4 MB of git objects was written out before the limit refused it.
                    guard size <= readLimit(paths[k]) else {
                        let sized = ftruncate(descriptor, off_t(size))
                        let reason = errno
                        Foundation.close(descriptor)
                        if sized != 0 { throw Failure(description: "cannot write into the copy: \(String(cString: strerror(reason)))") }
                        return nil
                    }
                    writtenBytes += size
                    return descriptor
                } catch is CopyFolder.InTheWay {
                    return nil
                }
            }
        } catch let failure as BlobStream.Failure {
            throw Failure(description: "cannot read revision '\(spec)': \(failure.description)")
        }
        if !missing.isEmpty { throw self.missing(missing.map { paths[$0] }) }
    }

    /// Files the analysis reads whose objects the repository does not have: what to do about it.
    private func missing(_ paths: [String]) -> Failure {
        let named = paths.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (paths.count > 5 ? " and \(paths.count - 5) more" : "")
        return Failure(description: """
            cannot read revision '\(spec)' (\(commit.prefix(7))): git does not have the content of \(named), which \
            the map needs. In a shallow clone, run 'git fetch --unshallow'; a partial clone fetches it when its remote \
            can be reached; else 'git fsck' says what the repository lost. Then run again
            """)
    }
}
