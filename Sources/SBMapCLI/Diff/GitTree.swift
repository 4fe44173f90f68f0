import ArgumentParser
import Foundation

/// One side of `sbmap diff`: a folder, or a git revision of the repository that holds the current folder.
///
/// A revision is read through git itself, `git archive REV` into a temporary folder: the user's working tree and
/// index are never touched, and nothing is checked out.
struct DiffSide {
    /// What the user wrote.
    var spec: String
    /// The folder to scan (the revision's copy of the current folder, for a revision).
    var folder: String
    /// The temporary folder to remove afterwards.
    var scratch: String?
    /// For messages: `origin/main (3f2a1b9)` or the folder.
    var title: String

    /// A revision that names a commit but could not be read: the run failed (exit 2), not the usage.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `spec` as a folder or as a revision. A name that is both (a folder `master/` beside the branch `master`) is
    /// refused rather than guessed: `./master` names the folder, `master^{commit}` or `refs/heads/master` the revision.
    static func open(_ spec: String) throws -> DiffSide {
        var isFolder: ObjCBool = false
        let folderExists = FileManager.default.fileExists(atPath: spec, isDirectory: &isFolder) && isFolder.boolValue
        // Spelled as a path (`./x`, `../x`, `/x`, `.`): the folder, whatever revisions exist.
        let spelledAsPath = spec == "." || spec == ".." || spec.hasPrefix("./") || spec.hasPrefix("../") || spec.hasPrefix("/")
        if folderExists, spelledAsPath {
            return DiffSide(spec: spec, folder: spec, scratch: nil, title: spec)
        }
        let commit = Self.commit(named: spec)
        if folderExists {
            guard let commit else { return DiffSide(spec: spec, folder: spec, scratch: nil, title: spec) }
            throw ValidationError("'\(spec)' is both a folder and a git revision (\(commit.prefix(7))); write './\(spec)' for the folder, or '\(spec)^{commit}' for the revision")
        }
        guard let commit else {
            throw ValidationError("'\(spec)' is neither a folder nor a revision of the git repository here; give a folder, or a revision such as origin/main or HEAD~1")
        }
        let prefix = (try? Git.run(["rev-parse", "--show-prefix"]).trimmed) ?? ""
        // `git archive` run in a subfolder archives only that subfolder: run it from the top, keep the paths whole.
        let top = (try? Git.run(["rev-parse", "--show-toplevel"]).trimmed) ?? "."
        ScratchFolder.removeLeftovers()
        let scratch: String
        do {
            scratch = try ScratchFolder.make()
        } catch let failure as ScratchFolder.Failure {
            throw Failure(description: "cannot read revision '\(spec)': \(failure.description)")
        }
        let archive = scratch + "/.tree.tar"
        do {
            _ = try Git.run(["-C", top, "archive", "--format=tar", "-o", archive, commit])
            try Tar.extract(archive, into: scratch)
            try? FileManager.default.removeItem(atPath: archive)
        } catch {
            ScratchFolder.remove(scratch)
            throw Failure(description: "cannot read revision '\(spec)': \(error)")
        }
        let folder = prefix.isEmpty ? scratch : scratch + "/" + prefix
        return DiffSide(spec: spec, folder: folder, scratch: scratch, title: "\(spec) (\(commit.prefix(7)))")
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

    func cleanUp() {
        if let scratch { ScratchFolder.remove(scratch) }
    }
}

/// Runs git in the current folder; its stdout, or an error with its stderr.
enum Git {
    static func run(_ arguments: [String]) throws -> String {
        try Subprocess.run("git", arguments)
    }
}

enum Tar {
    static func extract(_ archive: String, into folder: String) throws {
        _ = try Subprocess.run("tar", ["-xf", archive, "-C", folder])
    }
}

enum Subprocess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `tool` (found on PATH) with `arguments`; its stdout, or an error with its stderr.
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot run \(tool): \(error.localizedDescription)")
        }
        InterruptCleanup.register(child: process.processIdentifier)
        defer { InterruptCleanup.release(child: process.processIdentifier) }
        let errData = ReadAll(err)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errData.wait(), as: UTF8.self).trimmed
            throw Failure(description: "\(tool) \(arguments.first ?? "") failed: \(message.isEmpty ? "exit \(process.terminationStatus)" : message)")
        }
        return String(decoding: outData, as: UTF8.self)
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
