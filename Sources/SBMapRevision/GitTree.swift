import Foundation

/// The git repository that holds the current folder, as `diff` reads its revisions: where it is, found once, one
/// `git cat-file --batch` for the blobs of both revisions, and one private folder they are written into in turn.
public final class GitRepository {
    /// The repository's top folder, where git runs; `.` when git cannot say.
    public var top: String { location.top }
    /// The current folder from the top (`App/Sub`, or `` at the top).
    public var prefix: String { location.prefix }
    private var stream: BlobStream?

    public init() {}

    /// Asked of git once, when a revision is read (two folders need no git): with the first revision named
    /// (`commit(named:)`), or alone.
    private var known: (top: String, prefix: String)?
    /// The top folder, when git has been asked already ("" when it said there is no repository here): the caller
    /// need not ask again.
    public var knownTop: String? { known.map { $0.top == "." ? "" : $0.top } }
    private var location: (top: String, prefix: String) {
        if let known { return known }
        let found = Self.location(in: Self.lines((try? Git.run(["rev-parse", "--show-toplevel", "--show-prefix"])) ?? ""))
            ?? (".", "")
        known = found
        return found
    }

    /// The top and the prefix from the first two lines of `rev-parse --show-toplevel --show-prefix` (the prefix
    /// empty at the top, else ending in `/`); nil when git said nothing (no repository here).
    private static func location(in lines: [String]) -> (top: String, prefix: String)? {
        guard lines.count >= 2, !lines[0].trimmed.isEmpty else { return nil }
        var prefix = lines[1]
        if prefix.hasSuffix("/") { prefix.removeLast() }
        return (lines[0].trimmed, prefix)
    }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The commit `spec` names, or nil. `spec` is resolved alone first, then peeled: `:/fix the crash` (the newest
    /// commit whose message matches) must not become a search for `fix the crash^{commit}`. `--end-of-options`
    /// keeps a spec that starts with `-` from being read as an option. The first call asks git where the repository
    /// is in the same `rev-parse`, and the object is peeled through the blob stream (`BlobStream.commit`): a diff of
    /// a revision and the working tree starts two git processes, not five.
    public func commit(named spec: String) -> String? {
        guard !spec.isEmpty else { return nil }
        let asksLocation = known == nil
        let arguments = (asksLocation ? ["rev-parse", "--show-toplevel", "--show-prefix"] : ["rev-parse"])
            + ["--verify", "--quiet", "--end-of-options", spec]
        guard let answer = try? Subprocess.finished("git", arguments) else { return nil }
        var lines = Self.lines(String(decoding: answer.output, as: UTF8.self))
        if asksLocation, let found = Self.location(in: lines) {
            known = found
            lines.removeFirst(2)
        }
        guard answer.status == 0, let object = lines.first?.trimmed, !object.isEmpty,
              let commit = try? blobs().commit(peeling: object) else { return nil }
        return commit
    }

    private var folder: CopyFolder?
    private let removal = DispatchGroup()

    /// The folder revisions are written into, made on first use.
    public func copyFolder() throws -> CopyFolder {
        if let folder { return folder }
        do {
            let made = try CopyFolder()
            folder = made
            return made
        } catch let failure as ScratchFolder.Failure {
            throw RevisionCopy.Failure(description: "cannot read a revision: \(failure.description)")
        }
    }

    /// Removes the folder on a thread of its own, once nothing reads it any more, while the run goes on.
    public func removeCopy() {
        guard let folder else { return }
        self.folder = nil
        let root = folder.root
        DispatchQueue.global().async(group: removal) { ScratchFolder.remove(root) }
    }

    /// Ends git's process and removes the folder; returns when it is gone.
    public func finish() {
        close()
        removeCopy()
        removal.wait()
    }

    /// The object folders of submodules whose files are read with the revision's (`GIT_ALTERNATE_OBJECT_DIRECTORIES`).
    private var alternates: [String] = []

    /// Reads blobs from `objects` (a submodule's object folder) too, from the next stream on.
    public func addAlternate(_ objects: String) {
        guard !alternates.contains(objects) else { return }
        alternates.append(objects)
        close()
    }

    /// The git folder of the submodule at `path` (from the top) when it has `commit`; nil when this clone does not
    /// (never initialised, or not fetched that far). Looked for where git keeps it: the superproject's
    /// `modules/<name>`, or the submodule's own checkout.
    public func submoduleGitFolder(_ path: String, commit: String) -> String? {
        var candidates: [String] = []
        if let common = try? Git.run(["-C", top, "rev-parse", "--git-common-dir"]).trimmed, !common.isEmpty {
            let absolute = common.hasPrefix("/") ? common : top + "/" + common
            var names = [path]
            // The submodule's name, when .gitmodules gives it another than its path.
            if let listed = try? Git.run(["-C", top, "config", "-f", ".gitmodules", "--get-regexp", #"^submodule\..*\.path$"#]) {
                for line in listed.split(separator: "\n") {
                    let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
                    guard parts.count == 2, parts[1] == path else { continue }
                    names.insert(String(parts[0].dropFirst("submodule.".count).dropLast(".path".count)), at: 0)
                }
            }
            candidates += names.map { absolute + "/modules/" + $0 }
        }
        let checkout = top + "/" + path
        if FileManager.default.fileExists(atPath: checkout + "/.git"),
           let own = try? Git.run(["-C", checkout, "rev-parse", "--absolute-git-dir"]).trimmed, !own.isEmpty {
            candidates.append(own)
        }
        for folder in candidates where FileManager.default.fileExists(atPath: folder + "/objects") {
            if (try? Git.run(["--git-dir", folder, "cat-file", "-e", commit + "^{commit}"])) != nil { return folder }
        }
        return nil
    }

    /// The blob stream, started on first use.
    public func blobs() throws -> BlobStream {
        if let stream { return stream }
        let made = try BlobStream(repository: top, alternates: alternates)
        stream = made
        return made
    }

    /// Ends git's process.
    public func close() {
        stream?.close()
        stream = nil
    }

    deinit { close() }
}

/// Runs git in the current folder; its stdout, or an error with its stderr.
public enum Git {
    public static func run(_ arguments: [String]) throws -> String {
        try Subprocess.run("git", arguments)
    }
}

public enum Subprocess {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Foundation's `Process` on Linux does work in the parent for every descriptor the open-files limit allows, on
    /// every spawn: with a limit of 20,000 each git call cost about 90 ms before git even started, most of a small
    /// app's diff (docs/benchmarks.md, diff). `diff` never has more than a few dozen files open, so it lowers its own
    /// soft limit to `limit` (never raises it) before its first git call.
    public static func lowerOpenFilesLimit(to limit: rlim_t = 4096) {
        var current = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &current) == 0, current.rlim_cur > limit else { return }
        current.rlim_cur = limit
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &current)
    }

    /// Runs `tool` (found on PATH) with `arguments`; its stdout as text, or an error with its stderr.
    public static func run(_ tool: String, _ arguments: [String]) throws -> String {
        String(decoding: try output(tool, arguments), as: UTF8.self)
    }

    /// Runs `tool` (found on PATH) with `arguments`; its stdout, or an error with its stderr.
    public static func output(_ tool: String, _ arguments: [String]) throws -> Data {
        let ended = try finished(tool, arguments)
        guard ended.status == 0 else {
            let message = String(decoding: ended.errors, as: UTF8.self).trimmed
            // Named by its command (`git ls-tree`), past `-C folder`.
            let command = arguments.first == "-C" ? arguments.dropFirst(2).first : arguments.first
            throw Failure(description: "\(tool) \(command ?? "") failed: \(message.isEmpty ? "exit \(ended.status)" : message)")
        }
        return ended.output
    }

    /// Runs `tool` (found on PATH) with `arguments` to its end: its exit status, stdout and stderr. Throws only when it
    /// cannot start.
    public static func finished(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: Data, errors: Data) {
        let (executable, argv) = command(tool, arguments)
        let child: Child
        do {
            child = try Child(executable.path, argv, input: false)
        } catch let failure as Failure {
            throw Failure(description: "cannot run \(tool): \(failure.description)")
        }
        InterruptCleanup.register(child: child.pid)
        defer { InterruptCleanup.release(child: child.pid) }
        let (output, errors) = child.readToEnd()
        return (child.wait(), output, errors)
    }

    /// The executable and arguments that run `tool` with `arguments`: git straight from where PATH finds it (a `diff`
    /// runs it eight times, and each exec of `/usr/bin/env` on the way cost one more process), anything else
    /// through `/usr/bin/env`.
    static func command(_ tool: String, _ arguments: [String]) -> (URL, [String]) {
        if tool == "git", let git { return (git, arguments) }
        return (URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments)
    }

    /// git on PATH, looked up once (as `env` looks it up: the first executable file of that name).
    private static let git: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = String(folder) + "/git"
            var info = stat()
            if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 {
                return URL(fileURLWithPath: candidate)
            }
        }
        return nil
    }()

    /// A process started with `posix_spawn`, its stdin, stdout and stderr pipes to this one.
    ///
    /// Foundation's `Process` on Linux costs `diff` 25–45 ms a git call before git starts (it walks every descriptor
    /// the open-files limit allows, and runs a thread to see the child end); `posix_spawn` costs about a millisecond.
    /// Every pipe is made close-on-exec (`pipe2`), so a git started on one thread never inherits the pipe of one started
    /// on another, which would keep that one's input open, and it from ending. The child gets the default action of
    /// every signal and no blocked signal (this thread may block SIGPIPE while it writes to a pipe).
    final class Child: @unchecked Sendable {
        let pid: pid_t
        /// The write end of its stdin (closed by `closeInput`); -1 when its stdin is `/dev/null`.
        private(set) var input: Int32
        /// The read ends of its stdout and stderr.
        let output: Int32, errors: Int32
        private var status: Int32?
        private let lock = NSLock()

        /// Starts `executable` (a path) with `arguments` (without the program name); with `input`, a pipe to its stdin.
        /// `environment`: the whole environment, or nil for this process's.
        init(_ executable: String, _ arguments: [String], input wantsInput: Bool, environment: [String: String]? = nil) throws {
            let stdin = wantsInput ? try Self.pipe() : nil
            let stdout: (read: Int32, write: Int32), stderr: (read: Int32, write: Int32)
            do {
                stdout = try Self.pipe()
                do { stderr = try Self.pipe() } catch { Self.close(stdout); throw error }
            } catch {
                if let stdin { Self.close(stdin) }
                throw error
            }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            if let stdin {
                posix_spawn_file_actions_adddup2(&actions, stdin.read, 0)
            } else {
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            }
            posix_spawn_file_actions_adddup2(&actions, stdout.write, 1)
            posix_spawn_file_actions_adddup2(&actions, stderr.write, 2)
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var none = sigset_t(), all = sigset_t()
            sigemptyset(&none)
            sigfillset(&all)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setsigdefault(&attributes, &all)
            var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
            #if canImport(Darwin)
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
            #endif
            posix_spawnattr_setflags(&attributes, Int16(flags))
            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            defer { for argument in argv { free(argument) } }
            let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
            defer { for entry in envp ?? [] { free(entry) } }
            var pid = pid_t()
            let started = envp == nil
                ? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
                : posix_spawn(&pid, executable, &actions, &attributes, argv, envp!)
            // The child's ends are its own now.
            if let stdin { Foundation.close(stdin.read) }
            Foundation.close(stdout.write)
            Foundation.close(stderr.write)
            guard started == 0 else {
                if let stdin { Foundation.close(stdin.write) }
                Foundation.close(stdout.read)
                Foundation.close(stderr.read)
                throw Failure(description: String(cString: strerror(started)))
            }
            self.pid = pid
            self.input = stdin?.write ?? -1
            self.output = stdout.read
            self.errors = stderr.read
        }

        /// A pipe, both ends close-on-exec.
        private static func pipe() throws -> (read: Int32, write: Int32) {
            var ends: [Int32] = [0, 0]
            #if os(Linux)
            let made = linuxPipe2(&ends, Int32(O_CLOEXEC))
            #else
            let made = Foundation.pipe(&ends)
            if made == 0 { for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) } }
            #endif
            guard made == 0 else { throw Failure(description: "cannot make a pipe: \(String(cString: strerror(errno)))") }
            return (ends[0], ends[1])
        }

        private static func close(_ ends: (read: Int32, write: Int32)) {
            Foundation.close(ends.read)
            Foundation.close(ends.write)
        }

        /// Closes its stdin: it sees its input end.
        func closeInput() {
            lock.withLock {
                if input >= 0 { Foundation.close(input) }
                input = -1
            }
        }

        /// Reads its stdout and stderr to their ends, both at once (`poll`), so neither pipe fills while the other is
        /// read; closes them.
        func readToEnd() -> (output: Data, errors: Data) {
            var collected = [Data(), Data()]
            var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while fds.contains(where: { $0.fd >= 0 }) {
                let ready = poll(&fds, nfds_t(fds.count), -1)
                if ready < 0 { if errno == EINTR { continue } else { break } }
                for k in fds.indices where fds[k].fd >= 0 && fds[k].revents != 0 {
                    let count = buffer.withUnsafeMutableBytes { read(fds[k].fd, $0.baseAddress, $0.count) }
                    if count > 0 {
                        collected[k].append(contentsOf: buffer[..<count])
                    } else if count == 0 || errno != EINTR {
                        Foundation.close(fds[k].fd)
                        fds[k].fd = -1
                    }
                }
            }
            for descriptor in fds where descriptor.fd >= 0 { Foundation.close(descriptor.fd) }
            return (collected[0], collected[1])
        }

        /// Waits for it to end (once; later calls give the same); its exit status, or 128 + the signal that ended it.
        @discardableResult
        func wait() -> Int32 {
            if let status = lock.withLock({ status }) { return status }
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 {
                guard errno == EINTR else { raw = 0x7f00; break }  // not ours to wait for: as exit 127
            }
            let signal = raw & 0x7f
            let ended = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
            lock.withLock { status = ended }
            return ended
        }

        /// Asks it to end (SIGTERM), unless it has been waited for already.
        func terminate() {
            lock.withLock { if status == nil { _ = kill(pid, SIGTERM) } }
        }
    }

    /// Reads a pipe to its end on another thread, so a chatty stderr cannot block the process.
    public final class ReadAll: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        public init(_ pipe: Pipe) {
            let handle = pipe.fileHandleForReading
            DispatchQueue.global().async {
                self.data = handle.readDataToEndOfFile()
                self.done.signal()
            }
        }

        /// Reads the pipe `descriptor` (and closes it).
        init(descriptor: Int32) {
            DispatchQueue.global().async {
                var buffer = [UInt8](repeating: 0, count: 1 << 14)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count > 0 { self.data.append(contentsOf: buffer[..<count]) } else if count < 0, errno == EINTR { continue } else { break }
                }
                Foundation.close(descriptor)
                self.done.signal()
            }
        }

        public func wait() -> Data {
            done.wait()
            return data
        }
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}

#if os(Linux)
/// glibc's `pipe2` (Swift's Glibc module leaves it out: it is a GNU extension): a pipe whose ends are made
/// close-on-exec in the same call, so no process spawned meanwhile by another thread inherits them.
@_silgen_name("pipe2")
private func linuxPipe2(_ ends: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
#endif
