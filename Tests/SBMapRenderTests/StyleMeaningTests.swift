import Foundation
import Testing
import SBMapModel
import SBMapRender
import SBMapStyle

/// Every style a reader can see on a map means one thing, and the legend says what: each look drawn has
/// exactly one legend entry, and no two entries look alike. A look is what tells elements apart at a glance: for an
/// edge its colour, line style and arrowhead; for a node its shape, fill, outline, line style and outlines. Widths
/// are left out (an overview's links grow heavier with their count; an initial scene has a heavier outline).
@Suite struct StyleMeaningTests {
    struct Look: Hashable, CustomStringConvertible {
        var element: String
        var parts: [String]
        var description: String { "\(element)(\(parts.joined(separator: " ")))" }
    }

    static func look(edge a: [String: String]) -> Look {
        Look(element: "edge", parts: [a["color"] ?? "-", words(a["style"]), a["arrowhead"] ?? "normal"])
    }

    static func look(node a: [String: String]) -> Look {
        Look(element: "node", parts: [a["shape"] ?? "box", a["fillcolor"] ?? "-", a["color"] ?? "-", words(a["style"]),
                                      a["peripheries"] ?? "1"])
    }

    static func look(_ sample: LegendItem.Sample) -> Look {
        switch sample {
        case let .edge(s):
            Look(element: "edge", parts: [s.color?.graphviz ?? "-", words(s.style?.joined(separator: ",")), s.arrowhead ?? "normal"])
        case let .node(s):
            Look(element: "node", parts: [s.shape ?? "box", s.fill?.graphviz ?? "-", s.stroke?.graphviz ?? "-",
                                          words(s.style?.joined(separator: ",")), s.peripheries.map(String.init) ?? "1"])
        }
    }

    /// Style words as a reader sees them: `solid` is the absence of a dash.
    static func words(_ style: String?) -> String {
        (style ?? "").split(separator: ",").map(String.init).filter { $0 != "solid" && !$0.isEmpty }.sorted().joined(separator: ",")
    }

    /// The nodes and edges of DOT text as `agwrite` writes it: (is an edge, attributes), defaults left out.
    static func statements(_ dot: String) -> [(edge: Bool, attributes: [String: String])] {
        var out: [(Bool, [String: String])] = []
        var statement = "", inQuote = false, escaped = false, html = 0
        for ch in dot {
            if inQuote {
                statement.append(ch)
                if escaped { escaped = false } else if ch == "\\" { escaped = true } else if ch == "\"" { inQuote = false }
                continue
            }
            if ch == "\"" && html == 0 { inQuote = true }
            if ch == "<" { html += 1 }
            if ch == ">" && html > 0 { html -= 1 }
            if html == 0 && (ch == ";" || ch == "{" || ch == "}") {
                if let parsed = parse(statement) { out.append(parsed) }
                statement = ""
                continue
            }
            statement.append(ch)
        }
        return out
    }

    static func parse(_ statement: String) -> (Bool, [String: String])? {
        let text = statement.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let open = text.firstIndex(of: "["), text.hasSuffix("]") else { return nil }
        let head = text[..<open].trimmingCharacters(in: .whitespaces)
        if ["graph", "node", "edge"].contains(head) { return nil }
        var attributes: [String: String] = [:]
        var key = "", value = "", inValue = false, inQuote = false, escaped = false, html = 0
        func flush() {
            let k = key.trimmingCharacters(in: .whitespacesAndNewlines)
            if !k.isEmpty { attributes[k] = value.trimmingCharacters(in: .whitespacesAndNewlines) }
            key = ""; value = ""; inValue = false
        }
        for ch in text[text.index(after: open)..<text.index(before: text.endIndex)] {
            if inQuote {
                if escaped { escaped = false; value.append(ch) } else if ch == "\\" { escaped = true; value.append(ch) }
                else if ch == "\"" { inQuote = false } else { value.append(ch) }
                continue
            }
            if ch == "<" { html += 1 }
            if ch == ">" && html > 0 { html -= 1 }
            if html > 0 || ch == ">" { value.append(ch); continue }
            switch ch {
            case "\"" where inValue: inQuote = true
            case "=" where !inValue: inValue = true
            case ",": flush()
            default: if inValue { value.append(ch) } else { key.append(ch) }
            }
        }
        flush()
        return (head.contains("->"), attributes)
    }

    /// Maps that draw every kind of element between them: the full map of an app with every segue kind, placeholders
    /// in each state and types in code; its overview (links between storyboards, from code, broken); focus maps with
    /// folded parts; and links made in code that do not resolve.
    static let maps: [(name: String, map: MapGraph)] = [
        ("full", MapGraph.full(SampleGraphs.tabBarApp)),
        ("overview", OverviewView.make(SampleGraphs.tabBarApp)),
        ("focus Search", FocusView(storyboard: "App/Search/Search.storyboard", hops: 1).make(SampleGraphs.tabBarApp)),
        ("focus Feed compose", FocusView(storyboard: "App/Feed/Feed.storyboard", scene: "App/Feed/Feed.storyboard#CMP-01",
                                         hops: 1).make(SampleGraphs.tabBarApp)),
        ("code links", MapGraph.full(CodeLinkDrawingTests.graph)),
        ("code links overview", OverviewView.make(CodeLinkDrawingTests.graph)),
        ("app-shaped overview", OverviewView.make(LegendSizeTests.appShaped(storyboards: 8, codeTypes: 3))),
    ]

    @Test(arguments: ["default", "dark", "print"])
    func everyLookDrawnHasOneLegendEntry(theme: String) throws {
        var kinds: Set<String> = []
        for (name, map) in Self.maps {
            let options = RenderOptions(format: .dot, theme: try BuiltinThemes.theme(named: theme)!)
            let rendered = try Renderer.render(map, options: options)
            let entries = rendered.key.filter {
                if case let .node(style) = $0.sample { return style.shape != "plaintext" }
                return true
            }
            // No two entries look alike.
            let entryLooks = entries.map { Self.look($0.sample) }
            #expect(Set(entryLooks).count == entryLooks.count,
                    "\(theme), \(name): entries that look alike: \(Dictionary(grouping: entries, by: { Self.look($0.sample) }).values.filter { $0.count > 1 }.map { $0.map(\.text) })")
            let known = Set(entryLooks)
            for (isEdge, a) in Self.statements(String(decoding: rendered.data, as: UTF8.self)) {
                let classes = Set((a["class"] ?? "").split(separator: " ").map(String.init))
                // Not drawn (layout only), the legend itself, and the dot an initial-scene arrow starts at.
                if a["style"] == "invis" || classes.contains("legend") || a["shape"] == "point" { continue }
                let look = isEdge ? Self.look(edge: a) : Self.look(node: a)
                kinds.formUnion(classes)
                #expect(known.contains(look), "\(theme), \(name): \(classes.sorted()) drawn as \(look), which no legend entry shows; entries: \(entryLooks)")
            }
        }
        // The maps draw every meaning the issue names.
        for kind in ["cross-file", "code", "broken-link", "stub", "unwind-target", "aggregate", "reference", "fold"] {
            #expect(kinds.contains(kind), "\(theme): no \(kind) drawn")
        }
    }

    /// The meanings the issue names each have a look of their own, in every built-in theme: not only another arrowhead.
    @Test(arguments: ["default", "dark", "print"])
    func theMeaningsDifferByMoreThanTheArrowhead(theme name: String) throws {
        let theme = try BuiltinThemes.theme(named: name)!
        let edges = theme.edges
        let meanings: [(String, EdgeStyle)] = [
            ("link between storyboards", edges.style(for: .aggregate)),
            ("code link", edges.style(for: .code)),
            ("unresolved link", edges.style(for: .code).overlaid(with: theme.highlight.unresolved.edge)),
            ("fold", edges.style(for: .fold)),
            ("unwind", edges.style(for: .unwindTarget)),
        ]
        for (i, a) in meanings.enumerated() {
            for b in meanings.dropFirst(i + 1) {
                let differ = a.1.color != b.1.color || Self.words(a.1.style?.joined(separator: ",")) != Self.words(b.1.style?.joined(separator: ","))
                #expect(differ, "\(name): \(a.0) and \(b.0) differ only in arrowhead or width")
            }
        }
        // A reference's link and a segue into another storyboard are links between storyboards, drawn alike.
        #expect(Self.look(.edge(edges.style(for: .reference))) == Self.look(.edge(edges.style(for: .aggregate))))
        #expect(Self.look(.edge(edges.default.overlaid(with: theme.highlight.crossFile.edge)))
                == Self.look(.edge(edges.style(for: .aggregate))))
    }

    @Test func theDOTReaderReadsAttributes() {
        let dot = "digraph x {\n\tn1\t[class=\"scene plain\",\n\t\tlabel=<<TABLE><TR><TD>a, b=c</TD></TR></TABLE>>,\n\t\tstyle=\"rounded,filled\"];\n\tn1 -> n2\t[arrowhead=vee, color=\"#bc4c00\"];\n}\n"
        let parsed = Self.statements(dot)
        #expect(parsed.count == 2)
        #expect(parsed.first?.attributes["style"] == "rounded,filled")
        #expect(parsed.first?.attributes["class"] == "scene plain")
        #expect(parsed.last?.edge == true && parsed.last?.attributes["color"] == "#bc4c00")
    }
}
