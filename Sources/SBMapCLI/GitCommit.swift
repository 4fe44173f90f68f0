import Foundation

/// The commit a scanned folder is at, for the site's footer: `git rev-parse --verify HEAD` in that folder.
///
/// Local only (rev-parse reads the repository, never the network), with no prompt and no optional locks, and bounded:
/// a git that has not answered in `timeout` seconds is killed and the site names no commit. No git, no work tree, a
/// repository without commits, or one git refuses (another user's): no commit, and no message, since a site of a folder
/// that is not under git is normal.
enum GitCommit {
    static func head(of path: String, timeout: TimeInterval = 5) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        let folder = isFolder.boolValue ? path : (path as NSString).deletingLastPathComponent
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.isEmpty ? "." : folder, "rev-parse", "--verify", "--quiet", "HEAD"]
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
        let hash = String(decoding: reader.wait(), as: UTF8.self).trimmed
        // A full object name (SHA-1 or SHA-256), nothing else: it goes into every page.
        guard [40, 64].contains(hash.count), hash.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
        return hash
    }
}
