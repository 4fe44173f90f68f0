import SBMapModel

/// What every linking pass of one `CodeLinker.link` call reads and none writes: the graph's index, the symbol table
/// of all the files, and the rules. One object, so that the context of each file and use refers to it instead of
/// copying the tables' fields.
final class CodeLinkContext: Sendable {
    let index: CodeGraphIndex
    let symbols: CodeSymbolTable
    let membership: TargetMembership
    let classNameHeuristic: Bool
    let rules: CodeLinkRules
    /// The app's xibs, which nib names in code are checked against; `nil` when the run read none (`NibLoadRule`).
    let nibs: XibNibs?
    /// The classes whose screen is made in code (`code-screen` nodes; `NavigationRule.screenTypes`): their node has
    /// that role wherever a rule makes it, so that every pass makes the same node.
    let screenTypes: Set<String>
    /// Which SwiftUI screens show each representable (`SwiftUIEmbedding`): its links start there.
    let embedding: SwiftUIEmbedding

    init(index: CodeGraphIndex, symbols: CodeSymbolTable, membership: TargetMembership, classNameHeuristic: Bool,
         rules: CodeLinkRules = .standard, nibs: XibNibs? = nil, screenTypes: Set<String> = [],
         embedding: SwiftUIEmbedding = .none) {
        self.nibs = nibs
        self.screenTypes = screenTypes
        self.embedding = embedding
        self.index = index
        self.symbols = symbols
        self.membership = membership
        self.classNameHeuristic = classNameHeuristic
        self.rules = rules
    }
}

/// The links of a run of files of one `CodeLinker.link` call: for each file, its context is made (`CodeFileContext`,
/// with the look-up of its storyboard loads), and the rules of `CodeLinkRules` add to one `CodeLinkOutput`.
struct CodeLinkPass: Sendable {
    let context: CodeLinkContext
    var output = CodeLinkOutput()

    init(context: CodeLinkContext) {
        self.context = context
    }

    /// Makes room for what linking `files` files usually makes (`CodeLinkOutput.reserveCapacity`).
    mutating func reserveCapacity(files: Int) { output.reserveCapacity(files: files) }

    /// What a pass made: its code nodes and edges, in no particular order (`CodeLinker` sorts them all at once),
    /// and its findings.
    typealias Result = CodeLinkOutput.Result

    func result() -> Result { output.result() }

    mutating func link(_ file: LoadedCodeFile) {
        let scope = CodeFileContext(context, path: file.path, imports: file.imports, conditions: file.conditions)
        // Edge ordinals count the calls of one file.
        output.edgeOrdinals.removeAll(keepingCapacity: true)
        context.rules.link(file, in: scope.withLoads(file.loads), into: &output)
    }

    /// The unwind pass over all the files (`UnwindRule`): not a rule of a use, but of the graph's exits.
    mutating func linkUnwinds(_ files: [LoadedCodeFile]) {
        UnwindRule.link(files, CodeFileContext(context, path: "", imports: [], conditions: []), into: &output)
    }

    /// Top-level code (a `main.swift`) links from a node named after its file.
    static func fileTypeName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
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
