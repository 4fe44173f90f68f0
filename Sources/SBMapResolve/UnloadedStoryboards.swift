import SBMapModel

/// Storyboards nothing loads: no entry point, no reference or segue from another storyboard, no link from code.
///
/// A broken link inside one crashes the app only if something loads that storyboard after all: by a name built at
/// run time, or from code sbmap did not read. Whether it runs is unknown, so an error there is a warning, saying why (real apps keep such files: a leftover copy `SaveStates~.storyboard` compiled into a bundle
/// no code names, found in Provenance). Applied only when the run read the sources: without them, every
/// storyboard loaded from code would look unloaded.
public enum UnloadedStoryboards {
    /// The paths of the storyboards nothing in `graph` loads.
    public static func find(in graph: StoryboardGraph) -> Set<String> {
        var loaded = Set<String>()
        for storyboard in graph.storyboards where !storyboard.entryPoints.isEmpty { loaded.insert(storyboard.path) }
        // By position, reading the one field: `NodeTable`'s subscript copies the whole node (half of the pass).
        let nodes = graph.nodes
        let position = graph.nodePositions
        func storyboard(_ id: String) -> String? { position[id].flatMap { nodes[$0].storyboard } }
        for k in graph.edges.indices {
            guard let to = storyboard(graph.edges[k].to) else { continue }
            if storyboard(graph.edges[k].from) != to { loaded.insert(to) }
        }
        // (A xib's screen is loaded by code sbmap does not follow yet: whether a xib is loaded is not known.)
        return Set(graph.storyboards.compactMap { $0.isXib ? nil : $0.path }).subtracting(loaded)
    }

    /// The storyboards nothing in `graph` loads, by the path of each file that is one of them (a localized copy
    /// too): path → storyboard name. A finding in such a file carries `FindingFact.storyboardNeverLoaded`.
    public static func files(in graph: StoryboardGraph) -> [String: String] {
        let unloaded = find(in: graph)
        var names: [String: String] = [:]
        for storyboard in graph.storyboards where unloaded.contains(storyboard.path) {
            names[storyboard.path] = storyboard.name
            for variant in storyboard.localizedVariants { names[variant] = storyboard.name }
        }
        return names
    }
}
