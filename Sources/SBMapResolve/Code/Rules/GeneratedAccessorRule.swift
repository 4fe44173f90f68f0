import SBMapModel

/// Rule: SwiftGen (`StoryboardScene.Main.settings`) and R.swift (`R.storyboard.main.settings()`) accessors, and
/// their segue accessors, mapped back to the storyboard, scene and segue they were generated from; an accessor that
/// names nothing scanned is a warning that the generated code may be stale.
extension CodeLinkPass {
    mutating func generatedStoryboards(_ generator: CodeGenerator, accessor: String, at location: SourceLocation) -> [Storyboard]? {
        let roots = generator == .swiftGen ? ["StoryboardScene"] : ["R", "_R", "storyboard"]
        if let name = symbols.generatedStoryboardName(roots: roots, container: accessor),
           let boards = found(index.storyboards(named: name, hint: .any)) {
            return preferReachable(boards)
        }
        let boards = index.storyboards(accessor: accessor, generator: generator)
        if boards.isEmpty {
            report(.warning, .codeUnknownStoryboard,
                   "'\(generator == .swiftGen ? "StoryboardScene" : "R.storyboard").\(accessor)' names no scanned storyboard; the generated code may be stale",
                   at: location, about: "\(generator == .swiftGen ? "StoryboardScene" : "R.storyboard").\(accessor)",
                   hint: "re-run \(generator == .swiftGen ? "SwiftGen" : "R.swift"), or scan the storyboard it was generated from")
            return nil
        }
        return preferReachable(boards)
    }

    /// The storyboards the targets compiling the file hold, when there are any; else all of them (generated code
    /// may be compiled into a framework whose storyboards another target holds).
    func preferReachable(_ boards: [Storyboard]) -> [Storyboard] {
        let held = boards.filter { reachable($0.path) }
        return held.isEmpty ? boards : held
    }

    mutating func link(_ use: CodeGeneratedUse) {
        let via = use.generator == .swiftGen ? "StoryboardScene" : "R.storyboard"
        switch use.kind {
        case .segue:
            checkGeneratedSegue(use.generator, container: use.container, member: use.member ?? "", use.enclosingType,
                                use.location, api: "perform(segue:)")
        case .storyboard:
            _ = generatedStoryboards(use.generator, accessor: use.container, at: use.location)
        case .initialScene:
            let roots = use.generator == .swiftGen ? ["StoryboardScene"] : ["R", "_R"]
            var boards: [Storyboard]?
            if let declared = symbols.generatedScene(root: roots, container: use.container, member: nil) {
                boards = found(index.storyboards(named: declared.storyboard, hint: .any))
            }
            guard let boards = boards ?? generatedStoryboards(use.generator, accessor: use.container, at: use.location) else {
                brokenGeneratedLink(use, identifier: nil, via: via)
                return
            }
            let shown = named(boards)
            linkInitialScenes(of: boards, from: use.enclosingType, at: use.location, via: via,
                              asked: "'\(via).\(use.container)' asks storyboard \(shown) for its initial scene, which it does not have",
                              hint: "tick 'Is Initial View Controller' on a scene, or re-run the generator")
        case .scene:
            let member = use.member ?? ""
            let roots = use.generator == .swiftGen ? ["StoryboardScene"] : ["R", "_R"]
            if let declared = symbols.generatedScene(root: roots, container: use.container, member: member),
               let boards = found(index.storyboards(named: declared.storyboard, hint: .any)) {
                if let identifier = declared.identifier {
                    link(identifier: identifier, in: boards, from: use.enclosingType, location: use.location, via: via)
                } else {
                    addEdges(from: use.enclosingType, to: index.ends(ofNodes: boards.compactMap { index.initialScene(of: $0) }),
                             identifier: nil, location: use.location, via: via)
                }
                return
            }
            guard let boards = generatedStoryboards(use.generator, accessor: use.container, at: use.location) else {
                brokenGeneratedLink(use, identifier: member, via: via)
                return
            }
            let scenes = boards.flatMap { index.scenes(in: $0) }
            var targets = scenes.filter { $0.storyboardIdentifier.map { GeneratedNames.memberAccessor($0, generator: use.generator) == member } ?? false }
            if targets.isEmpty {
                let key = GeneratedNames.loose(member)
                targets = scenes.filter { $0.storyboardIdentifier.map { GeneratedNames.loose($0) == key } ?? false }
            }
            if targets.isEmpty {
                report(.warning, .codeUnknownIdentifier,
                       "'\(via).\(use.container).\(member)' names no scene of \(named(boards)); the generated code may be stale",
                       at: use.location, about: "\(via).\(use.container).\(member)",
                       hint: "re-run \(use.generator == .swiftGen ? "SwiftGen" : "R.swift")")
                addBrokenLink(from: use.enclosingType, storyboard: boards[0], name: boards[0].name, identifier: member,
                              resolution: Resolution(state: .unresolved,
                                                     reason: "no scene of \(named(boards)) matches '\(via).\(use.container).\(member)'; the generated code may be stale"),
                              location: use.location, via: via)
                return
            }
            addEdges(from: use.enclosingType, to: targets.map(CodeGraphIndex.EdgeEnd.init), identifier: targets[0].storyboardIdentifier,
                     location: use.location, via: via)
        }
    }

    /// A generated scene accessor whose storyboard accessor names no scanned storyboard (already reported).
    mutating func brokenGeneratedLink(_ use: CodeGeneratedUse, identifier: String?, via: String) {
        guard case .missing(let name, let resolution) = Self.staleAccessor(use.generator, use.container) else { return }
        addBrokenLink(from: use.enclosingType, storyboard: nil, name: name, identifier: identifier, resolution: resolution,
                      location: use.location, via: via)
    }

    /// SwiftGen `StoryboardSegue.Main.show` (storyboard `Main`) and R.swift `R.segue.sourceController.show`
    /// (source class `SourceController`).
    mutating func checkGeneratedSegue(_ generator: CodeGenerator, container: String, member: String, _ type: [String],
                                              _ location: SourceLocation, api: String) {
        if generator == .swiftGen, let identifier = symbols.generatedSegue(container: container, member: member) {
            check(segue: identifier, onSelf: true, type: type, at: location, api: api)
            return
        }
        let sources: [Node]
        if generator == .swiftGen {
            sources = (generatedStoryboards(generator, accessor: container, at: location) ?? []).flatMap { index.scenes(in: $0) }
        } else {
            let key = GeneratedNames.loose(container)
            sources = index.graph.nodes.filter { $0.customClass.map { GeneratedNames.loose($0) == key } ?? false }
        }
        let identifiers = index.segueIdentifiers(from: sources)
        if let identifier = identifiers.sorted().first(where: { GeneratedNames.memberAccessor($0, generator: generator) == member })
            ?? identifiers.sorted().first(where: { GeneratedNames.loose($0) == GeneratedNames.loose(member) }) {
            if generator == .swiftGen { check(segue: identifier, onSelf: true, type: type, at: location, api: api) }
            return
        }
        let shown = generator == .swiftGen ? "StoryboardSegue.\(container).\(member)" : "R.segue.\(container).\(member)"
        report(.warning, .codeUnknownSegue, "'\(shown)' names no scanned segue; the generated code may be stale", at: location, about: shown,
               hint: "re-run \(generator == .swiftGen ? "SwiftGen" : "R.swift"), or scan the storyboard it was generated from")
    }
}
