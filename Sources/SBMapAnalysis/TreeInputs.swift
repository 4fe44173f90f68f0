import SBMapDiscover
import SBMapParse
import SBMapRevision

extension Analysis {
    /// The discovery `run` does with `configuration`.
    static func discovery(_ configuration: AnalysisConfiguration) -> Discovery {
        Discovery(options: DiscoveryOptions(excludes: configuration.excludes, includeCode: configuration.readsCode))
    }

    /// What `run(inputs:configuration:)` reads of a tree known by its listing (a git revision), run from the folder
    /// `base` of the tree ("" its top): what discovery finds there, and the `.xcconfig`s a project may name (their
    /// paths are only known once the projects are read). `also`: more paths from the top to write (settings files).
    /// `target` reads a link's target. Write the selection into a folder, and `run` on that folder reads what it
    /// would read in the whole tree.
    public static func selection(of tree: ListedTree, inputs: [String], from base: String,
                                 configuration: AnalysisConfiguration, also: [String] = [],
                                 target: (String) throws -> String?) throws -> TreeSelection {
        let beside = tree.files(named: ProjectFileLoader.mayReadBesideProjects(fileNamed:))
        return try discovery(configuration).selection(of: tree, arguments: inputs, from: base, also: also + beside, target: target)
    }

    /// The largest file at `path` that `run` with `configuration` reads: Swift and Objective-C sources have the code
    /// scanner's limit, every other file the configuration's. A larger one is refused by its size, unread, so a copy
    /// of a revision need not hold its bytes (`sbmap diff` writes the size alone).
    public static func readLimit(ofFile path: String, configuration: AnalysisConfiguration) -> Int {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasSuffix(".swift") || name.hasSuffix(".m") || name.hasSuffix(".mm") { return CodeScanner().maxFileSize }
        return configuration.maxFileBytes
    }
}

extension RevisionCopy {
    /// Writes what the analysis of `inputs` (paths from the copy's folder, as `Analysis.run` takes them) with
    /// `configuration` reads, and `also` (paths from the copy's folder: a theme file).
    public func writeInputs(_ inputs: [String], configuration: AnalysisConfiguration, also: [String] = []) throws {
        try writeSelection(of: inputs, also: also, readLimit: { Analysis.readLimit(ofFile: $0, configuration: configuration) }) {
            tree, inputs, also, target in
            try Analysis.selection(of: tree, inputs: inputs, from: "", configuration: configuration, also: also, target: target)
        }
    }
}
