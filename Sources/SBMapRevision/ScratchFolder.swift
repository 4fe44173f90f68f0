import Foundation

/// `diff`'s private copies of revisions: `sbmap-diff-PID-XXXXXX` folders in the temporary folder.
///
/// Each is made as `mkdtemp` does (mode 0700, an unpredictable name, never an existing folder), removed when the run
/// ends or is interrupted (`InterruptCleanup`), and a later run removes those of runs that are provably gone (no
/// process has their id; a `kill -9` runs no handler).
public enum ScratchFolder {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    static let prefix = "sbmap-diff-"

    /// `$TMPDIR` when it is an absolute path to a folder; else `/dev/shm` when it is a shared memory folder with room
    /// (`isMemoryFolder`); else `/tmp`. A relative `TMPDIR` would put the copies in whatever folder the run stands in
    /// (the repository), and a missing one would be created. In memory, a revision's files cost a tenth of what
    /// they cost on a busy disk: writing NetNewsWire's 781 took 1.3–2.9 s in `/tmp` and 0.16–0.28 s in `/dev/shm`
    /// (docs/benchmarks.md).
    public static var root: String {
        if let value = ProcessInfo.processInfo.environment["TMPDIR"], value.hasPrefix("/") {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: value, isDirectory: &isFolder), isFolder.boolValue {
                return value.hasSuffix("/") && value.count > 1 ? String(value.dropLast()) : value
            }
        }
        return isMemoryFolder("/dev/shm") ? "/dev/shm" : "/tmp"
    }

    /// Whether `path` is a shared folder as `/tmp` is (a real folder, not a link, owned by root, writable by all
    /// with the sticky bit, so no one can remove or replace another user's entries) that this user can write, with
    /// at least `minimumFree` bytes free: a container's 64 MB `/dev/shm` is not used.
    public static func isMemoryFolder(_ path: String, minimumFree: UInt64 = 1 << 30) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == 0,
              info.st_mode & 0o1777 == 0o1777, access(path, W_OK | X_OK) == 0 else { return false }
        var space = statvfs()
        guard statvfs(path, &space) == 0 else { return false }
        return UInt64(space.f_bavail) * UInt64(space.f_frsize) >= minimumFree
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

/// Whether a process that made a leftover (a scratch folder, a temporary output file) is still running.
public enum ProcessState {
    /// True only when no process has the id `pid` (`kill(pid, 0)` says ESRCH): provably not a live run.
    public static func isGone(_ pid: Int32) -> Bool {
        pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }
}
