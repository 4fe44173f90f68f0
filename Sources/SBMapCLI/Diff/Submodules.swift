import Foundation
import SBMapDiscover
import SBMapModel
import SBMapRevision

/// Git submodules, read the same way on both sides of a diff.
///
/// A revision's tree holds a submodule as a bare gitlink (a commit id, no files); a checkout has its files. Read as
/// such, a storyboard reference into a submodule is broken in the revision and resolved in the working tree: "1 new
/// error" between two commits, "1 link fixed" on every later pull request. So a submodule is read at the commit each
/// revision records, from its own objects (the superproject's `modules/<name>`, or its checkout's git folder), when
/// this clone has them and the working tree (when it is a side) has it checked out; otherwise it is unknown on both
/// sides: scanned on neither, and the summary says so once.
struct SubmodulePlan {
    /// Submodules read on neither side, each with why: `Vendor/Kit: its commit 1a2b3c4 (origin/main) is not in this clone`.
    var unknown: [String] = []
    /// Absolute paths of the working tree a folder side leaves out (the unknown submodules).
    var excluded: [String] = []

    /// Decides for each submodule the revisions record, and lists the files of those read into the revisions' trees.
    static func make(_ sides: [DiffSide], repository: GitRepository) throws -> SubmodulePlan {
        var plan = SubmodulePlan()
        let revisions = sides.compactMap(\.copy)
        guard !revisions.isEmpty else { return plan }
        let links = try revisions.map { copy in
            Dictionary(try copy.gitlinks().map { ($0.path, $0.commit) }, uniquingKeysWith: { a, _ in a })
        }
        let paths = Set(links.flatMap(\.keys)).sorted()
        guard !paths.isEmpty else { return plan }
        let top = repository.top
        let workingTree = Self.realPath(repository.prefix.isEmpty ? top : top + "/" + repository.prefix)
        let checkouts = sides.filter { $0.copy == nil && Self.realPath($0.folder) == workingTree }
        var folders = Array(repeating: [String: String](), count: revisions.count)
        for path in paths {
            var why: String?
            var found: [Int: String] = [:]
            for (k, copy) in revisions.enumerated() {
                guard let commit = links[k][path] else { continue }
                if let folder = repository.submoduleGitFolder(path, commit: commit) {
                    found[k] = folder
                } else if why == nil {
                    why = "its commit \(commit.prefix(7)) (\(copy.spec)) is not in this clone"
                }
            }
            if why == nil, !checkouts.isEmpty {
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: top + "/" + path)) ?? []
                if entries.isEmpty { why = "it is not checked out" }
            }
            if let why {
                plan.unknown.append("\(path): \(why)")
                plan.excluded.append(top + "/" + path)
            } else {
                for (k, folder) in found { folders[k][path] = folder }
            }
        }
        for (k, copy) in revisions.enumerated() { try copy.expandSubmodules(folders[k]) }
        return plan
    }

    /// The summary's and stderr's sentence about the submodules read on neither side; nil when there are none.
    var note: String? {
        guard !unknown.isEmpty else { return nil }
        let shown = 3
        let list = unknown.prefix(shown).joined(separator: "; ") + (unknown.count > shown ? "; and \(unknown.count - shown) more" : "")
        let what = plural(unknown.count, "submodule") + ", read on neither side"
        return "Not compared: \(what), so links into them are unknown, not broken. \(list). git submodule update --init reads them."
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
