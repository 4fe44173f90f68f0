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

    /// The one severity step: each finding's level and wording from its facts (its own, and those `places` knows
    /// of where it is), then the policy's levels, then its suppressions. A level the policy sets is capped by the
    /// facts: what the analysis knows makes a finding less sure (the call is inside `@try`, so the exception is
    /// caught), and no setting makes it surer. `code-unknown-identifier: error` lowers nothing and raises a finding
    /// to error except where a fact holds it lower, and there the message still says why (docs/config.md). Paths in findings are relative to
    /// `workingFolder` (absolute: where the user ran the analysis; nil: this policy's `folder`); suppression globs
    /// match them relative to `folder`.
    public func decide(_ diagnostics: [Diagnostic], places: PlaceFacts = PlaceFacts(),
                       from workingFolder: String? = nil) -> [Diagnostic] {
        diagnostics.compactMap { diagnostic in
            var result = diagnostic
            if let path = diagnostic.location?.path, !places.isEmpty {
                result.facts += places.facts(at: path, line: diagnostic.location?.line ?? 0)
            }
            if !result.facts.isEmpty { Self.lower(&result) }
            if isEmpty { return result }
            if let level = levels[diagnostic.code] {
                guard let level else { return nil }
                result.severity = result.facts.map(\.ceiling).reduce(level) { min($0, $1) }
            }
            if !suppressions.isEmpty, let path = diagnostic.location?.path {
                let absolute = path.hasPrefix("/") ? path
                    : URL(fileURLWithPath: workingFolder ?? folder).appendingPathComponent(path).standardizedFileURL.path
                let relative = PathText.relative(absolute, from: folder)
                let name = PathText.lastComponent(path)
                for rule in suppressions where rule.code == nil || rule.code == diagnostic.code {
                    if Glob.matchesAny(rule.paths, relativePath: relative, name: name) { return nil }
                }
            }
            return result
        }
    }

    /// Lowers `finding` to the ceiling of each of its facts, in their order; a fact that lowers it says why.
    static func lower(_ finding: inout Diagnostic) {
        finding.facts.sort { $0.rank < $1.rank }
        for fact in finding.facts where finding.severity > fact.ceiling {
            finding.severity = fact.ceiling
            if let wording = fact.wording { finding.message += " (\(wording))" }
        }
    }
}

/// What passes over the whole analysis know about places, rather than about one finding: a file no target builds,
/// a storyboard nothing loads, a line in a class nothing refers to. Every finding at such a place has the fact.
public struct PlaceFacts: Hashable, Sendable {
    /// Facts about every finding in a file, by path.
    public var files: [String: [FindingFact]] = [:]
    /// Facts about the findings on one line of a file, by path and line.
    public var lines: [String: [Int: [FindingFact]]] = [:]

    public init() {}

    public var isEmpty: Bool { files.isEmpty && lines.isEmpty }

    public mutating func add(_ fact: FindingFact, file path: String) {
        if files[path]?.contains(fact) != true { files[path, default: []].append(fact) }
    }

    public mutating func add(_ fact: FindingFact, file path: String, line: Int) {
        if lines[path]?[line]?.contains(fact) != true { lines[path, default: [:]][line, default: []].append(fact) }
    }

    func facts(at path: String, line: Int) -> [FindingFact] {
        (files[path] ?? []) + (lines[path]?[line] ?? [])
    }
}
