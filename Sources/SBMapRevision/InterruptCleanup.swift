import Foundation

/// Removes what an interrupted run (SIGINT, SIGTERM) would leave behind: the temporary output file being written,
/// and `diff`'s private copies of revisions.
///
/// Without this, Ctrl-C or a CI timeout between `open` and `rename` leaves a stray `.map.svg.sbmap-….tmp` beside
/// the output (the output itself is never half-written: only `rename` replaces it), and a `diff` leaves a full copy
/// of the repository per side in the temporary folder.
///
/// The handler may only do async-signal-safe work, so it cannot touch Swift strings or locks: the temporary file's
/// path lives in a preallocated C buffer, filled *before* the `armed` flag is set and never changed while it is set,
/// and the handler `unlink`s it. A folder tree cannot be removed that way (listing a folder allocates), so while a
/// folder is registered the handler only writes the signal number to a pipe and returns: a thread of its own, blocked
/// on that pipe, removes the folders with ordinary code and ends the process. Either way the exit status is 130 for
/// SIGINT and 143 for SIGTERM, as a shell reports them; outside any armed state the handler just exits that way.
public enum InterruptCleanup {
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
    /// 1 while `folders` is not empty: the handler then hands over to the cleaner thread.
    nonisolated(unsafe) private static let foldersArmed: UnsafeMutablePointer<sig_atomic_t> = {
        let flag = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
        flag.initialize(to: 0)
        return flag
    }()
    /// The pipe from the handler to the cleaner thread: [read end, write end], made before the handler is installed.
    nonisolated(unsafe) private static let wakeUp: UnsafeMutablePointer<Int32> = {
        let ends = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
        ends.initialize(repeating: -1, count: 2)
        return ends
    }()
    private static let folders = FolderList()

    private static let installed: Bool = {
        // Touch every buffer so they exist before a handler can run.
        _ = path
        _ = armed
        _ = foldersArmed
        if pipe(wakeUp) == 0 {
            _ = fcntl(wakeUp[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(wakeUp[1], F_SETFD, FD_CLOEXEC)
            let cleaner = Thread { cleanAfterSignal() }
            cleaner.name = "sbmap interrupt cleanup"
            cleaner.start()
        }
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = interruptHandler
        #else
        action.__sigaction_u.__sa_handler = interruptHandler
        #endif
        sigemptyset(&action.sa_mask)
        sigaddset(&action.sa_mask, SIGINT)
        sigaddset(&action.sa_mask, SIGTERM)
        // The handler may return (it hands the folders to the cleaner thread): the calls it interrupted restart,
        // because Foundation's file and process code traps on an EINTR it does not expect.
        action.sa_flags = SA_RESTART
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        return true
    }()

    /// Remembers `temporary` for the handler (installing it on first use).
    public static func arm(_ temporary: String) {
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
    public static func disarm() {
        armed.pointee = 0
    }

    /// Removes `folder` (and everything in it) if the run is interrupted, until `release(folder)`.
    public static func register(folder: String) {
        _ = installed
        guard wakeUp[1] >= 0 else { return }  // no pipe, no cleaner: the folder is removed on a normal exit only
        folders.add(folder)
        foldersArmed.pointee = 1
    }

    public static func release(folder: String) {
        if folders.remove(folder) { foldersArmed.pointee = 0 }
    }

    /// A child process (git) that feeds a registered folder: stopped before the folder is removed.
    public static func register(child: pid_t) { folders.add(child: child) }
    public static func release(child: pid_t) { folders.remove(child: child) }

    /// Runs `make` (which makes a file, folder or link inside a registered folder) so that the cleaner never removes
    /// the folders while it runs, and `make` never runs once the cleaner has started: nothing made after the removal
    /// can be left behind.
    public static func making<T>(_ make: () throws -> T) rethrows -> T { try folders.whileUnfrozen(make) }

    /// Async-signal-safe: reads the flags and the buffer, calls `unlink`, `write` and `_exit`, nothing else.
    fileprivate static func handle(_ signal: Int32) {
        if armed.pointee == 1 { unlink(path) }
        if foldersArmed.pointee == 1 {
            var number = UInt8(truncatingIfNeeded: signal)
            if Foundation.write(wakeUp[1], &number, 1) == 1 { return }
        }
        _exit(128 + signal)
    }

    /// The cleaner thread: waits for a signal the handler passes on, removes the folders, and ends the process.
    private static func cleanAfterSignal() {
        var number: UInt8 = 0
        while true {
            let count = read(wakeUp[0], &number, 1)
            if count == 1 { break }
            if count < 0 && errno == EINTR { continue }
            return
        }
        // The lock stays taken until the process ends: the main thread, still running, blocks at its next
        // `register` instead of making a new folder after this one has looked.
        let (registered, children) = folders.freeze()
        for child in children { kill(child, SIGKILL) }
        if !children.isEmpty { usleep(50_000) }  // a killed child stops writing once the kill is delivered
        for folder in registered { try? FileManager.default.removeItem(atPath: folder) }
        if armed.pointee == 1 { unlink(path) }
        _exit(128 + Int32(number))
    }
}

/// The folders to remove on an interrupt, and the children writing into them; touched by the main thread and the cleaner thread, under `lock`.
private final class FolderList: @unchecked Sendable {
    private var folders: [String] = []
    private var running: [pid_t] = []
    private let lock = NSLock()

    func add(child: pid_t) { lock.withLock { running.append(child) } }
    func remove(child: pid_t) { lock.withLock { running.removeAll { $0 == child } } }
    func children() -> [pid_t] { lock.withLock { running } }

    func add(_ folder: String) { lock.withLock { folders.append(folder) } }

    /// Runs `body` holding the lock, which `freeze` keeps for good: after an interrupt, `body` waits forever.
    func whileUnfrozen<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Removes one entry; true when none is left.
    func remove(_ folder: String) -> Bool {
        lock.withLock {
            if let k = folders.firstIndex(of: folder) { folders.remove(at: k) }
            return folders.isEmpty
        }
    }

    /// The folders and children, with the lock kept: nothing can be added any more.
    func freeze() -> ([String], [pid_t]) {
        lock.lock()
        return (folders, running)
    }
}

/// The C signal handler (a `@convention(c)` function cannot capture, so it forwards to the static one).
private let interruptHandler: @convention(c) (Int32) -> Void = { signal in
    InterruptCleanup.handle(signal)
}
