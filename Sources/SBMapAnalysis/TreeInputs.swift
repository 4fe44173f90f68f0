import SBMapDiscover
import SBMapParse

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
}
