import SBMapModel

/// How much a detailed map may hold before a plain `render` draws the overview instead. Above it no label can be
/// read at any zoom that shows the whole picture, and dot's layout time grows faster than the graph.
public struct MapBudget: Hashable, Sendable {
    public var nodes: Int
    public var edges: Int

    public init(nodes: Int = 300, edges: Int = 600) {
        self.nodes = nodes
        self.edges = edges
    }

    /// Whether `graph`, drawn in full, is within the budget.
    public func admits(_ graph: StoryboardGraph) -> Bool {
        graph.nodes.count <= nodes && graph.edges.count <= edges
    }

    /// Whether the map of a view is within the budget.
    public func admits(_ map: MapGraph) -> Bool { admits(map.graph) }
}

/// The plan for one `render`: which view, and a line saying why when sbmap chose it on its own.
public struct MapPlan: Hashable, Sendable {
    public var view: MapView
    /// Set when a plain render switched to the overview: one line, saying how to get the detail.
    public var notice: String?

    /// `requested` is what the user asked for; `nil` lets the budget decide between the full map and the overview.
    public static func choose(_ requested: MapView?, for graph: StoryboardGraph, budget: MapBudget) -> MapPlan {
        if let requested { return MapPlan(view: requested, notice: nil) }
        if budget.admits(graph) { return MapPlan(view: .full, notice: nil) }
        let example = graph.storyboards.max { a, b in
            a.entryPoints.isEmpty != b.entryPoints.isEmpty ? a.entryPoints.isEmpty : a.path > b.path
        }?.name ?? "NAME"
        let notice = "the full map would have \(graph.nodes.count) nodes and \(graph.edges.count) edges "
            + "(budget \(budget.nodes) nodes, \(budget.edges) edges): drawing the overview, one node per storyboard. "
            + "For detail: --focus \(example) (one storyboard and its neighbours), --all -o DIR (every map), "
            + "or --view full (everything in one picture)"
        return MapPlan(view: .overview, notice: notice)
    }

    /// The map the plan draws.
    public func map(of graph: StoryboardGraph) -> MapGraph { view.make(graph) }
}

/// Stable, readable file names for the maps of `render --all`: `Main`, `Settings`; where names repeat, as many
/// folders of the path as tell them apart (`iOS-Main`, `TV-Main`). ASCII letters, digits, `-`, `_` and `.` only,
/// so the names are safe in URLs and on every file system; at most `maxLength` characters, however deep the folders.
public enum MapFileNames {
    public static func names(for storyboards: [Storyboard]) -> [String: String] {
        let paths = storyboards.map(\.path).sorted()
        var folders: [String: [String]] = [:]
        for path in paths {
            var parts = path.split(separator: "/").map(String.init).filter { !$0.hasSuffix(".lproj") }
            if let last = parts.popLast() {
                parts.append(last.hasSuffix(".storyboard") ? String(last.dropLast(".storyboard".count)) : last)
            }
            folders[path] = parts.map(slug)
        }
        var depth: [String: Int] = Dictionary(uniqueKeysWithValues: paths.map { ($0, 1) })
        func name(_ path: String) -> String {
            let parts = folders[path] ?? ["storyboard"]
            return parts.suffix(depth[path] ?? 1).joined(separator: "-")
        }
        // Lengthen colliding names one folder at a time, until nothing collides or no path has folders left.
        while true {
            let groups = Dictionary(grouping: paths, by: name).filter { $0.value.count > 1 }
            var grew = false
            for (_, group) in groups {
                for path in group where (depth[path] ?? 1) < (folders[path]?.count ?? 1) {
                    depth[path, default: 1] += 1
                    grew = true
                }
            }
            if !grew { break }
        }
        var result: [String: String] = [:]
        var used: Set<String> = ["overview", "index"]
        for path in paths {
            let base = capped(name(path), path: path)
            var candidate = base
            var n = 2
            while !used.insert(candidate.lowercased()).inserted {
                candidate = "\(base)-\(n)"
                n += 1
            }
            result[path] = candidate
        }
        return result
    }

    /// The most bytes of a name (ASCII, so characters): far below the 255 of a file name, with room for `-2`, the
    /// extension, and the temporary file's `.NAME.sbmap-PID-RANDOM.tmp`.
    public static let maxLength = 100

    /// A name over `maxLength`: its start and its end (the storyboard's own name) around a hash of the whole path,
    /// so that two long names that share both ends still differ.
    static func capped(_ name: String, path: String) -> String {
        guard name.utf8.count > maxLength else { return name }
        let trim = { (part: Substring) -> Substring in
            var part = part
            while part.first == "-" || part.first == "." { part.removeFirst() }
            while part.last == "-" { part.removeLast() }
            return part
        }
        return trim(name.prefix(40)) + "-" + TextSafety.shortHash(path) + "-" + trim(name.suffix(40))
    }

    /// `TextSafety.dashed`, keeping dots (`Main.iPad`), at most 80 characters.
    static func slug(_ text: String) -> String {
        let out = TextSafety.dashed(text, keepingDots: true)
        // A name of letters no ASCII can spell (日本語) still needs to be a name, and a distinct one.
        return out.isEmpty ? "storyboard-" + TextSafety.shortHash(text) : String(out.prefix(80))
    }
}
