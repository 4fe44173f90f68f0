import SBMapModel

/// What a change did to the map: two resolved graphs (BASE and HEAD) compared scene by scene and link by link.
///
/// Matching, in order:
/// 1. **Storyboards** by path; a file moved or renamed is matched by its content (the scenes' object ids it keeps:
///    at least half of them in common).
/// 2. **Scenes** of a matched pair by object id; where ids changed (a scene copied and pasted, a file re-created),
///    by Storyboard ID, then by custom class, when each is unique on both sides. Code types and names in code by id.
/// 3. **Edges** by id with the storyboard renamed; then by their ends (as matched), kind and identifier. A segue
///    whose id stayed but whose kind or identifier changed is *changed*.
/// 4. **Findings** by code, message and file (lines move with every edit): new in HEAD, or fixed since BASE.
public struct GraphDiff: Sendable {
    public var base: StoryboardGraph
    public var head: StoryboardGraph
    /// BASE storyboard path → HEAD path, for the storyboards matched (renames included).
    public var storyboardMatch: [String: String] = [:]
    /// BASE node id → HEAD node id.
    public var nodeMatch: [String: String] = [:]
    /// HEAD node ids added, and what changed in the HEAD nodes that changed.
    public var addedNodes: [String] = []
    public var changedNodes: [String: [String]] = [:]
    /// BASE nodes removed.
    public var removedNodes: [Node] = []
    public var addedEdges: [String] = []
    public var changedEdges: [String: [String]] = [:]
    /// BASE edges removed.
    public var removedEdges: [Edge] = []
    public var newFindings: [Diagnostic] = []
    public var fixedFindings: [Diagnostic] = []

    /// Whether the map is the same (findings included).
    public var isEmpty: Bool {
        addedNodes.isEmpty && changedNodes.isEmpty && removedNodes.isEmpty && addedEdges.isEmpty && changedEdges.isEmpty
            && removedEdges.isEmpty && newFindings.isEmpty && fixedFindings.isEmpty
            && storyboardMatch.allSatisfy { $0.key == $0.value }
            && base.storyboards.count == head.storyboards.count
    }

    /// Storyboards renamed or moved: BASE path → HEAD path.
    public var renamed: [(from: String, to: String)] {
        storyboardMatch.filter { $0.key != $0.value }.map { (from: $0.key, to: $0.value) }.sorted { $0.from < $1.from }
    }

    public init(base: StoryboardGraph, head: StoryboardGraph) {
        self.base = base
        self.head = head
        matchStoryboards()
        matchNodes()
        matchEdges()
        compareFindings()
    }

    // MARK: Storyboards

    private mutating func matchStoryboards() {
        let headPaths = Set(head.storyboards.map(\.path))
        var unmatchedBase: [Storyboard] = []
        for storyboard in base.storyboards {
            if headPaths.contains(storyboard.path) {
                storyboardMatch[storyboard.path] = storyboard.path
            } else {
                unmatchedBase.append(storyboard)
            }
        }
        let matchedHead = Set(storyboardMatch.values)
        let unmatchedHead = head.storyboards.filter { !matchedHead.contains($0.path) }
        guard !unmatchedBase.isEmpty, !unmatchedHead.isEmpty else { return }
        func ids(_ graph: StoryboardGraph, _ path: String) -> Set<String> {
            Set(graph.nodes.filter { $0.storyboard == path && $0.role.isScene }.compactMap(\.objectID))
        }
        // Every candidate pair with its share of ids in common, best first; each file is matched once.
        var pairs: [(score: Double, base: String, head: String)] = []
        for b in unmatchedBase {
            let baseIDs = ids(base, b.path)
            guard !baseIDs.isEmpty else { continue }
            for h in unmatchedHead {
                let headIDs = ids(head, h.path)
                let shared = baseIDs.intersection(headIDs).count
                let score = Double(shared) / Double(max(baseIDs.count, headIDs.count))
                if score >= 0.5 { pairs.append((score, b.path, h.path)) }
            }
        }
        var usedHead = Set<String>()
        for pair in pairs.sorted(by: { ($0.score, $1.base, $1.head) > ($1.score, $0.base, $0.head) })
        where storyboardMatch[pair.base] == nil && !usedHead.contains(pair.head) {
            storyboardMatch[pair.base] = pair.head
            usedHead.insert(pair.head)
        }
    }

    /// A BASE id or path with its storyboard path renamed to HEAD's.
    func mapped(_ text: String) -> String {
        for (from, to) in renamed where text.hasPrefix(from) {
            return to + text.dropFirst(from.count)
        }
        return text
    }

    // MARK: Nodes

    private mutating func matchNodes() {
        let headByID = head.nodesByID
        var headTaken = Set<String>()
        var unmatched: [Node] = []
        for node in base.nodes {
            let candidate = mapped(node.id)
            if headByID[candidate] != nil, !headTaken.contains(candidate) {
                nodeMatch[node.id] = candidate
                headTaken.insert(candidate)
            } else {
                unmatched.append(node)
            }
        }
        // Scenes whose object ids changed: by Storyboard ID, then by class, unique on both sides of a storyboard pair.
        var leftovers: [Node] = []
        let headLeft = head.nodes.filter { !headTaken.contains($0.id) && $0.role.isScene && $0.storyboard != nil }
        for key in [\Node.storyboardIdentifier, \Node.customClass] {
            leftovers = []
            for node in unmatched {
                guard node.role.isScene, let storyboard = node.storyboard, let target = storyboardMatch[storyboard],
                      let value = node[keyPath: key] else {
                    leftovers.append(node)
                    continue
                }
                let inBase = base.nodes.filter { $0.storyboard == storyboard && $0[keyPath: key] == value }
                let inHead = headLeft.filter { $0.storyboard == target && $0[keyPath: key] == value && !headTaken.contains($0.id) }
                if inBase.count == 1, inHead.count == 1 {
                    nodeMatch[node.id] = inHead[0].id
                    headTaken.insert(inHead[0].id)
                } else {
                    leftovers.append(node)
                }
            }
            unmatched = leftovers
        }
        removedNodes = unmatched.filter { !$0.role.isSummary }
        addedNodes = head.nodes.filter { !headTaken.contains($0.id) && !$0.role.isSummary }.map(\.id)
        let baseByID = base.nodesByID
        for (baseID, headID) in nodeMatch.sorted(by: { $0.key < $1.key }) {
            guard let before = baseByID[baseID], let after = headByID[headID] else { continue }
            let details = Self.differences(before, after)
            if !details.isEmpty { changedNodes[headID] = details }
        }
    }

    /// What a reader would call a change to a scene or a link: class, Storyboard ID, kind of scene, where a link
    /// points and whether it resolves.
    static func differences(_ a: Node, _ b: Node) -> [String] {
        var out: [String] = []
        func compare(_ what: String, _ x: String?, _ y: String?) {
            if x != y { out.append("\(what): \(x ?? "none") → \(y ?? "none")") }
        }
        compare("class", a.customClass, b.customClass)
        compare("Storyboard ID", a.storyboardIdentifier, b.storyboardIdentifier)
        if a.role != b.role { compare("kind", a.role.rawValue, b.role.rawValue) }
        if a.role.carriesResolution || b.role.carriesResolution {
            compare("points to", describe(a.link), describe(b.link))
            compare("link", a.resolution?.state.rawValue, b.resolution?.state.rawValue)
        }
        if a.initial != b.initial { out.append(b.initial ? "became the initial scene" : "no longer the initial scene") }
        return out
    }

    public static func describe(_ link: LinkTarget?) -> String? {
        guard let link else { return nil }
        return [link.storyboardName, link.identifier].compactMap { $0 }.joined(separator: " › ")
    }

    // MARK: Edges

    private mutating func matchEdges() {
        let headByID = Dictionary(head.edges.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var headTaken = Set<String>()
        var unmatched: [Edge] = []
        for edge in base.edges {
            let candidate = mapped(edge.id)
            if let after = headByID[candidate], !headTaken.contains(candidate),
               nodeMatch[edge.from] == after.from || mapped(edge.from) == after.from {
                headTaken.insert(candidate)
                var details: [String] = []
                if edge.kind != after.kind { details.append("segue kind: \(edge.kind.rawValue) → \(after.kind.rawValue)") }
                if edge.identifier != after.identifier {
                    details.append("identifier: \(edge.identifier ?? "none") → \(after.identifier ?? "none")")
                }
                if (nodeMatch[edge.to] ?? mapped(edge.to)) != after.to { details.append("destination changed") }
                if !details.isEmpty { changedEdges[after.id] = details }
            } else {
                unmatched.append(edge)
            }
        }
        // By ends, kind and identifier: code edges (whose ids hold line numbers) and links that were re-made.
        struct Key: Hashable { var from, to: String; var kind: EdgeKind; var identifier: String? }
        var headByKey: [Key: [String]] = [:]
        for edge in head.edges where !headTaken.contains(edge.id) {
            headByKey[Key(from: edge.from, to: edge.to, kind: edge.kind, identifier: edge.identifier), default: []].append(edge.id)
        }
        for edge in unmatched {
            let key = Key(from: nodeMatch[edge.from] ?? mapped(edge.from), to: nodeMatch[edge.to] ?? mapped(edge.to),
                          kind: edge.kind, identifier: edge.identifier)
            if var ids = headByKey[key], !ids.isEmpty {
                headTaken.insert(ids.removeFirst())
                headByKey[key] = ids
            } else {
                removedEdges.append(edge)
            }
        }
        addedEdges = head.edges.filter { !headTaken.contains($0.id) }.map(\.id)
    }

    // MARK: Findings

    private mutating func compareFindings() {
        func key(_ d: Diagnostic, mapping: Bool) -> String {
            let path = d.location.map { mapping ? mapped($0.path) : $0.path } ?? ""
            return "\(d.code.rawValue)\u{1}\(path)\u{1}\(d.message)"
        }
        var baseCounts: [String: Int] = [:]
        for d in base.diagnostics { baseCounts[key(d, mapping: true), default: 0] += 1 }
        var headCounts: [String: Int] = [:]
        for d in head.diagnostics { headCounts[key(d, mapping: false), default: 0] += 1 }
        var seen: [String: Int] = [:]
        for d in head.diagnostics {
            let k = key(d, mapping: false)
            seen[k, default: 0] += 1
            if seen[k]! > baseCounts[k, default: 0] { newFindings.append(d) }
        }
        seen = [:]
        for d in base.diagnostics {
            let k = key(d, mapping: true)
            seen[k, default: 0] += 1
            if seen[k]! > headCounts[k, default: 0] { fixedFindings.append(d) }
        }
    }

    // MARK: The diff map

    /// HEAD with every change marked, what was removed as ghosts where it was, and the new findings; and the nodes
    /// a diff map starts from (what changed, and the scenes new findings point at). A focus view of those within
    /// N links (`FocusView(seeds:hops:)`) is the diff map.
    public func annotated() -> (graph: StoryboardGraph, seeds: [String]) {
        var graph = head
        let added = Set(addedNodes)
        for k in graph.nodes.indices {
            if added.contains(graph.nodes[k].id) {
                graph.nodes[k].change = Change(.added)
            } else if let details = changedNodes[graph.nodes[k].id] {
                graph.nodes[k].change = Change(.changed, details: details)
            }
        }
        let addedEdgeIDs = Set(addedEdges)
        for k in graph.edges.indices {
            if addedEdgeIDs.contains(graph.edges[k].id) {
                graph.edges[k].change = Change(.added)
            } else if let details = changedEdges[graph.edges[k].id] {
                graph.edges[k].change = Change(.changed, details: details)
            }
        }
        // Ghosts: removed nodes in their storyboard's HEAD box (or in a box of their own, when it is gone).
        let headPaths = Set(graph.storyboards.map(\.path))
        var ghostIDs: [String: String] = [:]
        for var node in removedNodes {
            let id = "removed:" + node.id
            ghostIDs[node.id] = id
            node.id = id
            node.storyboard = node.storyboard.map { storyboardMatch[$0] ?? $0 }
            node.change = Change(.removed)
            graph.nodes.append(node)
        }
        for storyboard in base.storyboards where storyboardMatch[storyboard.path] == nil && !headPaths.contains(storyboard.path) {
            var gone = storyboard
            gone.entryPoints = []
            graph.storyboards.append(gone)
        }
        let present = Set(graph.nodes.map(\.id))
        for var edge in removedEdges {
            guard let from = ghostIDs[edge.from] ?? nodeMatch[edge.from], let to = ghostIDs[edge.to] ?? nodeMatch[edge.to],
                  present.contains(from), present.contains(to) else { continue }
            edge.id = "removed:" + edge.id
            edge.from = from
            edge.to = to
            edge.change = Change(.removed)
            graph.edges.append(edge)
        }
        var seeds = graph.nodes.filter { $0.change != nil }.map(\.id)
        for edge in graph.edges where edge.change != nil { seeds += [edge.from, edge.to] }
        // A finding that is new points at a file: its scenes are part of the change too.
        for finding in newFindings {
            guard let path = finding.location?.path, let line = finding.location?.line else { continue }
            if let node = graph.nodes.filter({ $0.storyboard == path && ($0.location?.line ?? 0) <= line })
                .max(by: { ($0.location?.line ?? 0) < ($1.location?.line ?? 0) }) {
                seeds.append(node.id)
            }
        }
        graph.diagnostics = newFindings
        var unique = Set<String>()
        return (graph, seeds.filter { unique.insert($0).inserted })
    }
}
