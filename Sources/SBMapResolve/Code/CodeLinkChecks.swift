import SBMapModel

/// The checks that more than one rule makes, so that rules need not call each other: a Storyboard ID looked up in
/// storyboards (`StoryboardIDRule`, `GeneratedAccessorRule`), and a performed segue checked against the scenes of
/// its class, directly or through a generated accessor (`SegueRule`, `GeneratedAccessorRule`).
extension CodeLinkOutput {
    /// Links to the scene with storyboard identifier `identifier` in `boards`, or reports that there is none.
    mutating func link(identifier: String, in boards: [Storyboard], from type: [String], location: SourceLocation,
                       heuristic: Bool = false, onlyFrom: String? = nil, _ context: CodeUseContext) {
        let api = context.api, file = context.file
        var exact: [CodeGraphIndex.EdgeEnd] = []
        var caseOnly: [Int] = []
        for b in boards.indices {
            let r = context.index.scenes(inStoryboard: boards[b].path, identifier: identifier)
            if exact.isEmpty { exact = r.exact } else { exact += r.exact }
            if caseOnly.isEmpty { caseOnly = r.caseOnly } else { caseOnly += r.caseOnly }
        }
        guard exact.isEmpty else {
            addEdges(from: type, to: exact, identifier: identifier, location: location, via: api, onlyFrom: onlyFrom, file)
            return
        }
        let boardList = file.named(boards), boardKey = CodeFileContext.quoted(boards)
        let described = api.described
        if let near = caseOnly.first {
            let actual = context.index.graph.nodes[near].storyboardIdentifier ?? ""
            report(.error, .caseMismatch,
                   "\(described) names storyboard ID '\(identifier)', but \(boardList) has '\(actual)'; identifiers are case-sensitive, so this call crashes the app",
                   at: location, about: "\(api.name) '\(identifier)' in \(boardKey)", hint: "write '\(actual)' exactly")
            addBrokenLink(from: type, storyboard: boards[0], name: boards[0].name, identifier: identifier,
                          resolution: Resolution(state: .unresolved, reason: "storyboard ID differs in letter case from '\(actual)'",
                                                 candidates: caseOnly.map { context.index.graph.nodes[$0].id }),
                          location: location, via: api, onlyFrom: onlyFrom, file)
            return
        }
        let known = boards.flatMap { context.index.identifiers(in: $0) }
        let fileNames = boards.map { "\($0.name).storyboard" }.joined(separator: ", ")
        report(.error, .codeUnknownIdentifier,
               "\(described) names storyboard ID '\(identifier)'\(heuristic ? " (the class name)" : ""), which no scene of \(boardList) has; this call crashes the app",
               at: location, about: "\(api.name) '\(identifier)' in \(boardKey)",
               hint: CodeFileContext.suggest(identifier, among: Array(Set(known)).sorted(), what: "identifier",
                                  fix: "set Storyboard ID '\(identifier)' on the intended scene of \(fileNames), or fix the string"))
        addBrokenLink(from: type, storyboard: boards[0], name: boards[0].name, identifier: identifier,
                      resolution: Resolution(state: .unresolved,
                                             reason: "no scene with storyboard ID '\(identifier)' in \(boardList)"),
                      location: location, via: api, onlyFrom: onlyFrom, file)
    }

    /// A segue performed on `type` must start at a scene of that class (or a superclass or subclass).
    /// `facts`: what is known of the call that makes it less sure to crash.
    mutating func check(segue identifier: String, onSelf: Bool, type: [String], at location: SourceLocation, api: CodeAPI,
                        facts: [FindingFact] = [], _ context: CodeUseContext) {
        let via = api
        let api = api.name
        guard !context.index.graph.storyboards.isEmpty else { return }  // nothing to check against
        let name = type.last ?? ""
        // Most calls are right: a segue of the class's own scenes, or of its family's, has the identifier. Asked of
        // each class's segue identifiers, without gathering its scenes, and of the class itself before its family is
        // worked out. One walk over the family answers all the questions: does a scene of it have the segue, does
        // it have scenes, and which segue identifiers it has otherwise (for the finding). What only a finding needs
        // (the segues elsewhere with that identifier) is looked up after.
        let index = context.index  // captured by the closure below
        // Only the scenes in storyboards that the targets compiling the file build, when there are some: a copy no
        // target builds (an `.xcloc` export's) keeps a segue the built storyboard lost.
        let built = context.scope.targets
        var hasScenes = false
        var identifiers: Set<String> = []
        if onSelf, context.symbols.anyInFamily(of: name, { type in
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
                report(context.file.levelOfNameNowhere, .codeUnknownSegue,
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
            addBrokenSegue(from: type, storyboard: board, identifier: identifier, location: location, via: via,
                           reason: "no segue '\(identifier)' starts at a scene of class '\(name)'", context.file)
        }
    }

    /// SwiftGen `StoryboardSegue.Main.show` (storyboard `Main`) and R.swift `R.segue.sourceController.show`
    /// (source class `SourceController`).
    mutating func checkGeneratedSegue(_ generator: CodeGenerator, container: String, member: String, _ type: [String],
                                      _ location: SourceLocation, api: CodeAPI, _ context: CodeUseContext) {
        if generator == .swiftGen, let identifier = context.symbols.generatedSegue(container: container, member: member) {
            check(segue: identifier, onSelf: true, type: type, at: location, api: api, context)
            return
        }
        let sources: [Node]
        if generator == .swiftGen {
            switch context.file.generatedStoryboards(generator, accessor: container) {
            case .found(let boards): sources = boards.flatMap { context.index.scenes(in: $0) }
            case .stale(let finding):
                report(finding, at: location)
                sources = []
            }
        } else {
            let key = GeneratedNames.loose(container)
            sources = context.index.graph.nodes.filter { $0.customClass.map { GeneratedNames.loose($0) == key } ?? false }
        }
        let identifiers = context.index.segueIdentifiers(from: sources)
        if let identifier = identifiers.sorted().first(where: { GeneratedNames.memberAccessor($0, generator: generator) == member })
            ?? identifiers.sorted().first(where: { GeneratedNames.loose($0) == GeneratedNames.loose(member) }) {
            if generator == .swiftGen { check(segue: identifier, onSelf: true, type: type, at: location, api: api, context) }
            return
        }
        let shown = generator == .swiftGen ? "StoryboardSegue.\(container).\(member)" : "R.segue.\(container).\(member)"
        report(.warning, .codeUnknownSegue, "'\(shown)' names no scanned segue; the generated code may be stale", at: location, about: shown,
               hint: "re-run \(generator == .swiftGen ? "SwiftGen" : "R.swift"), or scan the storyboard it was generated from")
    }
}
