import Foundation
import Testing

/// Helpers for the end-to-end robustness tests: raw bytes on disk, runs measured or run as another user,
/// and the findings a run printed.
enum Robust {
    /// Writes `bytes` to `path` below `root`, creating folders.
    static func write(_ bytes: some Sequence<UInt8>, _ path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    static func write(_ text: String, _ path: String, in root: URL) throws {
        try write(Array(text.utf8), path, in: root)
    }

    static func read(_ path: String, in root: URL) -> Data? {
        FileManager.default.contents(atPath: root.appendingPathComponent(path).path)
    }

    /// `(path, level, code)` of every finding line on stderr, in Xcode's format.
    static func findings(_ stderr: String) -> [(path: String, level: String, code: String)] {
        stderr.split(separator: "\n").compactMap { line in
            guard line.hasSuffix("]"), let open = line.lastIndex(of: "[") else { return nil }
            let code = String(line[line.index(after: open)..<line.index(before: line.endIndex)])
            for level in ["error", "warning", "note"] {
                if let range = line.range(of: ": \(level): ") {
                    let place = line[..<range.lowerBound]
                    // path:line:col, or path alone; the path itself may hold colons only if escaped.
                    var parts = place.split(separator: ":", omittingEmptySubsequences: false)
                    while parts.count > 1, let last = parts.last, Int(last) != nil { parts.removeLast() }
                    return (parts.joined(separator: ":"), level, code)
                }
            }
            return nil
        }
    }

    static func codes(for path: String, in stderr: String) -> [String] {
        findings(stderr).filter { $0.path == path }.map(\.code)
    }

    /// Runs the built `sbmap` and follows its peak resident memory (VmHWM) while it runs.
    static func measured(_ arguments: [String], in folder: URL) throws -> (run: SBMapRun, peakKiB: Int, seconds: Double) {
        let process = Process()
        process.executableURL = Harness.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = folder.appendingPathComponent(".measured-\(UUID().uuidString).out")
        let err = folder.appendingPathComponent(".measured-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        let start = Date()
        try process.run()
        var peak = 0
        while process.isRunning {
            // VmHWM only grows, so the last reading before exit is within a few ms of the peak.
            if let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
               let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
               let kib = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
                peak = max(peak, kib)
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(start)
        let stdout = (try? Data(contentsOf: out)) ?? Data()
        let stderr = (try? Data(contentsOf: err)) ?? Data()
        let run = SBMapRun(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                           stderr: String(decoding: stderr, as: UTF8.self), stdoutBytes: stdout)
        return (run, peak, seconds)
    }

    /// Whether file permissions mean anything for `sbmap` here: they do not for root, unless it can be run
    /// as another user with `setpriv`.
    static var canDropPrivileges: Bool {
        getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
    }

    /// Runs `sbmap` as an unprivileged user (nobody, through `setpriv`) when the tests run as root, so that
    /// unreadable files really are unreadable to it; as the current user otherwise.
    static func runUnprivileged(_ arguments: [String], in folder: URL) throws -> SBMapRun {
        guard getuid() == 0 else { return try Harness.run(arguments, in: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "--", Harness.executable.path] + arguments
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errData = ReadInBackground(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errBytes = errData.wait()
        return SBMapRun(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                        stderr: String(decoding: errBytes, as: UTF8.self), stdoutBytes: outData)
    }

    /// Makes a folder tree readable and enterable by everyone, so an unprivileged child can read the project.
    static func openUp(_ root: URL) {
        chmod(root.path, 0o777)
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let name = walker?.nextObject() as? String {
            let path = root.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFLNK else { continue }
            chmod(path, (info.st_mode & S_IFMT) == S_IFDIR ? 0o777 : 0o644)
        }
    }

    /// The storyboard text of an attribute value: XML-escaped, with characters XML cannot hold left out.
    static func attribute(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out += "&#\(scalar.value);"
            default:
                // XML 1.0 allows no C0 controls besides tab, newline and return, not even as references.
                if scalar.value < 0x20 { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Reads a pipe to its end on another thread.
final class ReadInBackground: @unchecked Sendable {
    private let group = DispatchGroup()
    private var data = Data()

    init(_ handle: FileHandle) {
        group.enter()
        DispatchQueue.global().async {
            self.data = handle.readDataToEndOfFile()
            self.group.leave()
        }
    }

    func wait() -> Data {
        group.wait()
        return data
    }
}
