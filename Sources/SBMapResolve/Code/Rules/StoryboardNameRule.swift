import SBMapModel

/// Rule: `UIStoryboard(name:bundle:)` and `NSStoryboard(name:bundle:)` must name a storyboard, with its exact letter
/// case, of the platforms and targets the call is compiled for (`code-unknown-storyboard`, `case-mismatch`,
/// `storyboard-not-in-target`).
struct StoryboardNameRule: CodeLinkRule {
    /// `UIStoryboard(name:)`: the name must be a storyboard, with the exact letter case, in the bundle it is loaded
    /// from. When no storyboard was scanned at all there is nothing to check names against (the run says so once, as
    /// `no-storyboards`). What the name names was looked up with the file's loads (`ResolvedLoad`).
    static func apply(_ resolved: ResolvedLoad, _ context: CodeUseContext, into output: inout CodeLinkOutput) {
        let load = resolved.load
        switch resolved.value {
        case .dynamic(let text, let why):
            output.reportDynamic("storyboard name", text, why: why, at: load.location)
        case .named(let name, let bundle, let lookup, let match):
            let foreign = bundle.isForeign
            // (Read through the context, not copied out of it: a copy of the index retains each of its tables.)
            let api = context.api.name
            switch match {
            case .found:
                break
            case .caseMismatch(let near):
                output.report(.error, .caseMismatch,
                       "\(api) loads storyboard '\(name)', but the file is '\(near[0].name).storyboard'; letter case matters on a device, so this works in the simulator and crashes on an iPhone",
                       at: load.location, about: "\(api) '\(name)'", hint: "write '\(near[0].name)' exactly")
            case .otherPlatform(let other):
                output.report(foreign ? .warning : .error, .codeUnknownStoryboard,
                       "\(api) loads storyboard '\(name)', but the only storyboard of that name is for \(other[0].platform.rawValue); this call crashes the app",
                       at: load.location, about: "\(api) '\(name)'",
                       hint: "UIStoryboard loads iOS and tvOS storyboards, NSStoryboard macOS ones; check the name and the platform")
            case .unread(let path, let lfsPointer):
                // As a storyboard reference to it (LinksPass): a warning, or a note for a pointer that was not fetched.
                output.report(lfsPointer ? .info : .warning, .codeUnknownStoryboard,
                       "\(api) loads storyboard '\(name)', which could not be read (\(path)\(lfsPointer ? " is a Git LFS pointer" : ""))",
                       at: load.location, about: "\(api) '\(name)'",
                       hint: lfsPointer ? "fetch it with `git lfs pull` to check this call" : "fix the error reported for \(path)")
            case .notInTarget(let elsewhere):
                // Only for platforms no target compiling this file builds for (an AppKit demo naming the tvOS
                // demo's storyboard): no build of this file can load it.
                let found = Set(elsewhere.map(\.platform))
                if lookup.targets != nil, !context.scope.platforms.isEmpty, !context.scope.platforms.contains(.unknown), !found.contains(.unknown),
                   context.scope.platforms.isDisjoint(with: found) {
                    output.report(.error, .storyboardNotInTarget,
                           "\(api) loads storyboard '\(name)', but it exists only for \(found.sorted().map(\.displayName).joined(separator: ", ")) (\(context.file.notInTargetText(elsewhere, bundle: bundle))), and this file is compiled for \(context.scope.platforms.sorted().map(\.displayName).joined(separator: ", ")); this call crashes the app",
                           at: load.location, about: "\(api) '\(name)'",
                           hint: "add a \(name).storyboard for this platform to the targets that compile this file, or fix the name")
                    return
                }
                // Only in another project (a sibling sample's, another app's): no build of this one has it.
                let own = (lookup.targets ?? []).compactMap { context.membership.position(ofID: $0) }
                let candidates = elsewhere.map { ($0.path, $0.targets.compactMap { context.membership.position(ofID: $0) }) }
                if let projects = context.membership.otherProjects(holding: candidates, from: own) {
                    output.report(.error, .storyboardNotInTarget,
                           "\(api) loads storyboard '\(name)', but it exists only in another project (\(projects.joined(separator: ", "))), not in the project that compiles this file; this call crashes the app",
                           at: load.location, about: "\(api) '\(name)'",
                           hint: "add \(name).storyboard to this project and to the targets that compile this file, or fix the name")
                    return
                }
                output.report(.warning, .storyboardNotInTarget,
                       "\(api) loads storyboard '\(name)', but \(context.file.notInTargetText(elsewhere, bundle: bundle))",
                       at: load.location, about: "\(api) '\(name)'",
                       hint: "add \(name).storyboard to the Copy Bundle Resources of the targets that compile this file, or fix the name")
            case .missing:
                guard !context.index.graph.storyboards.isEmpty else { break }
                if case .foreign(let why) = bundle {
                    // Another bundle's storyboards may not be scanned (a pod's, a submodule's: ChatSecure's
                    // LumberjackConsole): whether it has the name is unknown, a note that says which bundle.
                    output.report(.info, .codeUnknownStoryboard,
                           "\(api) loads storyboard '\(name)' from a foreign bundle (\(why)); no scanned storyboard has that name, and sbmap cannot see that bundle's storyboards",
                           at: load.location, about: "\(api) '\(name)'", hint: "add that bundle's storyboards to the paths to check it")
                } else {
                    output.report(.error, .codeUnknownStoryboard,
                           "\(api) loads storyboard '\(name)'\(context.file.bundleWords(bundle)), which does not exist; this call crashes the app",
                           at: load.location, about: "\(api) '\(name)'", hint: CodeFileContext.suggest(name, among: context.index.allStoryboardNames, what: "storyboard"))
                }
            }
        }
    }
}

extension CodeFileContext {
    /// " from the bundle of PVUI_IOS (iOS)" for a target's own bundle other than the calling file's; "" otherwise.
    func bundleWords(_ bundle: ResolvedBundle) -> String {
        guard case .targets(let targets?) = bundle, targets != scope.targets else { return "" }
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
}
