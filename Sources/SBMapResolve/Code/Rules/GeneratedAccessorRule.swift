import SBMapModel

/// Rule: SwiftGen (`StoryboardScene.Main.settings`) and R.swift (`R.storyboard.main.settings()`) accessors, and
/// their segue accessors, mapped back to the storyboard, scene and segue they were generated from; an accessor that
/// names nothing scanned is a warning that the generated code may be stale.
struct GeneratedAccessorRule: CodeLinkRule {
    static func apply(_ use: CodeGeneratedUse, _ context: CodeUseContext, into output: inout CodeLinkOutput) {
        let via = context.api.name, file = context.file
        /// The storyboards the accessor names; `nil`, reported, when it names none.
        func generatedStoryboards() -> [Storyboard]? {
            switch file.generatedStoryboards(use.generator, accessor: use.container) {
            case .found(let boards): return boards
            case .stale(let finding):
                output.report(finding, at: use.location)
                return nil
            }
        }
        switch use.kind {
        case .segue:
            output.checkGeneratedSegue(use.generator, container: use.container, member: use.member ?? "", use.enclosingType,
                                       use.location, api: .performGeneratedSegue, context)
        case .storyboard:
            _ = generatedStoryboards()
        case .initialScene:
            let roots = use.generator == .swiftGen ? ["StoryboardScene"] : ["R", "_R"]
            var boards: [Storyboard]?
            if let declared = context.symbols.generatedScene(root: roots, container: use.container, member: nil) {
                boards = file.found(context.index.storyboards(named: declared.storyboard, hint: .any))
            }
            guard let boards = boards ?? generatedStoryboards() else {
                brokenGeneratedLink(use, identifier: nil, context, into: &output)
                return
            }
            let shown = file.named(boards)
            output.linkInitialScenes(of: boards, from: use.enclosingType, at: use.location, via: context.api,
                                     asked: "'\(via).\(use.container)' asks storyboard \(shown) for its initial scene, which it does not have",
                                     hint: "tick 'Is Initial View Controller' on a scene, or re-run the generator", file)
        case .scene:
            let member = use.member ?? ""
            let roots = use.generator == .swiftGen ? ["StoryboardScene"] : ["R", "_R"]
            if let declared = context.symbols.generatedScene(root: roots, container: use.container, member: member),
               let boards = file.found(context.index.storyboards(named: declared.storyboard, hint: .any)) {
                if let identifier = declared.identifier {
                    output.link(identifier: identifier, in: boards, from: use.enclosingType, location: use.location, context)
                } else {
                    output.addEdges(from: use.enclosingType,
                                    to: context.index.ends(ofNodes: boards.compactMap { context.index.initialScene(of: $0) }),
                                    identifier: nil, location: use.location, via: context.api, file)
                }
                return
            }
            guard let boards = generatedStoryboards() else {
                brokenGeneratedLink(use, identifier: member, context, into: &output)
                return
            }
            let scenes = boards.flatMap { context.index.scenes(in: $0) }
            var targets = scenes.filter { $0.storyboardIdentifier.map { GeneratedNames.memberAccessor($0, generator: use.generator) == member } ?? false }
            if targets.isEmpty {
                let key = GeneratedNames.loose(member)
                targets = scenes.filter { $0.storyboardIdentifier.map { GeneratedNames.loose($0) == key } ?? false }
            }
            if targets.isEmpty {
                output.report(.warning, .codeUnknownIdentifier,
                              "'\(via).\(use.container).\(member)' names no scene of \(file.named(boards)); the generated code may be stale",
                              at: use.location, about: "\(via).\(use.container).\(member)",
                              hint: "re-run \(use.generator == .swiftGen ? "SwiftGen" : "R.swift")")
                output.addBrokenLink(from: use.enclosingType, storyboard: boards[0], name: boards[0].name, identifier: member,
                                     resolution: Resolution(state: .unresolved,
                                                            reason: "no scene of \(file.named(boards)) matches '\(via).\(use.container).\(member)'; the generated code may be stale"),
                                     location: use.location, via: context.api, file)
                return
            }
            output.addEdges(from: use.enclosingType, to: targets.map(CodeGraphIndex.EdgeEnd.init), identifier: targets[0].storyboardIdentifier,
                            location: use.location, via: context.api, file)
        }
    }

    /// A generated scene accessor whose storyboard accessor names no scanned storyboard (already reported).
    static func brokenGeneratedLink(_ use: CodeGeneratedUse, identifier: String?, _ context: CodeUseContext,
                                    into output: inout CodeLinkOutput) {
        guard case .missing(let name, let resolution) = Receiver.staleAccessor(use.generator, use.container) else { return }
        output.addBrokenLink(from: use.enclosingType, storyboard: nil, name: name, identifier: identifier, resolution: resolution,
                             location: use.location, via: context.api, context.file)
    }
}
