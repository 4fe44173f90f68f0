import SBMapModel

/// What each screen is for (issue 32): the first sentence of its class's doc comment, on the scene's or xib
/// screen's node (`Node.doc`), shown in the map's tooltip and on the site's scene entry.
public enum ScreenPurposes {
    /// Sets `doc` on every scene and xib screen whose class `docs` knows a doc comment for.
    public static func attach(docs: (String) -> String?, to graph: inout StoryboardGraph) {
        for k in graph.nodes.indices where graph.nodes[k].role.isCountedScene {
            guard let name = graph.nodes[k].customClass else { continue }
            // `Module.Class` in a few storyboards: the class's own name is what the code declares.
            let type = name.split(separator: ".").last.map(String.init) ?? name
            if let doc = docs(type) { graph.nodes[k].doc = doc }
        }
    }
}
