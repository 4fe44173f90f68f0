import SBMapModel

/// What the rules of one linking pass make: code nodes, code edges, findings and self-made scenes. The one mutable
/// part of linking (rules read their `CodeUseContext` and add here); `CodeLinker` merges the outputs of the passes.
/// Every table is sorted or looked up by key, never read in hash order, so no output depends on hashing.
struct CodeLinkOutput: Sendable {
    /// The code nodes of types without scenes and the code-target nodes made so far, in the order made (handed
    /// over as they are, not copied out of a table); where each is, by type name (not by id, which would have to
    /// be made for each look-up) and by id.
    var codeNodes: [Node] = []
    var codeNodeByType: [String: Int] = [:]
    var codeTargetByID: [String: Int] = [:]
    /// The edges made so far. The same edge may be made twice (two references standing for one scene); the copies
    /// are equal, and `CodeLinker` keeps one.
    var edges: [Edge] = []
    /// For each code edge id of the file being linked (without its `~n`): the place of the last call that made it,
    /// and how many calls have (`edgeID(at:from:to:)`). Emptied when a pass starts on a file.
    var edgeOrdinals: [String: (last: SourceLocation, count: Int)] = [:]
    var diagnostics: [Diagnostic] = []
    /// Scenes that code of their own class instantiates (a factory), and where: no self-loop, a mark on the node.
    var selfMade: [(node: String, at: SourceLocation)] = []

    /// Makes room for what linking `files` files usually makes (about one type and one link each), so that the
    /// tables do not grow step by step: each step copies the edges, and hashes every code node's key again.
    mutating func reserveCapacity(files: Int) {
        codeNodes.reserveCapacity(files)
        codeNodeByType.reserveCapacity(files)
        edges.reserveCapacity(files)
    }

    typealias Result = (nodes: [Node], edges: [Edge], diagnostics: [Diagnostic], selfMade: [(node: String, at: SourceLocation)])

    func result() -> Result {
        (codeNodes, edges, diagnostics, selfMade)
    }

    // MARK: Findings

    /// `about` is what the finding is about, its identity beside the code and the file: the call's callee and the
    /// name it passes (`Diagnostic.about`), never the message's words.
    mutating func report(_ severity: Severity, _ code: DiagnosticCode, _ message: String, at location: SourceLocation,
                         about: String, facts: [FindingFact] = [], hint: String? = nil) {
        diagnostics.append(Diagnostic(severity, code, message, at: location, about: about, facts: facts, hint: hint))
    }

    /// Reports a finding a look-up returned, at the use's place.
    mutating func report(_ finding: CodeFinding, at location: SourceLocation) {
        report(finding.severity, finding.code, finding.message, at: location, about: finding.about, facts: finding.facts,
               hint: finding.hint)
    }

    /// A `code-dynamic` note (`CodeFinding.dynamic`).
    mutating func reportDynamic(_ what: String, _ text: String, why: String? = nil, at location: SourceLocation) {
        report(.dynamic(what, text, why: why), at: location)
    }

    // MARK: Edges

    /// Where a link made in `type` starts: its scenes, or a code node for it.
    mutating func sources(for type: [String], at location: SourceLocation, _ file: CodeFileContext) -> [CodeGraphIndex.EdgeEnd] {
        let name = type.last ?? CodeLinkPass.fileTypeName(location.path)
        var scenes = file.index.sceneEnds(ofClass: name)
        // Only the scenes in storyboards of the targets that compile the file run this code.
        if file.scope.targets != nil { scenes = scenes.filter { file.reachable($0.storyboard) } }
        if !scenes.isEmpty { return scenes }
        // A class with a screen from a xib: that screen (issue 32).
        if let nibs = file.run.nibs {
            let targets = file.scope.targets
            let screens = nibs.screens(ofClass: name).filter { nib in
                guard let targets, !nib.targets.isEmpty else { return true }
                return nib.targets.contains { targets.contains($0) }
            }
            if let first = screens.first, let id = first.screen { return [CodeGraphIndex.EdgeEnd(id: id, storyboard: first.screenPath)] }
        }
        // A SwiftUI view or representable shown on SwiftUI screens: those screens (`SwiftUIEmbedding`).
        let hosts = file.run.embedding.hosts(of: name)
        if !hosts.isEmpty { return hosts.map { swiftUIScreen(for: $0, at: location, file) } }
        return [codeNode(for: name, at: location, file)]
    }

    /// The node of type `name` in code: a `code` node, or for a class whose screen is made in code (`screenTypes`),
    /// a `code-screen` node; made by the first call that needs it.
    mutating func codeNode(for name: String, at location: SourceLocation, _ file: CodeFileContext) -> CodeGraphIndex.EdgeEnd {
        if let k = codeNodeByType[name] { return CodeGraphIndex.EdgeEnd(id: codeNodes[k].id, storyboard: nil) }
        let id = Node.codeID(type: name)
        let screen = file.run.screenTypes.contains(name)
        codeNodeByType[name] = codeNodes.count
        codeNodes.append(Node(id: id, storyboard: nil, objectID: nil, element: "code", role: screen ? .codeScreen : .code,
                              customClass: name, label: name, location: file.symbols.location(ofType: name) ?? location))
        return CodeGraphIndex.EdgeEnd(id: id, storyboard: nil)
    }

    /// The screen of the SwiftUI view `view` (`swiftui-screen`), made by the first call that needs it.
    mutating func swiftUIScreen(for view: String, at location: SourceLocation, _ file: CodeFileContext) -> CodeGraphIndex.EdgeEnd {
        let id = Node.swiftUIID(view: view)
        if codeTargetByID[id] == nil {
            codeTargetByID[id] = codeNodes.count
            codeNodes.append(Node(id: id, storyboard: nil, objectID: nil, element: "swiftui", role: .swiftUIScreen,
                                  customClass: view, label: "\(view) (SwiftUI)",
                                  location: file.symbols.location(ofType: view) ?? location))
        }
        return CodeGraphIndex.EdgeEnd(id: id, storyboard: nil)
    }

    /// Links a call that asks for the initial scene (a plain `instantiateInitialViewController()` or a generated
    /// accessor) to the initial scene of each storyboard it may mean; where none has one, reports `asked` and draws
    /// the broken link.
    mutating func linkInitialScenes(of boards: [Storyboard], from type: [String], at location: SourceLocation,
                                    via api: CodeAPI, level: Severity = .warning, asked: @autoclosure () -> String, hint: String,
                                    _ file: CodeFileContext) {
        let targets = file.index.ends(ofNodes: boards.compactMap { file.index.initialScene(of: $0) })
        if targets.isEmpty, let first = boards.first {
            report(level, .codeUnknownIdentifier, asked(), at: location, about: "\(api.name) initial scene of '\(first.name)'", hint: hint)
            addBrokenLink(from: type, storyboard: first, name: first.name, identifier: nil,
                          resolution: Resolution(state: .unresolved, reason: "\(file.named([first])) has no initial scene"),
                          location: location, via: api, file)
        }
        addEdges(from: type, to: targets, identifier: nil, location: location, via: api, file)
    }

    /// Draws a link made in code that does not resolve: `code` edges from where it is made to a `code-target` node
    /// for what it names (in that storyboard's cluster when the storyboard exists), carrying why.
    mutating func addBrokenLink(from type: [String], storyboard: Storyboard?, name: String, identifier: String?,
                                resolution: Resolution, location: SourceLocation, via api: CodeAPI, onlyFrom: String? = nil,
                                _ file: CodeFileContext) {
        let id = Node.codeTargetID(storyboard: name, identifier: identifier)
        let shown = storyboard.map(file.title) ?? name
        let k: Int
        if let made = codeTargetByID[id] {
            k = made
        } else {
            k = codeNodes.count
            codeTargetByID[id] = k
            codeNodes.append(Node(id: id, storyboard: storyboard?.path, objectID: nil, element: "code-target", role: .codeTarget,
                                  label: identifier.map { "\(shown) › \($0)" } ?? shown, location: location,
                                  link: LinkTarget(mechanism: .code, storyboardName: name, identifier: identifier),
                                  resolution: resolution))
        }
        // The node's own storyboard: an earlier call may have made it without one.
        addEdges(from: type, to: [CodeGraphIndex.EdgeEnd(id: id, storyboard: codeNodes[k].storyboard)],
                 identifier: identifier, location: location, via: api, onlyFrom: onlyFrom, file)
    }

    /// A performed segue that no scene of the class has: `code` edges from the class's scenes to a `code-target` node
    /// of its own (`code-target:<storyboard>#segue:<identifier>`, never the node of a Storyboard ID of that name).
    mutating func addBrokenSegue(from type: [String], storyboard: Storyboard, identifier: String,
                                 location: SourceLocation, via api: CodeAPI, reason: String, _ file: CodeFileContext) {
        let id = "code-target:\(storyboard.name)#segue:\(identifier)"
        if codeTargetByID[id] == nil {
            codeTargetByID[id] = codeNodes.count
            codeNodes.append(Node(id: id, storyboard: storyboard.path, objectID: nil, element: "code-target", role: .codeTarget,
                                  label: "\(file.title(storyboard)) › segue '\(identifier)'", location: location,
                                  link: LinkTarget(mechanism: .code, storyboardName: storyboard.name, identifier: identifier),
                                  resolution: Resolution(state: .unresolved, reason: reason)))
        }
        addEdges(from: type, to: [CodeGraphIndex.EdgeEnd(id: id, storyboard: storyboard.path)], identifier: identifier,
                 location: location, via: api, onlyFrom: nil, file)
    }

    mutating func addEdges(from type: [String], to targets: [CodeGraphIndex.EdgeEnd], identifier: String?,
                           location: SourceLocation, via api: CodeAPI, onlyFrom: String? = nil,
                           navigation: (call: String, order: Int?)? = nil, _ file: CodeFileContext) {
        guard !targets.isEmpty else { return }
        var from = sources(for: type, at: location, file)
        // What a representable makes is embedded in the SwiftUI screens that show it (`sources`).
        let name = type.last ?? ""
        let embeds = navigation == nil && file.run.embedding.isRepresentable(name)
            && from.first?.id == file.run.embedding.hosts(of: name).first.map { Node.swiftUIID(view: $0) }
        let navigation = navigation ?? (embeds ? (call: CodeNavigation.Call.embed.rawValue, order: nil) : nil)
        if let onlyFrom { from = from.filter { $0.storyboard == onlyFrom } }
        for source in from {
            for target in targets where file.runTogether(source.storyboard, target.storyboard) {
                if source.id == target.id {
                    // `static func instantiate() -> Self` makes the class's own scene: not a navigation.
                    selfMade.append((source.id, location))
                    continue
                }
                let cross = source.storyboard == nil || source.storyboard != target.storyboard
                let id = edgeID(at: location, from: source.id, to: target.id)
                edges.append(Edge(id: id, from: source.id, to: target.id, kind: .code, relationship: navigation?.call,
                                  order: navigation?.order, identifier: identifier, crossFile: cross, location: location,
                                  via: api.name))
            }
        }
    }
}
