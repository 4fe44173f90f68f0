import Foundation
import SBMapModel
import SBMapRevision

/// Where the outputs a CI reads name files from: the repository's root. GitHub places an annotation, a SARIF result
/// and a baseline entry by their path from the root, whatever folder sbmap runs in and whatever paths it was given
/// (`paths: App` in `.sbmap.yml`, `cd App && sbmap check`). Findings carry paths as the user wrote them, from the
/// current folder; this turns them into paths from the root. The root is found once: git's top folder, else the
/// folder of the settings file, else the current folder.
public struct RepositoryPaths: Sendable {
    /// The root, absolute and with links resolved.
    public var root: String
    /// The folder findings' relative paths start from, absolute and with links resolved.
    public var currentFolder: String

    public init(root: String, currentFolder: String = FileManager.default.currentDirectoryPath) {
        self.root = Self.real(root)
        self.currentFolder = Self.real(currentFolder)
    }

    /// The root around the current folder: git's top folder, else `settingsFolder` (the `.sbmap.yml`'s), else the
    /// current folder. Git is asked once per folder in a run (the reporter, the baseline and the gate all ask).
    public static func find(settingsFolder: String? = nil) -> RepositoryPaths {
        let cwd = FileManager.default.currentDirectoryPath
        let top = Self.tops.value(for: cwd) {
            ((try? Git.run(["rev-parse", "--show-toplevel"])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return RepositoryPaths(root: top.isEmpty ? settingsFolder ?? cwd : top, currentFolder: cwd)
    }

    /// Git's top folder by current folder, asked once each.
    private static let tops = Memo()

    /// Git's top folder around the current folder, as another git call said it (`diff`'s); "" for none.
    public static func remember(top: String) {
        _ = tops.value(for: FileManager.default.currentDirectoryPath) { top }
    }

    private final class Memo: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String: String] = [:]

        func value(for key: String, _ make: () -> String) -> String {
            lock.lock()
            defer { lock.unlock() }
            if let known = values[key] { return known }
            let made = make()
            values[key] = made
            return made
        }
    }

    /// `path` (as a finding names it: from the current folder, or absolute) from the root, without `./`; a path
    /// outside the root stays absolute; an empty path (a finding about the run) stays empty.
    public func relative(_ path: String) -> String {
        guard !path.isEmpty else { return "" }
        let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: currentFolder, isDirectory: true))
            .standardizedFileURL.path
        if absolute == root { return "." }
        let base = root.hasSuffix("/") ? root : root + "/"
        return absolute.hasPrefix(base) ? String(absolute.dropFirst(base.count)) : absolute
    }

    /// Whether `path` is inside the root.
    public func isInside(_ path: String) -> Bool {
        let relative = relative(path)
        return !relative.isEmpty && !relative.hasPrefix("/")
    }

    /// `diagnostic` with its path from the root.
    public func located(_ diagnostic: Diagnostic) -> Diagnostic {
        guard let path = diagnostic.location?.path else { return diagnostic }
        var result = diagnostic
        result.location?.path = relative(path)
        return result
    }

    /// A folder with its links resolved (`/tmp` is `/private/tmp` on a Mac), so that two spellings of one folder
    /// compare equal; a folder that does not exist is taken as written.
    public static func real(_ folder: String) -> String {
        guard let resolved = realpath(folder, nil) else { return URL(fileURLWithPath: folder).standardizedFileURL.path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
