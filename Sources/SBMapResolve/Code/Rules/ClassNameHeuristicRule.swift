import SBMapModel

/// Rule: a class-name helper (`Foo.instantiateFromStoryboard()`, a common extension) links to the scene whose
/// Storyboard ID or class is `Foo`. It makes no finding: the helper's own code is unknown.
struct ClassNameHeuristicRule: CodeLinkRule {
    /// `Foo.instantiateFromStoryboard()`: a scene whose storyboard identifier is `Foo`, else one whose class is `Foo`,
    /// preferring storyboard `Foo` (or `Foo` without its `ViewController` suffix). No finding when nothing fits.
    static func apply(_ use: CodeClassInstantiation, _ context: CodeUseContext, into output: inout CodeLinkOutput) {
        // (Calls of other helpers with `storyboard` in their name are recorded for `ClassNameHelperCalls` only.)
        guard use.storyboard == nil, use.namedLikeAHelper else { return }
        var targets = context.index.scenes(withIdentifier: use.type)
        if targets.isEmpty { targets = context.index.scenes(ofClass: use.type) }
        guard !targets.isEmpty else { return }
        let stem = ["ViewController", "Controller", "VC"].reduce(use.type) { s, suffix in
            s.hasSuffix(suffix) && s.count > suffix.count ? String(s.dropLast(suffix.count)) : s
        }
        let boards = context.index.storyboardsByPath
        let preferred = targets.filter { t in
            let name = t.storyboard.flatMap { boards[$0]?.name }
            return name == use.type || name == stem
        }
        if !preferred.isEmpty { targets = preferred }
        output.addEdges(from: use.enclosingType, to: targets.sorted { $0.id < $1.id }.map(CodeGraphIndex.EdgeEnd.init),
                        identifier: targets[0].storyboardIdentifier,
                        location: use.location, via: context.api, context.file)
    }
}
