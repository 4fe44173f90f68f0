import Foundation
import SBMapDiscover
import SBMapModel

/// A project's policy for findings (`.sbmap.yml`'s `findings:`): the level of each finding code, or `off`, and the
/// files where findings are left out. Applied by the analysis's one severity step, after every pass has run.
public struct FindingPolicy: Hashable, Sendable {
    /// A code's level, or `nil` for `off` (left out).
    public var levels: [DiagnosticCode: Severity?]
    public var suppressions: [Suppression]
    /// The absolute folder that suppression globs are relative to (the settings file's).
    public var folder: String

    /// Findings to leave out: of one code (or every code, `nil`) in files matching a glob (`Glob`).
    public struct Suppression: Hashable, Sendable {
        public var code: DiagnosticCode?
        public var paths: [String]

        public init(code: DiagnosticCode?, paths: [String]) {
            self.code = code
            self.paths = paths
        }
    }

    public init(levels: [DiagnosticCode: Severity?] = [:], suppressions: [Suppression] = [], folder: String = "/") {
        self.levels = levels
        self.suppressions = suppressions
        self.folder = folder
    }

    public var isEmpty: Bool { levels.isEmpty && suppressions.isEmpty }

    /// The findings at the levels the policy sets, without those it leaves out. Paths in findings are relative to
    /// `currentDirectory` (as the user wrote them); suppression globs match them relative to `folder`.
    public func apply(to diagnostics: [Diagnostic], currentDirectory: String) -> [Diagnostic] {
        guard !isEmpty else { return diagnostics }
        return diagnostics.compactMap { diagnostic in
            var result = diagnostic
            if let level = levels[diagnostic.code] {
                guard let level else { return nil }
                result.severity = level
            }
            if !suppressions.isEmpty, let path = diagnostic.location?.path {
                let absolute = path.hasPrefix("/") ? path
                    : URL(fileURLWithPath: currentDirectory).appendingPathComponent(path).standardizedFileURL.path
                let relative = PathText.relative(absolute, from: folder)
                let name = PathText.lastComponent(path)
                for rule in suppressions where rule.code == nil || rule.code == diagnostic.code {
                    if Glob.matchesAny(rule.paths, relativePath: relative, name: name) { return nil }
                }
            }
            return result
        }
    }
}
