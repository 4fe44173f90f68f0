import SBMapModel

/// A link made in code that a change broke or fixed, said once, at the call:
/// `App/PremiumView.swift:22 → Settings › premium: resolved → unresolved (Storyboard ID renamed in Settings.storyboard)`.
///
/// The graph draws such a link as `code` edges from the calling class (or each of its scenes) to the scene, or to a
/// `code-target` node when it does not resolve; compared edge by edge, one broken call reads as a new unresolved
/// node plus a removed link, filed under whatever storyboard the caller's scenes are in. Compared call by call (the
/// file, the Storyboard ID it names, and the order of such calls in the file), it is one event, filed under the
/// storyboard whose change did it.
public struct CodeLinkChange: Hashable, Sendable, Comparable {
    /// The call: in HEAD.
    public var location: SourceLocation
    /// What the call names: `Settings › premium`, or `Settings` for a storyboard's initial scene.
    public var target: String
    /// The link's state before the change; nil when the call is new.
    public var before: Resolution.State?
    public var after: Resolution.State
    /// What in the change did it: `Storyboard ID renamed in Settings.storyboard`, `scene removed from Settings.storyboard`.
    public var cause: String?
    /// The HEAD storyboard whose change did it (where the summary files the event); nil: the code.
    public var storyboard: String?

    /// The event in one line, without Markdown.
    public var text: String {
        let at = location.line > 0 ? "\(location.path):\(location.line)" : location.path
        let states = before.map { "\($0.rawValue) → \(after.rawValue)" } ?? "a new call, \(after.rawValue)"
        return "\(at) → \(target): \(states)" + (cause.map { " (\($0))" } ?? "")
    }

    public static func < (a: Self, b: Self) -> Bool { (a.location, a.target) < (b.location, b.target) }
}

extension GraphDiff {
    /// One call in code, as the graph of one side draws it: its edges, and whether any of them reaches a scene.
    struct Call {
        var location: SourceLocation
        var edges: [Edge]
        /// The scenes it reaches (ids of that side); none when it does not resolve.
        var scenes: [String]
        /// The `code-target` nodes it ends at, when it does not resolve.
        var codeTargets: [String]
        var target: String
        var state: Resolution.State { scenes.isEmpty ? .unresolved : .resolved }
    }

    /// A call's key on both sides: its file, and the Storyboard ID it names (or, for an initial scene, the storyboard).
    struct CallKey: Hashable {
        var path: String
        var name: String
    }

    /// The calls of one side, by key, each key's calls in the order of the file.
    func calls(of graph: StoryboardGraph, mapping: Bool) -> [CallKey: [Call]] {
        let nodes = graph.nodesByID
        struct At: Hashable { var key: CallKey; var location: SourceLocation }
        var byCall: [At: Call] = [:]
        for edge in graph.edges where edge.kind == .code {
            guard var location = edge.location, let to = nodes[edge.to] else { continue }
            if mapping { location.path = mapped(location.path) }
            let codeTarget = to.role == .codeTarget
            let storyboard = codeTarget ? (to.link?.storyboardName ?? "?") : Self.storyboardName(to.storyboard)
            let identifier = codeTarget ? to.link?.identifier : edge.identifier
            let key = CallKey(path: location.path, name: identifier.map { "#" + $0 } ?? storyboard)
            let at = At(key: key, location: location)
            var call = byCall[at] ?? Call(location: location, edges: [], scenes: [], codeTargets: [],
                                          target: identifier.map { "\(storyboard) › \($0)" } ?? storyboard)
            call.edges.append(edge)
            if codeTarget { call.codeTargets.append(to.id) } else { call.scenes.append(to.id) }
            byCall[at] = call
        }
        var out: [CallKey: [Call]] = [:]
        for (at, call) in byCall { out[at.key, default: []].append(call) }
        for key in out.keys { out[key]?.sort { $0.location < $1.location } }
        return out
    }

    /// Calls whose link broke or was fixed, as events at the call (`brokeCodeLinks`, `fixedCodeLinks`); their edges
    /// and `code-target` nodes leave the added, removed and broke lists.
    mutating func classifyCodeLinks() {
        let before = calls(of: base, mapping: true), after = calls(of: head, mapping: false)
        // Built once here and passed along: `nodesByID` makes a new dictionary on each call.
        let nodes = (base: base.nodesByID, head: head.nodesByID)
        let headToBase = reverseMatch()
        var baseEdges = Set<String>(), headEdges = Set<String>(), baseTargets = Set<String>(), headTargets = Set<String>()
        for key in Set(before.keys).union(after.keys) {
            let old = before[key] ?? [], new = after[key] ?? []
            for k in new.indices {
                let call = new[k]
                let previous = k < old.count ? old[k] : nil
                var change: CodeLinkChange
                if let previous, previous.state == .resolved, call.state == .unresolved {
                    let reason = call.codeTargets.first.flatMap { nodes.head[$0]?.resolution?.reason }
                    let (cause, storyboard) = brokeCause(previous.scenes, reason: reason, nodes)
                    change = CodeLinkChange(location: call.location, target: call.target, before: .resolved, after: .unresolved,
                                            cause: cause, storyboard: storyboard)
                } else if let previous, previous.state == .unresolved, call.state == .resolved {
                    let (cause, storyboard) = fixedCause(call.scenes, nodes)
                    change = CodeLinkChange(location: call.location, target: call.target, before: .unresolved, after: .resolved,
                                            cause: cause, storyboard: storyboard)
                } else if previous == nil, call.state == .unresolved {
                    let node = call.codeTargets.first.flatMap { nodes.head[$0] }
                    codeLinkEdgesAppeared += call.edges.count
                    if let segue = segueChange(call, node: node, from: base, to: head, matching: headToBase, broke: true) {
                        // A `performSegue` that resolved before: checked then, drawn now; it broke.
                        change = CodeLinkChange(location: call.location, target: call.target, before: .resolved, after: .unresolved,
                                                cause: segue, storyboard: node?.storyboard)
                    } else {
                        change = CodeLinkChange(location: call.location, target: call.target, before: nil, after: .unresolved,
                                                cause: node?.resolution?.reason, storyboard: node?.storyboard)
                    }
                } else {
                    continue
                }
                if change.after == .unresolved { brokeCodeLinks.append(change) } else { fixedCodeLinks.append(change) }
                for edge in call.edges {
                    headEdges.insert(edge.id)
                    codeLinkEdges[edge.id] = change.after == .unresolved ? .broke : .fixed
                }
                for id in call.codeTargets {
                    headTargets.insert(id)
                    codeLinkNodes[id, default: []].append(change.cause ?? "does not resolve")
                }
                codeLinkScenes.formUnion(call.scenes)
                codeLinkScenes.formUnion((previous?.scenes ?? []).compactMap { nodeMatch[$0] })
                if let previous {
                    baseEdges.formUnion(previous.edges.map(\.id))
                    baseTargets.formUnion(previous.codeTargets)
                }
            }
            // A `performSegue` that did not resolve and does now leaves no `code` edge in HEAD: its segue is there.
            for call in old.dropFirst(new.count) where call.state == .unresolved {
                let node = call.codeTargets.first.flatMap { nodes.base[$0] }
                guard let cause = segueChange(call, node: node, from: head, to: base, matching: nodeMatch, broke: false) else { continue }
                let storyboard = node?.storyboard.map { storyboardMatch[$0] ?? $0 }
                fixedCodeLinks.append(CodeLinkChange(location: call.location, target: call.target, before: .unresolved,
                                                     after: .resolved, cause: cause, storyboard: storyboard))
                codeLinkEdgesGone += call.edges.count
                baseEdges.formUnion(call.edges.map(\.id))
                baseTargets.formUnion(call.codeTargets)
            }
        }
        brokeCodeLinks.sort()
        fixedCodeLinks.sort()
        // A storyboard reference that broke or was fixed says why, as a call does.
        let baseOf = Dictionary(nodeMatch.map { ($0.value, $0.key) }, uniquingKeysWith: { a, _ in a })
        for (id, details) in brokeNodes {
            guard let was = baseOf[id].flatMap({ nodes.base[$0] }), let target = was.resolution?.target else { continue }
            let (cause, _) = brokeCause([target], reason: nodes.head[id]?.resolution?.reason, nodes)
            brokeNodes[id] = ["resolved → unresolved" + (cause.map { " (\($0))" } ?? "")]
                + details.filter { !$0.hasPrefix("link: ") }
        }
        for (id, details) in fixedNodes {
            guard let target = nodes.head[id]?.resolution?.target else { continue }
            let (cause, _) = fixedCause([target], nodes)
            fixedNodes[id] = ["unresolved → resolved" + (cause.map { " (\($0))" } ?? "")] + details.filter { !$0.hasPrefix("link: ") }
        }
        addedEdges.removeAll { headEdges.contains($0) }
        brokeEdges.removeAll { headEdges.contains($0) }
        for id in headEdges { changedEdges[id] = nil }
        removedEdges.removeAll { baseEdges.contains($0.id) }
        addedNodes.removeAll { headTargets.contains($0) }
        for id in headTargets {
            brokeNodes[id] = nil
            fixedNodes[id] = nil
            changedNodes[id] = nil
        }
        removedNodes.removeAll { baseTargets.contains($0.id) }
    }

    /// HEAD id → BASE id of matched nodes.
    func reverseMatch() -> [String: String] {
        Dictionary(nodeMatch.map { ($0.value, $0.key) }, uniquingKeysWith: { a, _ in a })
    }

    /// For a call that performs a segue (its `code-target` is `…#segue:<identifier>`) and does not resolve on its own
    /// side: what happened to the segue, when `other` (the side where the call resolves) has a segue of that identifier
    /// from one of the call's scenes. `match` maps the call's side's node ids to `other`'s. `broke`: the call is in
    /// HEAD and the segue in BASE (removed or renamed); otherwise the call is in BASE and the segue in HEAD (added or
    /// named). Nil when the call is not a segue's or the other side has no such segue either.
    func segueChange(_ call: Call, node: Node?, from other: StoryboardGraph, to side: StoryboardGraph,
                     matching match: [String: String], broke: Bool) -> String? {
        guard let node, node.id.contains("#segue:"), let identifier = node.link?.identifier else { return nil }
        let froms = Set(call.edges.compactMap { match[$0.from] })
        guard let segue = other.edges.first(where: {
            $0.kind.isInterfaceBuilderSegue && $0.identifier == identifier && froms.contains($0.from)
        }) else { return nil }
        let file = Self.fileName(node.storyboard.map { broke ? $0 : (storyboardMatch[$0] ?? $0) })
        let kept = side.edges.contains { $0.kind.isInterfaceBuilderSegue && (mapped($0.id) == segue.id || mapped(segue.id) == $0.id) }
        if broke { return kept ? "segue identifier renamed in \(file)" : "segue removed from \(file)" }
        return kept ? "segue identifier set in \(file)" : "segue added in \(file)"
    }

    /// `Settings.storyboard` for its path.
    static func fileName(_ path: String?) -> String {
        guard let path else { return "code" }
        return path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The nodes of both sides by id, built once per classification.
    typealias NodesByID = (base: NodeTable, head: NodeTable)

    /// What broke a link that reached `scenes` (BASE ids) and reaches nothing now, and the HEAD storyboard that did it.
    func brokeCause(_ scenes: [String], reason: String?, _ nodes: NodesByID) -> (String?, String?) {
        guard let id = scenes.sorted().first, let scene = nodes.base[id], let path = scene.storyboard else {
            return (reason, nil)
        }
        guard let headPath = storyboardMatch[path] else { return ("\(Self.fileName(path)) removed", nil) }
        guard let matched = nodeMatch[id], let now = nodes.head[matched] else {
            return ("scene removed from \(Self.fileName(headPath))", headPath)
        }
        let file = Self.fileName(now.storyboard)
        if movedNodes[matched] != nil { return ("scene moved to \(file)", now.storyboard) }
        if scene.storyboardIdentifier != now.storyboardIdentifier {
            return (now.storyboardIdentifier == nil ? "Storyboard ID removed in \(file)" : "Storyboard ID renamed in \(file)", now.storyboard)
        }
        if scene.initial, !now.initial { return ("no longer the initial scene of \(file)", now.storyboard) }
        if headPath != path { return ("\(Self.fileName(path)) renamed to \(file)", now.storyboard) }
        return (reason, now.storyboard)
    }

    /// What fixed a link that reaches `scenes` (HEAD ids) now, and the HEAD storyboard that did it.
    func fixedCause(_ scenes: [String], _ nodes: NodesByID) -> (String?, String?) {
        guard let id = scenes.sorted().first, let now = nodes.head[id], let path = now.storyboard else { return (nil, nil) }
        let file = Self.fileName(path)
        guard storyboardMatch.values.contains(path) else { return ("\(file) added", path) }
        guard let was = nodeMatch.first(where: { $0.value == id }).flatMap({ nodes.base[$0.key] }) else {
            return ("scene added to \(file)", path)
        }
        if movedNodes[id] != nil { return ("scene moved to \(file)", path) }
        if was.storyboardIdentifier != now.storyboardIdentifier {
            return (was.storyboardIdentifier == nil ? "Storyboard ID set in \(file)" : "Storyboard ID renamed in \(file)", path)
        }
        if !was.initial, now.initial { return ("became the initial scene of \(file)", path) }
        if let old = was.storyboard, old != path { return ("\(Self.fileName(old)) renamed to \(file)", path) }
        return (nil, path)
    }
}
