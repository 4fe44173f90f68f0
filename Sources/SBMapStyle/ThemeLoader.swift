import enum SBMapModel.SceneRole
import struct SBMapModel.EdgeKind
import Yams

/// Reads a theme from YAML or JSON text (JSON is read as YAML, which it is a subset of).
///
/// The reader walks Yams' node tree rather than decoding, so each problem can name its key path
/// and line. It collects every problem in the file before failing.
public enum ThemeLoader {
    /// Parses `text` into a theme. Keys the file leaves out come from the built-in theme it `extends`,
    /// or from `Theme.base`.
    ///
    /// - Parameters:
    ///   - file: how to name the file in errors.
    ///   - builtins: where `extends:` finds its base (defaults to the embedded themes).
    public static func load(text: String, file: String,
                            builtins: (String) throws -> Theme? = { try BuiltinThemes.theme(named: $0) }) throws -> Theme {
        let root: Yams.Node?
        do {
            root = try YAMLReader.compose(text, file: file, subject: "theme key")
        } catch let error as YAMLReader.Failure {
            throw ThemeError(problems: error.problems)
        }
        guard let root, let mapping = root.mapping else {
            throw ThemeError(problems: [.init(file: file, line: root?.mark?.line ?? 1, column: root?.mark?.column ?? 1,
                                              keyPath: "", message: "a theme must be a mapping of keys to values")])
        }
        // A file with none of a theme's keys is not a theme (a credentials file, a JSON secret given by mistake, or
        // by a config file someone else wrote): say so without naming its keys or values, which may be secrets.
        // Unknown keys are named only beside a theme key, where they are likely typos.
        guard mapping.keys.contains(where: { $0.scalar.map { ThemeReader.topLevelKeys.contains($0.string) } ?? false }) else {
            throw ThemeError(problems: [.init(file: file, line: 0, column: 0, keyPath: "",
                                              message: "not a theme file: none of its top-level keys is a theme key (\(ThemeReader.topLevelKeys.joined(separator: ", ")))")])
        }
        let reader = ThemeReader(file: file)
        var theme = Theme.base
        if let extends = mapping["extends"] {
            if let name = reader.string(extends, ["extends"]) {
                if let base = try builtins(name) {
                    theme = base
                } else {
                    reader.fail(extends, ["extends"],
                                "no built-in theme '\(name)' (known: \(BuiltinThemes.names.joined(separator: ", ")))")
                }
            }
        }
        reader.readTheme(root, into: &theme)
        if !reader.problems.isEmpty { throw ThemeError(problems: reader.problems) }
        return theme
    }
}

/// Walks a theme's node tree: the theme's own value kinds on top of `YAMLReader`'s.
final class ThemeReader: YAMLReader {
    init(file: String) { super.init(file: file, subject: "theme key") }

    func color(_ node: Yams.Node, _ path: [String]) -> ThemeColor? {
        guard let s = node.scalar?.string else {
            fail(node, path, "expected a colour such as \"#1f6feb\"")
            return nil
        }
        guard let c = ThemeColor(s) else {
            fail(node, path, "bad colour '\(s)': use #rgb, #rrggbb, #rrggbbaa or none (quote it in YAML: \"#rrggbb\")")
            return nil
        }
        return c
    }

    func arrow(_ node: Yams.Node, _ path: [String]) -> String? {
        guard let s = string(node, path) else { return nil }
        guard GraphvizVocabulary.isArrow(s) else {
            fail(node, path, "unknown arrow '\(s)' (for example normal, vee, onormal, odiamond, dot, odot, tee, inv, none)")
            return nil
        }
        return s
    }

    /// A list of style words: a YAML sequence, or one comma-separated string.
    func styles(_ node: Yams.Node, _ path: [String], allowed: Set<String>) -> [String]? {
        var words: [(String, Yams.Node)] = []
        if let seq = node.sequence {
            for item in seq {
                guard let s = item.scalar?.string else {
                    fail(item, path, "expected style words")
                    return nil
                }
                words.append((s, item))
            }
        } else if let s = node.scalar?.string {
            words = s.split(separator: ",").map { (String($0).trimmingWhitespace(), node) }.filter { !$0.0.isEmpty }
        } else {
            fail(node, path, "expected a list of style words")
            return nil
        }
        var ok = true
        for (w, n) in words where !allowed.contains(w) {
            fail(n, path, "unknown style '\(w)' (expected some of: \(allowed.sorted().joined(separator: ", ")))")
            ok = false
        }
        return ok ? words.map(\.0) : nil
    }

    /// Short text drawn in the picture (prefixes, tags, titles): one line, at most 40 characters.
    func shortText(_ node: Yams.Node, _ path: [String]) -> String? {
        guard let s = string(node, path) else { return nil }
        guard s.count <= 40, !s.contains(where: { $0.isNewline }) else {
            fail(node, path, "expected one line of at most 40 characters")
            return nil
        }
        return s
    }
}

// MARK: - Sections

extension ThemeReader {
    /// The keys a theme may have at its top.
    static let topLevelKeys = ["extends", "name", "description", "font", "canvas", "cluster", "group", "scene", "roles",
                               "edges", "labels", "highlight", "diff", "markers", "legend"]

    func readTheme(_ root: Yams.Node, into theme: inout Theme) {
        fields(root, [], known: Self.topLevelKeys) { key, value, path in
            switch key {
            case "extends": break  // read first, by the loader
            case "name": if let s = shortText(value, path) { theme.name = s }
            case "description": if let s = string(value, path) { theme.summary = s }
            case "font": readFont(value, path, into: &theme.font)
            case "canvas": readCanvas(value, path, into: &theme.canvas)
            case "cluster": readCluster(value, path, into: &theme.cluster)
            case "group": readCluster(value, path, into: &theme.group)
            case "scene": theme.scene = theme.scene.overlaid(with: readNode(value, path))
            case "roles": readRoles(value, path, into: &theme.roles, legend: &theme.legend.roles)
            case "edges": readEdges(value, path, into: &theme.edges)
            case "labels": readLabels(value, path, into: &theme.labels)
            case "highlight": readHighlights(value, path, into: &theme.highlight)
            case "diff": readDiff(value, path, into: &theme.diff)
            case "markers": readMarkers(value, path, into: &theme.markers)
            case "legend": readLegend(value, path, into: &theme.legend)
            default: break
            }
        }
    }

    func readFont(_ node: Yams.Node, _ path: [String], into font: inout FontStyle) {
        fields(node, path, known: ["family", "size", "color", "edge-size", "cluster-size"]) { key, value, path in
            switch key {
            case "family": if let s = shortText(value, path) { font.family = s }
            case "size": if let d = number(value, path, range: 4...72) { font.size = d }
            case "color": if let c = color(value, path) { font.color = c }
            case "edge-size": if let d = number(value, path, range: 4...72) { font.edgeSize = d }
            case "cluster-size": if let d = number(value, path, range: 4...72) { font.clusterSize = d }
            default: break
            }
        }
    }

    func readCanvas(_ node: Yams.Node, _ path: [String], into canvas: inout CanvasStyle) {
        fields(node, path, known: ["background", "pad", "nodesep", "ranksep", "splines", "aspect"]) { key, value, path in
            switch key {
            case "background": if let c = color(value, path) { canvas.background = c }
            case "pad": if let d = number(value, path, range: 0...5) { canvas.pad = d }
            case "nodesep": if let d = number(value, path, range: 0.02...10) { canvas.nodesep = d }
            case "ranksep": if let d = number(value, path, range: 0.02...10) { canvas.ranksep = d }
            case "aspect": if let d = number(value, path, range: 0.1...10) { canvas.aspect = d }
            case "splines":
                if let s = word(value, path, allowed: GraphvizVocabulary.splines, what: "splines value") { canvas.splines = s }
            default: break
            }
        }
    }

    func readCluster(_ node: Yams.Node, _ path: [String], into cluster: inout ClusterStyle) {
        let known = ["style", "fill", "stroke", "penwidth", "font-color", "label-align"]
        fields(node, path, known: known) { key, value, path in
            switch key {
            case "style":
                if let s = styles(value, path, allowed: GraphvizVocabulary.clusterStyles) { cluster.style = s }
            case "fill": if let c = color(value, path) { cluster.fill = c }
            case "stroke": if let c = color(value, path) { cluster.stroke = c }
            case "penwidth": if let d = number(value, path, range: 0...10) { cluster.penwidth = d }
            case "font-color": if let c = color(value, path) { cluster.fontColor = c }
            case "label-align":
                if let s = word(value, path, allowed: ["left", "center", "right"], what: "alignment") { cluster.labelAlign = s }
            default: break
            }
        }
    }

    func readNode(_ node: Yams.Node, _ path: [String], also: [String] = []) -> NodeStyle {
        var style = NodeStyle()
        let known = ["shape", "style", "fill", "stroke", "font-color", "penwidth", "peripheries", "prefix"] + also
        fields(node, path, known: known) { key, value, path in
            switch key {
            case "shape": style.shape = word(value, path, allowed: GraphvizVocabulary.shapes, what: "shape")
            case "style": style.style = styles(value, path, allowed: GraphvizVocabulary.nodeStyles)
            case "fill": style.fill = color(value, path)
            case "stroke": style.stroke = color(value, path)
            case "font-color": style.fontColor = color(value, path)
            case "penwidth": style.penwidth = number(value, path, range: 0...10)
            case "peripheries": style.peripheries = integer(value, path, range: 0...4)
            case "prefix": style.prefix = shortText(value, path)
            default: break
            }
        }
        return style
    }

    func readEdge(_ node: Yams.Node, _ path: [String]) -> EdgeStyle {
        var style = EdgeStyle()
        let known = ["style", "color", "font-color", "penwidth", "arrowhead", "arrowtail", "tag"]
        fields(node, path, known: known) { key, value, path in
            switch key {
            case "style": style.style = styles(value, path, allowed: GraphvizVocabulary.edgeStyles)
            case "color": style.color = color(value, path)
            case "font-color": style.fontColor = color(value, path)
            case "penwidth": style.penwidth = number(value, path, range: 0...10)
            case "arrowhead": style.arrowhead = arrow(value, path)
            case "arrowtail": style.arrowtail = arrow(value, path)
            case "tag": style.tag = shortText(value, path)
            default: break
            }
        }
        return style
    }

    /// Each role's style, and what its legend sample says (`legend`, a key of the role's entry only).
    func readRoles(_ node: Yams.Node, _ path: [String], into roles: inout [SceneRole: NodeStyle],
                   legend: inout [SceneRole: String]) {
        fields(node, path, known: SceneRole.allCases.map(\.rawValue)) { key, value, path in
            guard let role = SceneRole(rawValue: key) else { return }
            roles[role] = (roles[role] ?? NodeStyle()).overlaid(with: readNode(value, path, also: ["legend"]))
            guard let mapping = value.mapping else { return }
            for (k, v) in mapping where k.scalar?.string == "legend" {
                if let text = shortText(v, path + ["legend"]) { legend[role] = text }
            }
        }
    }

    func readEdges(_ node: Yams.Node, _ path: [String], into edges: inout EdgeStyles) {
        fields(node, path, known: ["default", "kinds"]) { key, value, path in
            switch key {
            case "default": edges.default = edges.default.overlaid(with: readEdge(value, path))
            case "kinds":
                guard let mapping = value.mapping else {
                    fail(value, path, "expected a mapping from edge kind (show, presentation, …) to edge style")
                    return
                }
                for (keyNode, styleNode) in mapping {
                    guard let kind = keyNode.scalar?.string, !kind.isEmpty else {
                        fail(keyNode, path, "edge kinds must be plain words")
                        continue
                    }
                    // Any kind is accepted (the set is open), but warn-worthy typos of known kinds are errors.
                    let known = EdgeKind.knownSegueKinds.map(\.rawValue)
                        + [EdgeKind.reference, .code, .unwindTarget, .fold].map(\.rawValue)
                    if !known.contains(kind), let near = known.first(where: { $0.lowercased() == kind.lowercased() }) {
                        fail(keyNode, path + [kind], "unknown edge kind '\(kind)'; did you mean '\(near)'?")
                        continue
                    }
                    let style = readEdge(styleNode, path + [kind])
                    edges.kinds[kind] = (edges.kinds[kind] ?? EdgeStyle()).overlaid(with: style)
                }
            default: break
            }
        }
    }

    func readLabels(_ node: Yams.Node, _ path: [String], into labels: inout LabelOptions) {
        let known = ["max-length", "tooltip-max-length", "segue-action-prefix", "segue-identifiers", "relationships"]
        fields(node, path, known: known) { key, value, path in
            switch key {
            case "max-length": if let i = integer(value, path, range: 8...200) { labels.maxLength = i }
            case "tooltip-max-length": if let i = integer(value, path, range: 40...4000) { labels.tooltipMaxLength = i }
            case "segue-action-prefix": if let s = shortText(value, path) { labels.segueActionPrefix = s }
            case "segue-identifiers": if let b = bool(value, path) { labels.segueIdentifiers = b }
            case "relationships": if let b = bool(value, path) { labels.relationships = b }
            default: break
            }
        }
    }

    func readHighlight(_ node: Yams.Node, _ path: [String], into highlight: inout Highlight) {
        fields(node, path, known: ["node", "edge"]) { key, value, path in
            switch key {
            case "node": highlight.node = highlight.node.overlaid(with: readNode(value, path))
            case "edge": highlight.edge = highlight.edge.overlaid(with: readEdge(value, path))
            default: break
            }
        }
    }

    func readHighlights(_ node: Yams.Node, _ path: [String], into highlights: inout Highlights) {
        fields(node, path, known: ["cross-file", "unresolved", "external", "ambiguous"]) { key, value, path in
            switch key {
            case "cross-file": readHighlight(value, path, into: &highlights.crossFile)
            case "unresolved": readHighlight(value, path, into: &highlights.unresolved)
            case "external": readHighlight(value, path, into: &highlights.external)
            case "ambiguous": readHighlight(value, path, into: &highlights.ambiguous)
            default: break
            }
        }
    }

    func readDiff(_ node: Yams.Node, _ path: [String], into diff: inout DiffStyles) {
        fields(node, path, known: ["broke", "fixed", "added", "removed", "changed"]) { key, value, path in
            switch key {
            case "broke": readHighlight(value, path, into: &diff.broke)
            case "fixed": readHighlight(value, path, into: &diff.fixed)
            case "added": readHighlight(value, path, into: &diff.added)
            case "removed": readHighlight(value, path, into: &diff.removed)
            default: readHighlight(value, path, into: &diff.changed)
            }
        }
    }

    func readMarker(_ node: Yams.Node, _ path: [String], into marker: inout Marker) {
        fields(node, path, known: ["node", "edge", "scene"]) { key, value, path in
            switch key {
            case "node": marker.node = marker.node.overlaid(with: readNode(value, path))
            case "edge": marker.edge = marker.edge.overlaid(with: readEdge(value, path))
            case "scene": marker.scene = marker.scene.overlaid(with: readNode(value, path))
            default: break
            }
        }
    }

    func readMarkers(_ node: Yams.Node, _ path: [String], into markers: inout Markers) {
        fields(node, path, known: ["initial", "entry"]) { key, value, path in
            switch key {
            case "initial": readMarker(value, path, into: &markers.initial)
            case "entry": readMarker(value, path, into: &markers.entry)
            default: break
            }
        }
    }

    func readLegend(_ node: Yams.Node, _ path: [String], into legend: inout LegendStyle) {
        fields(node, path, known: ["show", "title", "cluster"]) { key, value, path in
            switch key {
            case "show": if let b = bool(value, path) { legend.show = b }
            case "title": if let s = shortText(value, path) { legend.title = s }
            case "cluster": readCluster(value, path, into: &legend.cluster)
            default: break
            }
        }
    }
}
