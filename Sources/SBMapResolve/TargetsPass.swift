import SBMapModel

extension GraphBuilder {
    /// Pass 3b: each storyboard's targets, from the projects of the run.
    mutating func assignTargets() {
        for (index, entry) in catalog.entries.enumerated() where index < storyboards.count {
            storyboards[index].targets = entry.targets.map { membership.targets[$0].id }
        }
    }

    /// Pass 7: one note for the storyboards that no project describes, saying that names there resolve by folder:
    /// when the run has projects for other files, or when two storyboards share a name, so that the folder rule
    /// really chose; a folder of storyboards passed alone, with names that cannot be confused, needs no note.
    /// (What is found in a file that a project describes but no target builds is a note; the analysis's severity
    /// step decides that, from `TargetMembership.isUnbuilt`, for every finding.)
    mutating func noteUndescribedStoryboards() {
        guard !membership.isEmpty else {
            let names = catalog.entries.map(\.name)
            if Set(names).count < names.count { noteUndescribed(catalog.entries.map(\.file.path)) }
            return
        }
        noteUndescribed(catalog.entries.map(\.file.path).filter {
            membership.targets(of: $0).isEmpty && !membership.isDescribed($0)
        })
    }

    /// One note for the storyboards that no project describes.
    private mutating func noteUndescribed(_ paths: [String]) {
        guard let first = paths.first else { return }
        let what = paths.count == 1 ? first : "\(paths.count) storyboards (\(first), …)"
        diagnostics.append(Diagnostic(
            .info, .noProject,
            "no Xcode project or Package.swift that sbmap read holds \(what); names there resolve to the nearest storyboard of the same platform",
            at: nil, about: first,
            hint: "pass the folder that holds the .xcodeproj (or Package.swift) to check names inside each target"))
    }
}

extension TargetMembership {
    /// Whether `path` lies inside a scanned project that no target builds, compiles or takes as its Info.plist:
    /// nothing in it runs (a dead copy, a file never added to a target), so what is found there is a note at most.
    public func isUnbuilt(_ path: String) -> Bool {
        !isEmpty && targets(of: path).isEmpty && isDescribed(path) && targets(usingPlist: path).isEmpty
    }
}
