/// What a graph holds, counted once, the same way for every output: `check`'s summary line, the site's index, the
/// diff summary's before and after columns and `maps.json` all read these numbers.
///
/// - A **scene** is a scene of a storyboard. A storyboard reference or runtime-attribute placeholder is not: it is
///   a **cross-file link**, and counted once, as one.
/// - A **segue** is an edge Interface Builder draws (relationships included); sbmap's own edges (resolved
///   references, code links, unwind targets, the aggregates of overview and focus maps) are not.
/// - A **code link** is a `code` edge; it is unresolved when it ends at a `code-target` node (what the code names
///   does not exist).
/// - A **xib screen** is a screen from a `.xib` (`xib-screen` node): counted apart from the scenes, and its xib file
///   is not a storyboard.
/// - A **code screen** is a screen made in code (`code-screen` node), a **SwiftUI screen** a hosted SwiftUI view
///   (`swiftui-screen`): each counted apart, and neither is a scene.
///
/// The same pass counts each storyboard (`storyboard(_:)`): the overview's storyboard nodes, the stubs of focus
/// maps, `maps.json`, the site's manifest, index and storyboard pages read those numbers, not counts of their own.
public struct GraphCounts: Hashable, Sendable, Codable {
    public var storyboards = 0
    public var scenes = 0
    public var xibScreens = 0
    /// Screens made in code (`code-screen` nodes) and SwiftUI screens (`swiftui-screen` nodes).
    public var codeScreens = 0
    public var swiftUIScreens = 0
    public var segues = 0
    public var crossFileLinks = CrossFileLinks()
    public var codeLinks = 0
    public var unresolvedCodeLinks = 0
    public var errors = 0
    public var warnings = 0
    public var notes = 0
    /// Each storyboard's counts, by path. Not written where the totals are (`maps.json` lists each map's scenes).
    public var byStoryboard: [String: PerStoryboard] = [:]
    /// The types in code that are nodes of the graph (`code` nodes, screens made in code and SwiftUI screens): what a
    /// focus map's code stub stands for.
    public var codeTypes = 0

    /// What one storyboard holds, counted as the whole graph is.
    public struct PerStoryboard: Hashable, Sendable {
        /// Its scenes, placeholders not included (`NodeRole.isCountedScene`).
        public var scenes = 0
        /// Its placeholders: storyboard references and runtime-attribute links to scenes elsewhere.
        public var crossFileLinks = 0
        /// Its nodes that stand for a link that does not resolve (placeholders, and targets named in code that are
        /// placed in it): a node that carries no resolution at all is not resolved either.
        public var unresolved = 0
        /// The findings located in it or in one of its localized copies, by level.
        public var errors = 0
        public var warnings = 0
        public var notes = 0

        public init(scenes: Int = 0, crossFileLinks: Int = 0, unresolved: Int = 0, errors: Int = 0, warnings: Int = 0,
                    notes: Int = 0) {
            self.scenes = scenes
            self.crossFileLinks = crossFileLinks
            self.unresolved = unresolved
            self.errors = errors
            self.warnings = warnings
            self.notes = notes
        }

        mutating func add(_ other: PerStoryboard) {
            scenes += other.scenes
            crossFileLinks += other.crossFileLinks
            unresolved += other.unresolved
            errors += other.errors
            warnings += other.warnings
            notes += other.notes
        }
    }

    /// The kinds of screen the counts name apart, in the order every output writes them: `2 scenes, 3 xib screens`.
    /// A new kind of screen node is a case here (its noun, and the role that makes it), a stored count, and a line
    /// in `subscript(screens:)`: `check`, the site's index, Markdown, the diff summary and the overview's boxes
    /// name it from this list.
    public enum ScreenKind: String, CaseIterable, Sendable, Comparable {
        /// A scene of a storyboard (`NodeRole.isCountedScene`).
        case scene
        /// A screen from a `.xib` (`xib-screen`).
        case xib
        /// A screen made in code (`code-screen`).
        case code
        /// A hosted SwiftUI view (`swiftui-screen`).
        case swiftUI

        /// The kind of screen a node of `role` is; `nil` for a node that is no screen (a placeholder, an exit, code).
        public init?(role: SceneRole) {
            if role == .xibScreen {
                self = .xib
            } else if role == .codeScreen {
                self = .code
            } else if role == .swiftUIScreen {
                self = .swiftUI
            } else if role.isCountedScene {
                self = .scene
            } else {
                return nil
            }
        }

        /// The kind of screen a file of `kind` holds: a xib's are xib screens.
        public init(file kind: Storyboard.Kind) {
            self = kind == .xib ? .xib : .scene
        }

        /// `scene`, `xib screen`.
        public var noun: String {
            switch self {
            case .scene: "scene"
            case .xib: "xib screen"
            case .code: "code screen"
            case .swiftUI: "SwiftUI screen"
            }
        }

        /// Whether the counts name the kind where there is none: scenes always (a storyboards-only app's outputs
        /// are as they were), the others only where an app has some.
        public var namedWhenNone: Bool { self == .scene }

        public static func < (a: Self, b: Self) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// The screens of one kind.
    public subscript(screens kind: ScreenKind) -> Int {
        get {
            switch kind {
            case .scene: scenes
            case .xib: xibScreens
            case .code: codeScreens
            case .swiftUI: swiftUIScreens
            }
        }
        set {
            switch kind {
            case .scene: scenes = newValue
            case .xib: xibScreens = newValue
            case .code: codeScreens = newValue
            case .swiftUI: swiftUIScreens = newValue
            }
        }
    }

    /// The kinds of screen to name, with their counts: scenes, then each other kind the app has.
    public var screenKinds: [(kind: ScreenKind, count: Int)] {
        ScreenKind.allCases.compactMap { kind in
            let n = self[screens: kind]
            return n > 0 || kind.namedWhenNone ? (kind, n) : nil
        }
    }

    /// The counts of the storyboard at `path` (zero for a path that is no storyboard of the graph).
    public func storyboard(_ path: String) -> PerStoryboard { byStoryboard[path] ?? PerStoryboard() }

    /// Cross-file links by the state of their resolution.
    public struct CrossFileLinks: Hashable, Sendable, Codable {
        public var resolved = 0
        public var unresolved = 0
        public var external = 0
        public var ambiguous = 0

        public init() {}

        public var total: Int { resolved + unresolved + external + ambiguous }

        mutating func add(_ state: Resolution.State) {
            switch state {
            case .resolved: resolved += 1
            case .unresolved: unresolved += 1
            case .external: external += 1
            case .ambiguous: ambiguous += 1
            }
        }
    }

    public init() {}

    private enum CodingKeys: String, CodingKey {
        case storyboards, scenes, xibScreens, codeScreens, swiftUIScreens, segues, crossFileLinks, codeLinks, unresolvedCodeLinks, errors, warnings, notes
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        storyboards = try c.decode(Int.self, forKey: .storyboards)
        scenes = try c.decode(Int.self, forKey: .scenes)
        xibScreens = try c.decodeIfPresent(Int.self, forKey: .xibScreens) ?? 0
        codeScreens = try c.decodeIfPresent(Int.self, forKey: .codeScreens) ?? 0
        swiftUIScreens = try c.decodeIfPresent(Int.self, forKey: .swiftUIScreens) ?? 0
        segues = try c.decode(Int.self, forKey: .segues)
        crossFileLinks = try c.decode(CrossFileLinks.self, forKey: .crossFileLinks)
        codeLinks = try c.decode(Int.self, forKey: .codeLinks)
        unresolvedCodeLinks = try c.decode(Int.self, forKey: .unresolvedCodeLinks)
        errors = try c.decode(Int.self, forKey: .errors)
        warnings = try c.decode(Int.self, forKey: .warnings)
        notes = try c.decode(Int.self, forKey: .notes)
    }

    /// As the synthesized form, with `xibScreens` only where there are some (a storyboards-only app's files are as
    /// they were).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(storyboards, forKey: .storyboards)
        try c.encode(scenes, forKey: .scenes)
        if xibScreens > 0 { try c.encode(xibScreens, forKey: .xibScreens) }
        if codeScreens > 0 { try c.encode(codeScreens, forKey: .codeScreens) }
        if swiftUIScreens > 0 { try c.encode(swiftUIScreens, forKey: .swiftUIScreens) }
        try c.encode(segues, forKey: .segues)
        try c.encode(crossFileLinks, forKey: .crossFileLinks)
        try c.encode(codeLinks, forKey: .codeLinks)
        try c.encode(unresolvedCodeLinks, forKey: .unresolvedCodeLinks)
        try c.encode(errors, forKey: .errors)
        try c.encode(warnings, forKey: .warnings)
        try c.encode(notes, forKey: .notes)
    }

    /// The counts of `graph`, its findings included.
    public init(_ graph: StoryboardGraph) {
        storyboards = graph.storyboards.count { !$0.isXib }
        // One pass over the nodes and one over the edges, by position: a large app has tens of thousands of each,
        // and `for node in` (or filtering into arrays) copies every one.
        var codeTargets: Set<String> = []
        // A storyboard's nodes come one after another: its counts are looked up once per run of them, not per node.
        var runPath: String?
        var run = PerStoryboard()
        byStoryboard.reserveCapacity(graph.storyboards.count)
        for k in graph.nodes.indices {
            let role = graph.nodes[k].role
            let state = graph.nodes[k].resolution?.state
            if role.isCrossFileLink {
                crossFileLinks.add(state ?? .unresolved)
            } else if let kind = ScreenKind(role: role) {
                self[screens: kind] += 1
                // Screens made in code and SwiftUI screens are types in code too (a focus map's code stub).
                if kind == .code || kind == .swiftUI { codeTypes += 1 }
            } else if role == .codeTarget {
                codeTargets.insert(graph.nodes[k].id)
            } else if role == .code {
                codeTypes += 1
            }
            guard let path = graph.nodes[k].storyboard else { continue }
            if path != runPath {
                if let runPath { byStoryboard[runPath, default: PerStoryboard()].add(run) }
                runPath = path
                run = PerStoryboard()
            }
            if role.isCrossFileLink {
                run.crossFileLinks += 1
            } else if role.isScene {
                run.scenes += 1
            }
            if role.carriesResolution, state != .resolved { run.unresolved += 1 }
        }
        if let runPath { byStoryboard[runPath, default: PerStoryboard()].add(run) }
        for k in graph.edges.indices {
            let kind = graph.edges[k].kind
            if kind.isInterfaceBuilderSegue {
                segues += 1
            } else if kind == .code {
                codeLinks += 1
                if codeTargets.contains(graph.edges[k].to) { unresolvedCodeLinks += 1 }
            }
        }
        count(graph.diagnostics)
        // Findings by storyboard: those located in it or in one of its localized copies (the first storyboard that
        // lists a copy owns it).
        var owner: [String: String] = [:]
        for s in graph.storyboards.indices {
            let path = graph.storyboards[s].path
            owner[path] = path
            for variant in graph.storyboards[s].localizedVariants where owner[variant] == nil { owner[variant] = path }
        }
        for k in graph.diagnostics.indices {
            guard let path = graph.diagnostics[k].location?.path, let storyboard = owner[path] else { continue }
            switch graph.diagnostics[k].severity {
            case .error: byStoryboard[storyboard, default: PerStoryboard()].errors += 1
            case .warning: byStoryboard[storyboard, default: PerStoryboard()].warnings += 1
            case .info: byStoryboard[storyboard, default: PerStoryboard()].notes += 1
            }
        }
    }

    /// These counts with the findings counted again, from `findings` (a command adds the findings of its own
    /// rendering to the analysis's).
    public func with(findings: [Diagnostic]) -> GraphCounts {
        var counts = self
        counts.count(findings)
        return counts
    }

    private mutating func count(_ findings: [Diagnostic]) {
        errors = 0
        warnings = 0
        notes = 0
        for k in findings.indices {
            switch findings[k].severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .info: notes += 1
            }
        }
    }

    public var findings: Int { errors + warnings + notes }

    /// `2 storyboards, 4 scenes, 2 segues, 2 cross-file links (1 resolved, 1 unresolved); 1 error, 0 warnings, 0 notes`:
    /// the line that closes every run.
    public var summaryLine: String {
        var parts = [plural(storyboards, "storyboard")]
        parts += screenKinds.map { plural($0.count, $0.kind.noun) }
        parts.append(plural(segues, "segue"))
        var links = plural(crossFileLinks.total, "cross-file link")
        if crossFileLinks.total > 0 {
            let states = [(crossFileLinks.unresolved, "unresolved"), (crossFileLinks.external, "external"),
                          (crossFileLinks.ambiguous, "ambiguous")]
            links += " (" + (["\(crossFileLinks.resolved) resolved"] + states.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" })
                .joined(separator: ", ") + ")"
        }
        parts.append(links)
        if codeLinks > 0 {
            parts.append(plural(codeLinks, "code link") + (unresolvedCodeLinks > 0 ? " (\(unresolvedCodeLinks) unresolved)" : ""))
        }
        return parts.joined(separator: ", ") + "; "
            + [plural(errors, "error"), plural(warnings, "warning"), plural(notes, "note")].joined(separator: ", ")
    }
}
