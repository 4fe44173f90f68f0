import SBMapModel

extension GraphBuilder {
    /// Pass 3b: each storyboard's targets, from the projects of the run.
    mutating func assignTargets() {
        for (index, entry) in catalog.entries.enumerated() where index < storyboards.count {
            storyboards[index].targets = entry.targets.map { membership.targets[$0].id }
        }
    }

    /// Pass 7: what is found in a file no target builds is only a note, because nothing in it runs
    /// (severity is a promise: an error means a crash on a path a target builds). Files no project describes keep
    /// their findings, and one note says that names there resolve by folder — when the run has projects for other
    /// files, or when two storyboards share a name, so that the folder rule really chose; a folder of storyboards
    /// passed alone, with names that cannot be confused, needs no note.
    mutating func scopeFindingsToTargets() {
        guard !membership.isEmpty else {
            let names = catalog.entries.map(\.name)
            if Set(names).count < names.count { noteUndescribed(catalog.entries.map(\.file.path)) }
            return
        }
        var built: [String: Bool] = [:]
        func isDeadCopy(_ path: String) -> Bool {
            if let known = built[path] { return !known }
            let dead = membership.targets(of: path).isEmpty && membership.isDescribed(path)
                && membership.targets(usingPlist: path).isEmpty
            built[path] = !dead
            return dead
        }
        for k in diagnostics.indices where diagnostics[k].severity > .info {
            guard let path = diagnostics[k].location?.path, isDeadCopy(path) else { continue }
            diagnostics[k].severity = .info
            diagnostics[k].message += " (no target builds this file)"
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
            at: nil,
            hint: "pass the folder that holds the .xcodeproj (or Package.swift) to check names inside each target"))
    }
}
