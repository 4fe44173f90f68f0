import Foundation

extension RepositoryPaths {
    /// `git rev-parse --show-toplevel` in the current folder: the top folder of the repository around it, or "" when
    /// there is none (or no git). Its stderr is dropped: outside a repository git's complaint is not a finding.
    static func gitTopFolder() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "rev-parse", "--show-toplevel"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return "" }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : ""
    }
}
