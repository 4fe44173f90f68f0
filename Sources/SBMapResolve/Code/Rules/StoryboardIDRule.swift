import SBMapModel

/// Rule: `instantiateViewController(withIdentifier:)` and `instantiateInitialViewController()` link to the scene
/// with that Storyboard ID (or the initial scene) in the storyboards the receiver stands for; an ID that no scene
/// has is `code-unknown-identifier`, one that differs in letter case `case-mismatch`, and each draws a broken link.
extension CodeLinkPass {
    mutating func link(_ use: CodeInstantiation, as call: CodeUse) {
        let identifierValue = use.identifier.map { symbols.resolve($0, scope: use.enclosingType) }
        let boards: [Storyboard]
        switch storyboards(for: use, as: call) {
        case .storyboards(let found) where !found.isEmpty:
            boards = found
        case let other:
            if case .dynamic(let text, let why)? = identifierValue {
                reportDynamic("storyboard identifier", text, why: why, at: use.location)
            }
            if case .unknown = other, case .string(let identifier)? = identifierValue {
                checkExistsAnywhere(identifier: identifier, use)
            }
            if case .missing(let name, let resolution) = other {
                var identifier: String?
                if case .string(let value)? = identifierValue { identifier = value }
                addBrokenLink(from: use.enclosingType, storyboard: nil, name: name, identifier: identifier,
                              resolution: resolution, location: use.location, via: use.api)
            }
            return
        }
        guard let identifierArg = use.identifier else {
            // None of the storyboards the receiver stands for has an initial scene: the call returns nil, which the
            // code force-unwraps (a crash) or drops (nothing shown): an error. Code nothing refers to, or that no
            // target compiles, is lowered by its facts as any error is.
            // A fallback for nil (`?? UIViewController()`) shows another screen instead of crashing: a warning.
            let shown = named(boards)
            linkInitialScenes(of: boards, from: use.enclosingType, at: use.location, via: use.api, level: use.hasFallback ? .warning : .error,
                              asked: "\(use.api) asks storyboard \(shown) for its initial scene, which it does not have; the call returns nil"
                                  + (use.hasFallback ? ", and the code shows its fallback instead" : ""),
                              hint: "tick 'Is Initial View Controller' on a scene, or instantiate by identifier")
            return
        }
        switch identifierValue ?? symbols.resolve(identifierArg, scope: use.enclosingType) {
        case .dynamic(let text, let why):
            reportDynamic("storyboard identifier", text, why: why, at: use.location)
        case .string(let identifier):
            if case .own = use.storyboard, !use.enclosingType.isEmpty, symbols.storyboardMember(of: use.enclosingType) == nil {
                // `self.storyboard` is the storyboard the calling scene was loaded from: each scene of the class
                // links inside its own storyboard, never across (a class with a scene in an iPhone, an iPad and a
                // tvOS storyboard made nine edges, six of them false).
                var boards = boards
                let stale = staleCopies(of: use.enclosingType.last ?? "", among: boards)
                if !stale.isEmpty {
                    // A copy of the class's scene that nothing leads to (left in Main.storyboard
                    // when the live one moved to Details.storyboard) never runs this code; only a note if it lacks the ID.
                    boards.removeAll { b in stale.contains { $0.path == b.path } }
                    let lacking = stale.filter { index.scenes(inStoryboard: $0.path, identifier: identifier).exact.isEmpty }
                    if !lacking.isEmpty {
                        report(.info, .codeUnknownIdentifier,
                               "\(Self.described(use.api)) names storyboard ID '\(identifier)', which \(named(lacking)) does not have; its scene of class '\(use.enclosingType.last ?? "")' there is a stale copy that nothing leads to, so this call does not run from it",
                               at: use.location, about: "\(use.api) '\(identifier)' in stale \(Self.quoted(lacking))",
                               hint: "delete the stale copy of the scene, or give it a segue or relationship that leads to it")
                    }
                }
                for board in boards {
                    link(identifier: identifier, in: [board], from: use.enclosingType, location: use.location, via: use.api,
                         heuristic: identifierArg.isClassName, onlyFrom: board.path)
                }
                return
            }
            link(identifier: identifier, in: boards, from: use.enclosingType, location: use.location, via: use.api,
                 heuristic: identifierArg.isClassName)
        }
    }

    /// The storyboards among `boards` whose scenes of `type` (or a subclass) nothing leads to, when another of them
    /// has one that something leads to, and whose Storyboard IDs (if any) that one has too: stale copies.
    func staleCopies(of type: String, among boards: [Storyboard]) -> [Storyboard] {
        guard boards.count > 1, !type.isEmpty else { return [] }
        let family = symbols.descendants(of: type)
        let scenes = boards.map { board in index.scenes(in: board).filter { $0.customClass.map(family.contains) ?? false } }
        let reached = scenes.map { $0.contains(where: index.isReached) }
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
    mutating func checkExistsAnywhere(identifier: String, _ use: CodeInstantiation) {
        guard !index.graph.storyboards.isEmpty, !index.hasUnreadStoryboards,
              index.scenes(withIdentifier: identifier).isEmpty else { return }
        let lower = identifier.lowercased()
        let near = index.graph.nodes.compactMap(\.storyboardIdentifier).filter { $0.lowercased() == lower }.min()
        // The receiver does not matter: an error, lowered only by the facts of its place.
        report(levelOfNameNowhere, .codeUnknownIdentifier,
               "\(Self.described(use.api)) names storyboard ID '\(identifier)', which exists in no storyboard of the app; this call crashes whatever the receiver is",
               at: use.location, about: "\(use.api) '\(identifier)'",
               hint: near.map { "identifiers are case-sensitive: did you mean '\($0)'?" }
                   ?? "set Storyboard ID '\(identifier)' on the intended scene, or fix the string")
    }

    /// Links to the scene with storyboard identifier `identifier` in `boards`, or reports that there is none.
    mutating func link(identifier: String, in boards: [Storyboard], from type: [String], location: SourceLocation,
                               via: String, heuristic: Bool = false, onlyFrom: String? = nil) {
        var exact: [CodeGraphIndex.EdgeEnd] = []
        var caseOnly: [Int] = []
        for b in boards.indices {
            let r = index.scenes(inStoryboard: boards[b].path, identifier: identifier)
            if exact.isEmpty { exact = r.exact } else { exact += r.exact }
            if caseOnly.isEmpty { caseOnly = r.caseOnly } else { caseOnly += r.caseOnly }
        }
        guard exact.isEmpty else {
            addEdges(from: type, to: exact, identifier: identifier, location: location, via: via, onlyFrom: onlyFrom)
            return
        }
        let boardList = named(boards), boardKey = Self.quoted(boards)
        let described = Self.described(via)
        if let near = caseOnly.first {
            let actual = index.graph.nodes[near].storyboardIdentifier ?? ""
            report(.error, .caseMismatch,
                   "\(described) names storyboard ID '\(identifier)', but \(boardList) has '\(actual)'; identifiers are case-sensitive, so this call crashes the app",
                   at: location, about: "\(via) '\(identifier)' in \(boardKey)", hint: "write '\(actual)' exactly")
            addBrokenLink(from: type, storyboard: boards[0], name: boards[0].name, identifier: identifier,
                          resolution: Resolution(state: .unresolved, reason: "storyboard ID differs in letter case from '\(actual)'",
                                                 candidates: caseOnly.map { index.graph.nodes[$0].id }),
                          location: location, via: via, onlyFrom: onlyFrom)
            return
        }
        let known = boards.flatMap { index.identifiers(in: $0) }
        let fileNames = boards.map { "\($0.name).storyboard" }.joined(separator: ", ")
        report(.error, .codeUnknownIdentifier,
               "\(described) names storyboard ID '\(identifier)'\(heuristic ? " (the class name)" : ""), which no scene of \(boardList) has; this call crashes the app",
               at: location, about: "\(via) '\(identifier)' in \(boardKey)",
               hint: Self.suggest(identifier, among: Array(Set(known)).sorted(), what: "identifier",
                                  fix: "set Storyboard ID '\(identifier)' on the intended scene of \(fileNames), or fix the string"))
        addBrokenLink(from: type, storyboard: boards[0], name: boards[0].name, identifier: identifier,
                      resolution: Resolution(state: .unresolved,
                                             reason: "no scene with storyboard ID '\(identifier)' in \(boardList)"),
                      location: location, via: via, onlyFrom: onlyFrom)
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
