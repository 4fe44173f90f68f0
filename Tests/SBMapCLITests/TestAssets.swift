import Foundation

/// Files some tests need that are not committed (axe-core, Mermaid, the SARIF schema): each comes, pinned, from a
/// fetch script of `scripts/` into an ignored cache folder under `.build/`.
enum TestAssets {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `$variable` when it is set; else `cached` (relative to the repository), which `script` fetches first when it
    /// is missing and `fetching` allows. `nil` when there is none.
    static func path(environment variable: String, cached: String, fetchedBy script: String, fetching: Bool = true) -> String? {
        if let chosen = ProcessInfo.processInfo.environment[variable], !chosen.isEmpty { return chosen }
        let file = repository.appendingPathComponent(cached)
        if !FileManager.default.fileExists(atPath: file.path), fetching {
            let fetch = Process()
            fetch.executableURL = repository.appendingPathComponent(script)
            fetch.standardOutput = FileHandle.nullDevice
            fetch.standardError = FileHandle.nullDevice
            try? fetch.run()
            fetch.waitUntilExit()
        }
        return FileManager.default.fileExists(atPath: file.path) ? file.path : nil
    }
}
