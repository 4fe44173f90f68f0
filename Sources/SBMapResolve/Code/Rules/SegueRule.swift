import SBMapModel

/// Rule: `performSegue(withIdentifier:)` must name a segue that starts at a scene of the calling class (or its
/// family); `code-unknown-segue` otherwise, with the facts that make the call less sure to crash.
struct SegueRule: CodeLinkRule {
    static func apply(_ use: CodeSeguePerform, _ context: CodeUseContext, into output: inout CodeLinkOutput) {
        // R.swift `R.segue.sourceController.segueName`.
        if case .symbol(let p) = use.identifier, p.count == 4, p[0] == "R", p[1] == "segue" {
            output.checkGeneratedSegue(.rSwift, container: p[2], member: p[3], use.enclosingType, use.location, api: context.api, context)
            return
        }
        if case .symbol(let p) = use.identifier, p.count == 3, p[0] == "StoryboardSegue" {
            output.checkGeneratedSegue(.swiftGen, container: p[1], member: p[2], use.enclosingType, use.location, api: context.api, context)
            return
        }
        switch context.symbols.resolve(use.identifier, scope: use.enclosingType) {
        case .dynamic(let text, let why):
            output.reportDynamic("segue identifier", text, why: why, at: use.location)
        case .string(let identifier):
            // A call that cannot crash: inside `@try` (the exception is caught), or in a class that implements
            // performSegue itself and may handle the identifier (one of its family, as Swift dispatches). Whether
            // the segue exists is then unknown, not a likely mistake.
            // A receiver whose class the code writes (`player.performSegue(…)` with `var player: PlayerViewController!`,
            // `(x as? PlayerViewController)`) is checked as a call on `self` in that class.
            let typed = use.onSelf ? nil : context.symbols.receiverClass(of: use)
            let type = typed.map { [$0] } ?? use.enclosingType
            let onSelf = use.onSelf || typed != nil
            let name = type.last ?? ""
            var facts: [FindingFact] = []
            if use.guarded {
                facts.append(.caughtByTry)
            } else if onSelf, context.symbols.anyInFamily(of: name, { context.symbols.performSegueOverrides.contains($0) }) {
                facts.append(.performSegueOverridden(type: name))
            }
            output.check(segue: identifier, onSelf: onSelf, type: type, at: use.location, api: context.api, facts: facts, context)
        }
    }
}
