import SBMapModel
import SBMapStyle

/// A link into a scene: who references it. Interface Builder cannot answer this; the site lists it per scene.
struct IncomingLink: Hashable, Sendable {
    enum Kind: Int, Hashable, Sendable, Comparable {
        case entryPoint, reference, runtimeLink, code, ownClass, unwind, ambiguous

        var text: String {
            switch self {
            case .entryPoint: "entry point"
            case .reference: "storyboard reference"
            case .runtimeLink: "runtime-attribute link"
            case .code: "code"
            case .ownClass: "code in its own class (a factory such as static func make() -> Self)"
            case .unwind: "unwind"
            case .ambiguous: "ambiguous reference (one of the candidates)"
            }
        }

        static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    var kind: Kind
    /// The node the link starts at (a placeholder, a scene, a code type, an exit); `nil` for entry points.
    var from: String?
    /// Where the link is written: the placeholder, the line of code, the Info.plist key.
    var location: SourceLocation?
    /// What made it: the API in code, the Info.plist key, the `@IBAction`.
    var detail: String?
}

/// A link out of a storyboard: a reference or runtime-attribute placeholder, a link made in code by one of its
/// scenes' classes, or an unwind that returns to another storyboard.
struct OutgoingLink: Hashable, Sendable {
    enum Kind: Int, Hashable, Sendable, Comparable {
        case reference, runtimeLink, code, unwind

        var text: String {
            switch self {
            case .reference: "storyboard reference"
            case .runtimeLink: "runtime-attribute link"
            case .code: "code"
            case .unwind: "unwind"
            }
        }

        static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    var kind: Kind
    /// The scene (or placeholder, or exit) of this storyboard it starts at.
    var from: String
    /// The node it reaches, when it resolves.
    var to: String?
    /// What it names, as written: `Settings`, `Settings › Detail`.
    var names: String
    var state: Resolution.State
    var reason: String?
    var location: SourceLocation?
    var detail: String?
}

/// What the pages need to know about the graph, worked out once: pages of storyboards, anchors of scenes, the
/// links into every scene and out of every storyboard, findings by storyboard.
struct SiteLinks: Sendable {
    let graph: StoryboardGraph
    /// Storyboard path → page file name without extension (`MapFileNames`: stable and URL-safe).
    let pageNames: [String: String]
    let nodesByID: NodeTable
    let storyboardsByPath: [String: Storyboard]
    /// Storyboard path → its scenes (and placeholders), in document order.
    let scenes: SceneTable
    let incoming: [String: [IncomingLink]]
    let outgoing: [String: [OutgoingLink]]
    /// Links that name a storyboard (or a scene of it) but do not resolve, by that storyboard's path: calls in code
    /// whose Storyboard ID it lacks, references whose identifier it lacks.
    let broken: [String: [OutgoingLink]]
    /// Findings by storyboard path: those located in the storyboard or one of its localized copies, and those
    /// elsewhere (in code) about one of its scenes.
    private(set) var findings: [String: [Diagnostic]] = [:]
    /// What the graph and each storyboard hold, as `check` counts it: the index's figures and tables, the pages'
    /// headings and the manifest read these, as the overview's badges do.
    let counts: GraphCounts
    /// Localized copy (or the storyboard itself) → the storyboard mapped for it.
    let owner: [String: String]
    /// Code edges by where they are written, to link a finding in code to what it is about.
    let codeEdgesAt: [SourceLocation: [Edge]]
    /// How pages name storyboards: with the platform or path where names repeat.
    let storyboardNames: StoryboardNames

    init(_ graph: StoryboardGraph, counts: GraphCounts? = nil) {
        self.graph = graph
        pageNames = MapFileNames.names(for: graph.storyboards)
        storyboardNames = StoryboardNames(graph.storyboards)
        nodesByID = graph.nodesByID
        storyboardsByPath = graph.storyboardsByID
        var owner: [String: String] = [:]
        for storyboard in graph.storyboards {
            owner[storyboard.path] = storyboard.path
            for variant in storyboard.localizedVariants where owner[variant] == nil { owner[variant] = storyboard.path }
        }
        self.owner = owner

        var scenes: [String: [Int]] = [:]
        for (k, node) in graph.nodes.enumerated() {
            guard let path = node.storyboard else { continue }
            if node.role.isScene { scenes[path, default: []].append(k) }
        }
        self.scenes = SceneTable(nodes: graph.nodes, positions: scenes)
        self.counts = counts ?? GraphCounts(graph)

        var incoming: [String: [IncomingLink]] = [:]
        var outgoing: [String: [OutgoingLink]] = [:]
        for storyboard in graph.storyboards {
            guard let initial = storyboard.initialScene else { continue }
            for entry in storyboard.entryPoints {
                incoming[initial, default: []].append(IncomingLink(kind: .entryPoint, from: nil, location: entry.declaredAt,
                                                                   detail: entry.key))
            }
        }
        let nodesByID = self.nodesByID
        for node in graph.nodes where node.role.isCrossFileLink {
            let kind: IncomingLink.Kind = node.role == .link ? .runtimeLink : .reference
            let resolution = node.resolution ?? Resolution(state: .unresolved)
            if resolution.state == .resolved, let target = resolution.target {
                incoming[target, default: []].append(IncomingLink(kind: kind, from: node.id, location: node.location,
                                                                  detail: nil))
            } else if resolution.state == .ambiguous {
                for candidate in resolution.candidates {
                    incoming[candidate, default: []].append(IncomingLink(kind: .ambiguous, from: node.id,
                                                                         location: node.location, detail: nil))
                }
            }
            if let path = node.storyboard {
                outgoing[path, default: []].append(OutgoingLink(
                    kind: node.role == .link ? .runtimeLink : .reference, from: node.id,
                    to: resolution.state == .resolved ? resolution.target : nil,
                    names: Self.linkDescription(node), state: resolution.state, reason: resolution.reason,
                    location: node.location, detail: node.link?.linkClass))
            }
        }
        // A class that instantiates its own scene draws no edge (it would be a loop onto itself), but it is a reference
        // to the scene all the same: the code names the scene's Storyboard ID, and renaming the ID breaks it.
        for node in graph.nodes {
            for location in node.instantiatedBySelfAt ?? [] {
                incoming[node.id, default: []].append(IncomingLink(kind: .ownClass, from: node.id, location: location,
                                                                   detail: nil))
            }
        }
        var codeEdgesAt: [SourceLocation: [Edge]] = [:]
        for edge in graph.edges {
            switch edge.kind {
            case .code:
                if let location = edge.location {
                    codeEdgesAt[SourceLocation(path: location.path, line: location.line), default: []].append(edge)
                }
                let target = nodesByID[edge.to]
                if target?.role != .codeTarget {
                    incoming[edge.to, default: []].append(IncomingLink(kind: .code, from: edge.from, location: edge.location,
                                                                       detail: edge.via))
                }
                if let path = nodesByID[edge.from]?.storyboard {
                    let broken = target?.role == .codeTarget
                    outgoing[path, default: []].append(OutgoingLink(
                        kind: .code, from: edge.from, to: broken ? nil : edge.to,
                        names: target.map { Self.linkDescription($0) } ?? edge.to,
                        state: broken ? (target?.resolution?.state ?? .unresolved) : .resolved,
                        reason: broken ? target?.resolution?.reason : nil, location: edge.location, detail: edge.via))
                }
            case .unwindTarget:
                incoming[edge.to, default: []].append(IncomingLink(kind: .unwind, from: edge.from, location: edge.location,
                                                                   detail: edge.via))
                let from = nodesByID[edge.from]?.storyboard
                if let from, nodesByID[edge.to]?.storyboard != from {
                    outgoing[from, default: []].append(OutgoingLink(
                        kind: .unwind, from: edge.from, to: edge.to,
                        names: nodesByID[edge.to].map { Self.linkDescription($0) } ?? edge.to, state: .resolved,
                        reason: nil, location: edge.location, detail: edge.via))
                }
            default:
                break
            }
        }
        self.incoming = incoming.mapValues {
            $0.sorted { ($0.kind, $0.location ?? SourceLocation(path: ""), $0.from ?? "") < ($1.kind, $1.location ?? SourceLocation(path: ""), $1.from ?? "") }
        }
        self.outgoing = outgoing.mapValues {
            $0.sorted { ($0.location ?? SourceLocation(path: ""), $0.kind, $0.from, $0.names) < ($1.location ?? SourceLocation(path: ""), $1.kind, $1.from, $1.names) }
        }
        self.codeEdgesAt = codeEdgesAt

        var broken: [String: [OutgoingLink]] = [:]
        let storyboardsByName = Dictionary(grouping: graph.storyboards, by: \.name)
        for edge in graph.edges where edge.kind == .code {
            guard let target = nodesByID[edge.to], target.role == .codeTarget, let path = target.storyboard else { continue }
            broken[path, default: []].append(OutgoingLink(
                kind: .code, from: edge.from, to: nil, names: Self.linkDescription(target),
                state: target.resolution?.state ?? .unresolved, reason: target.resolution?.reason, location: edge.location,
                detail: edge.via))
        }
        for node in graph.nodes where node.role.isCrossFileLink {
            let resolution = node.resolution ?? Resolution(state: .unresolved)
            guard resolution.state != .resolved, let name = node.link?.storyboardName else { continue }
            for storyboard in storyboardsByName[name] ?? [] {
                broken[storyboard.path, default: []].append(OutgoingLink(
                    kind: node.role == .link ? .runtimeLink : .reference, from: node.id, to: nil,
                    names: Self.linkDescription(node), state: resolution.state, reason: resolution.reason,
                    location: node.location, detail: nil))
            }
        }
        self.broken = broken.mapValues {
            $0.sorted { ($0.location ?? SourceLocation(path: ""), $0.from, $0.names) < ($1.location ?? SourceLocation(path: ""), $1.from, $1.names) }
        }

        var findings: [String: [Diagnostic]] = [:]
        for diagnostic in graph.diagnostics {
            if let path = diagnostic.location?.path, let storyboard = owner[path] {
                findings[storyboard, default: []].append(diagnostic)
            } else if let scene = self.scene(of: diagnostic), let storyboard = nodesByID[scene]?.storyboard {
                findings[storyboard, default: []].append(diagnostic)
            }
        }
        self.findings = findings
    }



    // MARK: Pages and anchors

    /// `storyboards/Main.html`, relative to the site's root.
    func page(of storyboard: String) -> String? {
        pageNames[storyboard].map { "storyboards/\($0).html" }
    }

    /// The fragment that finds a node on its storyboard's page: `scene-` and its object id (`scene-BYZ-38-t0r`).
    /// It is made from the node's id inside its storyboard, never from the storyboard's path, so a link stays the
    /// same wherever sbmap runs (`sbmap site .` in one folder, `sbmap site /ci/work/app` in another). The page's
    /// scene table row has it as its id; the script finds the node on the map through the page's anchor table.
    func anchor(of nodeID: String) -> String {
        let node = nodesByID[nodeID]
        var local = Substring(nodeID)
        if let path = node?.storyboard, local.hasPrefix(path + "#") { local = local.dropFirst(path.count + 1) }
        return "scene-" + TextSafety.token(String(local))
    }

    /// The link to a node's place on its storyboard's page, or for a screen made in code or a SwiftUI screen its
    /// entry on the index (`index.html#scene-code-…`), relative to the site's root; `nil` for other code types and
    /// for nodes of no storyboard.
    func href(of nodeID: String) -> String? {
        guard let node = nodesByID[nodeID] else { return nil }
        if node.role.isMadeInCode { return "index.html#" + anchor(of: nodeID) }
        guard let path = node.storyboard, let page = page(of: path) else { return nil }
        return page + "#" + anchor(of: nodeID)
    }

    /// The screens made in code and the SwiftUI screens, by name: the index lists them (`IndexPage`).
    var screensInCode: [Node] {
        graph.nodes.filter(\.role.isMadeInCode).sorted { (Self.linkDescription($0), $0.id) < (Self.linkDescription($1), $1.id) }
    }

    /// The links in code into and out of each screen made in code and SwiftUI screen (who pushes or presents it,
    /// what it pushes, presents or instantiates), by the screen's id, in the order of where they are written.
    func codeLinksOfScreens() -> (into: [String: [Edge]], out: [String: [Edge]]) {
        var into: [String: [Edge]] = [:], out: [String: [Edge]] = [:]
        for edge in graph.edges where edge.kind == .code {
            if nodesByID[edge.to]?.role.isMadeInCode == true { into[edge.to, default: []].append(edge) }
            if nodesByID[edge.from]?.role.isMadeInCode == true { out[edge.from, default: []].append(edge) }
        }
        func sorted(_ edges: [Edge]) -> [Edge] {
            edges.sorted { ($0.location ?? SourceLocation(path: ""), $0.from, $0.to) < ($1.location ?? SourceLocation(path: ""), $1.from, $1.to) }
        }
        return (into.mapValues(sorted), out.mapValues(sorted))
    }

    /// How a link in code is made: the navigation call as the map labels it (`push`, `present`, `tab 2`), or `code`.
    static func callText(_ edge: Edge) -> String {
        guard let call = edge.relationship else { return "code" }
        guard let order = edge.order, call == "tab" || call == "stack" else { return call }
        return "\(call) \(order + 1)"
    }

    /// The storyboard's name, with its platform or path when names repeat (`Settings (tvOS)`).
    func storyboardTitle(_ path: String) -> String {
        guard let storyboard = storyboardsByPath[path] else { return path }
        return storyboardNames.title(storyboard)
    }

    /// The scene a finding is about: the last scene that starts at or before its line in its storyboard, or for a
    /// finding in code, the scene the code's link reaches (or starts from).
    func scene(of diagnostic: Diagnostic) -> String? {
        guard let location = diagnostic.location else { return nil }
        if let storyboard = owner[location.path] {
            guard location.path == storyboard, location.line > 0 else { return nil }
            return scenes[storyboard]?.last { ($0.location?.line ?? 0) <= location.line && ($0.location?.line ?? 0) > 0 }?.id
        }
        for edge in codeEdgesAt[SourceLocation(path: location.path, line: location.line)] ?? [] {
            for end in [edge.to, edge.from] where nodesByID[end]?.storyboard != nil { return end }
        }
        return nil
    }

    /// The storyboard page a finding belongs on, with the scene's anchor when there is one.
    func href(of diagnostic: Diagnostic) -> String? {
        if let scene = scene(of: diagnostic) { return href(of: scene) }
        guard let path = diagnostic.location?.path, let storyboard = owner[path] else { return nil }
        return page(of: storyboard)
    }

    // MARK: Text

    /// What a node is called in a list: its class (or default class), and for placeholders where they point.
    static func linkDescription(_ node: Node) -> String {
        switch node.role {
        case .reference, .link, .codeTarget:
            guard let link = node.link else { return node.label }
            var text = link.storyboardName ?? "(no storyboard)"
            if let identifier = link.identifier, !identifier.isEmpty { text += " › \(identifier)" }
            if let bundle = link.bundleIdentifier, !bundle.isEmpty { text += " [\(bundle)]" }
            return text
        case .exit:
            return node.unwindAction.map { "Exit: \($0)" } ?? node.label
        default:
            return node.customClass ?? node.label
        }
    }

    /// A node's name with its storyboard: `FeedViewController in Feed`.
    func describe(_ nodeID: String) -> String {
        guard let node = nodesByID[nodeID] else { return nodeID }
        let name = Self.linkDescription(node)
        switch node.role {
        case .code: return "\(name) (code)"
        case .codeScreen: return "\(name) (screen made in code)"
        case .swiftUIScreen: return "\(name) (SwiftUI)"
        case .codeTarget: return name
        case .reference, .link: return node.storyboard.map { "→ \(name) in \(storyboardTitle($0))" } ?? "→ \(name)"
        default: return node.storyboard.map { "\(name) in \(storyboardTitle($0))" } ?? name
        }
    }

    /// The class a scene has when it sets none, as the map's labels show it.
    static func defaultClass(_ node: Node, platform: Platform?) -> String? {
        node.defaultClass(on: platform)
    }
}

/// Each storyboard's scenes, in document order, as positions in the graph's nodes.
struct SceneTable: Sendable {
    let nodes: [Node]
    let positions: [String: [Int]]

    subscript(path: String) -> [Node]? { positions[path].map { $0.map { nodes[$0] } } }
}
