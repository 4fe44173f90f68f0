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
/// the targets that hold it (see `StoryboardCatalog.Scope`), by the one `StoryboardNameIndex` that the graph carries
/// on to code links.
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
    /// How names find the catalog's storyboards (by position, as in `storyboards`): built here once, and carried
    /// with the graph for code links.
    let names: StoryboardNameIndex
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
        let catalog = StoryboardCatalog(project.storyboards, developmentRegion: options.developmentRegion,
                                        membership: membership)
        self.catalog = catalog
        let ids = { (positions: [Int]) in positions.map { membership.targets[$0].id } }
        self.names = StoryboardNameIndex(
            catalog.entries.map { StoryboardNameIndex.Entry(path: $0.file.path, name: $0.name, platform: $0.file.platform,
                                                            targets: ids($0.targets)) },
            unread: catalog.unread.map {
                StoryboardNameIndex.UnreadStoryboard(path: $0.path, lfsPointer: $0.reason == .lfsPointer,
                                                     targets: ids(membership.targets(of: $0.path)))
            })
    }

    /// Where names written in the file at `path` are looked for: inside its targets, or by nearest folder when
    /// no target holds it.
    func lookupScope(for path: String) -> StoryboardCatalog.Scope {
        let targets = membership.targets(of: path)
        return targets.isEmpty ? .nearest : .targets(targets)
    }

    /// How `name`, written in the file `fromPath` (a storyboard of `platform`, or a plist: `unknown`), finds a
    /// storyboard inside `scope`: `StoryboardNameIndex.resolve`, with a name's `.storyboard` taken off (some plists
    /// write it) and the results a reference or a key acts on.
    func lookup(name rawName: String, from fromPath: String, platform: Platform, scope: StoryboardCatalog.Scope) -> StoryboardCatalog.Lookup {
        let name = rawName.hasSuffix(".storyboard") ? String(rawName.dropLast(".storyboard".count)) : rawName
        let targets: Set<String>? = switch scope {
        case .nearest: nil
        case .targets(let positions): Set(positions.map { membership.targets[$0].id })
        }
        switch names.resolve(name, from: StoryboardNameIndex.Scope(storyboardAt: fromPath, platform: platform, targets: targets)) {
        case .found(let found): return found.count == 1 ? .found(found[0]) : .ambiguous(found)
        case .unread(let path, let lfsPointer): return .unreadable(path: path, lfsPointer: lfsPointer)
        case .caseMismatch(let near): return .caseMismatch(near[0])
        // A storyboard of another platform is not one a storyboard of this platform can load: not in any bundle.
        case .notInTarget(let elsewhere):
            let loadable = elsewhere.filter { platform.canReference(names.entries[$0].platform) }
            return loadable.isEmpty ? .missing : .notInTarget(loadable)
        case .otherPlatform, .missing: return .missing
        }
    }

    /// Every storyboard named `name` (`.storyboard` taken off) that a file of `platform` can reference, whatever its
    /// targets.
    func storyboards(named rawName: String, platform: Platform) -> [Int] {
        let name = rawName.hasSuffix(".storyboard") ? String(rawName.dropLast(".storyboard".count)) : rawName
        return names.all(named: name).filter { platform.canReference(names.entries[$0].platform) }
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
                               diagnostics: findings, storyboardIndex: names)
    }
}
