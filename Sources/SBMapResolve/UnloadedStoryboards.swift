import SBMapModel

/// Storyboards nothing loads: no entry point, no reference or segue from another storyboard, no link from code.
///
/// A broken link inside one crashes the app only if something loads that storyboard after all: by a name built at
/// run time, or from code sbmap did not read. Whether it runs is unknown, so an error there is reported as a
/// warning, saying why (real apps keep such files: a leftover copy `SaveStates~.storyboard` compiled into a bundle
/// no code names, found in Provenance). Applied only when the run read the sources: without them, every
/// storyboard loaded from code would look unloaded.
public enum UnloadedStoryboards {
    /// The paths of the storyboards nothing in `graph` loads.
    public static func find(in graph: StoryboardGraph) -> Set<String> {
        var loaded = Set<String>()
        for storyboard in graph.storyboards where !storyboard.entryPoints.isEmpty { loaded.insert(storyboard.path) }
        let nodes = graph.nodesByID
        for edge in graph.edges {
            guard let to = nodes[edge.to]?.storyboard else { continue }
            if nodes[edge.from]?.storyboard != to { loaded.insert(to) }
        }
        return Set(graph.storyboards.map(\.path)).subtracting(loaded)
    }

    /// `graph` with every error located in a storyboard nothing loads (or one of its localized copies) made a warning.
    public static func downgradeErrors(in graph: inout StoryboardGraph) {
        let unloaded = find(in: graph)
        guard !unloaded.isEmpty else { return }
        var owner: [String: Storyboard] = [:]
        for storyboard in graph.storyboards where unloaded.contains(storyboard.path) {
            owner[storyboard.path] = storyboard
            for variant in storyboard.localizedVariants { owner[variant] = storyboard }
        }
        for k in graph.diagnostics.indices where graph.diagnostics[k].severity == .error {
            guard let path = graph.diagnostics[k].location?.path, let storyboard = owner[path] else { continue }
            graph.diagnostics[k].severity = .warning
            graph.diagnostics[k].message += " (but nothing scanned loads \(storyboard.name).storyboard: no entry point, reference or code names it)"
        }
    }
}
