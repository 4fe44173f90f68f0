import SBMapModel

/// Rule: `instantiateViewController(withIdentifier:)` and `instantiateInitialViewController()` link to the scene
/// with that Storyboard ID (or the initial scene) in the storyboards the receiver stands for; an ID that no scene
/// has is `code-unknown-identifier`, one that differs in letter case `case-mismatch`, and each draws a broken link.
struct StoryboardIDRule: CodeLinkRule {
    static func apply(_ use: CodeInstantiation, _ context: CodeUseContext, into output: inout CodeLinkOutput) {
        let file = context.file
        let identifierValue = use.identifier.map { context.symbols.resolve($0, scope: use.enclosingType) }
        let boards: [Storyboard]
        let (receiver, finding) = context.storyboards(for: use)
        if let finding { output.report(finding, at: use.location) }
        switch receiver {
        case .storyboards(let found) where !found.isEmpty:
            boards = found
        case let other:
            if case .dynamic(let text, let why)? = identifierValue {
                output.reportDynamic("storyboard identifier", text, why: why, at: use.location)
            }
            if case .unknown = other, case .string(let identifier)? = identifierValue {
                checkExistsAnywhere(identifier: identifier, use, context, into: &output)
            }
            if case .missing(let name, let resolution) = other {
                var identifier: String?
                if case .string(let value)? = identifierValue { identifier = value }
                output.addBrokenLink(from: use.enclosingType, storyboard: nil, name: name, identifier: identifier,
                                     resolution: resolution, location: use.location, via: context.api, file)
            }
            return
        }
        guard let identifierArg = use.identifier else {
            // None of the storyboards the receiver stands for has an initial scene: the call returns nil, which the
            // code force-unwraps (a crash) or drops (nothing shown): an error. Code nothing refers to, or that no
            // target compiles, is lowered by its facts as any error is.
            // A fallback for nil (`?? UIViewController()`) shows another screen instead of crashing: a warning.
            let shown = file.named(boards)
            output.linkInitialScenes(of: boards, from: use.enclosingType, at: use.location, via: context.api, level: use.hasFallback ? .warning : .error,
                              asked: "\(context.api.name) asks storyboard \(shown) for its initial scene, which it does not have; the call returns nil"
                                  + (use.hasFallback ? ", and the code shows its fallback instead" : ""),
                              hint: "tick 'Is Initial View Controller' on a scene, or instantiate by identifier", file)
            return
        }
        switch identifierValue ?? context.symbols.resolve(identifierArg, scope: use.enclosingType) {
        case .dynamic(let text, let why):
            output.reportDynamic("storyboard identifier", text, why: why, at: use.location)
        case .string(let identifier):
            if case .own = use.storyboard, !use.enclosingType.isEmpty, context.symbols.storyboardMember(of: use.enclosingType) == nil {
                // `self.storyboard` is the storyboard the calling scene was loaded from: each scene of the class
                // links inside its own storyboard, never across (a class with a scene in an iPhone, an iPad and a
                // tvOS storyboard made nine edges, six of them false).
                var boards = boards
                let stale = staleCopies(of: use.enclosingType.last ?? "", among: boards, context)
                if !stale.isEmpty {
                    // A copy of the class's scene that nothing leads to (left in Main.storyboard
                    // when the live one moved to Details.storyboard) never runs this code; only a note if it lacks the ID.
                    boards.removeAll { b in stale.contains { $0.path == b.path } }
                    let lacking = stale.filter { context.index.scenes(inStoryboard: $0.path, identifier: identifier).exact.isEmpty }
                    if !lacking.isEmpty {
                        output.report(.info, .codeUnknownIdentifier,
                               "\(context.api.described) names storyboard ID '\(identifier)', which \(file.named(lacking)) does not have; its scene of class '\(use.enclosingType.last ?? "")' there is a stale copy that nothing leads to, so this call does not run from it",
                               at: use.location, about: "\(context.api.name) '\(identifier)' in stale \(CodeFileContext.quoted(lacking))",
                               hint: "delete the stale copy of the scene, or give it a segue or relationship that leads to it")
                    }
                }
                for board in boards {
                    output.link(identifier: identifier, in: [board], from: use.enclosingType, location: use.location,
                                heuristic: identifierArg.isClassName, onlyFrom: board.path, context)
                }
                return
            }
            output.link(identifier: identifier, in: boards, from: use.enclosingType, location: use.location,
                        heuristic: identifierArg.isClassName, context)
        }
    }

    /// The storyboards among `boards` whose scenes of `type` (or a subclass) nothing leads to, when another of them
    /// has one that something leads to, and whose Storyboard IDs (if any) that one has too: stale copies.
    static func staleCopies(of type: String, among boards: [Storyboard], _ context: CodeUseContext) -> [Storyboard] {
        guard boards.count > 1, !type.isEmpty else { return [] }
        let family = context.symbols.descendants(of: type)
        let scenes = boards.map { board in context.index.scenes(in: board).filter { $0.customClass.map(family.contains) ?? false } }
        let reached = scenes.map { $0.contains(where: context.index.isReached) }
        guard reached.contains(true), reached.contains(false) else { return [] }
        let liveIDs = Set(zip(scenes, reached).filter(\.1).flatMap { $0.0.compactMap(\.storyboardIdentifier) })
        return boards.indices.filter { k in
            !reached[k] && scenes[k].allSatisfy { $0.storyboardIdentifier.map(liveIDs.contains) ?? true }
        }.map { boards[$0] }
    }

    /// A call on a receiver whose storyboard is not known: whatever storyboard the receiver stands for, it is one of the app's, and no scene of
    /// any scanned storyboard has Storyboard ID `identifier`: the call crashes. Not where a storyboard could not be
    /// read (the ID may be in it), nor where the receiver names another bundle (`.missing` with an external
    /// resolution, not `.unknown`): a storyboard from somewhere sbmap cannot see stays a note.
    static func checkExistsAnywhere(identifier: String, _ use: CodeInstantiation, _ context: CodeUseContext,
                                    into output: inout CodeLinkOutput) {
        guard !context.index.graph.storyboards.isEmpty, !context.index.hasUnreadStoryboards,
              context.index.scenes(withIdentifier: identifier).isEmpty else { return }
        let lower = identifier.lowercased()
        let near = context.index.graph.nodes.compactMap(\.storyboardIdentifier).filter { $0.lowercased() == lower }.min()
        // The receiver does not matter: an error, lowered only by the facts of its place.
        output.report(context.file.levelOfNameNowhere, .codeUnknownIdentifier,
               "\(context.api.described) names storyboard ID '\(identifier)', which exists in no storyboard of the app; this call crashes whatever the receiver is",
               at: use.location, about: "\(context.api.name) '\(identifier)'",
               hint: near.map { "identifiers are case-sensitive: did you mean '\($0)'?" }
                   ?? "set Storyboard ID '\(identifier)' on the intended scene, or fix the string")
    }
}

extension CodeString {
    /// Whether the value is derived from a class name (`String(describing:)`), which makes a link heuristic.
    var isClassName: Bool {
        switch self {
        case .typeName, .ownTypeName: true
        default: false
        }
    }
}
