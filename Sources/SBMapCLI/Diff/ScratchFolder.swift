import Foundation

/// `diff`'s private copies of revisions: `sbmap-diff-PID-XXXXXX` folders in the temporary folder.
///
/// Each is made as `mkdtemp` does (mode 0700, an unpredictable name, never an existing folder), removed when the run
/// ends or is interrupted (`InterruptCleanup`), and a later run removes those of runs that are provably gone (no
/// process has their id; a `kill -9` runs no handler).
enum ScratchFolder {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let prefix = "sbmap-diff-"

    /// `$TMPDIR` when it is an absolute path to a folder; else `/tmp`. A relative `TMPDIR` would put the copies in
    /// whatever folder the run stands in (the repository), and a missing one would be created.
    static var root: String {
        if let value = ProcessInfo.processInfo.environment["TMPDIR"], value.hasPrefix("/") {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: value, isDirectory: &isFolder), isFolder.boolValue {
                return value.hasSuffix("/") && value.count > 1 ? String(value.dropLast()) : value
            }
        }
        return "/tmp"
    }

    /// A new private folder (mode 0700, a name no one can guess or have made before: `mkdtemp`'s contract), registered
    /// for removal on SIGINT and SIGTERM *before* it is made, so no signal finds it on disk and unregistered.
    static func make() throws -> String {
        let base = root
        var reason = "cannot make a folder"
        for _ in 0..<16 {
            let random = String(UInt64.random(in: 0..<(1 << 48)), radix: 36)
            let path = "\(base == "/" ? "" : base)/\(prefix)\(getpid())-\(random)"
            InterruptCleanup.register(folder: path)
            if mkdir(path, 0o700) == 0 { return path }
            reason = String(cString: strerror(errno))
            InterruptCleanup.release(folder: path)  // someone else's: never removed
            if errno != EEXIST { break }
        }
        throw Failure(description: "cannot make a private folder in '\(base)': \(reason); set TMPDIR to a writable folder")
    }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
        InterruptCleanup.release(folder: path)
    }

    /// Removes `sbmap-diff-PID-…` folders of this user whose process is gone.
    static func removeLeftovers(in base: String = root) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid > 0,
                  ProcessState.isGone(pid) else { continue }
            let path = base + "/" + name
            var info = stat()
            // Only a real folder (not a link) of this user: never another user's, never through a link.
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == geteuid() else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}

/// Makes files, folders and links inside a scratch folder, by paths from its top that `RevisionCopy` has checked
/// (no `..`, no absolute path): never through a link (every folder on the way is made here, or checked with
/// `lstat`), never over something that exists (`O_EXCL`), and never after an interrupt (`InterruptCleanup.making`).
struct ScratchFiles {
    let root: String
    /// Folders known to be real folders, by path from the top.
    private var folders: Set<String> = [""]

    init(root: String) {
        self.root = root
    }

    /// Something in the way (a file or a link where a folder should be, an existing entry): the entry is skipped. It
    /// only happens in a damaged tree that lists a path twice.
    struct InTheWay: Error {}

    /// A new file at `path`, open for writing.
    mutating func create(_ path: String) throws -> Int32 {
        try folder(Self.parent(path))
        return try InterruptCleanup.making {
            let descriptor = open(root + "/" + path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor < 0 { throw errno == EEXIST ? InTheWay() : Self.failure("write", path) }
            return descriptor
        }
    }

    /// A symbolic link at `path` to `target`, as the revision has it (discovery then judges where it leads).
    mutating func link(_ path: String, to target: String) throws {
        try folder(Self.parent(path))
        try InterruptCleanup.making {
            if symlink(target, root + "/" + path) != 0 { throw errno == EEXIST ? InTheWay() : Self.failure("link", path) }
        }
    }

    /// A hard link at `path` to the file `source` (absolute, a file made here); false where the file system cannot
    /// make one (another device, too many links), for the caller to write the file instead.
    mutating func hardLink(_ path: String, to source: String) throws -> Bool {
        try folder(Self.parent(path))
        return try InterruptCleanup.making {
            if Foundation.link(source, root + "/" + path) == 0 { return true }
            if errno == EEXIST { throw InTheWay() }
            return false
        }
    }

    /// The folder `path` and those above it.
    mutating func folder(_ path: String) throws {
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

    private static func failure(_ verb: String, _ path: String) -> BlobStream.Failure {
        BlobStream.Failure(description: "cannot \(verb) '\(path)' in the copy: \(String(cString: strerror(errno))); set TMPDIR to a folder with room")
    }
}
