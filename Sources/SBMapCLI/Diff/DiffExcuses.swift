import Foundation
import SBMapAnalysis
import SBMapDiscover
import SBMapModel
import SBMapReport
import SBMapRevision
import SBMapSettings
import SBMapStyle

/// What a pull request's own changes to the files that judge it would excuse. `diff` judges the
/// change by the base revision's baseline and the base's `.sbmap.yml` findings policy, never by the ones the change
/// brings: a pull request that breaks a link and records it in the baseline, or lowers its level, still fails the
/// gate, and the summary names what its baseline or its settings would have excused.
struct DiffExcuses {
    /// The baseline named, as the user wrote it, when this change makes it differ from the base's.
    var changedBaseline: String?
    /// New findings the change's baseline would excuse and the base's does not.
    var byBaseline: [Diagnostic] = []
    /// The settings file, when this change makes its findings policy differ from the base's.
    var changedSettings: String?
    /// New findings (by the base's policy) that the change's policy leaves out or lowers.
    var bySettings: [Diagnostic] = []

    var isEmpty: Bool { changedBaseline == nil && changedSettings == nil }

    /// The baseline of the base revision, read from git (not from the checkout, which is the change's), and the
    /// change's, read from the file; `nil` for one that does not exist. For a base that is a folder, both are the
    /// file named.
    static func baselines(path: String?, base: DiffSide, repository: GitRepository,
                          cwd: String) throws -> (base: Baseline?, head: Baseline?, differ: Bool) {
        guard let path else { return (nil, nil, false) }
        let headBytes = FileManager.default.contents(atPath: path)
        let head = try headBytes.map { try Baseline.load(data: $0, path: path) }
        guard let commit = base.copy?.commit else { return (head, head, false) }
        let inRepository = RepositoryPaths(root: repository.top, currentFolder: cwd).relative(path)
        guard !inRepository.hasPrefix("/"), !inRepository.isEmpty else { return (head, head, false) }
        let object = "\(commit):\(inRepository)"
        // A baseline is a small file; one past the limit is not read (it is not the base's baseline, whatever it is).
        let size = Int(((try? Git.run(["cat-file", "-s", object])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines))
        var baseBytes: Data?
        if let size {
            guard size <= maxBaselineBytes else {
                throw Baseline.Failure(description: "\(path): error: the base revision's baseline is \(size) bytes, more than \(maxBaselineBytes); it was not read")
            }
            baseBytes = try? Subprocess.output("git", ["cat-file", "blob", object])
        }
        let baseBaseline = try baseBytes.map { try Baseline.load(data: $0, path: "\(base.title):\(inRepository)") }
        return (baseBaseline, head, baseBytes != headBytes)
    }

    static let maxBaselineBytes = 64 << 20

    /// The policy `base` (a settings file in the base side's folder `baseFolder`) sets, for the findings of the side
    /// in `headFolder`: its globs are from the same place in the other tree.
    static func rebased(_ base: FindingPolicy, from baseFolder: String, to headFolder: String) -> FindingPolicy {
        var policy = base
        let relative = PathText.relative(base.folder, from: baseFolder)
        policy.folder = URL(fileURLWithPath: headFolder).appendingPathComponent(relative).standardizedFileURL.path
        return policy
    }

    /// Whether two policies set the same levels and suppressions (wherever their files are).
    static func same(_ a: FindingPolicy, _ b: FindingPolicy) -> Bool {
        a.levels == b.levels && a.suppressions == b.suppressions
    }

    /// New findings by the base's policy that `own` (the change's decision of the same findings) leaves out or
    /// reports at a lower level.
    static func excused(_ judged: [Diagnostic], own: [Diagnostic]) -> [Diagnostic] {
        var kept: [FindingKey: [Severity]] = [:]
        for finding in own { kept[finding.key(file: finding.location?.path ?? ""), default: []].append(finding.severity) }
        return judged.filter { finding in
            let key = finding.key(file: finding.location?.path ?? "")
            guard var levels = kept[key], let k = levels.firstIndex(where: { $0 >= finding.severity }) else { return true }
            levels.remove(at: k)
            kept[key] = levels
            return false
        }
    }

    /// The summary's paragraph: what changed of the files that judge this change, and what they would excuse.
    var markdown: String {
        guard !isEmpty else { return "" }
        var out = ""
        func list(_ findings: [Diagnostic]) -> String {
            findings.prefix(20).map { finding in
                let place = finding.location.map { "`\(MarkdownWriter.inline($0.description))` " } ?? ""
                let level = finding.severity == .info ? "note" : finding.severity.rawValue
                return "> - \(place)\(level): \(MarkdownWriter.inline(finding.message))\n"
            }.joined() + (findings.count > 20 ? "> - and \(findings.count - 20) more\n" : "")
        }
        if let changedBaseline {
            out += "> **This change edits the baseline `\(MarkdownWriter.inline(changedBaseline))`.** It is judged by the base revision's; "
                + (byBaseline.isEmpty ? "the edited baseline excuses no new finding.\n"
                                      : "the edited one would excuse \(plural(byBaseline.count, "new finding")):\n" + list(byBaseline))
        }
        if let changedSettings {
            if !out.isEmpty { out += ">\n" }
            out += "> **This change edits the findings settings of `\(MarkdownWriter.inline(changedSettings))`.** It is judged by the base revision's; "
                + (bySettings.isEmpty ? "the edited settings excuse no new finding.\n"
                                      : "the edited ones would leave out or lower \(plural(bySettings.count, "new finding")):\n" + list(bySettings))
        }
        return out + "\n"
    }

    /// The end of the summary line on stderr.
    var note: String {
        var parts: [String] = []
        if changedBaseline != nil { parts.append("the baseline it edits would excuse \(plural(byBaseline.count, "new finding"))") }
        if changedSettings != nil { parts.append("the settings it edits would excuse \(plural(bySettings.count, "new finding"))") }
        return parts.isEmpty ? "" : " (judged by the base's baseline and settings: " + parts.joined(separator: "; ") + ")"
    }
}
