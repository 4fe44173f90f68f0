import SBMapModel
import SBMapRender
import SBMapStyle
import Testing

/// `render --format mermaid` and `--format markdown`: valid for any name, and nothing from the input becomes syntax.
@Suite struct TextFormatTests {
    static let hostile = [
        #""]; click n1 href "javascript:alert(1)""#, "end", "%%{init: {'theme':'dark'}}%%", "<img src=x onerror=alert(1)>",
        "`markdown string`", "|pipe|", "#quot;", "A-->B", "graph TD", "subgraph x", "a\nb", "*bold* _it_ [l](javascript:x)",
        "@everyone", "&amp;", "\\", "{{x}}", "((y))", "[/z/]", ">w]", "設定 › 画面",
    ]

    /// A storyboard per hostile name, each with a scene whose class, ID and title are hostile, and a reference from
    /// the first storyboard to each (resolved) and to a missing one with a hostile name.
    var graph: StoryboardGraph {
        var storyboards: [Storyboard] = []
        var nodes: [Node] = []
        var edges: [Edge] = []
        for (k, name) in Self.hostile.enumerated() {
            let path = "App/\(k)/\(name).storyboard"
            storyboards.append(Storyboard(path: path, name: name, platform: .iOS))
            nodes.append(SampleGraphs.scene(path, "s\(k)", customClass: name, identifier: name, title: name))
        }
        let first = storyboards[0].path
        for k in 1..<Self.hostile.count {
            let ref = SampleGraphs.reference(first, "r\(k)", storyboard: Self.hostile[k], resolution: .resolved(nodes[k].id))
            nodes.append(ref)
            edges.append(SampleGraphs.link(ref, nodes[k]))
            edges.append(SampleGraphs.edge(first, "e\(k)", nodes[0], ref, .show, identifier: Self.hostile[k]))
        }
        nodes.append(SampleGraphs.reference(first, "missing", storyboard: Self.hostile[3], resolution: Resolution(state: .unresolved, reason: "no storyboard named '\(Self.hostile[3])'")))
        return StoryboardGraph(storyboards: storyboards, nodes: nodes, edges: edges)
    }

    func render(_ map: MapGraph, _ format: OutputFormat) throws -> String {
        let theme = try BuiltinThemes.theme(named: "default")!
        return String(decoding: try MapOutput.write(map, as: format, options: RenderOptions(theme: theme)).data, as: UTF8.self)
    }

    func render(_ graph: StoryboardGraph, _ format: OutputFormat) throws -> String {
        try render(MapGraph.full(graph), format)
    }

    @Test func everyMermaidLineIsOneOfTheFormsTheWriterEmits() throws {
        for view in [MapGraph.full(graph), OverviewView.make(graph)] {
            let text = try render(view, .mermaid)
            try MermaidGrammar.check(text)
        }
    }

    @Test func theGrammarCheckRejectsWhatMermaidWouldMisread() {
        for bad in [#"  n1["a"b"]"#, #"  n1["<script>"]"#, #"  n1["%%{init}%%"]"#, "  n1[\"`md`\"]", "  click n1 call", "  n1 --> end"] {
            #expect(throws: MermaidGrammar.Failure.self, "\(bad)") { try MermaidGrammar.check("flowchart LR\n\(bad)\n") }
        }
        #expect(throws: Never.self) { try MermaidGrammar.check("flowchart LR\n  n1[\"a #34; b<br/>c\"]\n") }
    }

    @Test func mermaidLabelsDecodeBackToTheCleanedInput() throws {
        let text = try render(graph, .mermaid)
        let labels = MermaidGrammar.labels(text).map(MermaidGrammar.decode)
        for name in Self.hostile where name != "a\nb" {
            // Labels may be cut (long names) but every short hostile name appears whole, as text.
            #expect(labels.contains { $0.contains(TextSafety.clean(name)) }, "\(name)")
        }
        #expect(labels.contains { $0.contains("a b") }, "a line break becomes a space")
    }

    @Test func markdownShowsHostileNamesAsTextAndKeepsItsOwnStructure() throws {
        let text = try render(graph, .markdown)
        #expect(!text.contains("<img"))
        #expect(text.contains("&lt;img src=x onerror=alert\\(1\\)&gt;"))
        #expect(text.contains("\\*bold\\* \\_it\\_ \\[l\\]\\(javascript:x\\)"))
        #expect(text.contains("\\@everyone"))
        #expect(!text.contains("\n@everyone"))
        // Every table row has as many cells as its header (a `|` in a name cannot add a column).
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") }
        let header = rows.first.map(Self.cells) ?? 0
        #expect(header == 4)
        #expect(rows.allSatisfy { Self.cells($0) == header })
        #expect(text.contains("```mermaid\n"))
        #expect(text.hasSuffix("```\n"))
    }

    @Test func theOverviewInMarkdownListsStoryboardsWithTheirCounts() throws {
        let text = try render(OverviewView.make(SampleGraphs.tabBarApp), .markdown)
        #expect(text.hasPrefix("## Storyboard map (overview)\n\n4 storyboards, 15 scenes, "))
        #expect(text.contains("| Main (App/Base.lproj/Main.storyboard) |  | 2 | 1 | 0 | 0 | main |"))
    }

    /// Cells of a Markdown table row: `|`s not escaped by a backslash, less one.
    static func cells(_ row: Substring) -> Int {
        var count = 0
        var escaped = false
        for ch in row {
            if escaped { escaped = false; continue }
            if ch == "\\" { escaped = true } else if ch == "|" { count += 1 }
        }
        return count - 1
    }
}

/// The subset of Mermaid's flowchart grammar sbmap writes, with the quoting rules of Mermaid's lexer: a quoted
/// string runs to the next `"`, so it must hold none; `#…;` is an entity; ids are sbmap's own.
enum MermaidGrammar {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The inside of a quoted label: no quote, no backtick, no `<` or `>` except sbmap's `<br/>`, no raw `#` except
    /// in an entity, no `%%`.
    static let label = #"(?:[^"`<>#%\n]|#[0-9]+;|<br/>|%(?!%))*"#
    static let id = #"(?:n|c)[0-9]+"#
    static let shapes = [
        #"\("\#(label)"\)"#, #"\["\#(label)"\]"#, #"\{\{"\#(label)"\}\}"#, #">"\#(label)"\]"#, #"\[/"\#(label)"/\]"#,
        #"\[\["\#(label)"\]\]"#, #"\[\\"\#(label)"/\]"#, #"\(\(" "\)\)"#,
    ]
    static let css = #"[a-z-]+:[#a-z0-9. -]+(?:,[a-z-]+:[#a-z0-9. -]+)*"#
    static let forms: [String] = [
        #"%% sbmap map: Mermaid flowchart"#,
        #"flowchart (LR|TB)"#,
        #" *\#(id)(?:\#(shapes.joined(separator: "|")))"#,
        #" *subgraph \#(id)\["\#(label)"\]"#,
        #" *end"#,
        #" *\#(id) (?:-->|-\.->|==>)(?:\|"\#(label)"\|)? \#(id)"#,
        #" *style \#(id) \#(css)"#,
        #" *classDef s[0-9]+ \#(css)"#,
        #" *class \#(id)(?:,\#(id))* s[0-9]+"#,
        #" *linkStyle [0-9]+ \#(css)"#,
    ]

    static func check(_ text: String) throws {
        let patterns = try forms.map { try Regex("^(?:\($0))$") }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            guard patterns.contains(where: { (try? $0.wholeMatch(in: String(line))) != nil }) else {
                throw Failure(description: "not a line sbmap's grammar allows: \(line)")
            }
        }
    }

    static func labels(_ text: String) -> [String] {
        text.matches(of: try! Regex(#""(\#(label))""#)).compactMap { $0.output[1].substring.map(String.init) }
    }

    /// Mermaid's entity decoding: `#NN;` is the character NN, `<br/>` a line break (shown here as a space).
    static func decode(_ text: String) -> String {
        var out = ""
        var rest = Substring(text.replacingOccurrences(of: "<br/>", with: " "))
        while let hash = rest.firstIndex(of: "#") {
            out += rest[..<hash]
            let after = rest[rest.index(after: hash)...]
            if let semi = after.firstIndex(of: ";"), let value = UInt32(after[..<semi]), let scalar = Unicode.Scalar(value) {
                out.unicodeScalars.append(scalar)
                rest = after[after.index(after: semi)...]
            } else {
                out += "#"
                rest = after
            }
        }
        return out + rest
    }
}
