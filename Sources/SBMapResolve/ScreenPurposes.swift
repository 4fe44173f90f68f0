import SBMapModel

/// What each screen is for (issue 32): the first sentence of its class's doc comment, on the scene's or xib
/// screen's node (`Node.doc`), and on a screen made in code or a SwiftUI screen, shown in the map's tooltip and on the
/// site's scene entry.
public enum ScreenPurposes {
    /// Sets `doc` on every scene, xib screen, screen made in code and SwiftUI screen whose class `docs` knows a doc
    /// comment for.
    public static func attach(docs: (String) -> String?, to graph: inout StoryboardGraph) {
        // Found first, then set in one access to the nodes: each access that changes them makes a new node index.
        let found = purposes(of: graph.nodes, docs)
        guard !found.isEmpty else { return }
        set(found, in: &graph.nodes)
    }

    private static func purposes(of nodes: [Node], _ docs: (String) -> String?) -> [(position: Int, doc: String)] {
        var found: [(position: Int, doc: String)] = []
        for k in nodes.indices where nodes[k].role.isCountedScene || nodes[k].role.isMadeInCode {
            guard let name = nodes[k].customClass else { continue }
            // `Module.Class` in a few storyboards: the class's own name is what the code declares. (Split by
            // characters only when there is a dot: splitting every name was most of this pass.)
            let dotted = name.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: ".")) } ?? true
            let type = !dotted ? name : name.split(separator: ".").last.map(String.init) ?? name
            if let doc = docs(type) { found.append((k, doc)) }
        }
        return found
    }

    private static func set(_ found: [(position: Int, doc: String)], in nodes: inout [Node]) {
        for (k, doc) in found { nodes[k].doc = doc }
    }
}
