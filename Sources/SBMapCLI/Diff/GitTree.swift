import ArgumentParser
import Foundation

/// One side of `sbmap diff`: a folder, or a git revision of the repository that holds the current folder.
///
/// A revision is read through git itself, into the run's private folder (`RevisionCopy`, `CopyFolder`): only what
/// the analysis reads is written there, the user's working tree and index are never touched, and nothing is checked
/// out.
struct DiffSide {
    /// What the user wrote.
    var spec: String
    /// The folder to scan (the revision's copy of the current folder, for a revision).
    var folder: String
    /// The revision's copy, written as the side is scanned (`DiffCommand.graph(of:)`); nil for a folder.
    var copy: RevisionCopy?
    /// For messages: `origin/main (3f2a1b9)` or the folder.
    var title: String

    /// `spec` as a folder or as a revision. A name that is both (a folder `master/` beside the branch `master`) is
    /// refused rather than guessed: `./master` names the folder, `master^{commit}` or `refs/heads/master` the revision.
    static func open(_ spec: String, in repository: GitRepository) throws -> DiffSide {
        var isFolder: ObjCBool = false
        let folderExists = FileManager.default.fileExists(atPath: spec, isDirectory: &isFolder) && isFolder.boolValue
        // Spelled as a path (`./x`, `../x`, `/x`, `.`): the folder, whatever revisions exist.
        let spelledAsPath = spec == "." || spec == ".." || spec.hasPrefix("./") || spec.hasPrefix("../") || spec.hasPrefix("/")
        if folderExists, spelledAsPath {
            return DiffSide(spec: spec, folder: spec, copy: nil, title: spec)
        }
        let commit = Self.commit(named: spec)
        if folderExists {
            guard let commit else { return DiffSide(spec: spec, folder: spec, copy: nil, title: spec) }
            throw ValidationError("'\(spec)' is both a folder and a git revision (\(commit.prefix(7))); write './\(spec)' for the folder, or '\(spec)^{commit}' for the revision")
        }
        guard let commit else {
            throw ValidationError("'\(spec)' is neither a folder nor a revision of the git repository here; give a folder, or a revision such as origin/main or HEAD~1")
        }
        let copy = RevisionCopy(spec: spec, commit: commit, repository: repository, copy: try repository.copyFolder())
        return DiffSide(spec: spec, folder: copy.folder, copy: copy, title: "\(spec) (\(commit.prefix(7)))")
    }

    /// The commit `spec` names, or nil. `spec` is resolved alone first, then peeled: `:/fix the crash` (the newest
    /// commit whose message matches) must not become a search for `fix the crash^{commit}`. `--end-of-options`
    /// keeps a spec that starts with `-` from being read as an option.
    static func commit(named spec: String) -> String? {
        guard !spec.isEmpty,
              let object = try? Git.run(["rev-parse", "--verify", "--quiet", "--end-of-options", spec]).trimmed,
              !object.isEmpty,
              let commit = try? Git.run(["rev-parse", "--verify", "--quiet", "\(object)^{commit}"]).trimmed,
              !commit.isEmpty
        else { return nil }
        return commit
    }
}

/// The git repository that holds the current folder, as `diff` reads its revisions: where it is, found once, one
/// `git cat-file --batch` for the blobs of both revisions, and one private folder they are written into in turn.
final class GitRepository {
    /// The repository's top folder, where git runs; `.` when git cannot say.
    var top: String { location.top }
    /// The current folder from the top (`App/Sub`, or `` at the top).
    var prefix: String { location.prefix }
    private var stream: BlobStream?

    /// Asked of git once, when a revision is read (two folders need no git).
    private lazy var location: (top: String, prefix: String) = {
        // Two lines: the top, then the prefix (empty at the top, else ending in `/`).
        let lines = ((try? Git.run(["rev-parse", "--show-toplevel", "--show-prefix"])) ?? "")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let top = lines.first.map(\.trimmed).flatMap { $0.isEmpty ? nil : $0 } ?? "."
        var prefix = lines.count > 1 ? lines[1] : ""
        if prefix.hasSuffix("/") { prefix.removeLast() }
        return (top, prefix)
    }()

    private var folder: CopyFolder?
    private let removal = DispatchGroup()

    /// The folder revisions are written into, made on first use.
    func copyFolder() throws -> CopyFolder {
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
    func removeCopy() {
        guard let folder else { return }
        self.folder = nil
        let root = folder.root
        DispatchQueue.global().async(group: removal) { ScratchFolder.remove(root) }
    }

    /// Ends git's process and removes the folder; returns when it is gone.
    func finish() {
        close()
        removeCopy()
        removal.wait()
    }

    /// The object folders of submodules whose files are read with the revision's (`GIT_ALTERNATE_OBJECT_DIRECTORIES`).
    private var alternates: [String] = []

    /// Reads blobs from `objects` (a submodule's object folder) too, from the next stream on.
    func addAlternate(_ objects: String) {
        guard !alternates.contains(objects) else { return }
        alternates.append(objects)
        close()
    }

    /// The git folder of the submodule at `path` (from the top) when it has `commit`; nil when this clone does not
    /// (never initialised, or not fetched that far). Looked for where git keeps it: the superproject's
    /// `modules/<name>`, or the submodule's own checkout.
    func submoduleGitFolder(_ path: String, commit: String) -> String? {
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
    func blobs() throws -> BlobStream {
        if let stream { return stream }
        let made = try BlobStream(repository: top, alternates: alternates)
        stream = made
        return made
    }

    /// Ends git's process.
    func close() {
        stream?.close()
        stream = nil
    }

    deinit { close() }
}

/// Runs git in the current folder; its stdout, or an error with its stderr.
enum Git {
    static func run(_ arguments: [String]) throws -> String {
        try Subprocess.run("git", arguments)
    }
}

enum Subprocess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Foundation's `Process` on Linux does work in the parent for every descriptor the open-files limit allows, on
    /// every spawn: with a limit of 20,000 each git call cost about 90 ms before git even started, most of a small
    /// app's diff (docs/benchmarks.md, diff). `diff` never has more than a few dozen files open, so it lowers its own
    /// soft limit to `limit` (never raises it) before its first git call.
    static func lowerOpenFilesLimit(to limit: rlim_t = 4096) {
        var current = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &current) == 0, current.rlim_cur > limit else { return }
        current.rlim_cur = limit
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &current)
    }

    /// Runs `tool` (found on PATH) with `arguments`; its stdout as text, or an error with its stderr.
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        String(decoding: try output(tool, arguments), as: UTF8.self)
    }

    /// Runs `tool` (found on PATH) with `arguments`; its stdout, or an error with its stderr.
    static func output(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        (process.executableURL, process.arguments) = command(tool, arguments)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let exit = ExitWatch(process)
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot run \(tool): \(error.localizedDescription)")
        }
        InterruptCleanup.register(child: process.processIdentifier)
        defer { InterruptCleanup.release(child: process.processIdentifier) }
        let errData = ReadAll(err)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        exit.wait()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errData.wait(), as: UTF8.self).trimmed
            // Named by its command (`git ls-tree`), past `-C folder`.
            let command = arguments.first == "-C" ? arguments.dropFirst(2).first : arguments.first
            throw Failure(description: "\(tool) \(command ?? "") failed: \(message.isEmpty ? "exit \(process.terminationStatus)" : message)")
        }
        return outData
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

    /// Waits for a process to end. Foundation's `waitUntilExit` on Linux looks every 50 ms, which cost `diff` 50 ms
    /// per git call (most end in 3 ms); its termination handler is called as the process ends. Made before `run`,
    /// so a process that ends at once is still seen ending.
    final class ExitWatch: @unchecked Sendable {
        private let ended = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var seen = false

        init(_ process: Process) {
            process.terminationHandler = { [ended] _ in ended.signal() }
        }

        /// Returns once the process has ended; at once after the first time.
        func wait() {
            lock.withLock {
                if !seen { ended.wait() }
                seen = true
            }
        }
    }

    /// Reads a pipe to its end on another thread, so a chatty stderr cannot block the process.
    final class ReadAll: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ pipe: Pipe) {
            let handle = pipe.fileHandleForReading
            DispatchQueue.global().async {
                self.data = handle.readDataToEndOfFile()
                self.done.signal()
            }
        }

        func wait() -> Data {
            done.wait()
            return data
        }
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
