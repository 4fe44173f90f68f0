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
    /// Whether to apply the class-name heuristic (storyboard-format.md §7.3, pitfall 5): `Foo.instantiateFromStoryboard()`
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
    /// (see `Pipeline`), then links with `link(_:prepared:)`.
    public struct Indexed: Sendable {
        fileprivate var index: CodeGraphIndex
    }

    /// Indexes a resolved graph for linking. `graph` is taken as `consuming`, as in `link(_:code:)`.
    public func index(_ graph: consuming StoryboardGraph) -> Indexed {
        Indexed(index: CodeGraphIndex(graph: graph))
    }

    /// The half of linking that needs no storyboards: the files in path order and the symbol table of their
    /// declarations. A run builds it while the storyboards are resolved (see `Pipeline`), then links with
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
        // the files. An edge's id starts with the place of the call that made it, so no two passes make the same
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
            var position: [String: Int] = [:]
            for k in out.nodes.indices where position[out.nodes[k].id] == nil { position[out.nodes[k].id] = k }
            for (node, location) in selfMade.sorted(by: { ($0.node, $0.at) < ($1.node, $1.at) }) {
                guard let k = position[node] else { continue }
                if out.nodes[k].instantiatedBySelfAt?.contains(location) != true {
                    out.nodes[k].instantiatedBySelfAt = (out.nodes[k].instantiatedBySelfAt ?? []) + [location]
                }
            }
        }
        // The passes' results (copied into the graph) and the index are freed while the caller goes on.
        // (The arrays are handed over as they are: the box takes the last reference once this function returns.)
        Teardown.inBackground(files)
        Teardown.inBackground(unwinds)
        Teardown.inBackground(consume indexed)
        return out
    }

    /// One array, handed to one task of a `parallelMap` to change in place, and taken back after it.
    ///
    /// `@unchecked Sendable`: only that task touches `value` while the tasks run, and `parallelMap` returns only
    /// after every task has finished, which orders its changes before `take()`.
    private final class Handover<Value>: @unchecked Sendable {
        var value: Value

        init(_ value: consuming Value) { self.value = value }

        /// The value, moved out: the box keeps no second reference to an array that its new owner will change.
        func take() -> Value where Value: RangeReplaceableCollection { exchange(&value, with: Value()) }
    }

    /// What the passes of linking `prepared` into `graph` made: those of the files, in file order, and the
    /// unwind pass's.
    private func passes(of prepared: Prepared, index: CodeGraphIndex) -> (files: [CodeLinkPass.Result],
                                                                         unwinds: CodeLinkPass.Result) {
        let files = prepared.files
        let context = CodeLinkContext(index: index, symbols: prepared.symbols, membership: prepared.membership,
                                      classNameHeuristic: classNameHeuristic)
        let chunks = stride(from: 0, to: files.count, by: filesPerPass).map { $0..<min($0 + filesPerPass, files.count) }
        // The unwind pass reads every file's actions and no other pass's results: it starts first, alongside the
        // others.
        let unwinds = files.isEmpty ? 0 : 1
        var results = parallelMap(count: chunks.count + unwinds) { c in
            var pass = CodeLinkPass(context: context)
            if c < unwinds {
                pass.linkUnwinds(files)
            } else {
                pass.reserveCapacity(files: chunks[c - unwinds].count)
                // Through a buffer pointer, whose subscript lends the file: `files[f]` returns a copy of it, which
                // retains and then releases every array it holds.
                files.withUnsafeBufferPointer { files in
                    for f in chunks[c - unwinds] { pass.link(files[f]) }
                }
            }
            return pass.result()
        }
        let unwindResult = unwinds > 0 ? results.removeFirst() : ([], [], [], [])
        return (results, unwindResult)
    }

    /// Appends the elements of `runs` to `out` in order of id, keeping of the elements that share an id only the
    /// first: the earliest run's. The order is worked out on keys (an id and a position), so that each element is
    /// copied once, into `out`. The sort is stable (SE-0372), so the keys, made in run order, keep that order
    /// among equal ids; and it takes stretches that come in order as they are: the code edges mostly do (passes
    /// take the files in path order, and an edge's id starts with its file's path), so that sorting them costs
    /// about one comparison per edge.
    private static func appendMerged<Element: IdentifiedByString>(_ runs: [[Element]], to out: inout [Element]) {
        var keys: [(id: String, run: Int, index: Int)] = []
        keys.reserveCapacity(runs.reduce(0) { $0 + $1.count })
        for r in runs.indices {
            for i in runs[r].indices { keys.append((runs[r][i].id, r, i)) }
        }
        keys.sort { $0.id < $1.id }
        out.reserveCapacity(out.count + keys.count)
        var last: String?
        for key in keys where key.id != last {
            last = key.id
            out.append(runs[key.run][key.index])
        }
    }
}

/// A node or an edge: what `CodeLinker.appendMerged` orders by.
protocol IdentifiedByString {
    var id: String { get }
}

extension Node: IdentifiedByString {}
extension Edge: IdentifiedByString {}

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
    private var codeNodes: [Node] = []
    private var codeNodeByType: [String: Int] = [:]
    private var codeTargetByID: [String: Int] = [:]
    /// The edges made so far. The same edge may be made twice (two references standing for one scene); the copies
    /// are equal, and `CodeLinker` keeps one.
    private(set) var edges: [Edge] = []
    private(set) var diagnostics: [Diagnostic] = []
    /// Scenes that code of their own class instantiates (a factory), and where: no self-loop, a mark on the node.
    private var selfMade: [(node: String, at: SourceLocation)] = []
    /// The imports and storyboard loads of the file being linked: all that the checks ask of the file. (Keeping
    /// a copy of the whole file cost a retain and a release of each of its many fields, per file.)
    private var imports: [String] = []
    private var loads: [CodeStoryboardLoad] = []
    /// What each of `loads` names, when its name is a constant: an instantiation through a load looks it up again
    /// by name otherwise.
    private var loadMatches: [(name: String, match: CodeGraphIndex.NameMatch)?] = []
    /// The ids of the targets that compile the file being linked, and their platforms; `nil` when no project holds
    /// the file (names are then looked up by platform alone).
    private var fileTargets: Set<String>?
    private var filePlatforms: Set<Platform> = []
    /// The `#if` branches of the file being linked, and the condition of the use being linked (`nil`: none).
    private var conditions: [CompileConditionRange] = []
    private var condition: CompileCondition?
    /// Whether only libraries (frameworks, static libraries, Swift packages) compile the file being linked: their
    /// code runs inside whichever app links them, so the main bundle (`bundle: nil`) is that app's, not theirs.
    private var fileInLibrariesOnly = false

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
        setTargets(of: file.path)
        imports = file.imports
        loads = file.loads
        conditions = file.conditions
        condition = nil
        loadMatches.removeAll(keepingCapacity: true)
        // A use in an `#if` branch compiled for none of the platforms it could run on makes no link and no finding.
        for k in loads.indices {
            loadMatches.append(enter(loads[k].location, api: loads[k].api) ? check(loads[k]) : nil)
        }
        for use in file.instantiations where enter(use.location, api: use.api) { link(use) }
        for use in file.performs where enter(use.location, api: use.api) { check(use) }
        for use in file.generatedUses where enter(use.location, api: "") { link(use) }
        if classNameHeuristic { for use in file.classInstantiations where enter(use.location, api: "") { link(use) } }
        condition = nil
    }

    /// Takes the `#if` condition of the use at `location`; `false` when no platform it could run on compiles it.
    private mutating func enter(_ location: SourceLocation, api: String) -> Bool {
        guard !conditions.isEmpty else { return true }
        condition = conditions.condition(atLine: location.line)
        guard let condition else { return true }
        let candidates = (fileTargets != nil && !filePlatforms.isEmpty ? filePlatforms : platformHint(api: api).platforms)
            .subtracting([.unknown])
        return candidates.isEmpty || candidates.contains { condition.mayCompile(on: $0) }
    }

    // MARK: Platform

    /// The platforms an API alone implies (`nil`: the API does not say). Asked once per use, so it compares bytes:
    /// String's Character-aware `hasPrefix` and `contains` were a tenth of the link time.
    private static func platforms(ofAPI api: String) -> Set<Platform>? {
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

    private func hint(api: String) -> CodeGraphIndex.PlatformHint {
        var hint = platformHint(api: api)
        hint.targets = fileTargets
        // The targets that compile the file say which platforms the call runs on, whatever the file imports.
        if fileTargets != nil, !filePlatforms.isEmpty {
            let narrowed = hint.platforms.intersection(filePlatforms.union([.unknown]))
            hint.platforms = narrowed.isEmpty ? filePlatforms.union([.unknown]) : narrowed
        }
        // Inside `#if os(tvOS)` the call runs on tvOS only, whatever else the file is compiled for.
        if let condition {
            let compiled = hint.platforms.filter { $0 == .unknown || condition.mayCompile(on: $0) }
            if compiled.contains(where: { $0 != .unknown }) { hint.platforms = compiled }
        }
        return hint
    }

    private func platformHint(api: String) -> CodeGraphIndex.PlatformHint {
        let certain = Self.platforms(ofAPI: api)
        if let certain { return .init(platforms: certain, certain: true) }
        if imports.contains("UIKit") { return .init(platforms: CodeGraphIndex.PlatformHint.uiKit, certain: false) }
        if imports.contains("AppKit") || imports.contains("Cocoa") {
            return .init(platforms: CodeGraphIndex.PlatformHint.appKit, certain: false)
        }
        return .any
    }

    /// Which targets compile the file at `path`, and for which platforms.
    private mutating func setTargets(of path: String) {
        let targets = membership.targets(of: path)
        guard !targets.isEmpty else {
            fileTargets = nil
            filePlatforms = []
            fileInLibrariesOnly = false
            return
        }
        filePlatforms = Set(targets.flatMap { membership.targets[$0].platforms })
        let libraries: Set<ProductKind> = [.framework, .staticLibrary, .package]
        fileInLibrariesOnly = targets.allSatisfy { libraries.contains(membership.targets[$0].product) }
        // Code only test bundles compile runs inside the app they test (a hosted unit test: `bundle: nil` is the
        // host app's bundle) or beside it: its names are not scoped to the test target, which holds no storyboards.
        let tests: Set<ProductKind> = [.unitTests, .uiTests]
        if targets.allSatisfy({ tests.contains(membership.targets[$0].product) }) {
            fileTargets = nil
            return
        }
        fileTargets = Set(targets.map { membership.targets[$0].id })
    }

    /// Whether a storyboard can be reached from the file being linked: one of the targets that compile it holds it.
    private func reachable(_ storyboard: String?) -> Bool {
        guard let fileTargets else { return true }
        guard let storyboard, let board = index.storyboardsByPath[storyboard] else { return false }
        return CodeGraphIndex.holds(fileTargets, board)
    }

    // MARK: Findings

    private mutating func report(_ severity: Severity, _ code: DiagnosticCode, _ message: String, at location: SourceLocation,
                                 facts: [FindingFact] = [], hint: String? = nil) {
        diagnostics.append(Diagnostic(severity, code, message, at: location, facts: facts, hint: hint))
    }

    /// A `code-dynamic` note: `what` ("storyboard name", …) is `reason` (the source text), which is not a constant.
    private mutating func reportDynamic(_ what: String, _ reason: String, at location: SourceLocation) {
        report(.info, .codeDynamic, "\(what) '\(reason)' is not a constant, so where this call leads is not known",
               at: location, hint: "use a string literal, a let constant or a String enum case to have it mapped and checked")
    }

    /// How a message names the API that made a link: the call itself, or the generator or helper behind it.
    static func described(_ via: String) -> String {
        switch via {
        case "StoryboardScene": "SwiftGen's StoryboardScene accessor"
        case "R.storyboard": "R.swift's R.storyboard accessor"
        default: via.hasPrefix("heuristic") ? "the class-name helper" : via
        }
    }

    /// `'Main'`, `'Main', 'Settings'`: storyboard names for messages.
    static func quoted(_ boards: [Storyboard]) -> String {
        boards.map { "'\($0.name)'" }.joined(separator: ", ")
    }

    // MARK: Storyboard loads

    /// `UIStoryboard(name:)`: the name must be a storyboard, with the exact letter case. When no storyboard was
    /// scanned at all there is nothing to check names against (the run says so once, as `no-storyboards`).
    /// Returns the name and what it names, when it is a constant.
    private mutating func check(_ load: CodeStoryboardLoad) -> (name: String, match: CodeGraphIndex.NameMatch)? {
        switch symbols.resolve(load.name, scope: load.enclosingType) {
        case .dynamic(let text):
            reportDynamic("storyboard name", text, at: load.location)
            return nil
        case .string(let name):
            var lookup = hint(api: load.api)
            // An explicit bundle (`PVUIKit.BundleLoader.bundle`, `Bundle(for: X.self)`) may be another target's:
            // its storyboards are not limited to the targets that compile the calling file. Nor is the main bundle
            // seen from a library (NetNewsWire's RSCore package): it is the bundle of the app that links it.
            if !load.mainBundle || fileInLibrariesOnly { lookup.targets = nil }
            let match = index.storyboards(named: name, hint: lookup)
            switch match {
            case .found:
                break
            case .caseMismatch(let near):
                report(.error, .caseMismatch,
                       "\(load.api) loads storyboard '\(name)', but the file is '\(near[0].name).storyboard'; letter case matters on a device, so this works in the simulator and crashes on an iPhone",
                       at: load.location, hint: "write '\(near[0].name)' exactly")
            case .otherPlatform(let other):
                report(load.mainBundle ? .error : .warning, .codeUnknownStoryboard,
                       "\(load.api) loads storyboard '\(name)', but the only storyboard of that name is for \(other[0].platform.rawValue); this call crashes the app",
                       at: load.location,
                       hint: "UIStoryboard loads iOS and tvOS storyboards, NSStoryboard macOS ones; check the name and the platform")
            case .notInTarget(let elsewhere):
                report(.warning, .storyboardNotInTarget,
                       "\(load.api) loads storyboard '\(name)', but \(notInTargetText(elsewhere))",
                       at: load.location,
                       hint: "add \(name).storyboard to the Copy Bundle Resources of the targets that compile this file, or fix the name")
            case .missing:
                guard !index.graph.storyboards.isEmpty else { break }
                // Another bundle's storyboards may not be scanned (a pod's, a submodule's: ChatSecure's
                // LumberjackConsole): whether it has the name is unknown, a note.
                report(load.mainBundle ? .error : .info, .codeUnknownStoryboard,
                       load.mainBundle
                           ? "\(load.api) loads storyboard '\(name)', which does not exist; this call crashes the app"
                           : "\(load.api) loads storyboard '\(name)' from another bundle, and no scanned storyboard has that name",
                       at: load.location,
                       hint: load.mainBundle ? Self.suggest(name, among: index.allStoryboardNames, what: "storyboard")
                                             : "add that bundle's storyboards to the paths to check it")
            }
            return (name, match)
        }
    }

    /// "it is only in Widget (iOS), not in a target that compiles this file", for a name another target holds.
    private func notInTargetText(_ elsewhere: [Storyboard]) -> String {
        let owners = Set(elsewhere.flatMap(\.targets)).sorted()
        guard !owners.isEmpty else {
            return "no target builds \(elsewhere.map(\.path).joined(separator: ", ")), so it is not in the app's bundle"
        }
        let titles = owners.map { id in membership.targets.first { $0.id == id }?.title ?? id }
        return "it is only in \(titles.joined(separator: ", ")), not in a target that compiles this file"
    }

    /// A hint for a name that does not exist: a near one (by edit distance, or the same letters and digits), else
    /// what to do and the names that do exist.
    static func suggest(_ value: String, among names: [String], what: String, fix: String? = nil) -> String {
        if let near = suggestion(for: value, among: names) { return near }
        let key = GeneratedNames.loose(value)
        if let near = names.first(where: { GeneratedNames.loose($0) == key }) { return "did you mean '\(near)'?" }
        if names.isEmpty { return "no \(what) was found; check the paths given to sbmap" }
        let shown = names.prefix(8).map { "'\($0)'" }.joined(separator: ", ")
        return (fix.map { "\($0); " } ?? "") + "known: \(shown)\(names.count > 8 ? ", …" : "")"
    }

    // MARK: Instantiations

    /// What the receiver of an instantiation stands for.
    private enum Receiver {
        case storyboards([Storyboard])
        /// A storyboard name that does not resolve (already reported): the call is drawn as a broken link.
        case missing(name: String, resolution: Resolution)
        /// Not known statically (already reported as dynamic).
        case unknown
    }

    /// Which storyboards an instantiation's receiver stands for.
    private mutating func storyboards(for use: CodeInstantiation) -> Receiver {
        switch use.storyboard {
        case .named(let s):
            // The load itself was checked (and reported) at the same place, and what its name names kept: the load's
            // own API (`UIStoryboard`, `NSStoryboard`) and bundle say more than the instantiation's.
            if let k = loadIndex(of: s, in: use.enclosingType, line: use.location.line) {
                guard let (name, match) = loadMatches[k] else { return .unknown }
                let otherBundle = !loads[k].mainBundle  // read first: read in the call, it made a copy of the whole pass
                return receiver(match, name: name, otherBundle: otherBundle)
            }
            guard case .string(let name) = symbols.resolve(s, scope: use.enclosingType) else { return .unknown }
            return receiver(index.storyboards(named: name, hint: hint(api: use.api)), name: name, otherBundle: false)
        case .own:
            // A `storyboard` the enclosing type declares itself wins over UIKit's property.
            if let member = symbols.storyboardMember(of: use.enclosingType) {
                return storyboards(through: member, receiverCase: nil, shown: "storyboard", use: use)
            }
            // Outside any type there is no `self`: a bare `storyboard` is a file-scope constant
            // (`private let storyboard = NSStoryboard(name: "Main", bundle: nil)`, as in MonitorControl's main.swift).
            if use.enclosingType.isEmpty, let (helper, receiverCase) = symbols.helper(["storyboard"], scope: []),
               helper.path == ["storyboard"] {
                return storyboards(through: helper, receiverCase: receiverCase, shown: "storyboard", use: use)
            }
            let type = use.enclosingType.last ?? ""
            // The storyboards are looked up by path, not found by testing every storyboard of the graph.
            let paths = Set(symbols.descendants(of: type).flatMap { index.sceneEnds(ofClass: $0) }.compactMap(\.storyboard)
                .filter { reachable($0) })
            let boards = index.storyboards(atPaths: paths)
            if boards.isEmpty {
                report(.info, .codeDynamic,
                       type.isEmpty
                           ? "'self.storyboard' outside a type is not known, so where this call leads is not known"
                           : "'self.storyboard' in '\(type)' is the storyboard it was loaded from, and no scanned scene has class '\(type)'",
                       at: use.location,
                       hint: type.isEmpty ? "load the storyboard by name"
                                          : "set the scene's custom class to '\(type)' in Interface Builder, or load the storyboard by name")
                return .unknown
            }
            return .storyboards(boards)
        case .main:
            let mains = index.graph.storyboards.filter {
                $0.entryPoints.contains { $0.role == .main || $0.role == .scene } && reachable($0.path)
            }
            if mains.isEmpty {
                report(.info, .codeDynamic, "the app's main storyboard is used, but no scanned Info.plist names one", at: use.location,
                       hint: "add the app's Info.plist to the paths")
                return .unknown
            }
            return .storyboards(mains)
        case .helper(let path):
            guard let (helper, receiverCase) = symbols.helper(path, scope: use.enclosingType) else {
                reportDynamic("storyboard", path.joined(separator: "."), at: use.location)
                return .unknown
            }
            return storyboards(through: helper, receiverCase: receiverCase, shown: path.joined(separator: "."), use: use)
        case .generated(let generator, let accessor):
            if let boards = generatedStoryboards(generator, accessor: accessor, at: use.location) { return .storyboards(boards) }
            return Self.staleAccessor(generator, accessor)
        case .dynamic(let text):
            reportDynamic("storyboard", text, at: use.location)
            return .unknown
        }
    }

    /// The storyboards a storyboard helper (or a type's own `storyboard` member) loads.
    private mutating func storyboards(through helper: CodeStoryboardHelper, receiverCase: [String]?, shown: String,
                                      use: CodeInstantiation) -> Receiver {
        switch symbols.resolve(helper: helper, receiverCase: receiverCase) {
        case .string(let name) where !helper.mainBundle:
            // A helper that loads from another bundle (ChatSecure's `Bundle(for: PTEConsoleLogger.self)`, a pod's):
            // its load was checked where it is written; here the name may be in a bundle that was not scanned.
            var lookup = hint(api: use.api)
            lookup.targets = nil
            return receiver(index.storyboards(named: name, hint: lookup), name: name, otherBundle: true)
        case .string(let name):
            let match = index.storyboards(named: name, hint: hint(api: use.api))
            if case .missing = match, !index.graph.storyboards.isEmpty {
                report(.error, .codeUnknownStoryboard,
                       "'\(shown)' loads storyboard '\(name)', which does not exist; this call crashes the app",
                       at: use.location, hint: Self.suggest(name, among: index.allStoryboardNames, what: "storyboard"))
            }
            return receiver(match, name: name, otherBundle: false)
        case .dynamic(let text):
            // A helper's own dynamic load was reported where it is written; report the rest here.
            if receiverCase != nil || helper.path.isEmpty || !helper.fromLoad {
                reportDynamic("storyboard", text, at: use.location)
            }
            return .unknown
        }
    }

    /// The position in `loads` of the load of storyboard `name` in `type`: the last one written at or before `line`
    /// (the receiver of `UIStoryboard(name: "Main", …).instantiate…` is the load on its own line, and the loads of
    /// other `#if` branches were checked for their platforms, not this one's), else the first.
    private func loadIndex(of name: CodeString, in type: [String], line: Int) -> Int? {
        var best: Int?
        for k in loads.indices where loads[k].name == name && loads[k].enclosingType == type {
            if loads[k].location.line <= line {
                best = k
            } else if best == nil {
                return k
            } else {
                break
            }
        }
        return best
    }

    /// A storyboard name looked up: the storyboards it names, or why it names none.
    private func receiver(_ match: CodeGraphIndex.NameMatch, name: String, otherBundle: Bool) -> Receiver {
        switch match {
        case .found(let s), .caseMismatch(let s):
            return .storyboards(s)
        case .otherPlatform(let other):
            return .missing(name: name, resolution: Resolution(
                state: .unresolved, reason: "storyboard '\(name)' exists only for \(other[0].platform.rawValue)"))
        case .notInTarget:
            return .missing(name: name, resolution: Resolution(
                state: .unresolved, reason: "storyboard '\(name)' is not in a target that compiles this file"))
        case .missing:
            // Without any storyboard there is nothing a name could have reached: no broken link to draw.
            if index.graph.storyboards.isEmpty { return .unknown }
            return .missing(name: name, resolution: otherBundle
                ? Resolution(state: .external, reason: "storyboard '\(name)' in another bundle, which was not scanned")
                : Resolution(state: .unresolved, reason: "no storyboard named '\(name)'"))
        }
    }

    /// A generated storyboard accessor that names no scanned storyboard (already reported).
    private static func staleAccessor(_ generator: CodeGenerator, _ accessor: String) -> Receiver {
        let shown = "\(generator == .swiftGen ? "StoryboardScene" : "R.storyboard").\(accessor)"
        return .missing(name: shown, resolution: Resolution(state: .unresolved,
                                                            reason: "no scanned storyboard matches '\(shown)'; the generated code may be stale"))
    }

    private func found(_ match: CodeGraphIndex.NameMatch) -> [Storyboard]? {
        switch match {
        case .found(let s), .caseMismatch(let s): return s
        case .otherPlatform, .notInTarget, .missing: return nil
        }
    }

    private mutating func link(_ use: CodeInstantiation) {
        let identifierValue = use.identifier.map { symbols.resolve($0, scope: use.enclosingType) }
        let boards: [Storyboard]
        switch storyboards(for: use) {
        case .storyboards(let found) where !found.isEmpty:
            boards = found
        case let other:
            if case .dynamic(let text)? = identifierValue { reportDynamic("storyboard identifier", text, at: use.location) }
            if case .missing(let name, let resolution) = other {
                var identifier: String?
                if case .string(let value)? = identifierValue { identifier = value }
                addBrokenLink(from: use.enclosingType, storyboard: nil, name: name, identifier: identifier,
                              resolution: resolution, location: use.location, via: use.api)
            }
            return
        }
        guard let identifierArg = use.identifier else {
            linkInitialScenes(of: boards, from: use.enclosingType, at: use.location, via: use.api,
                              asked: "\(use.api) asks storyboard \(Self.quoted(boards)) for its initial scene, which it does not have; the call returns nil",
                              hint: "tick 'Is Initial View Controller' on a scene, or instantiate by identifier")
            return
        }
        switch identifierValue ?? symbols.resolve(identifierArg, scope: use.enclosingType) {
        case .dynamic(let text):
            reportDynamic("storyboard identifier", text, at: use.location)
        case .string(let identifier):
            if case .own = use.storyboard, !use.enclosingType.isEmpty, symbols.storyboardMember(of: use.enclosingType) == nil {
                // `self.storyboard` is the storyboard the calling scene was loaded from: each scene of the class
                // links inside its own storyboard, never across (a class with a scene in an iPhone, an iPad and a
                // tvOS storyboard made nine edges, six of them false).
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

    /// Links to the scene with storyboard identifier `identifier` in `boards`, or reports that there is none.
    private mutating func link(identifier: String, in boards: [Storyboard], from type: [String], location: SourceLocation,
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
        let boardList = Self.quoted(boards)
        let described = Self.described(via)
        if let near = caseOnly.first {
            let actual = index.graph.nodes[near].storyboardIdentifier ?? ""
            report(.error, .caseMismatch,
                   "\(described) names storyboard ID '\(identifier)', but \(boardList) has '\(actual)'; identifiers are case-sensitive, so this call crashes the app",
                   at: location, hint: "write '\(actual)' exactly")
            addBrokenLink(from: type, storyboard: boards[0], name: boards[0].name, identifier: identifier,
                          resolution: Resolution(state: .unresolved, reason: "storyboard ID differs in letter case from '\(actual)'",
                                                 candidates: caseOnly.map { index.graph.nodes[$0].id }),
                          location: location, via: via, onlyFrom: onlyFrom)
            return
        }
        let known = boards.flatMap { index.scenes(in: $0).compactMap(\.storyboardIdentifier) }
        let fileNames = boards.map { "\($0.name).storyboard" }.joined(separator: ", ")
        report(.error, .codeUnknownIdentifier,
               "\(described) names storyboard ID '\(identifier)'\(heuristic ? " (the class name)" : ""), which no scene of \(boardList) has; this call crashes the app",
               at: location,
               hint: Self.suggest(identifier, among: Array(Set(known)).sorted(), what: "identifier",
                                  fix: "set Storyboard ID '\(identifier)' on the intended scene of \(fileNames), or fix the string"))
        addBrokenLink(from: type, storyboard: boards[0], name: boards[0].name, identifier: identifier,
                      resolution: Resolution(state: .unresolved,
                                             reason: "no scene with storyboard ID '\(identifier)' in \(boardList)"),
                      location: location, via: via, onlyFrom: onlyFrom)
    }

    // MARK: Edges

    /// Where a link made in `type` starts: its scenes, or a code node for it.
    private mutating func sources(for type: [String], at location: SourceLocation) -> [CodeGraphIndex.EdgeEnd] {
        let name = type.last ?? Self.fileTypeName(location.path)
        var scenes = index.sceneEnds(ofClass: name)
        // Only the scenes in storyboards of the targets that compile the file run this code.
        if fileTargets != nil { scenes = scenes.filter { reachable($0.storyboard) } }
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
    private mutating func linkInitialScenes(of boards: [Storyboard], from type: [String], at location: SourceLocation,
                                            via: String, asked: @autoclosure () -> String, hint: String) {
        let targets = index.ends(ofNodes: boards.compactMap { index.initialScene(of: $0) })
        if targets.isEmpty, let first = boards.first {
            report(.warning, .codeUnknownIdentifier, asked(), at: location, hint: hint)
            addBrokenLink(from: type, storyboard: first, name: first.name, identifier: nil,
                          resolution: Resolution(state: .unresolved, reason: "'\(first.name)' has no initial scene"),
                          location: location, via: via)
        }
        addEdges(from: type, to: targets, identifier: nil, location: location, via: via)
    }

    /// Draws a link made in code that does not resolve: `code` edges from where it is made to a `code-target` node
    /// for what it names (in that storyboard's cluster when the storyboard exists), carrying why.
    private mutating func addBrokenLink(from type: [String], storyboard: Storyboard?, name: String, identifier: String?,
                                        resolution: Resolution, location: SourceLocation, via: String, onlyFrom: String? = nil) {
        let id = Node.codeTargetID(storyboard: name, identifier: identifier)
        let k: Int
        if let made = codeTargetByID[id] {
            k = made
        } else {
            k = codeNodes.count
            codeTargetByID[id] = k
            codeNodes.append(Node(id: id, storyboard: storyboard?.path, objectID: nil, element: "code-target", role: .codeTarget,
                                  label: identifier.map { "\(name) › \($0)" } ?? name, location: location,
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

    private mutating func addEdges(from type: [String], to targets: [CodeGraphIndex.EdgeEnd], identifier: String?,
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
                edges.append(Edge(id: Self.edgeID(at: location, from: source.id, to: target.id), from: source.id, to: target.id,
                                  kind: .code, identifier: identifier, crossFile: cross, location: location, via: via))
            }
        }
    }

    /// Whether scenes of these two storyboards can be in one app, so that code in one may show the other: they
    /// share a target (one that compiles the file, when projects say which), or, where no project says, their
    /// platforms fit. Shared code compiled into an iOS and a tvOS app links each app's scenes to its own, never
    /// across: that cross product was most of the false links on real repositories.
    private func runTogether(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b, a != b, let first = index.storyboardsByPath[a], let second = index.storyboardsByPath[b] else {
            return true
        }
        if !first.targets.isEmpty, !second.targets.isEmpty {
            return first.targets.contains { id in second.targets.contains(id) && (fileTargets?.contains(id) ?? true) }
        }
        return first.platform.canReference(second.platform)
    }

    /// `code:<place>#<source>-><target>`, the place as `SourceLocation.description` writes it. Made in one
    /// allocation at its final size, the parts copied in as bytes: appending them to a String or a byte array grew
    /// and copied them again (and checked the bytes again), for each of thousands of edges.
    static func edgeID(at location: SourceLocation, from source: String, to target: String) -> String {
        let line = max(location.line, 0)
        let column = line > 0 ? max(location.column, 0) : 0
        var count = 5 + location.path.utf8.count + 1 + source.utf8.count + 2 + target.utf8.count
        if line > 0 { count += 1 + UTF8Writer.digits(line) }
        if column > 0 { count += 1 + UTF8Writer.digits(column) }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var out = UTF8Writer(buffer: buffer)
            out.write("code:")
            out.write(location.path)
            if line > 0 {
                out.write(":")
                out.write(decimal: line)
            }
            if column > 0 {
                out.write(":")
                out.write(decimal: column)
            }
            out.write("#")
            out.write(source)
            out.write("->")
            out.write(target)
            return out.count
        }
    }

    // MARK: Segues

    private mutating func check(_ use: CodeSeguePerform) {
        // R.swift `R.segue.sourceController.segueName`.
        if case .symbol(let p) = use.identifier, p.count == 4, p[0] == "R", p[1] == "segue" {
            checkGeneratedSegue(.rSwift, container: p[2], member: p[3], use.enclosingType, use.location, api: use.api)
            return
        }
        if case .symbol(let p) = use.identifier, p.count == 3, p[0] == "StoryboardSegue" {
            checkGeneratedSegue(.swiftGen, container: p[1], member: p[2], use.enclosingType, use.location, api: use.api)
            return
        }
        switch symbols.resolve(use.identifier, scope: use.enclosingType) {
        case .dynamic(let text):
            reportDynamic("segue identifier", text, at: use.location)
        case .string(let identifier):
            // A call that cannot crash: inside `@try` (the exception is caught), or in a class that implements
            // performSegue itself and may handle the identifier (one of its family, as Swift dispatches). Whether
            // the segue exists is then unknown, not a likely mistake.
            let name = use.enclosingType.last ?? ""
            var facts: [FindingFact] = []
            if use.guarded {
                facts.append(.caughtByTry)
            } else if use.onSelf, symbols.anyInFamily(of: name, { symbols.performSegueOverrides.contains($0) }) {
                facts.append(.performSegueOverridden(type: name))
            }
            check(segue: identifier, onSelf: use.onSelf, type: use.enclosingType, at: use.location, api: use.api, facts: facts)
        }
    }

    /// A segue performed on `type` must start at a scene of that class (or a superclass or subclass).
    /// `facts`: what is known of the call that makes it less sure to crash.
    private mutating func check(segue identifier: String, onSelf: Bool, type: [String], at location: SourceLocation, api: String,
                                facts: [FindingFact] = []) {
        guard !index.graph.storyboards.isEmpty else { return }  // nothing to check against
        let name = type.last ?? ""
        // Most calls are right: a segue of the class's own scenes, or of its family's, has the identifier. Asked of
        // each class's segue identifiers, without gathering its scenes, and of the class itself before its family is
        // worked out. One walk over the family answers all the questions: does a scene of it have the segue, does
        // it have scenes, and which segue identifiers it has otherwise (for the finding). What only a finding needs
        // (the segues elsewhere with that identifier) is looked up after.
        let index = index  // captured by the closure below instead of the whole pass
        var hasScenes = false
        var identifiers: Set<String> = []
        if onSelf, symbols.anyInFamily(of: name, { type in
            guard let more = index.segueIdentifiers(ofClass: type) else { return false }
            hasScenes = true
            if more.contains(identifier) { return true }
            if identifiers.isEmpty { identifiers = more } else { identifiers.formUnion(more) }
            return false
        }) {
            return
        }
        if !hasScenes {
            if !index.segues(withIdentifier: identifier).exist {
                // On another object (`parent?`, a variable) the class is not known: whether it has the segue is too.
                report(.warning, .codeUnknownSegue,
                       onSelf ? "\(api) performs segue '\(identifier)', which no segue of the scanned storyboards has; performing it crashes the app"
                              : "\(api) performs segue '\(identifier)' on another object, and no segue of the scanned storyboards has that identifier",
                       at: location, facts: onSelf ? facts : facts + [.receiverTypeUnknown],
                       hint: "set the segue's identifier in Interface Builder's attributes inspector, or fix the string")
            }
            return
        }
        let lower = identifier.lowercased()
        // The least of the identifiers that differ only in letter case: `identifiers` is a set, whose order changes
        // from run to run, and the finding must not.
        let near = identifiers.filter { $0.lowercased() == lower }.min()
        let close = near == nil ? suggestion(for: identifier, among: Array(identifiers)) : nil
        var hint = near.map { "segue identifiers are case-sensitive: did you mean '\($0)'?" } ?? close
            ?? "segue identifiers belong to the scene they start from"
        if near == nil, close == nil, let first = index.segues(withIdentifier: identifier).leastSourceLabel {
            hint += "; a segue '\(identifier)' starts at scene '\(first)'"
        }
        report(.warning, .codeUnknownSegue,
               "\(api) performs segue '\(identifier)' from '\(name)', but no segue with that identifier starts at a scene of class '\(name)'",
               at: location, facts: facts, hint: hint)
    }

    // MARK: Generated accessors

    private mutating func generatedStoryboards(_ generator: CodeGenerator, accessor: String, at location: SourceLocation) -> [Storyboard]? {
        let roots = generator == .swiftGen ? ["StoryboardScene"] : ["R", "_R", "storyboard"]
        if let name = symbols.generatedStoryboardName(roots: roots, container: accessor),
           let boards = found(index.storyboards(named: name, hint: .any)) {
            return preferReachable(boards)
        }
        let boards = index.storyboards(accessor: accessor, generator: generator == .swiftGen ? .swiftGen : .rSwift)
        if boards.isEmpty {
            report(.warning, .codeUnknownStoryboard,
                   "'\(generator == .swiftGen ? "StoryboardScene" : "R.storyboard").\(accessor)' names no scanned storyboard; the generated code may be stale",
                   at: location, hint: "re-run \(generator == .swiftGen ? "SwiftGen" : "R.swift"), or scan the storyboard it was generated from")
            return nil
        }
        return preferReachable(boards)
    }

    /// The storyboards the targets compiling the file hold, when there are any; else all of them (generated code
    /// may be compiled into a framework whose storyboards another target holds).
    private func preferReachable(_ boards: [Storyboard]) -> [Storyboard] {
        let held = boards.filter { reachable($0.path) }
        return held.isEmpty ? boards : held
    }

    private mutating func link(_ use: CodeGeneratedUse) {
        let via = use.generator == .swiftGen ? "StoryboardScene" : "R.storyboard"
        switch use.kind {
        case .segue:
            checkGeneratedSegue(use.generator, container: use.container, member: use.member ?? "", use.enclosingType,
                                use.location, api: "perform(segue:)")
        case .storyboard:
            _ = generatedStoryboards(use.generator, accessor: use.container, at: use.location)
        case .initialScene:
            let roots = use.generator == .swiftGen ? ["StoryboardScene"] : ["R", "_R"]
            var boards: [Storyboard]?
            if let declared = symbols.generatedScene(root: roots, container: use.container, member: nil) {
                boards = found(index.storyboards(named: declared.storyboard, hint: .any))
            }
            guard let boards = boards ?? generatedStoryboards(use.generator, accessor: use.container, at: use.location) else {
                brokenGeneratedLink(use, identifier: nil, via: via)
                return
            }
            linkInitialScenes(of: boards, from: use.enclosingType, at: use.location, via: via,
                              asked: "'\(via).\(use.container)' asks storyboard \(Self.quoted(boards)) for its initial scene, which it does not have",
                              hint: "tick 'Is Initial View Controller' on a scene, or re-run the generator")
        case .scene:
            let member = use.member ?? ""
            let roots = use.generator == .swiftGen ? ["StoryboardScene"] : ["R", "_R"]
            if let declared = symbols.generatedScene(root: roots, container: use.container, member: member),
               let boards = found(index.storyboards(named: declared.storyboard, hint: .any)) {
                if let identifier = declared.identifier {
                    link(identifier: identifier, in: boards, from: use.enclosingType, location: use.location, via: via)
                } else {
                    addEdges(from: use.enclosingType, to: index.ends(ofNodes: boards.compactMap { index.initialScene(of: $0) }),
                             identifier: nil, location: use.location, via: via)
                }
                return
            }
            guard let boards = generatedStoryboards(use.generator, accessor: use.container, at: use.location) else {
                brokenGeneratedLink(use, identifier: member, via: via)
                return
            }
            let kind: GeneratedNames.GeneratorKind = use.generator == .swiftGen ? .swiftGen : .rSwift
            let scenes = boards.flatMap { index.scenes(in: $0) }
            var targets = scenes.filter { $0.storyboardIdentifier.map { GeneratedNames.memberAccessor($0, generator: kind) == member } ?? false }
            if targets.isEmpty {
                let key = GeneratedNames.loose(member)
                targets = scenes.filter { $0.storyboardIdentifier.map { GeneratedNames.loose($0) == key } ?? false }
            }
            if targets.isEmpty {
                report(.warning, .codeUnknownIdentifier,
                       "'\(via).\(use.container).\(member)' names no scene of \(Self.quoted(boards)); the generated code may be stale",
                       at: use.location, hint: "re-run \(use.generator == .swiftGen ? "SwiftGen" : "R.swift")")
                addBrokenLink(from: use.enclosingType, storyboard: boards[0], name: boards[0].name, identifier: member,
                              resolution: Resolution(state: .unresolved,
                                                     reason: "no scene of \(Self.quoted(boards)) matches '\(via).\(use.container).\(member)'; the generated code may be stale"),
                              location: use.location, via: via)
                return
            }
            addEdges(from: use.enclosingType, to: targets.map(CodeGraphIndex.EdgeEnd.init), identifier: targets[0].storyboardIdentifier,
                     location: use.location, via: via)
        }
    }

    /// A generated scene accessor whose storyboard accessor names no scanned storyboard (already reported).
    private mutating func brokenGeneratedLink(_ use: CodeGeneratedUse, identifier: String?, via: String) {
        guard case .missing(let name, let resolution) = Self.staleAccessor(use.generator, use.container) else { return }
        addBrokenLink(from: use.enclosingType, storyboard: nil, name: name, identifier: identifier, resolution: resolution,
                      location: use.location, via: via)
    }

    /// SwiftGen `StoryboardSegue.Main.show` (storyboard `Main`) and R.swift `R.segue.sourceController.show`
    /// (source class `SourceController`).
    private mutating func checkGeneratedSegue(_ generator: CodeGenerator, container: String, member: String, _ type: [String],
                                              _ location: SourceLocation, api: String) {
        if generator == .swiftGen, let identifier = symbols.generatedSegue(container: container, member: member) {
            check(segue: identifier, onSelf: true, type: type, at: location, api: api)
            return
        }
        let kind: GeneratedNames.GeneratorKind = generator == .swiftGen ? .swiftGen : .rSwift
        let sources: [Node]
        if generator == .swiftGen {
            sources = (generatedStoryboards(generator, accessor: container, at: location) ?? []).flatMap { index.scenes(in: $0) }
        } else {
            let key = GeneratedNames.loose(container)
            sources = index.graph.nodes.filter { $0.customClass.map { GeneratedNames.loose($0) == key } ?? false }
        }
        let identifiers = index.segueIdentifiers(from: sources)
        if let identifier = identifiers.sorted().first(where: { GeneratedNames.memberAccessor($0, generator: kind) == member })
            ?? identifiers.sorted().first(where: { GeneratedNames.loose($0) == GeneratedNames.loose(member) }) {
            if generator == .swiftGen { check(segue: identifier, onSelf: true, type: type, at: location, api: api) }
            return
        }
        let shown = generator == .swiftGen ? "StoryboardSegue.\(container).\(member)" : "R.segue.\(container).\(member)"
        report(.warning, .codeUnknownSegue, "'\(shown)' names no scanned segue; the generated code may be stale", at: location,
               hint: "re-run \(generator == .swiftGen ? "SwiftGen" : "R.swift"), or scan the storyboard it was generated from")
    }

    // MARK: Unwind segues

    /// The unwind pass (storyboard-format.md §3.5). An unwind segue returns to whichever view controller on the stack
    /// implements its action, so each exit node gets an `unwind-target` edge to every scene whose class (or a
    /// superclass) implements the `@IBAction`, or to a code node for a class without scenes. When no scanned class
    /// implements it, each unwind segue into the exit gets a `code-unknown-unwind` warning at its place.
    /// Run only when code was scanned: without sources, every unwind would look unimplemented.
    mutating func linkUnwinds(_ files: [LoadedCodeFile]) {
        var implementations: [String: [CodeUnwindAction]] = [:]
        for f in files.indices {  // by position: `for file in files` copies each file, to read one field
            for action in files[f].unwindActions where !action.enclosingType.isEmpty {
                implementations[action.selector, default: []].append(action)
            }
        }
        var made: Set<String> = []
        // By position: a `for` over the graph's arrays would copy every node and edge, to use a few.
        let graph = index.graph
        var seguesByExit: [String: [Edge]] = [:]
        for k in graph.edges.indices where graph.edges[k].kind == .unwind && graph.edges[k].unwindAction != nil {
            seguesByExit[graph.edges[k].to, default: []].append(graph.edges[k])
        }
        for k in graph.nodes.indices where graph.nodes[k].role == .exit {
            let exit = graph.nodes[k]
            guard let segues = seguesByExit[exit.id], let selector = segues.first?.unwindAction else { continue }
            let actions = (implementations[selector] ?? []).sorted { $0.location < $1.location }
            guard !actions.isEmpty else {
                let message = "unwind segue to '\(selector)' returns to no scanned class: none implements that action, so the unwind does nothing"
                let hint = "implement '@IBAction func \(Self.swiftName(selector))' in the view controller it should return to, or scan the file that does"
                for segue in segues {
                    report(.warning, .codeUnknownUnwind, message,
                           at: segue.location ?? exit.location ?? SourceLocation(path: exit.storyboard ?? ""), hint: hint)
                }
                continue
            }
            for action in actions {
                let type = action.enclosingType.last ?? ""
                var targets = symbols.descendants(of: type).sorted().flatMap { index.sceneEnds(ofClass: $0) }
                if targets.isEmpty { targets = sources(for: action.enclosingType, at: action.location) }
                for target in targets {
                    let id = "\(exit.id)->unwind-target:\(target.id)"
                    guard made.insert(id).inserted else { continue }  // the first action to reach a scene draws it
                    edges.append(Edge(id: id, from: exit.id, to: target.id, kind: .unwindTarget, unwindAction: selector,
                                      crossFile: target.storyboard != exit.storyboard, location: action.location,
                                      via: "@IBAction \(type).\(selector)"))
                }
            }
        }
    }

    /// The Swift spelling of an unwind action's selector, for hints: a declaration the compiler gives exactly that
    /// selector (`ObjCSelectorWords.selector(name:labels:)`), in the form people write. `unwindToListWithSegue:` →
    /// `unwindToList(segue: UIStoryboardSegue)`, `unwindFromGamesWith:` → `unwindFromGames(with segue: …)`,
    /// `unwindHere:` → `unwindHere(_ segue: …)`. A selector of several pieces is returned as it is.
    static func swiftName(_ selector: String) -> String {
        guard selector.hasSuffix(":") else { return selector }
        let base = String(selector.dropLast())
        guard !base.isEmpty, !base.contains(":") else { return selector }
        func lowered(_ word: Substring) -> String {
            // `camel_case::toLowercaseWord`: an acronym (`URLs`) keeps its case.
            guard let f = word.first, f.isASCII, f.isUppercase else { return String(word) }
            if let second = word.dropFirst().first, second.isUppercase { return String(word) }
            return f.lowercased() + word.dropFirst()
        }
        // `…With<Label>`: the name and a label, when the compiler adds `With` between them.
        let bytes = Array(base.utf8)
        var w = bytes.count - 5
        while w > 0, !(bytes[w] == UInt8(ascii: "W") && bytes[w + 1] == UInt8(ascii: "i") && bytes[w + 2] == UInt8(ascii: "t")
                       && bytes[w + 3] == UInt8(ascii: "h") && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[w + 4])) {
            w -= 1
        }
        if w > 0 {
            let name = String(decoding: bytes[..<w], as: UTF8.self)
            let label = lowered(Substring(String(decoding: bytes[(w + 4)...], as: UTF8.self)))
            if ObjCSelectorWords.selector(name: name, labels: [label]) == selector {
                return "\(name)(\(label): UIStoryboardSegue)"
            }
        }
        // A last word that is a preposition (`unwindFrom:`, `unwindFromGamesWith:`) is usually the label.
        let last = ObjCSelectorWords.lastWord(base)
        if last.utf8.count < base.utf8.count, ObjCSelectorWords.isPreposition(last) {
            let name = String(base.dropLast(last.count))
            let label = lowered(Substring(last))
            if ObjCSelectorWords.selector(name: name, labels: [label]) == selector {
                return "\(name)(\(label) segue: UIStoryboardSegue)"
            }
        }
        return "\(base)(_ segue: UIStoryboardSegue)"
    }

    // MARK: Class-name heuristic

    /// `Foo.instantiateFromStoryboard()`: a scene whose storyboard identifier is `Foo`, else one whose class is `Foo`,
    /// preferring storyboard `Foo` (or `Foo` without its `ViewController` suffix). No finding when nothing fits.
    private mutating func link(_ use: CodeClassInstantiation) {
        var targets = index.scenes(withIdentifier: use.type)
        if targets.isEmpty { targets = index.scenes(ofClass: use.type) }
        guard !targets.isEmpty else { return }
        let stem = ["ViewController", "Controller", "VC"].reduce(use.type) { s, suffix in
            s.hasSuffix(suffix) && s.count > suffix.count ? String(s.dropLast(suffix.count)) : s
        }
        let boards = index.storyboardsByPath
        let preferred = targets.filter { t in
            let name = t.storyboard.flatMap { boards[$0]?.name }
            return name == use.type || name == stem
        }
        if !preferred.isEmpty { targets = preferred }
        addEdges(from: use.enclosingType, to: targets.sorted { $0.id < $1.id }.map(CodeGraphIndex.EdgeEnd.init),
                 identifier: targets[0].storyboardIdentifier,
                 location: use.location, via: "heuristic: class name (\(use.type).\(use.method)())")
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

/// Fills memory that a String is being made in (`CodeLinkPass.edgeID`), from the start; never past its end.
private struct UTF8Writer {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    mutating func write(_ string: String) {
        let free = UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[count...]))
        let copied = string.utf8.withContiguousStorageIfAvailable { bytes in
            let n = min(bytes.count, free.count)
            free.copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[..<n])))
            return n
        }
        if let copied {
            count += copied
        } else {  // a String whose bytes are not stored in one piece
            for byte in string.utf8 where count < buffer.count {
                buffer[count] = byte
                count += 1
            }
        }
    }

    mutating func write(decimal value: Int) {
        let width = Self.digits(value)
        guard value > 0, count + width <= buffer.count else { return }
        var rest = value
        for k in stride(from: count + width - 1, through: count, by: -1) {
            buffer[k] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        count += width
    }

    /// How many decimal digits a positive `value` has.
    static func digits(_ value: Int) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }
}
