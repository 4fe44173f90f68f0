import SBMapModel

/// Rule: `UIStoryboard(name:bundle:)` and `NSStoryboard(name:bundle:)` must name a storyboard, with its exact letter
/// case, of the platforms and targets the call is compiled for (`code-unknown-storyboard`, `case-mismatch`,
/// `storyboard-not-in-target`).
extension CodeLinkPass {
    /// `UIStoryboard(name:)`: the name must be a storyboard, with the exact letter case, in the bundle it is loaded
    /// from. When no storyboard was scanned at all there is nothing to check names against (the run says so once, as
    /// `no-storyboards`). Returns the name, what it names, and whether the bundle is a foreign one, when the name is
    /// a constant.
    mutating func check(_ load: CodeStoryboardLoad, as use: CodeUse) -> (name: String, match: CodeGraphIndex.NameMatch, foreign: Bool)? {
        switch symbols.resolve(load.name, scope: load.enclosingType) {
        case .dynamic(let text, let why):
            reportDynamic("storyboard name", text, why: why, at: load.location)
            return nil
        case .string(let name):
            var lookup = hint(for: use)
            // Where the name is looked for: the main bundle is the app's, the targets that compile
            // the calling file, or, seen from a library (NetNewsWire's RSCore package), whichever app links it; a
            // target's own bundle (`Bundle(for: Self.self)`, `.module`, a helper returning one) holds that target's
            // storyboards; a foreign bundle (`Bundle(identifier:)`, a pod's) may be another target's, or not scanned.
            let bundle = load.bundle == .main ? ResolvedBundle.main
                : resolve(load.bundle, writtenIn: file.path, scope: load.enclosingType)
            switch bundle {
            case .main: if file.inLibrariesOnly { lookup.targets = nil }
            case .targets(let targets): lookup.targets = targets
            case .foreign: lookup.targets = nil
            }
            let foreign = bundle.isForeign
            let match = index.storyboards(named: name, hint: lookup)
            switch match {
            case .found:
                break
            case .caseMismatch(let near):
                report(.error, .caseMismatch,
                       "\(load.api) loads storyboard '\(name)', but the file is '\(near[0].name).storyboard'; letter case matters on a device, so this works in the simulator and crashes on an iPhone",
                       at: load.location, about: "\(load.api) '\(name)'", hint: "write '\(near[0].name)' exactly")
            case .otherPlatform(let other):
                report(foreign ? .warning : .error, .codeUnknownStoryboard,
                       "\(load.api) loads storyboard '\(name)', but the only storyboard of that name is for \(other[0].platform.rawValue); this call crashes the app",
                       at: load.location, about: "\(load.api) '\(name)'",
                       hint: "UIStoryboard loads iOS and tvOS storyboards, NSStoryboard macOS ones; check the name and the platform")
            case .unread(let path, let lfsPointer):
                // As a storyboard reference to it (LinksPass): a warning, or a note for a pointer that was not fetched.
                report(lfsPointer ? .info : .warning, .codeUnknownStoryboard,
                       "\(load.api) loads storyboard '\(name)', which could not be read (\(path)\(lfsPointer ? " is a Git LFS pointer" : ""))",
                       at: load.location, about: "\(load.api) '\(name)'",
                       hint: lfsPointer ? "fetch it with `git lfs pull` to check this call" : "fix the error reported for \(path)")
            case .notInTarget(let elsewhere):
                // Only for platforms no target compiling this file builds for (an AppKit demo naming the tvOS
                // demo's storyboard): no build of this file can load it.
                let found = Set(elsewhere.map(\.platform))
                if lookup.targets != nil, !file.platforms.isEmpty, !file.platforms.contains(.unknown), !found.contains(.unknown),
                   file.platforms.isDisjoint(with: found) {
                    report(.error, .storyboardNotInTarget,
                           "\(load.api) loads storyboard '\(name)', but it exists only for \(found.sorted().map(\.displayName).joined(separator: ", ")) (\(notInTargetText(elsewhere, bundle: bundle))), and this file is compiled for \(file.platforms.sorted().map(\.displayName).joined(separator: ", ")); this call crashes the app",
                           at: load.location, about: "\(load.api) '\(name)'",
                           hint: "add a \(name).storyboard for this platform to the targets that compile this file, or fix the name")
                    return (name, match, foreign)
                }
                // Only in another project (a sibling sample's, another app's): no build of this one has it.
                let own = (lookup.targets ?? []).compactMap { membership.position(ofID: $0) }
                let candidates = elsewhere.map { ($0.path, $0.targets.compactMap { membership.position(ofID: $0) }) }
                if let projects = membership.otherProjects(holding: candidates, from: own) {
                    report(.error, .storyboardNotInTarget,
                           "\(load.api) loads storyboard '\(name)', but it exists only in another project (\(projects.joined(separator: ", "))), not in the project that compiles this file; this call crashes the app",
                           at: load.location, about: "\(load.api) '\(name)'",
                           hint: "add \(name).storyboard to this project and to the targets that compile this file, or fix the name")
                    return (name, match, foreign)
                }
                report(.warning, .storyboardNotInTarget,
                       "\(load.api) loads storyboard '\(name)', but \(notInTargetText(elsewhere, bundle: bundle))",
                       at: load.location, about: "\(load.api) '\(name)'",
                       hint: "add \(name).storyboard to the Copy Bundle Resources of the targets that compile this file, or fix the name")
            case .missing:
                guard !index.graph.storyboards.isEmpty else { break }
                if case .foreign(let why) = bundle {
                    // Another bundle's storyboards may not be scanned (a pod's, a submodule's: ChatSecure's
                    // LumberjackConsole): whether it has the name is unknown, a note that says which bundle.
                    report(.info, .codeUnknownStoryboard,
                           "\(load.api) loads storyboard '\(name)' from a foreign bundle (\(why)); no scanned storyboard has that name, and sbmap cannot see that bundle's storyboards",
                           at: load.location, about: "\(load.api) '\(name)'", hint: "add that bundle's storyboards to the paths to check it")
                } else {
                    report(.error, .codeUnknownStoryboard,
                           "\(load.api) loads storyboard '\(name)'\(bundleWords(bundle)), which does not exist; this call crashes the app",
                           at: load.location, about: "\(load.api) '\(name)'", hint: Self.suggest(name, among: index.allStoryboardNames, what: "storyboard"))
                }
            }
            return (name, match, foreign)
        }
    }

    /// " from the bundle of PVUI_IOS (iOS)" for a target's own bundle other than the calling file's; "" otherwise.
    func bundleWords(_ bundle: ResolvedBundle) -> String {
        guard case .targets(let targets?) = bundle, targets != file.targets else { return "" }
        let titles = targets.sorted().map { id in membership.targets.first { $0.id == id }?.title ?? id }
        return " from the bundle of \(titles.joined(separator: ", "))"
    }

    /// "it is only in Widget (iOS), not in a target that compiles this file", for a name another target holds.
    func notInTargetText(_ elsewhere: [Storyboard], bundle: ResolvedBundle = .main) -> String {
        let owners = Set(elsewhere.flatMap(\.targets)).sorted()
        guard !owners.isEmpty else {
            return "no target builds \(elsewhere.map(\.path).joined(separator: ", ")), so it is not in the app's bundle"
        }
        let titles = owners.map { id in membership.targets.first { $0.id == id }?.title ?? id }
        let words = bundleWords(bundle)
        return "it is only in \(titles.joined(separator: ", ")), not in "
            + (words.isEmpty ? "a target that compiles this file" : String(words.dropFirst(" from ".count)))
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
