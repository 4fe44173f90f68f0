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
/// 4. **Findings** by code, file and subject (the message without line numbers: lines move with every edit): new in
///    HEAD, or fixed since BASE.
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
    /// HEAD link nodes that broke (resolved before, unresolved now; or new and unresolved), with what changed. Never
    /// in `addedNodes` or `changedNodes`: broken is not added.
    public var brokeNodes: [String: [String]] = [:]
    /// HEAD link nodes unresolved before and resolved now, with what changed.
    public var fixedNodes: [String: [String]] = [:]
    /// HEAD edges that are new and lead into a link that broke.
    public var brokeEdges: [String] = []
    /// HEAD scenes that moved to another storyboard (same object id; Xcode's Refactor to Storyboard), as one sentence:
    /// `moved from Settings to NewFeature, now reached through a reference`. Also in `changedNodes`.
    public var movedNodes: [String: String] = [:]
    /// BASE scene id → the HEAD reference left where it was, for a scene moved through Refactor to Storyboard.
    var leftBehind: [String: String] = [:]
    /// Calls in code whose link stopped resolving (or a new call that does not resolve), each once, at the call: not
    /// in `brokeNodes`, `addedNodes` or the edge lists.
    public var brokeCodeLinks: [CodeLinkChange] = []
    /// Calls in code whose link did not resolve and does now (or a call that did not resolve, removed).
    public var fixedCodeLinks: [CodeLinkChange] = []
    /// HEAD edges of those calls, and how they changed; HEAD `code-target` nodes they end at, and why (the map).
    var codeLinkEdges: [String: Change.Kind] = [:]
    var codeLinkNodes: [String: [String]] = [:]
    /// HEAD scenes whose change broke or fixed a call in code (the scene a Storyboard ID rename left unreachable).
    var codeLinkScenes: Set<String> = []
    /// `code` edges of calls that broke or were fixed which the other side does not draw as `code` edges: a call that
    /// is new, or whose segue the other side resolved (a resolved `performSegue` is checked, not drawn). The summary's
    /// counts add them to the added and removed code links, so before − after is what the columns say.
    public var codeLinkEdgesAppeared = 0
    public var codeLinkEdgesGone = 0
    /// HEAD storyboard path → how its entry points changed (`became the app's main storyboard (UIMainStoryboardFile)`),
    /// for storyboards on both sides. An Info.plist key that starts or stops launching a storyboard changes what the
    /// app opens with, though no scene changed.
    public var entryPointChanges: [String: [String]] = [:]
    /// Links that broke: storyboard references (`brokeNodes`) and calls in code (`brokeCodeLinks`).
    public var brokeCount: Int { brokeNodes.count + brokeCodeLinks.count }
    /// Links fixed: storyboard references (`fixedNodes`) and calls in code (`fixedCodeLinks`).
    public var fixedCount: Int { fixedNodes.count + fixedCodeLinks.count }

    /// Whether the map is the same (findings included).
    public var isEmpty: Bool {
        addedNodes.isEmpty && changedNodes.isEmpty && removedNodes.isEmpty && addedEdges.isEmpty && changedEdges.isEmpty
            && brokeNodes.isEmpty && fixedNodes.isEmpty && brokeEdges.isEmpty && brokeCodeLinks.isEmpty && fixedCodeLinks.isEmpty
            && removedEdges.isEmpty && newFindings.isEmpty && fixedFindings.isEmpty && entryPointChanges.isEmpty
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
        matchMoves()
        matchEdges()
        classifyLinks()
        classifyCodeLinks()
        compareEntryPoints()
        compareFindings()
    }

    // MARK: Entry points

    /// What an entry point makes of its storyboard, in a reviewer's words.
    static func entryRole(_ role: EntryPoint.Role) -> String {
        switch role {
        case .main: "the app's main storyboard"
        case .mainPad: "the app's main storyboard on iPad"
        case .scene: "a window scene's storyboard"
        case .launch: "the launch screen"
        case .launchPad: "the launch screen on iPad"
        case .extension: "an extension's storyboard"
        }
    }

    /// Entry points (role and key, not where they are declared: lines move) that came or went on storyboards that
    /// are on both sides. A storyboard added or removed says so itself.
    private mutating func compareEntryPoints() {
        let before = Dictionary(base.storyboards.map { ($0.path, $0.entryPoints) }, uniquingKeysWith: { a, _ in a })
        for storyboard in head.storyboards {
            guard let basePath = storyboardMatch.first(where: { $0.value == storyboard.path })?.key,
                  let old = before[basePath] else { continue }
            struct Key: Hashable, Comparable {
                var role: EntryPoint.Role, key: String
                static func < (a: Key, b: Key) -> Bool { (a.role, a.key) < (b.role, b.key) }
            }
            let was = Set(old.map { Key(role: $0.role, key: $0.key) })
            let now = Set(storyboard.entryPoints.map { Key(role: $0.role, key: $0.key) })
            var lines: [String] = []
            for key in now.subtracting(was).sorted() { lines.append("became \(Self.entryRole(key.role)) (\(key.key))") }
            for key in was.subtracting(now).sorted() { lines.append("no longer \(Self.entryRole(key.role)) (\(key.key))") }
            if !lines.isEmpty { entryPointChanges[storyboard.path] = lines }
        }
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
        // A type in code is no part of the map a change adds or removes: it appears and goes with the links it makes
        // (a class that existed before is not "added" when a change makes it open another storyboard).
        removedNodes = unmatched.filter { !$0.role.isSummary && $0.role != .code }
        addedNodes = head.nodes.filter { !headTaken.contains($0.id) && !$0.role.isSummary && $0.role != .code }.map(\.id)
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

    // MARK: Moves and links

    /// A scene removed from one storyboard and added to another with the same object id moved (Xcode's Refactor to
    /// Storyboard keeps object ids, and leaves a storyboard reference where the scene was): one change, not two.
    private mutating func matchMoves() {
        let headByID = head.nodesByID
        // Scenes, and the storyboard references among them: Refactor to Storyboard moves both with their object ids.
        let isMovable = { (node: Node) in node.role.isScene && node.objectID != nil }
        var addedByObject: [String: [String]] = [:]
        for id in addedNodes { if let node = headByID[id], isMovable(node) { addedByObject[node.objectID!, default: []].append(id) } }
        var stillRemoved: [Node] = []
        var taken = Set<String>()
        var pairs = Set<[String]>()
        for node in removedNodes {
            let oldPath = node.storyboard.map { storyboardMatch[$0] ?? $0 }
            guard isMovable(node), let ids = addedByObject[node.objectID!], ids.count == 1, let after = headByID[ids[0]],
                  after.storyboard != oldPath, !taken.contains(after.id) else {
                stillRemoved.append(node)
                continue
            }
            taken.insert(after.id)
            nodeMatch[node.id] = after.id
            if let oldPath, let newPath = after.storyboard { pairs.insert([oldPath, newPath]) }
            var text = "moved from \(Self.storyboardName(oldPath)) to \(Self.storyboardName(after.storyboard))"
            if let reference = head.nodes.first(where: {
                $0.storyboard == oldPath && $0.role.isCrossFileLink && $0.resolution?.target == after.id
            }) {
                text += ", now reached through a reference"
                leftBehind[node.id] = reference.id
                taken.insert(reference.id)
            }
            movedNodes[after.id] = text
            changedNodes[after.id] = [text] + Self.differences(node, after)
        }
        // The unwind exits of the moved scenes moved with them: an exit of the old storyboard removed and one for
        // the same action added where scenes went.
        removedNodes = []
        for node in stillRemoved {
            guard node.role == .exit, !pairs.isEmpty else {
                removedNodes.append(node)
                continue
            }
            let oldPath = node.storyboard.map { storyboardMatch[$0] ?? $0 }
            let candidates = addedNodes.filter {
                guard !taken.contains($0), let after = headByID[$0], after.role == .exit,
                      after.unwindAction == node.unwindAction, let oldPath, let newPath = after.storyboard else { return false }
                return pairs.contains([oldPath, newPath])
            }
            guard candidates.count == 1, let after = headByID[candidates[0]] else {
                removedNodes.append(node)
                continue
            }
            taken.insert(after.id)
            nodeMatch[node.id] = after.id
            let text = "moved from \(Self.storyboardName(oldPath)) to \(Self.storyboardName(after.storyboard))"
            movedNodes[after.id] = text
            changedNodes[after.id] = [text]
        }
        addedNodes.removeAll { taken.contains($0) }
    }

    /// `Settings` for `App/Base.lproj/Settings.storyboard`.
    static func storyboardName(_ path: String?) -> String {
        guard let path else { return "code" }
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasSuffix(".storyboard") ? String(file.dropLast(".storyboard".count)) : file
    }

    /// Links that broke or were fixed, in a reviewer's words: taken out of added and changed.
    private mutating func classifyLinks() {
        let headByID = head.nodesByID, baseByID = base.nodesByID
        func unresolved(_ node: Node?) -> Bool { node?.role.carriesResolution == true && node?.resolution?.state == .unresolved }
        for id in addedNodes where unresolved(headByID[id]) { brokeNodes[id] = ["a new link that does not resolve"] }
        for (baseID, headID) in nodeMatch {
            let before = baseByID[baseID], after = headByID[headID]
            if !unresolved(before), unresolved(after) {
                brokeNodes[headID] = changedNodes[headID] ?? []
            } else if unresolved(before), after?.role.carriesResolution == true, after?.resolution?.state == .resolved {
                fixedNodes[headID] = changedNodes[headID] ?? []
            }
        }
        addedNodes.removeAll { brokeNodes[$0] != nil }
        for id in Array(brokeNodes.keys) + Array(fixedNodes.keys) { changedNodes[id] = nil }
        let headEdges = Dictionary(head.edges.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        brokeEdges = addedEdges.filter { headEdges[$0].map { brokeNodes[$0.to] != nil } ?? false }
        let broke = Set(brokeEdges)
        // The reference a move left behind, and its link to the moved scene, are part of the move.
        let references = Set(leftBehind.values)
        addedEdges.removeAll { broke.contains($0) || headEdges[$0].map { references.contains($0.from) } ?? false }
        // The link a broken reference had to its target is what broke, not a removal of its own; the one a fixed
        // reference gained is what was fixed, not an addition.
        let brokeInBase = Set(nodeMatch.filter { brokeNodes[$0.value] != nil }.map(\.key))
        removedEdges.removeAll { brokeInBase.contains($0.from) }
        addedEdges.removeAll { headEdges[$0].map { fixedNodes[$0.from] != nil } ?? false }
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
                if (leftBehind[edge.to] ?? nodeMatch[edge.to] ?? mapped(edge.to)) != after.to { details.append("destination changed") }
                if !details.isEmpty { changedEdges[after.id] = details }
            } else {
                unmatched.append(edge)
            }
        }
        // By ends, kind and identifier: links that were re-made, and code edges whose call moved to another file or
        // whose order among the file's calls to the same scene changed.
        struct Key: Hashable { var from, to: String; var kind: EdgeKind; var identifier: String? }
        var headByKey: [Key: [String]] = [:]
        for edge in head.edges where !headTaken.contains(edge.id) {
            headByKey[Key(from: edge.from, to: edge.to, kind: edge.kind, identifier: edge.identifier), default: []].append(edge.id)
        }
        for edge in unmatched {
            let key = Key(from: nodeMatch[edge.from] ?? mapped(edge.from), to: leftBehind[edge.to] ?? nodeMatch[edge.to] ?? mapped(edge.to),
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
        // A finding's identity (code, file, what it is about), never its wording or its line: a count inside a
        // message that changed, or lines inserted above it, do not make it new (`Diagnostic.key(file:)`).
        func key(_ d: Diagnostic, mapping: Bool) -> FindingKey {
            d.key(file: d.location.map { mapping ? mapped($0.path) : $0.path } ?? "")
        }
        var baseCounts: [FindingKey: Int] = [:]
        for d in base.diagnostics { baseCounts[key(d, mapping: true), default: 0] += 1 }
        var headCounts: [FindingKey: Int] = [:]
        for d in head.diagnostics { headCounts[key(d, mapping: false), default: 0] += 1 }
        var seen: [FindingKey: Int] = [:]
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
            if let details = brokeNodes[graph.nodes[k].id] {
                graph.nodes[k].change = Change(.broke, details: details)
            } else if let details = fixedNodes[graph.nodes[k].id] {
                graph.nodes[k].change = Change(.fixed, details: details)
            } else if added.contains(graph.nodes[k].id) {
                graph.nodes[k].change = Change(.added)
            } else if let details = changedNodes[graph.nodes[k].id] {
                graph.nodes[k].change = Change(.changed, details: details)
            } else if let details = codeLinkNodes[graph.nodes[k].id] {
                // What a broken call in code ends at: it broke, once, however many calls end there.
                var unique = Set<String>()
                graph.nodes[k].change = Change(.broke, details: details.filter { unique.insert($0).inserted })
            }
        }
        let addedEdgeIDs = Set(addedEdges), brokeEdgeIDs = Set(brokeEdges)
        for k in graph.edges.indices {
            if brokeEdgeIDs.contains(graph.edges[k].id) {
                graph.edges[k].change = Change(.broke)
            } else if addedEdgeIDs.contains(graph.edges[k].id) {
                graph.edges[k].change = Change(.added)
            } else if let details = changedEdges[graph.edges[k].id] {
                graph.edges[k].change = Change(.changed, details: details)
            } else if let kind = codeLinkEdges[graph.edges[k].id] {
                graph.edges[k].change = Change(kind)
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
