import SBMapModel

/// Joins what the loader read into one resolved graph.
///
/// The work is a fixed list of passes over one `GraphBuilder`; each pass has one job, and later
/// passes may rely on the earlier ones:
///
/// 1. `LoadFindings`   — findings the loader made about single files.
/// 2. `Catalog`        — which files are mapped (localized copies grouped) and how names find them;
///                       localized copies that differ are reported.
/// 3. `Scenes`         — one node per scene, with per-file checks (duplicate ids, initial scene).
/// 4. `Segues`         — one edge per segue; unwind segues go to an exit node per selector.
/// 5. `Links`          — storyboard references and runtime-attribute links resolved across files,
///                       with a `reference` edge for each one that resolves (needs 3).
/// 6. `EntryPoints`    — Info.plist and build-setting keys attached to the storyboards they name: only what a
///                       target uses, looked up inside that target.
/// 7. `TargetScope`    — files no project describes get one note.
/// 8. `Canonical order` — everything sorted, so the same input gives the same bytes.
///
/// A pass records what it knows that makes a finding less sure (`FindingFact`) on the finding it makes; levels are
/// decided after every pass, by the analysis's one severity step (`Analysis.decide` in SBMapAnalysis). No pass
/// changes another pass's findings.
///
/// Pass 3 also records each storyboard's targets (`TargetMembership`): names written in a file resolve inside
/// the targets that hold it (see `StoryboardCatalog.Scope`).
public struct Resolver: Sendable {
    public var options: ResolveOptions

    public init(options: ResolveOptions = ResolveOptions()) {
        self.options = options
    }

    public func resolve(_ project: LoadedProject) -> StoryboardGraph {
        var builder = GraphBuilder(project: project, options: options)
        builder.collectLoadFindings()
        builder.checkLocalizations()
        builder.addScenes()
        builder.assignTargets()
        builder.addSegues()
        builder.resolveLinks()
        builder.attachEntryPoints()
        builder.noteUndescribedStoryboards()
        return builder.finish()
    }
}

/// The graph under construction, and the indexes the passes share.
struct GraphBuilder {
    let project: LoadedProject
    let options: ResolveOptions
    let catalog: StoryboardCatalog
    /// Which target holds which file.
    let membership: TargetMembership

    var storyboards: [Storyboard] = []
    var nodes: [Node] = []
    var edges: [Edge] = []
    var diagnostics: [Diagnostic] = []

    var edgeIDs: Set<String> = []
    /// Node index by node id.
    var nodeIndex: [String: Int] = [:]
    /// Per catalog entry: scene root object id → node id.
    var rootsByObjectID: [[String: String]] = []
    /// Per catalog entry: storyboard identifier → node ids with it, in document order.
    var scenesByIdentifier: [[String: [String]]] = []

    init(project: LoadedProject, options: ResolveOptions) {
        self.project = project
        self.options = options
        let membership = TargetMembership(project.projects)
        self.membership = membership
        self.catalog = StoryboardCatalog(project.storyboards, developmentRegion: options.developmentRegion,
                                         membership: membership)
    }

    /// Where names written in the file at `path` are looked for: inside its targets, or by nearest folder when
    /// no target holds it.
    func lookupScope(for path: String) -> StoryboardCatalog.Scope {
        let targets = membership.targets(of: path)
        return targets.isEmpty ? .nearest : .targets(targets)
    }

    mutating func collectLoadFindings() {
        for item in project.storyboards { diagnostics += item.diagnostics }
        for item in project.settings { diagnostics += item.diagnostics }
        for item in project.projects { diagnostics += item.diagnostics }
    }

    /// Adds `node` (taken, not copied: a node is a dozen strings) and returns its id, made unique with `~2`, `~3`, ….
    mutating func addNode(_ node: consuming Node) -> String {
        // One look-up for the usual case, a new id.
        if let taken = nodeIndex.updateValue(nodes.count, forKey: node.id) {
            // Two scenes with one object id (a bad merge): both stay on the map.
            nodeIndex[node.id] = taken
            var n = 2
            while nodeIndex["\(node.id)~\(n)"] != nil { n += 1 }
            node.id = "\(node.id)~\(n)"
            nodeIndex[node.id] = nodes.count
        }
        let id = node.id
        nodes.append(node)
        return id
    }

    /// Adds `edge` (taken, not copied), its id made unique with `~2`, `~3`, ….
    mutating func addEdge(_ edge: consuming Edge) {
        if !edgeIDs.insert(edge.id).inserted {
            var n = 2
            while edgeIDs.contains("\(edge.id)~\(n)") { n += 1 }
            edge.id = "\(edge.id)~\(n)"
            edgeIDs.insert(edge.id)
        }
        edges.append(edge)
    }

    func node(_ id: String) -> Node? { nodeIndex[id].map { nodes[$0] } }

    func finish() -> StoryboardGraph {
        // Storyboards and their nodes and edges are already in path order, each in document order.
        // Findings are sorted by place; exact repeats (a key in Debug and Release) are dropped.
        var seen = Set<Diagnostic>()
        let findings = diagnostics.sorted().filter { seen.insert($0).inserted }
        var boards = storyboards
        for index in boards.indices { boards[index].entryPoints.sort() }
        return StoryboardGraph(targets: membership.targets, storyboards: boards, nodes: nodes, edges: edges,
                               diagnostics: findings)
    }
}
