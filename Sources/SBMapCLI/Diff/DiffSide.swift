import ArgumentParser
import Foundation
import SBMapRevision
import SBMapStyle

/// One side of `sbmap diff`: a folder, or a git revision of the repository that holds the current folder.
///
/// A revision is read through git itself, into the run's private folder (`RevisionCopy`, `CopyFolder`): only what
/// the analysis reads is written there, the user's working tree and index are never touched, and nothing is checked
/// out.
struct DiffSide {
    /// What the user wrote.
    var spec: String
    /// The folder to scan (the revision's copy of the current folder, for a revision).
    var folder: String
    /// The revision's copy, written as the side is scanned (`DiffCommand.graph(of:)`); nil for a folder.
    var copy: RevisionCopy?
    /// For messages: `origin/main (3f2a1b9)` or the folder.
    var title: String

    /// `spec` as a folder or as a revision. A name that is both (a folder `master/` beside the branch `master`) is
    /// refused rather than guessed: `./master` names the folder, `master^{commit}` or `refs/heads/master` the revision.
    static func open(_ spec: String, in repository: GitRepository) throws -> DiffSide {
        var isFolder: ObjCBool = false
        let folderExists = FileManager.default.fileExists(atPath: spec, isDirectory: &isFolder) && isFolder.boolValue
        // Spelled as a path (`./x`, `../x`, `/x`, `.`): the folder, whatever revisions exist.
        let spelledAsPath = spec == "." || spec == ".." || spec.hasPrefix("./") || spec.hasPrefix("../") || spec.hasPrefix("/")
        if folderExists, spelledAsPath {
            return DiffSide(spec: spec, folder: spec, copy: nil, title: spec)
        }
        let commit = repository.commit(named: spec)
        if folderExists {
            guard let commit else { return DiffSide(spec: spec, folder: spec, copy: nil, title: spec) }
            throw ValidationError("'\(spec)' is both a folder and a git revision (\(commit.prefix(7))); write './\(spec)' for the folder, or '\(spec)^{commit}' for the revision")
        }
        guard let commit else {
            throw ValidationError("'\(spec)' is neither a folder nor a revision of the git repository here; give a folder, or a revision such as origin/main or HEAD~1")
        }
        let copy = RevisionCopy(spec: spec, commit: commit, repository: repository, copy: try repository.copyFolder(),
                                settingsLimit: SettingsFile.maxBytes)
        return DiffSide(spec: spec, folder: copy.folder, copy: copy, title: "\(spec) (\(commit.prefix(7)))")
    }

}
