import SBMapModel

/// What the styling passes drew, so the legend lists exactly that and nothing else.
struct LegendUsage {
    enum NodeKey: Hashable, Comparable {
        case role(SceneRole)
        /// A placeholder (reference or link) in one resolution state.
        case placeholder(SceneRole, Resolution.State)
        /// An overview's storyboard, or a folded part, with a link that does not resolve or an error in it.
        case brokenSummary(SceneRole)

        private var rank: (Int, Int, Int) {
            let states = Resolution.State.allCases
            switch self {
            case let .role(r): return (0, SceneRole.allCases.firstIndex(of: r) ?? 0, 0)
            case let .brokenSummary(r): return (2, SceneRole.allCases.firstIndex(of: r) ?? 0, 0)
            case let .placeholder(r, s):
                return (1, states.firstIndex(of: s) ?? 0, SceneRole.allCases.firstIndex(of: r) ?? 0)
            }
        }

        static func < (a: Self, b: Self) -> Bool { a.rank < b.rank }
    }

    enum EdgeKey: Hashable, Comparable {
        case kind(EdgeKind)
        /// Kinds the theme does not name: the default style.
        case other
        /// A non-reference edge from one storyboard into another.
        case crossFile
        /// A dotted edge to a candidate target of an ambiguous placeholder.
        case candidate
        /// A link made in code into a target that does not resolve (a `code-target` node in this state).
        case broken(Resolution.State)

        private var rank: (Int, Int, String) {
            switch self {
            case let .kind(k):
                if let i = LegendUsage.edgeOrder.firstIndex(of: k) { return (0, i, "") }
                return (1, 0, k.rawValue)
            case .other: return (2, 0, "")
            case .crossFile: return (3, 0, "")
            case .candidate: return (4, 0, "")
            case let .broken(state): return (5, Resolution.State.allCases.firstIndex(of: state) ?? 0, "")
            }
        }

        static func < (a: Self, b: Self) -> Bool { a.rank < b.rank }
    }

    enum MarkerKey: Hashable, Comparable {
        case initial, entry
        /// `▶ App entry` in a storyboard's title (no scene to point a marker at).
        case entryTitle
    }

    var nodes: Set<NodeKey> = []
    var edges: Set<EdgeKey> = []
    var markers: Set<MarkerKey> = []
    var segueAction = false
    /// A node for a name that does not exist was named by a storyboard reference or link, not only by code (an
    /// overview's missing storyboard): the legend then does not say "in code".
    var missingNotOnlyFromCode = false
    /// A summary node stands for a xib (or a folder of xibs): the legend's "Storyboard" sample then says so too.
    var xibSummaries = false
    /// Diff maps: the kinds of change drawn.
    var changes: Set<Change.Kind> = []

    static let edgeOrder: [EdgeKind] = [
        .show, .push, .showDetail, .replace, .presentation, .modal, .sheet, .popoverPresentation, .popover,
        .embed, .relationship, .unwind, .unwindTarget, .custom, .reference, .aggregate, .code, .fold,
    ]

    /// The legend, in a fixed order: scene roles, placeholders, edges, then markers.
    func legendItems(theme: Theme) -> [LegendItem] {
        var items: [LegendItem] = []
        var ids = IDAllocator()
        for key in nodes.sorted() {
            switch key {
            case let .role(role):
                let text = role == .storyboard && xibSummaries && theme.legend.roles[role] == nil
                    ? "Storyboard or xib (screen count)" : theme.legend.text(for: role)
                items.append(LegendItem(id: ids.make("legend-role", role.rawValue), text: text,
                                        classes: ["legend-item", "scene", role.rawValue],
                                        sample: .node(theme.nodeStyle(for: role))))
            case let .brokenSummary(role):
                items.append(LegendItem(id: ids.make("legend-broken", role.rawValue),
                                        text: role == .stub ? "Folded part with a broken link or an error"
                                                            : "Storyboard with a broken link or an error (badges)",
                                        classes: ["legend-item", "scene", role.rawValue, "has-unresolved"],
                                        sample: .node(theme.nodeStyle(for: role).overlaid(with: StylePass.brokenSummaryOverlay(theme)))))
            case let .placeholder(role, state):
                let style = theme.nodeStyle(for: role).overlaid(with: theme.highlight.highlight(for: state).node)
                items.append(LegendItem(id: ids.make("legend-\(role.rawValue)", state.rawValue),
                                        text: missingNotOnlyFromCode && role == .codeTarget
                                            ? Self.missingText(state) : Self.placeholderText(role, state),
                                        classes: ["legend-item", "scene", role.rawValue,
                                                  state == .resolved ? "cross-file" : state.rawValue],
                                        sample: .node(style)))
            }
        }
        for key in edges.sorted() {
            switch key {
            case let .kind(kind):
                items.append(LegendItem(id: ids.make("legend-edge", kind.rawValue), text: Self.edgeText(kind),
                                        classes: ["legend-item", "edge", TextSafety.token(kind.rawValue)],
                                        sample: .edge(theme.edges.style(for: kind))))
            case .other:
                items.append(LegendItem(id: ids.make("legend-edge", "other"), text: "Other segue kind",
                                        classes: ["legend-item", "edge", "other"], sample: .edge(theme.edges.default)))
            case .crossFile:
                items.append(LegendItem(id: ids.make("legend-edge", "cross-file"), text: "Segue into another storyboard",
                                        classes: ["legend-item", "edge", "cross-file"],
                                        sample: .edge(theme.edges.default.overlaid(with: theme.highlight.crossFile.edge))))
            case .candidate:
                items.append(LegendItem(id: ids.make("legend-edge", "candidate"), text: "Possible target (ambiguous link)",
                                        classes: ["legend-item", "edge", "ambiguous-candidate"],
                                        sample: .edge(theme.edges.default.overlaid(with: theme.highlight.ambiguous.edge))))
            case let .broken(state):
                items.append(LegendItem(id: ids.make("legend-edge-broken", state.rawValue),
                                        text: missingNotOnlyFromCode
                                            ? (state == .external ? "Link into a bundle not scanned" : "Link to a target that does not exist")
                                            : state == .external ? "Shown from code, from a bundle not scanned"
                                                                 : "Shown from code, but the target does not exist",
                                        classes: ["legend-item", "edge", "code", state.rawValue, "broken-link"],
                                        sample: .edge(theme.edges.style(for: .code)
                                            .overlaid(with: theme.highlight.highlight(for: state).edge))))
            }
        }
        if segueAction {
            let prefix = TextSafety.clean(theme.labels.segueActionPrefix)
            items.append(LegendItem(id: ids.make("legend", "segue-action"),
                                    text: "\(prefix.isEmpty ? "" : prefix + " ")name: @IBSegueAction that creates the destination",
                                    classes: ["legend-item", "segue-action"],
                                    sample: .node(NodeStyle(shape: "plaintext"))))
        }
        for kind in changes.sorted() {
            let text = switch kind {
            case .broke: "A link that resolved before and not now (or new and unresolved)"
            case .fixed: "A link that resolves now and did not"
            case .added: "Added by the change"
            case .removed: "Removed by the change (ghost)"
            case .changed: "Changed (class, Storyboard ID, kind, target)"
            }
            items.append(LegendItem(id: ids.make("legend-diff", kind.rawValue), text: text,
                                    classes: ["legend-item", "diff", kind.rawValue],
                                    // A broken link is drawn in the unresolved style, with the broke mark on top.
                                    sample: .node(theme.scene.overlaid(with: kind == .broke ? theme.highlight.unresolved.node : NodeStyle())
                                        .overlaid(with: theme.diff.style(for: kind).node))))
        }
        for key in markers.sorted() {
            switch key {
            case .initial:
                items.append(LegendItem(id: ids.make("legend", "initial"), text: "Initial scene",
                                        classes: ["legend-item", "marker", "initial"],
                                        sample: .edge(theme.edges.default.overlaid(with: theme.markers.initial.edge)),
                                        from: theme.markers.initial.node,
                                        to: theme.nodeStyle(for: .plain).overlaid(with: theme.markers.initial.scene)))
            case .entry:
                items.append(LegendItem(id: ids.make("legend", "entry"), text: "Loaded by the app (entry point)",
                                        classes: ["legend-item", "marker", "entry"],
                                        sample: .node(theme.markers.entry.node)))
            case .entryTitle:
                items.append(LegendItem(id: ids.make("legend", "entry-title"), text: "▶ App entry, …: loaded by the app",
                                        classes: ["legend-item", "marker", "entry-title"],
                                        sample: .node(NodeStyle(shape: "plaintext"))))
            }
        }
        return Self.merged(items)
    }

    /// Items drawn alike as one entry: a reader cannot tell two equal samples apart, so they are one meaning (the
    /// built-in themes draw a reference's link, a segue into another storyboard and the overview's links between
    /// storyboards alike, and an unwind and where it returns to). Text-only items differ by their words, not merged.
    static func merged(_ items: [LegendItem]) -> [LegendItem] {
        var out: [LegendItem] = []
        var first: [LegendItem.Sample: Int] = [:]
        for item in items {
            if case let .node(style) = item.sample, style.shape == "plaintext" {
                out.append(item)
                continue
            }
            guard let k = first[item.sample] else {
                first[item.sample] = out.count
                out.append(item)
                continue
            }
            out[k].text += "; " + item.text
            out[k].classes += item.classes.filter { !out[k].classes.contains($0) }
        }
        return out
    }

    /// What a role's sample means, unless the theme says it (`roles.ROLE.legend`): a dictionary, not a switch, so a
    /// new role needs only its theme entry; a role in neither is named after its key (`swiftui-screen` → "Swiftui screen").
    static let roleTexts: [SceneRole: String] = [
        .navigation: "Navigation controller",
        .tabBar: "Tab bar controller",
        .split: "Split view controller",
        .page: "Page view controller",
        .plain: "View controller",
        .window: "Window controller",
        .application: "Application scene",
        .reference: "Storyboard reference",
        .link: "Runtime-attribute link",
        .exit: "Unwind exit",
        .code: "Type in code",
        .codeTarget: "Named in code, not found",
        .storyboard: "Storyboard (scene count)",
        .stub: "Storyboard further away (folded)",
        .xibScreen: "Screen from a xib",
        .codeScreen: "Screen made in code",
        .swiftUIScreen: "SwiftUI screen",
    ]

    static func roleText(_ role: SceneRole) -> String {
        if let text = roleTexts[role] { return text }
        let words = role.rawValue.split(separator: "-").joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// An overview's node for a name that code or a storyboard reference gives, and no storyboard has.
    static func missingText(_ state: Resolution.State) -> String {
        switch state {
        case .unresolved: "Named (in code or a reference), does not exist"
        case .external: "Named, in a bundle not scanned"
        case .resolved, .ambiguous: "Named (\(state.rawValue))"
        }
    }

    static func placeholderText(_ role: SceneRole, _ state: Resolution.State) -> String {
        if role == .codeTarget {
            switch state {
            case .unresolved: return "Named in code, does not exist"
            case .external: return "Named in code, in a bundle not scanned"
            case .resolved, .ambiguous: return "Named in code (\(state.rawValue))"
            }
        }
        let what = role == .link ? "link" : "reference"
        switch state {
        case .resolved: return role == .link ? "Runtime-attribute link, resolved" : "Storyboard reference, resolved"
        case .unresolved: return "Unresolved \(what)"
        case .external: return "External \(what) (bundle not scanned)"
        case .ambiguous: return "Ambiguous \(what)"
        }
    }

    static func edgeText(_ kind: EdgeKind) -> String {
        switch kind {
        case .show: "Show"
        case .push: "Push (legacy)"
        case .showDetail: "Show detail"
        case .replace: "Replace (legacy)"
        case .presentation: "Present modally"
        case .modal: "Modal (legacy)"
        case .sheet: "Sheet"
        case .popoverPresentation: "Popover"
        case .popover: "Popover (legacy)"
        case .embed: "Embed"
        case .relationship: "Relationship (root, tab, item)"
        case .unwind: "Unwind"
        case .custom: "Custom segue"
        case .reference: "Link into another storyboard"
        case .aggregate: "Links between storyboards (×count)"
        case .code: "Shown from code"
        case .fold: "Links to scenes further away (folded)"
        case .unwindTarget: "Unwind can return here (@IBAction in code)"
        default: "Segue: \(TextSafety.label(kind.rawValue, limit: 30))"
        }
    }
}
