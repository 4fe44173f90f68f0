import SBMapModel

/// Rule: `performSegue(withIdentifier:)` must name a segue that starts at a scene of the calling class (or its
/// family); `code-unknown-segue` otherwise, with the facts that make the call less sure to crash.
extension CodeLinkPass {
    mutating func check(_ use: CodeSeguePerform) {
        // R.swift `R.segue.sourceController.segueName`.
        if case .symbol(let p) = use.identifier, p.count == 4, p[0] == "R", p[1] == "segue" {
            checkGeneratedSegue(.rSwift, container: p[2], member: p[3], use.enclosingType, use.location, api: use.api)
            return
        }
        if case .symbol(let p) = use.identifier, p.count == 3, p[0] == "StoryboardSegue" {
            checkGeneratedSegue(.swiftGen, container: p[1], member: p[2], use.enclosingType, use.location, api: use.api)
            return
        }
        switch symbols.resolve(use.identifier, scope: use.enclosingType) {
        case .dynamic(let text, let why):
            reportDynamic("segue identifier", text, why: why, at: use.location)
        case .string(let identifier):
            // A call that cannot crash: inside `@try` (the exception is caught), or in a class that implements
            // performSegue itself and may handle the identifier (one of its family, as Swift dispatches). Whether
            // the segue exists is then unknown, not a likely mistake.
            // A receiver whose class the code writes (`player.performSegue(…)` with `var player: PlayerViewController!`,
            // `(x as? PlayerViewController)`) is checked as a call on `self` in that class.
            let typed = use.onSelf ? nil : symbols.receiverClass(of: use)
            let type = typed.map { [$0] } ?? use.enclosingType
            let onSelf = use.onSelf || typed != nil
            let name = type.last ?? ""
            var facts: [FindingFact] = []
            if use.guarded {
                facts.append(.caughtByTry)
            } else if onSelf, symbols.anyInFamily(of: name, { symbols.performSegueOverrides.contains($0) }) {
                facts.append(.performSegueOverridden(type: name))
            }
            check(segue: identifier, onSelf: onSelf, type: type, at: use.location, api: use.api, facts: facts)
        }
    }

    /// A segue performed on `type` must start at a scene of that class (or a superclass or subclass).
    /// `facts`: what is known of the call that makes it less sure to crash.
    mutating func check(segue identifier: String, onSelf: Bool, type: [String], at location: SourceLocation, api: String,
                                facts: [FindingFact] = []) {
        guard !index.graph.storyboards.isEmpty else { return }  // nothing to check against
        let name = type.last ?? ""
        // Most calls are right: a segue of the class's own scenes, or of its family's, has the identifier. Asked of
        // each class's segue identifiers, without gathering its scenes, and of the class itself before its family is
        // worked out. One walk over the family answers all the questions: does a scene of it have the segue, does
        // it have scenes, and which segue identifiers it has otherwise (for the finding). What only a finding needs
        // (the segues elsewhere with that identifier) is looked up after.
        let index = index  // captured by the closure below instead of the whole pass
        // Only the scenes in storyboards that the targets compiling the file build, when there are some: a copy no
        // target builds (an `.xcloc` export's) keeps a segue the built storyboard lost.
        let built = file.targets
        var hasScenes = false
        var identifiers: Set<String> = []
        if onSelf, symbols.anyInFamily(of: name, { type in
            guard let more = built.flatMap({ index.segueIdentifiers(ofClass: type, builtBy: $0) })
                ?? index.segueIdentifiers(ofClass: type) else { return false }
            hasScenes = true
            if more.contains(identifier) { return true }
            if identifiers.isEmpty { identifiers = more } else { identifiers.formUnion(more) }
            return false
        }) {
            return
        }
        if !hasScenes {
            if !index.segues(withIdentifier: identifier).exist {
                // On another object (`parent?`, a variable) the class is not known, but no storyboard of the app has
                // the segue at all: the call crashes whatever the receiver is: an error.
                // Unless a storyboard could not be read: the segue may be in it.
                report(levelOfNameNowhere, .codeUnknownSegue,
                       onSelf ? "\(api) performs segue '\(identifier)', which no segue of the scanned storyboards has; performing it crashes the app"
                              : "\(api) performs segue '\(identifier)' on another object, and '\(identifier)' exists in no storyboard of the app; this call crashes whatever the receiver is",
                       at: location, about: "\(api) '\(identifier)'", facts: index.hasUnreadStoryboards ? facts + [.unreadStoryboardMayHoldIt] : facts,
                       hint: "set the segue's identifier in Interface Builder's attributes inspector, or fix the string")
            }
            return
        }
        let lower = identifier.lowercased()
        // The least of the identifiers that differ only in letter case: `identifiers` is a set, whose order changes
        // from run to run, and the finding must not.
        let near = identifiers.filter { $0.lowercased() == lower }.min()
        let close = near == nil ? suggestion(for: identifier, among: Array(identifiers)) : nil
        var hint = near.map { "segue identifiers are case-sensitive: did you mean '\($0)'?" } ?? close
            ?? "segue identifiers belong to the scene they start from"
        if near == nil, close == nil, let first = index.segues(withIdentifier: identifier).leastSourceLabel {
            hint += "; a segue '\(identifier)' starts at scene '\(first)'"
        }
        // The receiver is known (`self`, or a class the code writes) and none of its scenes has the segue: UIKit
        // raises "has no segue with identifier", as certain a crash as a missing Storyboard ID.
        report(.error, .codeUnknownSegue,
               "\(api) performs segue '\(identifier)' from '\(name)', but no segue with that identifier starts at a scene of class '\(name)'; performing it crashes the app",
               at: location, about: "\(api) '\(identifier)' from '\(name)'", facts: facts, hint: hint)
        // Drawn and counted as a link that does not resolve, so that `diff` calls it "broke". Not where a fact makes
        // the call unknown (it may be caught or handled).
        if facts.isEmpty, let board = index.sceneEnds(ofClass: name).lazy.compactMap({ $0.storyboard })
            .compactMap({ index.storyboardsByPath[$0] }).first {
            addBrokenSegue(from: type, storyboard: board, identifier: identifier, location: location, via: api,
                           reason: "no segue '\(identifier)' starts at a scene of class '\(name)'")
        }
    }

    /// A performed segue that no scene of the class has: `code` edges from the class's scenes to a `code-target` node
    /// of its own (`code-target:<storyboard>#segue:<identifier>`, never the node of a Storyboard ID of that name).
    private mutating func addBrokenSegue(from type: [String], storyboard: Storyboard, identifier: String,
                                         location: SourceLocation, via: String, reason: String) {
        let id = "code-target:\(storyboard.name)#segue:\(identifier)"
        if codeTargetByID[id] == nil {
            codeTargetByID[id] = codeNodes.count
            codeNodes.append(Node(id: id, storyboard: storyboard.path, objectID: nil, element: "code-target", role: .codeTarget,
                                  label: "\(title(storyboard)) › segue '\(identifier)'", location: location,
                                  link: LinkTarget(mechanism: .code, storyboardName: storyboard.name, identifier: identifier),
                                  resolution: Resolution(state: .unresolved, reason: reason)))
        }
        addEdges(from: type, to: [CodeGraphIndex.EdgeEnd(id: id, storyboard: storyboard.path)], identifier: identifier,
                 location: location, via: via, onlyFrom: nil)
    }
}
