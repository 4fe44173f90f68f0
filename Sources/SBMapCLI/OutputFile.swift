import Foundation
import SBMapRevision

/// Writes an output where the user asked: atomically to a regular file or a new path (a reader, or a run interrupted
/// halfway, sees either the old file or the complete new one), and in place, streaming, to anything else (a device
/// such as `/dev/null`, a named pipe, `/dev/stdout`), as `cat > x` would: those are never replaced by a file.
///
/// The temporary file is created beside the output with an unpredictable name, exclusively and without following
/// links (`O_CREAT | O_EXCL | O_NOFOLLOW`), so a link planted at a guessable name cannot redirect the write. It gets
/// the mode (and, where allowed, the owner) of the file it replaces: a 0600 output stays 0600.
///
/// An output path that is itself a symbolic link is written through (`sed -i --follow-symlinks`, `cp`): the new
/// file replaces the link's target atomically, beside it, and the link stays a link. A link to nothing is refused:
/// where it points may not be where the user meant to write.
enum OutputFile {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// How a path that already exists is treated.
    enum Existing {
        /// A path the user named: a link is followed, a device or pipe written in place.
        case userPath
        /// An entry of a folder sbmap owns (a site page, a map of `render --all`): whatever is there (a link, a
        /// pipe) is replaced by the new file, never written through.
        case ownFolderEntry
        /// The manifest of a folder sbmap owns (`sbmap-site.json`, `maps.json`): replaced as an entry, and the only
        /// one synced to disk, so a power cut never leaves the folder with an empty manifest (which would make the
        /// next run refuse the folder as the user's).
        case ownFolderManifest
    }

    /// `-` writes to stdout.
    static func write(_ bytes: [UInt8], to path: String, existing: Existing = .userPath) throws {
        try write(to: path, existing: existing) { sink in
            try bytes.withUnsafeBytes { try sink($0) }
        }
    }

    /// Writes what `produce` hands to its sink, chunk by chunk, as it comes: the output never has to be whole in
    /// memory. To a file, the chunks go to a temporary file beside it, renamed over `path` once `produce` returns;
    /// if `produce` or a write fails, the temporary file is removed and `path` is left as it was. `-` writes to
    /// stdout as the chunks come.
    static func write(to path: String, existing: Existing = .userPath,
                      streaming produce: (_ sink: @escaping (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        if path == "-" {
            do {
                try produce { try writeAll($0, to: STDOUT_FILENO) }
            } catch let failure as WriteError {
                throw Failure(description: "cannot write to stdout: \(failure.reason)")
            }
            return
        }
        switch try destination(of: path, existing: existing) {
        case .inPlace:
            try writeInPlace(path, produce)
        case .replace(let target, let keep):
            try writeAtomically(target, shownAs: path, keeping: keep, durable: existing != .ownFolderEntry, produce)
        }
    }

    private enum Destination {
        /// A device, pipe or socket (or a shell's stream, `/dev/stdout`): opened and written as it is.
        case inPlace
        /// A temporary file renamed over `target`; `keep` is the file it replaces, whose mode and owner it takes.
        case replace(target: String, keep: stat?)
    }

    private static func destination(of path: String, existing: Existing) throws -> Destination {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .replace(target: path, keep: nil) }  // a new path
        var type = info.st_mode & S_IFMT
        if type == S_IFDIR {
            throw Failure(description: "cannot write '\(path)': it is a folder; name a file, e.g. '\(path)/map.svg'")
        }
        if existing != .userPath { return .replace(target: path, keep: type == S_IFREG ? info : nil) }
        var target = path
        if type == S_IFLNK {
            // The streams a shell hands over (`/dev/stdout`, `/dev/fd/1`) are written as they are, even when they
            // end at a regular file (`> out.json`, `>> log`): the shell holds that file open.
            if isStream(path) { return .inPlace }
            guard stat(path, &info) == 0 else {
                throw Failure(description: "cannot write '\(path)': it is a symbolic link to '\(linkText(path))', which does not exist; remove the link, or create the file it points to")
            }
            type = info.st_mode & S_IFMT
            if type == S_IFDIR {
                throw Failure(description: "cannot write '\(path)': it is a link to a folder; name a file, e.g. '\(path)/map.svg'")
            }
            if type == S_IFREG {
                guard let resolved = realpath(path, nil) else {
                    throw Failure(description: "cannot write '\(path)': cannot follow the link: \(String(cString: strerror(errno)))")
                }
                target = String(cString: resolved)
                free(resolved)
            }
        }
        switch type {
        case S_IFREG: return .replace(target: target, keep: info)
        case S_IFBLK:
            // `cat > /dev/sda` would overwrite a disk; a map never belongs there.
            throw Failure(description: "cannot write '\(path)': it is a block device (a disk); name a file, or - for stdout")
        default: return .inPlace  // character device, named pipe, socket
        }
    }

    /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`: a descriptor the shell set up.
    private static func isStream(_ path: String) -> Bool {
        path == "/dev/stdout" || path == "/dev/stderr" || path == "/dev/stdin" || path.hasPrefix("/dev/fd/")
            || path.hasPrefix("/proc/self/fd/")
    }

    private static func linkText(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        return count < 0 ? "?" : String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// As `cat > path`: opened for writing (a pipe waits for its reader, as `cat` does), written as produced.
    private static func writeInPlace(_ path: String,
                                     _ produce: (_ sink: @escaping (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOCTTY | O_CLOEXEC, 0o666)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            throw Failure(description: "cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        do {
            try produce { try writeAll($0, to: descriptor) }
        } catch let failure as WriteError {
            throw Failure(description: "cannot write '\(path)': \(failure.reason)")
        }
    }

    /// `durable`: the data reaches the disk (`fsync`) before the rename, so a power cut leaves the old file or the
    /// new one, never an empty one. A file the user named gets it, and a folder's manifest. The other entries of a folder sbmap owns do not: a site
    /// of 10,000 storyboards is 10,000 pages, and an `fsync` each cost most of the run (`site` of 10,000 storyboards:
    /// minutes). The rename alone keeps the promise to readers and to an interrupted run (the old page or the whole
    /// new one); after a power cut before the system wrote the pages back, the next run writes them again.
    private static func writeAtomically(_ target: String, shownAs path: String, keeping keep: stat?, durable: Bool,
                                        _ produce: (_ sink: @escaping (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        let folder = (target as NSString).deletingLastPathComponent
        // `create` arms the interrupt handler with each name before it opens it: from the moment the file exists
        // until the rename, SIGINT or SIGTERM removes it before exiting.
        let (descriptor, temporary) = TemporaryName.create(beside: target)
        defer { InterruptCleanup.disarm() }
        guard descriptor >= 0 else {
            throw Failure(description: "cannot write '\(path)': \(temporary); check that '\(folder.isEmpty ? "." : folder)' exists and is writable")
        }
        if let keep {
            // The replaced file's permissions (never set-id bits); its owner too when allowed (as root, for a file
            // of another user), as `sed -i` does. Failing to change the owner is not an error.
            fchmod(descriptor, keep.st_mode & 0o777)
            if keep.st_uid != geteuid() || keep.st_gid != getegid() { _ = fchown(descriptor, keep.st_uid, keep.st_gid) }
        }
        var failed: String?
        do {
            try produce { try writeAll($0, to: descriptor) }
        } catch let failure as WriteError {
            failed = failure.reason
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        if failed == nil, durable, fsync(descriptor) != 0 { failed = String(cString: strerror(errno)) }
        close(descriptor)
        if failed == nil, rename(temporary, target) != 0 { failed = String(cString: strerror(errno)) }
        if let failed {
            unlink(temporary)
            throw Failure(description: "cannot write '\(path)': \(failed)")
        }
    }

    /// A `write(2)` that failed, with `strerror`'s words.
    private struct WriteError: Error {
        var reason: String
    }

    /// All of `bytes` to `descriptor`, however many `write` calls it takes.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw WriteError(reason: String(cString: strerror(errno)))
            }
            offset += written
        }
    }
}

/// sbmap's temporary files: `.NAME.sbmap-PID-RANDOM.tmp` beside the file they become.
///
/// The random part makes the name unguessable; the process id lets a later run tell a leftover of a run that was
/// killed (`kill -9`, a power cut: no handler runs) from a file another run is writing now.
enum TemporaryName {
    /// Creates a new temporary file beside `target`; the descriptor and its path (armed for `InterruptCleanup`: the
    /// caller disarms it after the rename), or -1 and the reason.
    static func create(beside target: String) -> (Int32, String) {
        let folder = (target as NSString).deletingLastPathComponent
        var name = Array((target as NSString).lastPathComponent.utf8)
        // `.` + name + `.sbmap-PID-RANDOM.tmp` must fit in 255 bytes: a long name is cut (the name is never read back).
        let room = 255 - 1 - ".sbmap-\(getpid())-0123456789ab.tmp".utf8.count
        if name.count > room { name = Array(name.prefix(room)) }
        let prefix = (folder.isEmpty ? "" : folder + "/") + "." + String(decoding: name, as: UTF8.self)
        var reason = "cannot create a temporary file"
        for _ in 0..<16 {
            let random = String(UInt64.random(in: 0..<(1 << 48)), radix: 16)
            let path = prefix + ".sbmap-\(getpid())-\(String(repeating: "0", count: 12 - random.count) + random).tmp"
            InterruptCleanup.arm(path)
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (descriptor, path) }
            reason = String(cString: strerror(errno))
            InterruptCleanup.disarm()  // not ours: never removed by the handler
            if errno != EEXIST { break }
        }
        return (-1, reason)
    }

    /// Whether `name` is a temporary file of an sbmap run that is no longer running (its process is gone).
    static func isLeftover(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp"), let marker = name.range(of: ".sbmap-", options: .backwards)
        else { return false }
        let rest = name[marker.upperBound...].dropLast(".tmp".count).split(separator: "-")
        guard rest.count == 2, rest[1].count == 12, let pid = Int32(rest[0]), pid > 0 else { return false }
        return ProcessState.isGone(pid)
    }

    /// Removes the leftovers of killed runs in `folder` (not its subfolders); links are removed, never followed.
    static func removeLeftovers(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where isLeftover(name) { unlink(folder + "/" + name) }
    }
}
