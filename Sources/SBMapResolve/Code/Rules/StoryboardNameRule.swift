import SBMapModel

/// Rule: `UIStoryboard(name:bundle:)` and `NSStoryboard(name:bundle:)` must name a storyboard, with its exact letter
/// case, of the platforms and targets the call is compiled for (`code-unknown-storyboard`, `case-mismatch`,
/// `storyboard-not-in-target`).
extension CodeLinkPass {
    /// `UIStoryboard(name:)`: the name must be a storyboard, with the exact letter case. When no storyboard was
    /// scanned at all there is nothing to check names against (the run says so once, as `no-storyboards`).
    /// Returns the name and what it names, when it is a constant.
    mutating func check(_ load: CodeStoryboardLoad, as use: CodeUse) -> (name: String, match: CodeGraphIndex.NameMatch)? {
        switch symbols.resolve(load.name, scope: load.enclosingType) {
        case .dynamic(let text):
            reportDynamic("storyboard name", text, at: load.location)
            return nil
        case .string(let name):
            var lookup = hint(for: use)
            // An explicit bundle (`PVUIKit.BundleLoader.bundle`, `Bundle(for: X.self)`) may be another target's:
            // its storyboards are not limited to the targets that compile the calling file. Nor is the main bundle
            // seen from a library (NetNewsWire's RSCore package): it is the bundle of the app that links it.
            if !load.mainBundle || file.inLibrariesOnly { lookup.targets = nil }
            let match = index.storyboards(named: name, hint: lookup)
            switch match {
            case .found:
                break
            case .caseMismatch(let near):
                report(.error, .caseMismatch,
                       "\(load.api) loads storyboard '\(name)', but the file is '\(near[0].name).storyboard'; letter case matters on a device, so this works in the simulator and crashes on an iPhone",
                       at: load.location, hint: "write '\(near[0].name)' exactly")
            case .otherPlatform(let other):
                report(load.mainBundle ? .error : .warning, .codeUnknownStoryboard,
                       "\(load.api) loads storyboard '\(name)', but the only storyboard of that name is for \(other[0].platform.rawValue); this call crashes the app",
                       at: load.location,
                       hint: "UIStoryboard loads iOS and tvOS storyboards, NSStoryboard macOS ones; check the name and the platform")
            case .unread(let path, let lfsPointer):
                // As a storyboard reference to it (LinksPass): a warning, or a note for a pointer that was not fetched.
                report(lfsPointer ? .info : .warning, .codeUnknownStoryboard,
                       "\(load.api) loads storyboard '\(name)', which could not be read (\(path)\(lfsPointer ? " is a Git LFS pointer" : ""))",
                       at: load.location,
                       hint: lfsPointer ? "fetch it with `git lfs pull` to check this call" : "fix the error reported for \(path)")
            case .notInTarget(let elsewhere):
                report(.warning, .storyboardNotInTarget,
                       "\(load.api) loads storyboard '\(name)', but \(notInTargetText(elsewhere))",
                       at: load.location,
                       hint: "add \(name).storyboard to the Copy Bundle Resources of the targets that compile this file, or fix the name")
            case .missing:
                guard !index.graph.storyboards.isEmpty else { break }
                // Another bundle's storyboards may not be scanned (a pod's, a submodule's: ChatSecure's
                // LumberjackConsole): whether it has the name is unknown, a note.
                report(load.mainBundle ? .error : .info, .codeUnknownStoryboard,
                       load.mainBundle
                           ? "\(load.api) loads storyboard '\(name)', which does not exist; this call crashes the app"
                           : "\(load.api) loads storyboard '\(name)' from another bundle, and no scanned storyboard has that name",
                       at: load.location,
                       hint: load.mainBundle ? Self.suggest(name, among: index.allStoryboardNames, what: "storyboard")
                                             : "add that bundle's storyboards to the paths to check it")
            }
            return (name, match)
        }
    }

    /// "it is only in Widget (iOS), not in a target that compiles this file", for a name another target holds.
    func notInTargetText(_ elsewhere: [Storyboard]) -> String {
        let owners = Set(elsewhere.flatMap(\.targets)).sorted()
        guard !owners.isEmpty else {
            return "no target builds \(elsewhere.map(\.path).joined(separator: ", ")), so it is not in the app's bundle"
        }
        let titles = owners.map { id in membership.targets.first { $0.id == id }?.title ?? id }
        return "it is only in \(titles.joined(separator: ", ")), not in a target that compiles this file"
    }

    /// A hint for a name that does not exist: a near one (by edit distance, or the same letters and digits), else
    /// what to do and the names that do exist.
    static func suggest(_ value: String, among names: [String], what: String, fix: String? = nil) -> String {
        if let near = suggestion(for: value, among: names) { return near }
        let key = GeneratedNames.loose(value)
        if let near = names.first(where: { GeneratedNames.loose($0) == key }) { return "did you mean '\(near)'?" }
        if names.isEmpty { return "no \(what) was found; check the paths given to sbmap" }
        let shown = names.prefix(8).map { "'\($0)'" }.joined(separator: ", ")
        return (fix.map { "\($0); " } ?? "") + "known: \(shown)\(names.count > 8 ? ", …" : "")"
    }
}
