import SBMapModel

/// What every linking pass of one `CodeLinker.link` call reads and none writes: the graph's index and the symbol
/// table of all the files.
struct CodeLinkContext: Sendable {
    let index: CodeGraphIndex
    let symbols: CodeSymbolTable
    let membership: TargetMembership
    let classNameHeuristic: Bool

    init(index: CodeGraphIndex, symbols: CodeSymbolTable, membership: TargetMembership, classNameHeuristic: Bool) {
        self.index = index
        self.symbols = symbols
        self.membership = membership
        self.classNameHeuristic = classNameHeuristic
    }
}

/// The links of a run of files of one `CodeLinker.link` call: code nodes, code edges and findings.
/// Every table is sorted or looked up by key, never read in hash order, so no output depends on hashing.
struct CodeLinkPass: Sendable {
    let index: CodeGraphIndex
    let symbols: CodeSymbolTable
    let membership: TargetMembership
    let classNameHeuristic: Bool
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
    /// and how many calls have (`edgeID(at:from:to:)`).
    var edgeOrdinals: [String: (last: SourceLocation, count: Int)] = [:]
    var diagnostics: [Diagnostic] = []
    /// Scenes that code of their own class instantiates (a factory), and where: no self-loop, a mark on the node.
    var selfMade: [(node: String, at: SourceLocation)] = []
    /// What the rules ask of the file being linked: its targets, platforms and imports. Set when the pass starts on
    /// the file, and only then.
    var file = CodeFileScope()
    /// The storyboard loads of the file being linked, and its `#if` branches: all the rules ask of the file itself.
    /// Not the whole file, whose copy would retain and release each of its many fields.
    var loads: [CodeStoryboardLoad] = []
    var conditions: [CompileConditionRange] = []
    /// What each of `loads` names, when its name is a constant: an instantiation through a load looks it up again
    /// by name otherwise.
    var loadMatches: [(name: String, match: CodeGraphIndex.NameMatch, foreign: Bool)?] = []
    /// The positions in `loads` of each storyboard name in each type, in file order: an instantiation finds its load
    /// by a binary search (a linear one per call made a file of 26,000 calls quadratic: seconds to minutes).
    var loadsByName: [LoadKey: [Int]] = [:]

    struct LoadKey: Hashable {
        var name: CodeString
        var type: [String]
    }

    init(context: CodeLinkContext) {
        index = context.index
        symbols = context.symbols
        membership = context.membership
        classNameHeuristic = context.classNameHeuristic
    }

    /// Makes room for what linking `files` files usually makes (about one type and one link each), so that the
    /// tables do not grow step by step: each step copies the edges, and hashes every code node's key again.
    mutating func reserveCapacity(files: Int) {
        codeNodes.reserveCapacity(files)
        codeNodeByType.reserveCapacity(files)
        edges.reserveCapacity(files)
    }

    /// What a pass made: its code nodes and edges, in no particular order (`CodeLinker` sorts them all at once),
    /// and its findings.
    typealias Result = (nodes: [Node], edges: [Edge], diagnostics: [Diagnostic], selfMade: [(node: String, at: SourceLocation)])

    func result() -> Result {
        (codeNodes, edges, diagnostics, selfMade)
    }

    mutating func link(_ file: LoadedCodeFile) {
        self.file = CodeFileScope(path: file.path, imports: file.imports, membership: membership)
        loads = file.loads
        conditions = file.conditions
        loadMatches.removeAll(keepingCapacity: true)
        loadsByName.removeAll(keepingCapacity: true)
        edgeOrdinals.removeAll(keepingCapacity: true)
        for k in loads.indices { loadsByName[LoadKey(name: loads[k].name, type: loads[k].enclosingType), default: []].append(k) }
        // A use in an `#if` branch compiled for none of the platforms it could run on makes no link and no finding.
        for k in loads.indices {
            let load = loads[k]
            loadMatches.append(use(load.api, at: load.location).flatMap { check(load, as: $0) })
        }
        for use in file.instantiations { if let call = self.use(use.api, at: use.location) { link(use, as: call) } }
        for use in file.performs where self.use(use.api, at: use.location) != nil { check(use) }
        for use in file.generatedUses where self.use("", at: use.location) != nil { link(use) }
        if classNameHeuristic { for use in file.classInstantiations where self.use("", at: use.location) != nil { link(use) } }
    }

    /// The use of `api` at `location` with the `#if` condition it is compiled under; `nil` when no platform it could
    /// run on compiles it.
    func use(_ api: String, at location: SourceLocation) -> CodeUse? {
        guard !conditions.isEmpty, let condition = conditions.condition(atLine: location.line) else {
            return CodeUse(api: api, condition: nil)
        }
        let candidates = (file.targets != nil && !file.platforms.isEmpty ? file.platforms : platformHint(api: api).platforms)
            .subtracting([.unknown])
        guard candidates.isEmpty || candidates.contains(where: { condition.mayCompile(on: $0) }) else { return nil }
        return CodeUse(api: api, condition: condition)
    }

    // MARK: Platform

    /// The platforms an API alone implies (`nil`: the API does not say). Asked once per use, so it compares bytes:
    /// String's Character-aware `hasPrefix` and `contains` cost more than the rest of the look-up (docs/benchmarks.md).
    static func platforms(ofAPI api: String) -> Set<Platform>? {
        var api = api
        return api.withUTF8 { bytes -> Set<Platform>? in
            func matches(_ word: StaticString, at i: Int) -> Bool {
                let w = word.utf8Start
                for k in 0..<word.utf8CodeUnitCount where bytes[i + k] != w[k] { return false }
                return true
            }
            func starts(_ prefix: StaticString) -> Bool {
                prefix.utf8CodeUnitCount <= bytes.count && matches(prefix, at: 0)
            }
            func contains(_ word: StaticString) -> Bool {
                guard word.utf8CodeUnitCount <= bytes.count else { return false }
                return (0...(bytes.count - word.utf8CodeUnitCount)).contains { matches(word, at: $0) }
            }
            if starts("UI") { return CodeGraphIndex.PlatformHint.uiKit }
            if starts("NS") || contains("Controller(") && !contains("ViewController")
                || starts("instantiateController") || starts("instantiateInitialController") {
                return CodeGraphIndex.PlatformHint.appKit
            }
            return nil
        }
    }

    /// Where names used by `use` are looked for: the platforms it runs on and the targets that compile it.
    func hint(for use: CodeUse) -> CodeGraphIndex.PlatformHint {
        var hint = platformHint(api: use.api)
        hint.targets = file.targets
        hint.from = file.path
        // The targets that compile the file say which platforms the call runs on, whatever the file imports.
        if file.targets != nil, !file.platforms.isEmpty {
            let narrowed = hint.platforms.intersection(file.platforms.union([.unknown]))
            hint.platforms = narrowed.isEmpty ? file.platforms.union([.unknown]) : narrowed
        }
        // Inside `#if os(tvOS)` the call runs on tvOS only, whatever else the file is compiled for.
        if let condition = use.condition {
            let compiled = hint.platforms.filter { $0 == .unknown || condition.mayCompile(on: $0) }
            if compiled.contains(where: { $0 != .unknown }) { hint.platforms = compiled }
        }
        return hint
    }

    func platformHint(api: String) -> CodeGraphIndex.PlatformHint {
        let certain = Self.platforms(ofAPI: api)
        if let certain { return .init(platforms: certain, certain: true) }
        if file.imports.contains("UIKit") { return .init(platforms: CodeGraphIndex.PlatformHint.uiKit, certain: false) }
        if file.imports.contains("AppKit") || file.imports.contains("Cocoa") {
            return .init(platforms: CodeGraphIndex.PlatformHint.appKit, certain: false)
        }
        return .any
    }

    /// Whether a storyboard can be reached from the file being linked: one of the targets that compile it holds it.
    func reachable(_ storyboard: String?) -> Bool {
        guard let targets = file.targets else { return true }
        guard let storyboard, let board = index.storyboardsByPath[storyboard] else { return false }
        return CodeGraphIndex.holds(targets, board)
    }

    /// The level of a name that exists in no storyboard of the app, whatever the receiver: an error, except in a
    /// library that no scanned app links (no storyboard of a target that compiles the
    /// file is reachable), whose code runs in whichever app links it, with storyboards sbmap may not see: a warning.
    var levelOfNameNowhere: Severity {
        guard file.inLibrariesOnly, file.targets != nil else { return .error }
        return index.graph.storyboards.contains { reachable($0.path) } ? .error : .warning
    }

    // MARK: Findings

    /// `about` is what the finding is about, its identity beside the code and the file: the call's callee and the
    /// name it passes (`Diagnostic.about`), never the message's words.
    mutating func report(_ severity: Severity, _ code: DiagnosticCode, _ message: String, at location: SourceLocation,
                                 about: String, facts: [FindingFact] = [], hint: String? = nil) {
        diagnostics.append(Diagnostic(severity, code, message, at: location, about: about, facts: facts, hint: hint))
    }

    /// A `code-dynamic` note: `what` ("storyboard name", …) is `text` (the source text), which is not a constant;
    /// `why` says more when it is known (a parameter, a name no scanned file declares), so that a reader knows what
    /// stopped sbmap.
    mutating func reportDynamic(_ what: String, _ text: String, why: String? = nil, at location: SourceLocation) {
        let shown = text.isEmpty ? what : "\(what) '\(text)'"
        report(.info, .codeDynamic, "\(shown) is not a constant\(why.map { " (\($0))" } ?? ""), so where this call leads is not known",
               at: location, about: "\(what) '\(text)'", hint: "use a string literal, a let constant or a String enum case to have it mapped and checked")
    }

    /// How a message names the API that made a link: the call itself, or the generator or helper behind it.
    static func described(_ via: String) -> String {
        switch via {
        case "StoryboardScene": "SwiftGen's StoryboardScene accessor"
        case "R.storyboard": "R.swift's R.storyboard accessor"
        default: via.hasPrefix("heuristic") ? "the class-name helper" : via
        }
    }

    /// `'Main'`, `'Main', 'Settings'`: storyboard names for finding keys (`about:`), which must not change.
    static func quoted(_ boards: [Storyboard]) -> String {
        boards.map { "'\($0.name)'" }.joined(separator: ", ")
    }

    /// `'Main'`, `'Settings (tvOS)'`: storyboards quoted for messages, with the platform or path where names repeat.
    func named(_ boards: [Storyboard]) -> String { index.storyboardNames.quoted(boards) }

    /// A storyboard's name for labels: `Settings`, or `Settings (tvOS)` where names repeat.
    func title(_ storyboard: Storyboard) -> String { index.storyboardNames.title(storyboard) }

    // MARK: Edges

    /// Where a link made in `type` starts: its scenes, or a code node for it.
    mutating func sources(for type: [String], at location: SourceLocation) -> [CodeGraphIndex.EdgeEnd] {
        let name = type.last ?? Self.fileTypeName(location.path)
        var scenes = index.sceneEnds(ofClass: name)
        // Only the scenes in storyboards of the targets that compile the file run this code.
        if file.targets != nil { scenes = scenes.filter { reachable($0.storyboard) } }
        if !scenes.isEmpty { return scenes }
        if let k = codeNodeByType[name] { return [CodeGraphIndex.EdgeEnd(id: codeNodes[k].id, storyboard: nil)] }
        let id = Node.codeID(type: name)
        codeNodeByType[name] = codeNodes.count
        codeNodes.append(Node(id: id, storyboard: nil, objectID: nil, element: "code", role: .code, customClass: name,
                              label: name, location: symbols.location(ofType: name) ?? location))
        return [CodeGraphIndex.EdgeEnd(id: id, storyboard: nil)]
    }

    /// Links a call that asks for the initial scene (a plain `instantiateInitialViewController()` or a generated
    /// accessor) to the initial scene of each storyboard it may mean; where none has one, reports `asked` and draws
    /// the broken link.
    mutating func linkInitialScenes(of boards: [Storyboard], from type: [String], at location: SourceLocation,
                                            via: String, level: Severity = .warning, asked: @autoclosure () -> String, hint: String) {
        let targets = index.ends(ofNodes: boards.compactMap { index.initialScene(of: $0) })
        if targets.isEmpty, let first = boards.first {
            report(level, .codeUnknownIdentifier, asked(), at: location, about: "\(via) initial scene of '\(first.name)'", hint: hint)
            addBrokenLink(from: type, storyboard: first, name: first.name, identifier: nil,
                          resolution: Resolution(state: .unresolved, reason: "\(named([first])) has no initial scene"),
                          location: location, via: via)
        }
        addEdges(from: type, to: targets, identifier: nil, location: location, via: via)
    }

    /// Draws a link made in code that does not resolve: `code` edges from where it is made to a `code-target` node
    /// for what it names (in that storyboard's cluster when the storyboard exists), carrying why.
    mutating func addBrokenLink(from type: [String], storyboard: Storyboard?, name: String, identifier: String?,
                                        resolution: Resolution, location: SourceLocation, via: String, onlyFrom: String? = nil) {
        let id = Node.codeTargetID(storyboard: name, identifier: identifier)
        let shown = storyboard.map(title) ?? name
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
                 identifier: identifier, location: location, via: via, onlyFrom: onlyFrom)
    }

    /// Top-level code (a `main.swift`) links from a node named after its file.
    static func fileTypeName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    mutating func addEdges(from type: [String], to targets: [CodeGraphIndex.EdgeEnd], identifier: String?,
                                   location: SourceLocation, via: String, onlyFrom: String? = nil) {
        guard !targets.isEmpty else { return }
        var from = sources(for: type, at: location)
        if let onlyFrom { from = from.filter { $0.storyboard == onlyFrom } }
        for source in from {
            for target in targets where runTogether(source.storyboard, target.storyboard) {
                if source.id == target.id {
                    // `static func instantiate() -> Self` makes the class's own scene: not a navigation.
                    selfMade.append((source.id, location))
                    continue
                }
                let cross = source.storyboard == nil || source.storyboard != target.storyboard
                let id = edgeID(at: location, from: source.id, to: target.id)
                edges.append(Edge(id: id, from: source.id, to: target.id,
                                  kind: .code, identifier: identifier, crossFile: cross, location: location, via: via))
            }
        }
    }

    /// Whether scenes of these two storyboards can be in one app, so that code in one may show the other: they
    /// share a target (one that compiles the file, when projects say which), or, where no project says, their
    /// platforms fit. Shared code compiled into an iOS and a tvOS app links each app's scenes to its own, never
    /// across: that cross product was most of the false links on real repositories.
    func runTogether(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b, a != b, let first = index.storyboardsByPath[a], let second = index.storyboardsByPath[b] else {
            return true
        }
        if !first.targets.isEmpty, !second.targets.isEmpty {
            return first.targets.contains { id in second.targets.contains(id) && (file.targets?.contains(id) ?? true) }
        }
        return first.platform.canReference(second.platform)
    }
}

/// One use of a storyboard API, as a rule sees it beside the use itself (its receiver, enclosing type and place): the
/// API that makes it, and the `#if` condition it is compiled under (`nil`: none). Made for each use, handed to its rule.
struct CodeUse: Sendable {
    let api: String
    let condition: CompileCondition?
}

/// What the rules ask of the file being linked: the targets that compile it and their platforms, and its imports.
struct CodeFileScope: Sendable {
    var path = ""
    /// The ids of the targets that compile the file; `nil` when no project holds it, or only test bundles do (names
    /// are then looked up by platform alone).
    var targets: Set<String>?
    var platforms: Set<Platform> = []
    /// Whether only libraries (frameworks, static libraries, Swift packages) compile the file: their code runs inside
    /// whichever app links them, so the main bundle (`bundle: nil`) is that app's, not theirs.
    var inLibrariesOnly = false
    var imports: [String] = []

    init() {}

    init(path: String, imports: [String], membership: TargetMembership) {
        self.path = path
        self.imports = imports
        let targets = membership.targets(of: path)
        guard !targets.isEmpty else { return }
        platforms = Set(targets.flatMap { membership.targets[$0].platforms })
        let libraries: Set<ProductKind> = [.framework, .staticLibrary, .package]
        inLibrariesOnly = targets.allSatisfy { libraries.contains(membership.targets[$0].product) }
        // Code only test bundles compile runs inside the app they test (a hosted unit test: `bundle: nil` is the
        // host app's bundle) or beside it: its names are not scoped to the test target, which holds no storyboards.
        let tests: Set<ProductKind> = [.unitTests, .uiTests]
        if targets.allSatisfy({ tests.contains(membership.targets[$0].product) }) { return }
        self.targets = Set(targets.map { membership.targets[$0].id })
    }
}
