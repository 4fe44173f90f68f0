import Foundation

/// The private folder (`ScratchFolder`) that `diff` writes revisions into, one after the other, and what it holds.
///
/// It always holds a part of one revision: before the next one is written, every symbolic link goes, and every file
/// and folder that revision does not have as it is here. Two revisions share most of their files, so the second one
/// writes only what changed; a new file is what costs most (on a busy ext4, up to a millisecond each), and so is
/// removing one.
///
/// Paths are from the top of the folder, checked by `RevisionCopy.isSafe` (no `..`, no absolute path). Nothing is
/// made through a link (every folder on the way is made here, or checked with `lstat`), over something that exists
/// (`O_EXCL`), or after an interrupt (`InterruptCleanup.making`).
public final class CopyFolder {
    /// Something in the way (a file or a link where a folder should be, an entry that exists): the entry is
    /// skipped. It only happens in a damaged tree that lists a path twice.
    struct InTheWay: Error {}

    public let root: String
    /// The files here, by path: their object ids.
    private var blobs: [String: String] = [:]
    /// The symbolic links here, by path: their targets.
    private var links: [String: String] = [:]
    /// A path that holds each object's bytes.
    private var holders: [String: String] = [:]
    /// Folders made here (real folders), by path.
    private var folders: Set<String> = [""]
    /// The revision whose part it holds.
    private var holder: ObjectIdentifier?

    /// A new private folder; a later run removes it if this one dies without doing so.
    init() throws {
        ScratchFolder.removeLeftovers()
        root = try ScratchFolder.make()
    }

    /// Makes it a part of `revision` (whose file at a path has the object id `oid(path)`, and whose folders
    /// `isFolder` names): the links go, and the files and folders the revision does not have as they are here.
    func hold(_ revision: AnyObject, oid: (String) -> String?, isFolder: (String) -> Bool) {
        guard holder != ObjectIdentifier(revision) else { return }
        holder = ObjectIdentifier(revision)
        for path in links.keys { unlink(root + "/" + path) }
        links = [:]
        for (path, object) in blobs where oid(path) != object {
            unlink(root + "/" + path)
            blobs[path] = nil
            if holders[object] == path { holders[object] = nil }
        }
        // Deepest first, so a folder is empty when its turn comes (`rmdir` leaves one that is not).
        for folder in folders.sorted(by: { $0.count > $1.count }) where !folder.isEmpty && !isFolder(folder) {
            if rmdir(root + "/" + folder) == 0 || errno == ENOENT { folders.remove(folder) }
        }
    }

    /// Whether the file at `path` holds the object `oid` already.
    func holds(_ path: String, _ oid: String) -> Bool { blobs[path] == oid }

    /// Whether the link at `path` is there, to `target`.
    func holds(_ path: String, linkTo target: String) -> Bool { links[path] == target }

    /// Whether some file here holds the object `oid`.
    func hasCopy(of oid: String) -> Bool { holders[oid] != nil }

    /// A new file at `path` for the bytes of `oid`, open for writing.
    func create(_ path: String, for oid: String) throws -> Int32 {
        try folder(Self.parent(path))
        let descriptor = try InterruptCleanup.making {
            let descriptor = open(root + "/" + path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor < 0 { throw errno == EEXIST ? InTheWay() : Self.failure("write", path) }
            return descriptor
        }
        blobs[path] = oid
        if holders[oid] == nil { holders[oid] = path }
        return descriptor
    }

    /// A hard link at `path` to the file here that holds `oid`: a directory entry, no new file. False where the file
    /// system cannot make one (too many links), for the caller to write the file instead.
    func hardLink(_ path: String, to oid: String) throws -> Bool {
        guard let source = holders[oid] else { return false }
        try folder(Self.parent(path))
        let made = try InterruptCleanup.making {
            if Foundation.link(root + "/" + source, root + "/" + path) == 0 { return true }
            if errno == EEXIST { throw InTheWay() }
            return false
        }
        if made { blobs[path] = oid }
        return made
    }

    /// A symbolic link at `path` to `target`, as the revision has it (discovery then judges where it leads).
    func link(_ path: String, to target: String) throws {
        try folder(Self.parent(path))
        try InterruptCleanup.making {
            if symlink(target, root + "/" + path) != 0 { throw errno == EEXIST ? InTheWay() : Self.failure("link", path) }
        }
        links[path] = target
    }

    /// The folder `path` and those above it.
    func folder(_ path: String) throws {
        guard !folders.contains(path) else { return }
        try folder(Self.parent(path))
        try InterruptCleanup.making {
            let full = root + "/" + path
            if mkdir(full, 0o755) != 0 {
                guard errno == EEXIST else { throw Self.failure("make", path) }
                var info = stat()
                guard lstat(full, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { throw InTheWay() }
            }
        }
        folders.insert(path)
    }

    /// `a/b/c` → `a/b`; `c` → `` (the top).
    static func parent(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    private static func failure(_ verb: String, _ path: String) -> RevisionCopy.Failure {
        RevisionCopy.Failure(description: "cannot \(verb) '\(path)' in the copy of the revision: \(String(cString: strerror(errno))); set TMPDIR to a folder with room")
    }
}
