import SBMapModel

/// What each screen is for (issue 32): the first sentence of its class's doc comment, on the scene's or xib
/// screen's node (`Node.doc`), and on a screen made in code or a SwiftUI screen, shown in the map's tooltip and on the
/// site's scene entry.
public enum ScreenPurposes {
    /// Sets `doc` on every scene, xib screen, screen made in code and SwiftUI screen whose class `docs` knows a doc
    /// comment for.
    public static func attach(docs: (String) -> String?, to graph: inout StoryboardGraph) {
        for k in graph.nodes.indices where graph.nodes[k].role.isCountedScene || graph.nodes[k].role.isMadeInCode {
            guard let name = graph.nodes[k].customClass else { continue }
            // `Module.Class` in a few storyboards: the class's own name is what the code declares.
            let type = name.split(separator: ".").last.map(String.init) ?? name
            if let doc = docs(type) { graph.nodes[k].doc = doc }
        }
    }
}
