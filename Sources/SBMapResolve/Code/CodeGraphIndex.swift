import SBMapModel

/// Look-ups into an already-resolved graph that code links need: storyboards by name (per platform), scenes by
/// storyboard identifier and by class, segue identifiers by source scene.
struct CodeGraphIndex: Sendable {
    /// Which platforms a use can reach, from its API (`UIStoryboard` vs `NSStoryboard`) or its file's imports.
    struct PlatformHint: Sendable {
        var platforms: Set<Platform>
        /// `true` when the API itself says it (`NSStoryboard` is never an iOS storyboard).
        var certain: Bool

        static let any = PlatformHint(platforms: Set(Platform.allCases), certain: false)
        static let uiKit: Set<Platform> = [.iOS, .tvOS, .unknown]
        static let appKit: Set<Platform> = [.macOS, .unknown]
    }

    let graph: StoryboardGraph
    private var storyboardsByName: [String: [Storyboard]] = [:]
    private var storyboardsByLowerName: [String: [Storyboard]] = [:]
    private(set) var storyboardsByPath: [String: Storyboard] = [:]
    /// Positions in `graph.nodes`, not copies of the nodes: a node is a large value, and copying every scene into
    /// these tables cost more than the rest of building them.
    private var sceneIndicesByStoryboard: [String: [Int]] = [:]
    private var nodeIndexByID: [String: Int] = [:]
    /// Copies, because every link made in a class starts at its scenes (`scenes(ofClass:)`), and handing out the
    /// stored array costs one retain.
    private var scenesByClass: [String: [Node]] = [:]
    /// The ids of `scenesByClass`, kept apart: the segue check asks only for ids, and reading them out of the nodes
    /// would copy each node.
    private var sceneIDsByClass: [String: [String]] = [:]
    private var segueIdentifiersBySource: [String: Set<String>] = [:]
    private var segueSourcesByIdentifier: [String: [String]] = [:]

    /// Builds the tables in two halves at once, one from the nodes and one from the edges: on a large app this is
    /// the longest step between resolving and linking.
    init(graph: StoryboardGraph) {
        let halves = parallelMap(count: 2) { CodeGraphIndex(graph: graph, half: $0) }
        self = halves[0]
        segueIdentifiersBySource = halves[1].segueIdentifiersBySource
        segueSourcesByIdentifier = halves[1].segueSourcesByIdentifier
    }

    /// Half 0: storyboards and nodes; half 1: segues. The graph is read by position: a `for` over its arrays
    /// would copy every node and edge.
    private init(graph: StoryboardGraph, half: Int) {
        self.graph = graph
        guard half == 0 else {
            for k in graph.edges.indices {
                switch graph.edges[k].kind {
                case .relationship, .reference, .code, .unwindTarget: continue
                default: break
                }
                guard let id = graph.edges[k].identifier, !id.isEmpty else { continue }
                segueIdentifiersBySource[graph.edges[k].from, default: []].insert(id)
                segueSourcesByIdentifier[id, default: []].append(graph.edges[k].from)
            }
            return
        }
        nodeIndexByID.reserveCapacity(graph.nodes.count)
        for s in graph.storyboards {
            storyboardsByName[s.name, default: []].append(s)
            storyboardsByLowerName[s.name.lowercased(), default: []].append(s)
            if storyboardsByPath[s.path] == nil { storyboardsByPath[s.path] = s }
        }
        for i in graph.nodes.indices {
            let id = graph.nodes[i].id
            if nodeIndexByID[id] == nil { nodeIndexByID[id] = i }
            guard let storyboard = graph.nodes[i].storyboard, graph.nodes[i].role.isScene else { continue }
            sceneIndicesByStoryboard[storyboard, default: []].append(i)
            if let c = graph.nodes[i].customClass, !graph.nodes[i].role.isCrossFileLink {
                scenesByClass[c, default: []].append(graph.nodes[i])
                sceneIDsByClass[c, default: []].append(id)
            }
        }
    }

    // MARK: Storyboards

    enum NameMatch {
        case found([Storyboard])
        /// Only a letter-case variant exists: it works in the (case-insensitive) simulator and crashes on device.
        case caseMismatch([Storyboard])
        /// Only a storyboard of another platform has this name.
        case otherPlatform([Storyboard])
        case missing
    }

    /// Storyboards named `name` (case-sensitive, as on device), reachable from `hint`.
    func storyboards(named name: String, hint: PlatformHint) -> NameMatch {
        let exact = storyboardsByName[name] ?? []
        let fitting = exact.filter { hint.platforms.contains($0.platform) }
        if !fitting.isEmpty { return .found(fitting) }
        if !exact.isEmpty { return hint.certain ? .otherPlatform(exact) : .found(exact) }
        let loose = (storyboardsByLowerName[name.lowercased()] ?? []).filter { hint.platforms.contains($0.platform) }
        if !loose.isEmpty { return .caseMismatch(loose) }
        return .missing
    }

    /// The storyboard whose generated accessor is `accessor`, by the generator's naming rule, then loosely.
    func storyboards(accessor: String, generator: GeneratedNames.GeneratorKind) -> [Storyboard] {
        let byRule = graph.storyboards.filter { GeneratedNames.storyboardAccessor($0.name, generator: generator) == accessor }
        if !byRule.isEmpty { return byRule }
        let key = GeneratedNames.loose(accessor)
        return graph.storyboards.filter { GeneratedNames.loose($0.name) == key }
    }

    /// The storyboard names of another platform or letter case that come close to `name` (for hints).
    var allStoryboardNames: [String] { Array(Set(graph.storyboards.map(\.name))).sorted() }

    // MARK: Scenes

    func scenes(in storyboard: Storyboard) -> [Node] { (sceneIndicesByStoryboard[storyboard.path] ?? []).map { graph.nodes[$0] } }

    /// Scenes of `storyboard` whose storyboard identifier is `identifier`; `caseOnly` reports letter-case-only matches.
    /// Only the matches are copied out of the graph.
    func scenes(in storyboard: Storyboard, identifier: String) -> (exact: [Node], caseOnly: [Node]) {
        // Loops, not `filter` and `map`: their closures would capture (and copy) the whole index on every call.
        let all = sceneIndicesByStoryboard[storyboard.path] ?? []
        var exact: [Node] = []
        for i in all where graph.nodes[i].storyboardIdentifier == identifier { exact.append(followReference(i)) }
        if !exact.isEmpty { return (exact, []) }
        let lower = identifier.lowercased()
        var caseOnly: [Node] = []
        for i in all where graph.nodes[i].storyboardIdentifier?.lowercased() == lower { caseOnly.append(followReference(i)) }
        return ([], caseOnly)
    }

    /// The node at `index` in the graph; a storyboard reference with its own storyboard identifier stands for its
    /// target, when resolved.
    private func followReference(_ index: Int) -> Node {
        let node = graph.nodes[index]
        guard node.role.isCrossFileLink, let target = node.resolution?.target, let t = nodeIndexByID[target] else { return node }
        return graph.nodes[t]
    }

    func initialScene(of storyboard: Storyboard) -> Node? {
        storyboard.initialScene.flatMap { nodeIndexByID[$0] }.map(followReference)
    }

    /// Scenes whose `customClass` is `type`.
    func scenes(ofClass type: String) -> [Node] { scenesByClass[type] ?? [] }

    /// The ids of the scenes whose `customClass` is `type`: `scenes(ofClass:)` without the nodes.
    func sceneIDs(ofClass type: String) -> [String] { sceneIDsByClass[type] ?? [] }

    /// The label of node `id`.
    func label(ofNode id: String) -> String? { nodeIndexByID[id].map { graph.nodes[$0].label } }

    /// Every scene (any storyboard) with storyboard identifier `identifier`.
    func scenes(withIdentifier identifier: String) -> [Node] {
        graph.nodes.filter { $0.storyboardIdentifier == identifier && $0.role.isScene }
    }

    // MARK: Segues

    func segueIdentifiers(from node: String) -> Set<String> { segueIdentifiersBySource[node] ?? [] }

    /// Source scenes of segues with identifier `identifier`, anywhere.
    func segueSources(identifier: String) -> [String] { segueSourcesByIdentifier[identifier] ?? [] }

    /// Every segue identifier starting at one of `nodes`.
    func segueIdentifiers(from nodes: [Node]) -> Set<String> {
        nodes.reduce(into: Set<String>()) { $0.formUnion(segueIdentifiers(from: $1.id)) }
    }
}
