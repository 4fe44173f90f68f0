import Foundation

/// Writes an output where the user asked, atomically: a reader (or a run interrupted halfway)
/// sees either the old file or the complete new one, never a half-written file.
enum OutputFile {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `-` writes to stdout.
    static func write(_ bytes: [UInt8], to path: String) throws {
        try write(to: path) { sink in
            try bytes.withUnsafeBytes { try sink($0) }
        }
    }

    /// Writes what `produce` hands to its sink, chunk by chunk, as it comes: the output never has to be whole in
    /// memory. To a file, the chunks go to a temporary file beside it, renamed over `path` once `produce` returns;
    /// if `produce` or a write fails, the temporary file is removed and `path` is left as it was. `-` writes to
    /// stdout as the chunks come.
    static func write(to path: String,
                      streaming produce: (_ sink: @escaping (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        if path == "-" {
            do {
                try produce { try writeAll($0, to: STDOUT_FILENO) }
            } catch let failure as WriteError {
                throw Failure(description: "cannot write to stdout: \(failure.reason)")
            }
            return
        }
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(description: "cannot write '\(path)': it is a folder; name a file, e.g. '\(path)/map.svg'")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).sbmap-\(getpid()).tmp"
        // From here until the rename, SIGINT or SIGTERM removes the temporary file before exiting.
        InterruptCleanup.arm(temporary)
        defer { InterruptCleanup.disarm() }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw Failure(description: "cannot write '\(path)': \(reason); check that '\(folder.isEmpty ? "." : folder)' exists and is writable")
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
        if failed == nil, fsync(descriptor) != 0 { failed = String(cString: strerror(errno)) }
        close(descriptor)
        if failed == nil, rename(temporary, path) != 0 { failed = String(cString: strerror(errno)) }
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

/// Removes the temporary output file when the run is interrupted (SIGINT, SIGTERM) while it is being written.
///
/// Without this, Ctrl-C or a CI timeout between `open` and `rename` leaves a stray `.map.svg.sbmap-123.tmp`
/// beside the output (the output itself is never half-written: only `rename` replaces it). The handler may
/// only do async-signal-safe work, so it cannot touch Swift strings or locks: the path lives in a
/// preallocated C buffer, filled *before* the `armed` flag is set and never changed while it is set, and the
/// handler does nothing but `unlink` and `_exit` (130 for SIGINT, 143 for SIGTERM, as a shell reports them).
/// Outside `arm`…`disarm` it exits the same way, so an interrupted run always ends with those codes.
enum InterruptCleanup {
    /// `PATH_MAX` bytes and a terminating NUL; a longer path is not armed (the file is still written).
    private static let capacity = 4097
    nonisolated(unsafe) private static let path: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
        buffer.initialize(repeating: 0, count: capacity)
        return buffer
    }()
    /// 1 while `path` names a temporary file that may exist. Written only by the main thread; read by the handler.
    nonisolated(unsafe) private static let armed: UnsafeMutablePointer<sig_atomic_t> = {
        let flag = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
        flag.initialize(to: 0)
        return flag
    }()
    private static let installed: Bool = {
        // Touch both buffers so they exist before a handler can run.
        _ = path
        _ = armed
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = interruptHandler
        #else
        action.__sigaction_u.__sa_handler = interruptHandler
        #endif
        sigemptyset(&action.sa_mask)
        sigaddset(&action.sa_mask, SIGINT)
        sigaddset(&action.sa_mask, SIGTERM)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        return true
    }()

    /// Remembers `temporary` for the handler (installing it on first use).
    static func arm(_ temporary: String) {
        _ = installed
        let bytes = Array(temporary.utf8)
        guard bytes.count < capacity else { return }
        armed.pointee = 0
        bytes.withUnsafeBufferPointer { source in
            UnsafeMutableRawPointer(path).copyMemory(from: source.baseAddress!, byteCount: source.count)
        }
        path[bytes.count] = 0
        armed.pointee = 1
    }

    /// The temporary file has been renamed or removed: nothing to clean up any more.
    static func disarm() {
        armed.pointee = 0
    }

    /// Async-signal-safe: reads the flag and the buffer, calls `unlink` and `_exit`, nothing else.
    fileprivate static func handle(_ signal: Int32) {
        if armed.pointee == 1 { unlink(path) }
        _exit(128 + signal)
    }
}

/// The C signal handler (a `@convention(c)` function cannot capture, so it forwards to the static one).
private let interruptHandler: @convention(c) (Int32) -> Void = { signal in
    InterruptCleanup.handle(signal)
}
