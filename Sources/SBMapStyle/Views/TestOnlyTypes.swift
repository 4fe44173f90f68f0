import SBMapModel

/// Types in code that only test bundles compile (a `FeedViewControllerTests` that instantiates scenes to test them):
/// maps leave them out unless asked (`--include-tests`). They open scenes as the app does, so each drew one more
/// type, and its dotted links across the map, on every map of the app; a reader of an architecture figure wants the
/// app's own types. What is found in them is not touched: this is what a map draws, not what `check` reports.
public enum TestOnlyTypes {
    /// The code types of `graph` whose every target (`Node.targets`) is a unit-test or UI-test bundle. A type with no
    /// known target (no project read) is the app's.
    public static func ids(in graph: StoryboardGraph) -> Set<String> {
        let tests = Set(graph.targets.filter { $0.product == .unitTests || $0.product == .uiTests }.map(\.id))
        guard !tests.isEmpty else { return [] }
        var ids: Set<String> = []
        for node in graph.nodes where node.role == .code {
            if let targets = node.targets, !targets.isEmpty, targets.allSatisfy(tests.contains) { ids.insert(node.id) }
        }
        return ids
    }

    /// `graph` without its test-only types, the links at them, and the targets named in code that only they name
    /// (the red node of a broken link a test makes). The storyboards, their scenes and the findings stay as they are.
    public static func removed(from graph: StoryboardGraph) -> StoryboardGraph {
        let dropped = ids(in: graph)
        guard !dropped.isEmpty else { return graph }
        let nodes = graph.nodesByID
        var named: [String: Bool] = [:]  // code-target id → named by a type that stays
        for edge in graph.edges where edge.kind == .code {
            for (end, other) in [(edge.to, edge.from), (edge.from, edge.to)] where nodes[end]?.role == .codeTarget {
                named[end] = (named[end] ?? false) || !dropped.contains(other)
            }
        }
        let gone = dropped.union(named.filter { !$0.value }.keys)
        var out = graph
        out.nodes = graph.nodes.filter { !gone.contains($0.id) }
        out.edges = graph.edges.filter { !gone.contains($0.from) && !gone.contains($0.to) }
        return out
    }
}
