import SBMapModel

/// Places in the map that nothing reaches.
///
/// A scene is reached when something leads to it: an edge from another node (a segue, a relationship, a
/// storyboard reference, a link from code), being the initial scene of its storyboard, or a factory
/// of its own class (`static func instantiate()`). Nothing else is followed: a scene reached only from a scene that
/// nothing reaches still counts as reached (a finding lowered wrongly would hide a crash).
public enum UnreachedScenes {
    /// The ids of the scenes (storyboard references included) that nothing in `graph` reaches.
    public static func find(in graph: StoryboardGraph) -> Set<String> {
        var reached = Set<String>()
        for edge in graph.edges where edge.from != edge.to { reached.insert(edge.to) }
        // Code that instantiates by an identifier built at run time may reach any scene with a Storyboard ID.
        let dynamicIDs = graph.diagnostics.contains { $0.code == .codeDynamic && $0.message.hasPrefix("storyboard identifier") }
        var unreached = Set<String>()
        for node in graph.nodes where node.storyboard != nil && node.role.isScene && !reached.contains(node.id) {
            if dynamicIDs, node.storyboardIdentifier != nil { continue }
            // An initial scene is what loading its storyboard shows: reached whenever anything loads it, maybe by a
            // name built at run time (a storyboard nothing loads is `UnloadedStoryboards`'s).
            if node.initial || node.instantiatedBySelfAt?.isEmpty == false { continue }
            unreached.insert(node.id)
        }
        return unreached
    }

    /// Storyboard references that no segue or relationship leads to (and that are no initial scene): following one
    /// crashes only if something follows it, and nothing does. Each is the place (its line) of the findings about it.
    public static func orphanedReferences(in graph: StoryboardGraph) -> [SourceLocation] {
        // By position, and the set made as large as it may get first: copying each edge and node, and growing the
        // set, were most of this pass.
        let edges = graph.edges
        var reached = Set<String>(minimumCapacity: edges.count)
        for k in edges.indices where edges[k].from != edges[k].to { reached.insert(edges[k].to) }
        let nodes = graph.nodes
        return nodes.indices.compactMap { k in
            guard nodes[k].role == .reference, nodes[k].link?.mechanism == .storyboardReference, !nodes[k].initial,
                  !reached.contains(nodes[k].id) else { return nil }
            return nodes[k].location
        }
    }

    /// The places among `locations` (findings in sources) that are in code of a class whose scenes nothing reaches,
    /// and that no code refers to, with the class's name. A class with no scene at all is `UnreferencedTypes`'s.
    public static func classes(at locations: [SourceLocation], in graph: StoryboardGraph,
                               code: CodeLinker.Prepared) -> [(location: SourceLocation, type: String)] {
        classes(at: locations, in: graph, files: code.files)
    }

    static func classes(at locations: [SourceLocation], in graph: StoryboardGraph,
                        files: [LoadedCodeFile]) -> [(location: SourceLocation, type: String)] {
        let wanted = Set(locations.map(\.path))
        guard !wanted.isEmpty else { return [] }
        var scenes: [String: [String]] = [:]  // class → its scenes' ids
        for node in graph.nodes where node.storyboard != nil && node.role.isScene && !node.role.isCrossFileLink {
            if let type = node.customClass { scenes[type, default: []].append(node.id) }
        }
        guard !scenes.isEmpty else { return [] }
        let unreached = find(in: graph)
        return files.withUnsafeBufferPointer { files in
            var filesByPath: [String: Int] = [:]
            for k in files.indices where wanted.contains(files[k].path) { filesByPath[files[k].path] = k }
            guard !filesByPath.isEmpty else { return [] }
            var verdict: [String: Bool] = [:]  // type name → whether its code may never run
            var found: [(location: SourceLocation, type: String)] = []
            for location in locations {
                guard let k = filesByPath[location.path], let type = files[k].enclosingType(ofLine: location.line)?.name,
                      !type.isEmpty else { continue }
                if verdict[type] == nil {
                    let own = scenes[type] ?? []
                    verdict[type] = !own.isEmpty && own.allSatisfy { unreached.contains($0) }
                        && !files.indices.contains { files[$0].mayReferenceType(named: type) }
                }
                if verdict[type] == true { found.append((location, type)) }
            }
            return found
        }
    }
}
