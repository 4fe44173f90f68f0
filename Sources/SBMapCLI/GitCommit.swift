import Foundation
import SBMapRevision

/// The commit a scanned folder is at, for the site's footer: `git rev-parse --verify HEAD` in that folder.
///
/// Local only (rev-parse reads the repository, never the network), with no prompt and no optional locks, and bounded:
/// a git that has not answered in `timeout` seconds is killed and the site names no commit. No git, no work tree, a
/// repository without commits, or one git refuses (another user's): no commit, and no message, since a site of a folder
/// that is not under git is normal.
enum GitCommit {
    /// What the footer says the site was built from.
    struct Provenance: Equatable {
        var commit: String
        /// The committer's date, `YYYY-MM-DD`; `nil` when git did not say.
        var date: String?
        /// Whether the scanned files differ from the commit: a tracked file under `path` changed, or a file git does
        /// not ignore is new there (`git status --porcelain -- path`).
        var localChanges: Bool
    }

    /// The commit `path` is at, its date, and whether the files under `path` differ from it. `excluding`: a folder
    /// not to count (the site being written, when it sits inside the scanned folder).
    static func provenance(of path: String, excluding: String? = nil, timeout: TimeInterval = 5) -> Provenance? {
        guard let commit = head(of: path, timeout: timeout), let (folder, name) = place(path) else { return nil }
        let date = run(["-C", folder, "show", "-s", "--format=%cs", commit], timeout: timeout).flatMap { out -> String? in
            let text = String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            // `%cs` is `YYYY-MM-DD`: nothing else goes into the pages.
            let digits = text.split(separator: "-")
            return text.count == 10 && digits.count == 3 && digits.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
                ? text : nil
        }
        // Unknown (git failed or was too slow) is not "changed": the footer then says nothing about it.
        var pathspecs = [name]
        let absolute = { (p: String) in URL(fileURLWithPath: p).standardizedFileURL.path }
        if let excluding, absolute(excluding).hasPrefix(absolute(path) + "/") {
            pathspecs.append(":(exclude)" + absolute(excluding))
        }
        let status = run(["-C", folder, "status", "--porcelain", "--ignore-submodules", "--"] + pathspecs, timeout: timeout)
        return Provenance(commit: commit, date: date, localChanges: status.map { !$0.isEmpty } ?? false)
    }

    /// The folder to run git in, and the path under it to look at (`.` for the folder itself).
    private static func place(_ path: String) -> (folder: String, name: String)? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue { return (path, ".") }
        let folder = (path as NSString).deletingLastPathComponent
        return (folder.isEmpty ? "." : folder, (path as NSString).lastPathComponent)
    }

    static func head(of path: String, timeout: TimeInterval = 5) -> String? {
        guard let (folder, _) = place(path),
              let out = run(["-C", folder, "rev-parse", "--verify", "--quiet", "HEAD"], timeout: timeout) else { return nil }
        let hash = String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        // A full object name (SHA-1 or SHA-256), nothing else: it goes into every page.
        guard [40, 64].contains(hash.count), hash.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
        return hash
    }

    /// git's standard output, or `nil` when it failed, could not start or did not end within `timeout` seconds.
    private static func run(_ arguments: [String], timeout: TimeInterval) -> [UInt8]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        // Set before the start: a git that ends at once must still be seen ending.
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do { try process.run() } catch { return nil }
        let reader = Subprocess.ReadAll(out)
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            return nil
        }
        guard process.terminationStatus == 0 else { return nil }
        return Array(reader.wait())
    }
}
