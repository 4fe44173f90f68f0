import SBMapModel

/// Adds the links made in code to a resolved graph: `.code` edges from the scenes of the class that instantiates
/// a scene (or from a `code:<Type>` node when the class has no scene) to that scene, and findings for storyboard
/// names, identifiers and segue identifiers that do not exist, with the source `file:line:col`.
///
/// ```swift
/// let graph = CodeLinker().link(resolvedGraph, code: project.code)
/// ```
/// Everything added is sorted: code nodes by id, code edges by id, and the diagnostics of the whole graph by place.
public struct CodeLinker: Sendable {
    /// Whether to apply the class-name heuristic (docs/input-format.md §7.3, pitfall 5): `Foo.instantiateFromStoryboard()`
    /// links to a scene whose storyboard identifier (or class) is `Foo`.
    public var classNameHeuristic: Bool
    /// How many files one linking pass takes: enough that a pass's fixed costs do not show, few enough that the
    /// passes keep every core busy on a large app. A small app is linked in one pass, on one thread. The result
    /// does not depend on it (the tests link with several sizes).
    public var filesPerPass: Int

    public init(classNameHeuristic: Bool = true, filesPerPass: Int = 256) {
        self.classNameHeuristic = classNameHeuristic
        self.filesPerPass = max(1, filesPerPass)
    }

    /// Returns `graph` with code nodes, code edges and code findings added. Scan diagnostics carried by `code`
    /// (unreadable files, oversized files) are added too.
    ///
    /// Files are linked in parallel, in runs of `filesPerPass` consecutive files (by path), each run by a pass of
    /// its own over the shared, read-only `CodeLinkContext`; the runs' results are then merged in order. A file's
    /// links depend on nothing another file's links produce except the code nodes, and merging keeps the code node
    /// the earliest file made, so the result is the same as linking every file in order on one thread.
    ///
    /// `graph` is taken as `consuming`: a caller that passes its last use of a graph (`link(consume graph, …)`)
    /// saves the copy of every node and edge that appending to a shared graph would make.
    public func link(_ graph: consuming StoryboardGraph, code: [Loaded<LoadedCodeFile>],
                     membership: TargetMembership = TargetMembership([])) -> StoryboardGraph {
        link(index(graph), prepared: prepare(code, membership: membership))
    }

    /// The half of linking that needs no code: the resolved graph with the look-up tables that links are made
    /// from. A run builds it on the thread that resolved the storyboards, while the sources are still loading
    /// (see `Analysis.run`), then links with `link(_:prepared:)`.
    public struct Indexed: Sendable {
        fileprivate var index: CodeGraphIndex
    }

    /// Indexes a resolved graph for linking. `graph` is taken as `consuming`, as in `link(_:code:)`.
    public func index(_ graph: consuming StoryboardGraph) -> Indexed {
        Indexed(index: CodeGraphIndex(graph: graph))
    }

    /// The half of linking that needs no storyboards: the files in path order and the symbol table of their
    /// declarations. A run builds it while the storyboards are resolved (see `Analysis.run`), then links with
    /// `link(_:prepared:)`.
    public struct Prepared: Sendable {
        /// How many sources were read (some may have failed: their findings are in `diagnostics`).
        public let fileCount: Int
        /// The findings of reading the sources (unreadable, oversized, not UTF-8).
        let diagnostics: [Diagnostic]
        let files: [LoadedCodeFile]
        let symbols: CodeSymbolTable
        /// Which target compiles which file, and holds which storyboard.
        let membership: TargetMembership
        /// The app's xibs, for the nib names in code (`NibLoadRule`); `nil`: not read, nothing checked. A run sets it
        /// once the code is prepared, as the xib screens need the code's superclass chains (`XibNibs`).
        public var nibs: XibNibs?

        /// The same code, linked with `nibs`.
        public func with(nibs: XibNibs) -> Prepared {
            var copy = self
            copy.nibs = nibs
            return copy
        }

        /// Whether the class `name` is a view controller: one of `XibScreens.frameworkControllers`, or a class whose
        /// superclass chain, as the scanned code declares it, reaches one.
        public func isViewController(_ name: String) -> Bool {
            symbols.inherits(name, fromOneOf: XibScreens.frameworkControllers)
        }

        /// The first file (not a header) that defines the class `name`, as scanned.
        public func file(definingClass name: String) -> String? { symbols.file(definingClass: name) }

        /// What the class `name` is for: the first sentence of its `///` or `/** */` doc comment.
        public func doc(ofType name: String) -> String? { symbols.doc(ofType: name) }
    }

    /// `membership` says which targets compile each file: a file's links are looked up among the storyboards of
    /// those targets, on their platforms. Without projects, every storyboard of a fitting platform is a candidate.
    public func prepare(_ code: consuming [Loaded<LoadedCodeFile>],
                        membership: TargetMembership = TargetMembership([])) -> Prepared {
        // Each file is moved out of its `Loaded` (`take()` leaves nil behind), not copied: a file holds many
        // references, and a copy retains each of them, and releases it again when the loaded files are freed.
        let fileCount = code.count
        var files: [LoadedCodeFile] = []
        var diagnostics: [Diagnostic] = []
        files.reserveCapacity(fileCount)
        for k in code.indices {
            if let file = code[k].value.take() { files.append(file) }
            diagnostics += code[k].diagnostics
        }
        files.sort { $0.path < $1.path }  // in place: `sorted` would copy every file again
        ParameterHelperCalls.expand(&files)
        ClassNameHelperCalls.expand(&files)
        return Prepared(fileCount: fileCount, diagnostics: diagnostics, files: files, symbols: CodeSymbolTable(files: files),
                        membership: membership)
    }

    /// `link(_:code:)` with the code already prepared.
    public func link(_ graph: consuming StoryboardGraph, prepared: Prepared) -> StoryboardGraph {
        link(index(graph), prepared: prepared)
    }

    /// `link(_:code:)` with the graph already indexed and the code already prepared.
    public func link(_ indexed: consuming Indexed, prepared: Prepared) -> StoryboardGraph {
        // Linked in a function of its own, so that the context's copy of the graph is gone before the graph grows;
        // the graph is then taken out of the index, so that nothing else holds its arrays while they grow.
        let (files, unwinds) = passes(of: prepared, index: indexed.index)
        var out = indexed.index.takeGraph()
        // A code node that several passes made is the one the earliest pass made, as when linking in order (its id
        // says which type it stands for; only the place it points at may differ), and the unwind pass comes after
        // the files. An edge's id starts with the file of the call that made it, so no two passes make the same
        // edge (an edge one pass made twice is kept once); the unwind pass's go first, as their ids
        // (`<storyboard>#exit:…`) mostly sort before the others' (`code:…`).
        // The three merges need nothing of each other: each array is handed to a task of its own, and back.
        let nodes = Handover(exchange(&out.nodes, with: []))
        let edges = Handover(exchange(&out.edges, with: []))
        let diagnostics = Handover(exchange(&out.diagnostics, with: []))
        _ = parallelMap(count: 3) { task in
            switch task {
            case 0: Self.appendMerged(files.map(\.nodes) + [unwinds.nodes], to: &nodes.value)
            case 1: Self.appendMerged([unwinds.edges] + files.map(\.edges), to: &edges.value)
            default:
                diagnostics.value += prepared.diagnostics + files.flatMap(\.diagnostics) + unwinds.diagnostics
                diagnostics.value.sort()
            }
        }
        out.nodes = nodes.take()
        out.edges = edges.take()
        out.diagnostics = diagnostics.take()
        let selfMade = (files.flatMap(\.selfMade) + unwinds.selfMade)
        if !selfMade.isEmpty {
            let position = out.nodePositions  // the ids stay where they are: only the nodes' fields change below
            for (node, location) in selfMade.sorted(by: { ($0.node, $0.at) < ($1.node, $1.at) }) {
                guard let k = position[node] else { continue }
                if out.nodes[k].instantiatedBySelfAt?.contains(location) != true {
                    out.nodes[k].instantiatedBySelfAt = (out.nodes[k].instantiatedBySelfAt ?? []) + [location]
                }
            }
        }
        Self.markTargets(of: &out, membership: prepared.membership)
        // The passes' results (copied into the graph) and the index are freed while the caller goes on.
        // (The arrays are handed over as they are: the box takes the last reference once this function returns.)
        Teardown.inBackground(files)
        Teardown.inBackground(unwinds)
        Teardown.inBackground(consume indexed)
        return out
    }

    /// Each code type's targets: those that compile the file declaring it (`Node.targets`), so that maps can draw it
    /// in its target's box, and leave out the types only test bundles compile.
    static func markTargets(of graph: inout StoryboardGraph, membership: TargetMembership) {
        guard !membership.isEmpty else { return }
        for k in graph.nodes.indices where graph.nodes[k].role == .code {
            guard let path = graph.nodes[k].location?.path else { continue }
            let ids = membership.targets(of: path).map { membership.targets[$0].id }.sorted()
            if !ids.isEmpty { graph.nodes[k].targets = ids }
        }
    }
}
