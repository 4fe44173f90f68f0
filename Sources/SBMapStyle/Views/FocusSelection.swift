import SBMapModel

/// Finds what `--focus STORYBOARD[:SCENE]` names.
///
/// A storyboard is named as a storyboard reference names it: by its name (`Settings`), exactly. Where that name
/// is not unique (one per platform, per target, per module) a path, or the end of one, picks the file
/// (`iOS/Settings`, `TV/Base.lproj/Settings.storyboard`). A scene is named by its storyboard ID, its custom class
/// or its object id. Anything unknown or ambiguous is an error that lists the candidates.
public enum FocusSelection {
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The storyboard path and, when the text names one, the scene's node id.
    public static func select(_ text: String, in graph: StoryboardGraph) -> Result<(storyboard: String, scene: String?), Failure> {
        var storyboardPart = text
        var scenePart: String?
        if let colon = text.lastIndex(of: ":") {
            storyboardPart = String(text[..<colon])
            scenePart = String(text[text.index(after: colon)...])
        }
        guard !storyboardPart.isEmpty else { return .failure(Failure(description: "--focus needs a storyboard name")) }
        let storyboard: Storyboard
        switch storyboards(named: storyboardPart, in: graph) {
        case .success(let found): storyboard = found
        case .failure(let failure): return .failure(failure)
        }
        guard let scenePart, !scenePart.isEmpty else { return .success((storyboard.path, nil)) }
        let scenes = graph.nodes.filter { $0.storyboard == storyboard.path && $0.role.isScene }
        let matches = scenes.filter {
            $0.storyboardIdentifier == scenePart || $0.customClass == scenePart || $0.objectID == scenePart
        }
        if matches.count == 1 { return .success((storyboard.path, matches[0].id)) }
        if matches.isEmpty {
            let known = Set(scenes.compactMap { $0.storyboardIdentifier ?? $0.customClass }).sorted()
            return .failure(Failure(description: "no scene '\(scenePart)' in \(storyboard.path)"
                + (known.isEmpty ? "" : "; its scenes: " + list(known))
                + ". Name a scene by its storyboard ID, custom class or object id"))
        }
        let ids = matches.compactMap(\.objectID).sorted()
        return .failure(Failure(description: "'\(scenePart)' names \(matches.count) scenes of \(storyboard.path) (object ids "
            + list(ids) + "); name one by its object id"))
    }

    static func storyboards(named text: String, in graph: StoryboardGraph) -> Result<Storyboard, Failure> {
        let trimmed = text.hasSuffix(".storyboard") ? String(text.dropLast(".storyboard".count)) : text
        var matches = graph.storyboards.filter { $0.name == trimmed }
        if matches.isEmpty {
            // A path, or the end of one (a folder and the name): `iOS/Main`, `App/Base.lproj/Main.storyboard`.
            matches = graph.storyboards.filter { sb in
                let bare = sb.path.hasSuffix(".storyboard") ? String(sb.path.dropLast(".storyboard".count)) : sb.path
                let unlocalized = bare.replacingLProj()
                return [bare, unlocalized].contains { $0 == trimmed || $0.hasSuffix("/" + trimmed) }
            }
        }
        if matches.count == 1 { return .success(matches[0]) }
        if matches.count > 1 {
            return .failure(Failure(description: "'\(text)' names \(matches.count) storyboards: "
                + list(matches.map(\.path).sorted()) + "; pass more of the path to pick one"))
        }
        let names = Set(graph.storyboards.map(\.name)).sorted()
        let near = names.filter { $0.lowercased() == trimmed.lowercased() || $0.lowercased().contains(trimmed.lowercased()) }
        var message = "no storyboard named '\(text)'"
        if !near.isEmpty { message += "; did you mean " + near.prefix(5).map { "'\($0)'" }.joined(separator: " or ") + "?" }
        message += names.isEmpty ? " (the scan found no storyboards)" : ". Storyboards: " + list(names)
        return .failure(Failure(description: message))
    }

    /// At most 12 names, then how many more.
    static func list(_ names: [String]) -> String {
        let shown = names.prefix(12).joined(separator: ", ")
        return names.count > 12 ? "\(shown), and \(names.count - 12) more" : shown
    }
}

extension String {
    /// The path without its `Base.lproj/`, `en.lproj/` folder: `App/Main`, for `App/Base.lproj/Main`.
    func replacingLProj() -> String {
        split(separator: "/", omittingEmptySubsequences: false).filter { !$0.hasSuffix(".lproj") }.joined(separator: "/")
    }
}
