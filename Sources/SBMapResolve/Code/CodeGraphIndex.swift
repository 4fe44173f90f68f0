import SBMapModel

/// Look-ups into an already-resolved graph that code links need: storyboards by name (per platform), scenes by
/// storyboard identifier and by class, segue identifiers by source scene and by class.
struct CodeGraphIndex: Sendable {
    /// Which platforms a use can reach, from its API (`UIStoryboard` vs `NSStoryboard`) or its file's imports.
    struct PlatformHint: Sendable {
        var platforms: Set<Platform>
        /// `true` when the API itself says it (`NSStoryboard` is never an iOS storyboard).
        var certain: Bool
        /// The ids of the targets that compile the calling file (`nil` when no project holds it): a name is looked up
        /// among their storyboards, because that is the bundle the app searches.
        var targets: Set<String>? = nil
        /// The calling file: among several storyboards of a name, the nearest to it by folder are found. `nil`: all.
        var from: String? = nil

        static let any = PlatformHint(platforms: Set(Platform.allCases), certain: false)
        static let uiKit: Set<Platform> = [.iOS, .tvOS, .unknown]
        static let appKit: Set<Platform> = [.macOS, .unknown]
    }

    /// What a code edge needs of a node at either end: its id, and its storyboard (for `crossFile`). Links are made
    /// by the thousand, and a whole node is a dozen strings to copy for two of its fields.
    struct EdgeEnd: Sendable {
        var id: String
        var storyboard: String?

        init(id: String, storyboard: String?) {
            self.id = id
            self.storyboard = storyboard
        }

        init(_ node: Node) { self.init(id: node.id, storyboard: node.storyboard) }
    }

    /// The scenes whose `customClass` is one class, and the identifiers of the segues that start at them: all that
    /// a link made in the class or a segue performed in it asks of the graph, in one look-up by class name.
    struct ClassScenes: Sendable {
        /// Positions in `graph.nodes`.
        var nodes: [Int] = []
        /// The same scenes as edge ends, kept because every link made in the class starts at them.
        var ends: [EdgeEnd] = []
        var segueIdentifiers: Set<String> = []

        /// One method, so that adding a scene looks its class up once.
        mutating func add(_ node: Int, _ end: EdgeEnd) {
            nodes.append(node)
            ends.append(end)
        }
    }

    private(set) var graph: StoryboardGraph
    /// How names find the graph's storyboards: the one the resolver built and the graph carries (references and
    /// entry points were resolved with it), or, for a graph that carries none, one made from its storyboards.
    private(set) var names = StoryboardNameIndex()
    /// Each storyboard alone, by position: what a name that finds one storyboard returns, made once.
    private var single: [[Storyboard]] = []
    private(set) var storyboardsByPath: [String: Storyboard] = [:]
    /// How messages and labels name each storyboard (with its platform or path where names repeat).
    private(set) var storyboardNames = StoryboardNames([])
    /// Positions in `graph.storyboards`, by path.
    private var storyboardPositionsByPath: [String: [Int]] = [:]
    /// Positions in `graph.nodes`, not copies of the nodes: a node is a large value, and copying every scene into
    /// these tables cost more than the rest of building them.
    private var sceneIndicesByStoryboard: [String: [Int]] = [:]
    /// Each storyboard's Storyboard IDs, sorted and distinct, and its scenes by lower-cased Storyboard ID: made once,
    /// because a call that names a missing ID asks for them, and a file of thousands of such calls against a
    /// storyboard of thousands of scenes walked every scene per call.
    private var identifiersByStoryboard: [String: [String]] = [:]
    private var sceneIndicesByLowercasedIdentifier: [String: [String: [Int]]] = [:]
    /// Every scene, by storyboard identifier. A call names a scene by storyboard and identifier;
    /// looking the (short) identifier up and checking the storyboard of its few scenes costs less than hashing the
    /// (long) storyboard path and comparing the identifier of each of its scenes.
    private var sceneIndicesByIdentifier: [String: [Int]] = [:]
    private var nodeIndexByID: [String: Int] = [:]
    private var scenesByClass: [String: ClassScenes] = [:]
    private var segueIdentifiersBySource: [String: Set<String>] = [:]
    /// The ids of the scenes segues with each identifier start at, while the edges are read; then, by identifier,
    /// the least label of those scenes (the hint of a `code-unknown-segue` finding), worked out once.
    private var segueSourcesByIdentifier: [String: [String]] = [:]
    private var leastSegueSourceLabels: [String: String?] = [:]
    /// The nodes an edge of the storyboards leads to (a segue, a relationship, a reference).
    private var reachedNodes: Set<String> = []

    /// Builds the tables in two halves at once, one from the nodes and one from the edges: on a large app this is
    /// the longest step between resolving and linking. Each class's segue identifiers then join the two.
    init(graph: StoryboardGraph) {
        var halves = parallelMap(count: 2) { CodeGraphIndex(graph: graph, half: $0) }
        let segues = halves.removeLast()
        self = halves.removeLast()  // moved out, so that the class table below is changed in place, not copied
        segueIdentifiersBySource = segues.segueIdentifiersBySource
        reachedNodes = segues.reachedNodes
        let nodeIndexByID = nodeIndexByID, nodes = graph.nodes  // for the closure, instead of `self`
        leastSegueSourceLabels = segues.segueSourcesByIdentifier.mapValues { sources in
            sources.compactMap { nodeIndexByID[$0].map { nodes[$0].label } }.min()
        }
        // A `while`, not a `for` over `values.indices`, which would hold a second reference to the table while it is
        // changed, and so copy it.
        var c = scenesByClass.values.startIndex
        while c != scenesByClass.values.endIndex {
            for k in scenesByClass.values[c].ends.indices {
                guard let ids = segueIdentifiersBySource[scenesByClass.values[c].ends[k].id] else { continue }
                if scenesByClass.values[c].segueIdentifiers.isEmpty {
                    scenesByClass.values[c].segueIdentifiers = ids  // most classes have one scene: its set serves as it is
                } else {
                    scenesByClass.values[c].segueIdentifiers.formUnion(ids)
                }
            }
            scenesByClass.values.formIndex(after: &c)
        }
    }

    /// Half 0: storyboards and nodes; half 1: segues. The graph is read by position: a `for` over its arrays
    /// would copy every node and edge.
    private init(graph: StoryboardGraph, half: Int) {
        self.graph = graph
        guard half == 0 else {
            segueIdentifiersBySource.reserveCapacity(graph.edges.count)
            segueSourcesByIdentifier.reserveCapacity(graph.edges.count)
            for k in graph.edges.indices {
                reachedNodes.insert(graph.edges[k].to)
                let kind = graph.edges[k].kind
                guard kind.isInterfaceBuilderSegue, kind != .relationship else { continue }
                guard let id = graph.edges[k].identifier, !id.isEmpty else { continue }
                segueIdentifiersBySource[graph.edges[k].from, default: []].insert(id)
                segueSourcesByIdentifier[id, default: []].append(graph.edges[k].from)
            }
            return
        }
        single.reserveCapacity(graph.storyboards.count)
        for (k, s) in graph.storyboards.enumerated() {
            single.append([s])
            if storyboardsByPath[s.path] == nil { storyboardsByPath[s.path] = s }
            storyboardPositionsByPath[s.path, default: []].append(k)
        }
        storyboardNames = StoryboardNames(graph.storyboards)
        if let carried = graph.storyboardIndex, carried.count == graph.storyboards.count {
            names = carried
        } else {
            names = StoryboardNameIndex(graph.storyboards)
        }
        // The graph's own index of nodes by id (the first node of an id wins). The tables are made large enough
        // first: growing them would hash their keys again at each step.
        nodeIndexByID = graph.nodePositions
        sceneIndicesByIdentifier.reserveCapacity(graph.nodes.count)
        scenesByClass.reserveCapacity(graph.nodes.count)
        // A storyboard's scenes come one after another: its list is looked up once per run of them, not per scene.
        var runStoryboard: String?
        var run: [Int] = []
        for i in graph.nodes.indices where graph.nodes[i].role.isScene {
            if let identifier = graph.nodes[i].storyboardIdentifier {
                sceneIndicesByIdentifier[identifier, default: []].append(i)
            }
            guard let storyboard = graph.nodes[i].storyboard else { continue }
            if storyboard != runStoryboard {
                if let runStoryboard { sceneIndicesByStoryboard[runStoryboard, default: []] += run }
                runStoryboard = storyboard
                run.removeAll(keepingCapacity: true)
            }
            run.append(i)
            if let c = graph.nodes[i].customClass, !graph.nodes[i].role.isCrossFileLink {
                scenesByClass[c, default: ClassScenes()].add(i, EdgeEnd(id: graph.nodes[i].id, storyboard: storyboard))
            }
        }
        if let runStoryboard { sceneIndicesByStoryboard[runStoryboard, default: []] += run }
        for (path, indices) in sceneIndicesByStoryboard {
            var identifiers: Set<String> = []
            var byLowercased: [String: [Int]] = [:]
            for i in indices {
                guard let identifier = graph.nodes[i].storyboardIdentifier else { continue }
                identifiers.insert(identifier)
                byLowercased[identifier.lowercased(), default: []].append(i)
            }
            identifiersByStoryboard[path] = identifiers.sorted()
            sceneIndicesByLowercasedIdentifier[path] = byLowercased
        }
    }

    /// The indexed graph, taken out (the index is left with an empty one): linking appends to it, and an array
    /// that the index still shared would be copied whole at the first append.
    mutating func takeGraph() -> StoryboardGraph {
        var taken = StoryboardGraph()
        swap(&taken, &graph)
        return taken
    }

    // MARK: Storyboards

    enum NameMatch {
        case found([Storyboard])
        /// Only a letter-case variant exists: it works in the (case-insensitive) simulator and crashes on device.
        case caseMismatch([Storyboard])
        /// Only a storyboard of another platform has this name.
        case otherPlatform([Storyboard])
        /// The name exists, but only in storyboards that no target compiling the calling file holds.
        case notInTarget([Storyboard])
        /// A storyboard of the name exists but could not be read (its own finding says why); an LFS pointer was not
        /// fetched. What it holds is unknown, so nothing is reported as missing from it.
        case unread(path: String, lfsPointer: Bool)
        case missing
    }

    /// Storyboards named `name` (case-sensitive, as on device), reachable from `hint`: `StoryboardNameIndex.resolve`,
    /// whose positions are the graph's storyboards.
    func storyboards(named name: String, hint: PlatformHint) -> NameMatch {
        let scope = StoryboardNameIndex.Scope(path: hint.from, platforms: hint.platforms, certain: hint.certain, targets: hint.targets)
        switch names.resolve(name, from: scope) {
        case .found(let found): return .found(storyboards(at: found))
        case .unread(let path, let lfsPointer): return .unread(path: path, lfsPointer: lfsPointer)
        case .caseMismatch(let near): return .caseMismatch(storyboards(at: near))
        case .otherPlatform(let other): return .otherPlatform(storyboards(at: other))
        case .notInTarget(let elsewhere): return .notInTarget(storyboards(at: elsewhere))
        case .missing: return .missing
        }
    }

    /// The storyboards at `positions` of the graph.
    private func storyboards(at positions: [Int]) -> [Storyboard] {
        positions.count == 1 ? single[positions[0]] : positions.map { graph.storyboards[$0] }
    }

    /// Whether one of `targets` holds `storyboard`.
    static func holds(_ targets: Set<String>, _ storyboard: Storyboard) -> Bool {
        storyboard.targets.contains { targets.contains($0) }
    }

    /// The storyboard whose generated accessor is `accessor`, by the generator's naming rule, then loosely.
    func storyboards(accessor: String, generator: CodeGenerator) -> [Storyboard] {
        let byRule = graph.storyboards.filter { GeneratedNames.storyboardAccessor($0.name, generator: generator) == accessor }
        if !byRule.isEmpty { return byRule }
        let key = GeneratedNames.loose(accessor)
        return graph.storyboards.filter { GeneratedNames.loose($0.name) == key }
    }

    /// The storyboards at `paths`, in graph order.
    func storyboards(atPaths paths: Set<String>) -> [Storyboard] {
        var positions: [Int] = []
        for path in paths { positions += storyboardPositionsByPath[path] ?? [] }
        return positions.sorted().map { graph.storyboards[$0] }
    }

    /// The storyboard names of another platform or letter case that come close to `name` (for hints).
    var allStoryboardNames: [String] { Array(Set(graph.storyboards.map(\.name))).sorted() }

    // MARK: Scenes

    /// The Storyboard IDs of the storyboard's scenes, sorted and distinct.
    func identifiers(in storyboard: Storyboard) -> [String] { identifiersByStoryboard[storyboard.path] ?? [] }

    func scenes(in storyboard: Storyboard) -> [Node] { (sceneIndicesByStoryboard[storyboard.path] ?? []).map { graph.nodes[$0] } }

    /// Scenes of the storyboard at `path` whose storyboard identifier is `identifier` (a reference standing for its
    /// target), as edge ends; `caseOnly` reports letter-case-only matches, as positions in `graph.nodes`.
    func scenes(inStoryboard path: String, identifier: String) -> (exact: [EdgeEnd], caseOnly: [Int]) {
        // Loops, not `filter` and `map`: their closures would capture (and copy) the whole index on every call.
        var exact: [EdgeEnd] = []
        for i in sceneIndicesByIdentifier[identifier] ?? [] where graph.nodes[i].storyboard == path {
            let t = followReference(i)
            exact.append(EdgeEnd(id: graph.nodes[t].id, storyboard: graph.nodes[t].storyboard))
        }
        if !exact.isEmpty { return (exact, []) }
        let lower = identifier.lowercased()
        var caseOnly: [Int] = []
        for i in sceneIndicesByLowercasedIdentifier[path]?[lower] ?? [] {
            caseOnly.append(followReference(i))
        }
        return ([], caseOnly)
    }

    /// The position of the node at `index`, or of its target when it is a storyboard reference with its own
    /// storyboard identifier that resolved.
    private func followReference(_ index: Int) -> Int {
        guard graph.nodes[index].role.isCrossFileLink, let target = graph.nodes[index].resolution?.target,
              let t = nodeIndexByID[target] else { return index }
        return t
    }

    /// The position of the initial scene of `storyboard` (its target, for a reference).
    func initialScene(of storyboard: Storyboard) -> Int? {
        storyboard.initialScene.flatMap { nodeIndexByID[$0] }.map(followReference)
    }

    /// Whether something leads to scene `node`: it is its storyboard's initial scene, or a segue, a relationship or a
    /// reference reaches it. A scene nothing leads to is shown only by code, or never (a stale copy).
    func isReached(_ node: Node) -> Bool {
        if reachedNodes.contains(node.id) { return true }
        guard let path = node.storyboard, let board = storyboardsByPath[path] else { return false }
        return board.initialScene == node.objectID || board.initialScene == node.id
    }

    /// The nodes at positions `indices`, as edge ends.
    func ends(ofNodes indices: [Int]) -> [EdgeEnd] {
        var ends: [EdgeEnd] = []
        ends.reserveCapacity(indices.count)
        for i in indices { ends.append(EdgeEnd(id: graph.nodes[i].id, storyboard: graph.nodes[i].storyboard)) }
        return ends
    }

    /// Scenes whose `customClass` is `type`.
    func scenes(ofClass type: String) -> [Node] { (scenesByClass[type]?.nodes ?? []).map { graph.nodes[$0] } }

    /// The scenes whose `customClass` is `type`, as edge ends: where every link made in `type` starts.
    func sceneEnds(ofClass type: String) -> [EdgeEnd] { scenesByClass[type]?.ends ?? [] }

    /// Whether a storyboard under the paths could not be read (an LFS pointer, a malformed file): a name found in no
    /// scanned storyboard may be in it.
    var hasUnreadStoryboards: Bool { !names.unread.isEmpty }

    /// Every scene (any storyboard) with storyboard identifier `identifier`.
    func scenes(withIdentifier identifier: String) -> [Node] {
        (sceneIndicesByIdentifier[identifier] ?? []).map { graph.nodes[$0] }
    }

    // MARK: Segues

    func segueIdentifiers(from node: String) -> Set<String> { segueIdentifiersBySource[node] ?? [] }

    /// Whether a segue anywhere has identifier `identifier`, and the least label of the scenes such segues start at.
    func segues(withIdentifier identifier: String) -> (exist: Bool, leastSourceLabel: String?) {
        guard let label = leastSegueSourceLabels[identifier] else { return (false, nil) }
        return (true, label)
    }

    /// The identifiers of the segues that start at a scene of class `type`; `nil` when no scene has that class.
    func segueIdentifiers(ofClass type: String) -> Set<String>? { scenesByClass[type]?.segueIdentifiers }

    /// The identifiers of the segues that start at the scenes of class `type` in storyboards that `targets` build;
    /// `nil` when no scene of the class is in one (a copy no target builds, an `.xcloc`'s, does
    /// not ship).
    func segueIdentifiers(ofClass type: String, builtBy targets: Set<String>) -> Set<String>? {
        guard let scenes = scenesByClass[type] else { return nil }
        var found = false
        var identifiers: Set<String> = []
        for end in scenes.ends {
            guard let path = end.storyboard, let board = storyboardsByPath[path], Self.holds(targets, board) else { continue }
            found = true
            if let more = segueIdentifiersBySource[end.id] { identifiers.formUnion(more) }
        }
        return found ? identifiers : nil
    }

    /// Every segue identifier starting at one of `nodes`.
    func segueIdentifiers(from nodes: [Node]) -> Set<String> {
        nodes.reduce(into: Set<String>()) { $0.formUnion(segueIdentifiers(from: $1.id)) }
    }
}
