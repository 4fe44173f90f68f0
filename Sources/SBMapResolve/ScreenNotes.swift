import SBMapModel

/// Attaches the notes of `.sbmap.yml` to the scenes and screens they name (`Node.note`); a note that names no scene
/// is a warning at its line in the settings file.
public enum ScreenNotes {
    public static func attach(_ notes: [ScreenNote], to graph: inout StoryboardGraph) -> [Diagnostic] {
        guard !notes.isEmpty else { return [] }
        var findings: [Diagnostic] = []
        let storyboards = graph.storyboardsByID
        for note in notes {
            let (board, scene) = split(note.scene)
            var matched = false
            // A screen made in code or a SwiftUI screen belongs to no storyboard: a note names it by its class alone.
            for k in graph.nodes.indices where graph.nodes[k].role.isCountedScene || graph.nodes[k].role.isMadeInCode {
                let node = graph.nodes[k]
                if let board {
                    guard let path = node.storyboard, let file = storyboards[path], names(file, board) else { continue }
                }
                guard node.storyboardIdentifier == scene || node.customClass == scene || node.title == scene
                        || node.objectID == scene else { continue }
                let text = TextNote.cleaned(note.text)
                graph.nodes[k].note = graph.nodes[k].note.map { $0 + " " + text } ?? text
                matched = true
            }
            if !matched {
                findings.append(Diagnostic(
                    .warning, .noteNamesNoScene,
                    "the note for '\(note.scene)' names no scene or screen of the map, so it is shown nowhere",
                    at: note.location, about: note.scene,
                    hint: "write STORYBOARD:SCENE, the scene by its Storyboard ID, class or title (Settings:AccountSettings; a xib as Profile.xib:ProfileViewController), or remove the note"))
            }
        }
        return findings
    }

    /// `Settings:AccountSettings` → (`Settings`, `AccountSettings`); `AccountSettings` → (nil, `AccountSettings`).
    static func split(_ written: String) -> (String?, String) {
        guard let colon = written.firstIndex(of: ":") else { return (nil, written) }
        return (String(written[..<colon]), String(written[written.index(after: colon)...]))
    }

    /// Whether `board` names `file`: its name, a xib's name without `.xib`, or the end of its path.
    static func names(_ file: Storyboard, _ board: String) -> Bool {
        file.name == board || (file.isXib && file.name == board + ".xib") || file.path == board
            || file.path.hasSuffix("/" + board) || file.path.hasSuffix("/" + board + ".storyboard")
    }
}

/// A note's text on one line, its spaces folded: it is shown in a tooltip and a table cell.
enum TextNote {
    static func cleaned(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }
}
