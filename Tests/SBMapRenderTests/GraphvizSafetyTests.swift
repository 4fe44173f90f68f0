import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SBMapModel
import SBMapRender
import SBMapStyle
import Testing

/// Graphviz runs inside the process, so an input that crashed it would crash sbmap. These tests give it
/// every hostile name at once, and graph shapes that stress layouts, in every layout engine and every
/// output format (docs/robustness.md, "What Graphviz is given").
@Suite struct GraphvizSafetyTests {
    /// Every name from HostileTextTests, plus what stresses text shaping rather than markup: a grapheme
    /// with thousands of combining marks, long emoji sequences, wide and right-to-left scripts.
    static let names: [String] = HostileTextTests.nasty + [
        // 1,000 combining marks on one letter. (10,000 works too, but slowly: see docs/robustness.md.)
        "Z" + String(repeating: "\u{0301}\u{0316}", count: 500),
        String(repeating: "👩‍👩‍👧‍👦", count: 500),
        String(repeating: "漢字", count: 3_000),
        "مرحبا" + String(repeating: "\u{200F}", count: 100) + "עברית",
        "%s%n%x %p {}[]()|;,\\",
        "",
        " ",
    ]

    /// One storyboard per name, named by it, with scenes, a reference and an edge that all carry it.
    static var everyName: StoryboardGraph {
        var graph = StoryboardGraph(storyboards: [], nodes: [], edges: [])
        for (index, name) in names.enumerated() {
            let other = HostileTextTests.graph(name)
            let prefix = "s\(index)/"
            graph.storyboards += other.storyboards.map { sb in
                var copy = sb
                copy.path = prefix + sb.path
                copy.initialScene = sb.initialScene.map { prefix + $0 }
                return copy
            }
            graph.nodes += other.nodes.map { node in
                var copy = node
                copy.id = prefix + node.id
                copy.storyboard = node.storyboard.map { prefix + $0 }
                return copy
            }
            graph.edges += other.edges.map { edge in
                var copy = edge
                copy.id = prefix + edge.id
                copy.from = prefix + edge.from
                copy.to = prefix + edge.to
                return copy
            }
        }
        // Links between the storyboards, in a cycle: what makes Graphviz 2.43 drop edges if left alone.
        let initials = graph.storyboards.compactMap(\.initialScene)
        for (a, b) in zip(initials, initials.dropFirst() + initials.prefix(1)) {
            graph.edges.append(Edge(id: "\(a)->\(b)", from: a, to: b, kind: .reference, crossFile: true))
        }
        return graph
    }

    static let theme = try! BuiltinThemes.theme(named: "default")!

    @Test(arguments: LayoutEngine.allCases)
    func everyHostileNameInEveryFormat(_ engine: LayoutEngine) throws {
        let graph = Self.everyName
        for format in OutputFormat.allCases {
            let out = try MapOutput.write(.full(graph), as: format,
                                          options: RenderOptions(engine: engine, theme: Self.theme, pngPixelBudget: 2_000_000))
            #expect(!out.diagnostics.contains { $0.code == .graphvizMessage && $0.severity == .error }, "\(engine) \(format): \(out.diagnostics)")
            switch format {
            case .svg:
                let text = String(decoding: out.data, as: UTF8.self)
                #expect(text.hasSuffix("</svg>\n"))
                let doc = try XMLDocument(data: Data(out.data), options: [])
                #expect(!SVG.elements(doc).contains { ["script", "foreignObject", "b"].contains($0.name ?? "") })
                #expect(!SVG.elements(doc).contains { $0.attributes?.contains { ($0.name ?? "").lowercased().hasPrefix("on") } == true })
            case .dot:
                let text = String(decoding: out.data, as: UTF8.self)
                #expect(text.hasPrefix("digraph sbmap {") && text.hasSuffix("}\n"))
            case .png:
                #expect(Array(out.data.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            case .pdf:
                #expect(String(decoding: out.data.prefix(5), as: UTF8.self) == "%PDF-")
            case .mermaid:
                try MermaidGrammar.check(String(decoding: out.data, as: UTF8.self))
            case .markdown:
                let text = String(decoding: out.data, as: UTF8.self)
                #expect(!text.contains("<script") && !text.contains("<img") && text.hasSuffix("```\n"))
            default:
                // JSON: it parses, and holds every hostile name as data.
                #expect(format == .json)
                #expect((try? JSONSerialization.jsonObject(with: Data(out.data))) != nil)
            }
        }
    }

    /// Shapes that stress layouts rather than text: a scene with thousands of edges in, self-loops,
    /// parallel edges, empty storyboards, a lone node, no nodes at all.
    @Test(arguments: LayoutEngine.allCases)
    func awkwardShapes(_ engine: LayoutEngine) throws {
        let path = "Hub.storyboard"
        let hub = SampleGraphs.scene(path, "hub", identifier: "Hub", initial: true)
        var nodes = [hub]
        var edges: [Edge] = []
        let spokes = engine == .dot ? 300 : 60  // the force-directed and circular engines grow much faster
        for index in 0..<spokes {
            let spoke = SampleGraphs.reference("S\(index % 10).storyboard", "r\(index)", storyboard: "Hub", identifier: "Hub",
                                               resolution: .resolved(hub.id))
            nodes.append(spoke)
            edges.append(SampleGraphs.link(spoke, hub))
        }
        edges.append(SampleGraphs.edge(path, "self", hub, hub, .show))
        edges.append(SampleGraphs.edge(path, "twin1", hub, nodes[1], .show))
        edges.append(SampleGraphs.edge(path, "twin2", hub, nodes[1], .show))
        let storyboards = [Storyboard(path: path, name: "Hub", platform: .iOS, initialScene: hub.id),
                           Storyboard(path: "Empty.storyboard", name: "Empty", platform: .iOS)]
            + (0..<10).map { Storyboard(path: "S\($0).storyboard", name: "S\($0)", platform: .iOS) }
        let graphs = [
            StoryboardGraph(storyboards: storyboards, nodes: nodes, edges: edges),
            StoryboardGraph(storyboards: [], nodes: [], edges: []),
            StoryboardGraph(storyboards: [storyboards[1]], nodes: [], edges: []),
            StoryboardGraph(storyboards: [storyboards[0]], nodes: [hub], edges: [SampleGraphs.edge(path, "self", hub, hub, .show)]),
        ]
        for (index, graph) in graphs.enumerated() {
            for format in [GraphvizFormat.svg, .dot] {
                let out = try Renderer.render(graph, options: RenderOptions(format: format, engine: engine, theme: Self.theme))
                #expect(!out.data.isEmpty, "graph \(index), \(engine), \(format)")
            }
        }
    }

    /// Renders from many threads at once: they are serialized, so none crashes Graphviz (two layouts at
    /// once do) and each gives the bytes a lone render gives.
    @Test func concurrentHostileRendersAreSerialized() async throws {
        let graph = Self.everyName
        let options = RenderOptions(format: .svg, engine: .dot, theme: Self.theme)
        let expected = try Renderer.render(graph, options: options).data
        let results = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for index in 0..<4 {
                group.addTask {
                    try Renderer.render(graph, options: RenderOptions(format: .svg, engine: index % 2 == 0 ? .dot : .sfdp,
                                                                      theme: Self.theme)).data
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 4)
        #expect(results.filter { $0 == expected }.count == 2)
    }

    @Test func pdfIsReproducible() throws {
        let first = try Renderer.render(SampleGraphs.tiny, options: RenderOptions(format: .pdf, theme: Self.theme)).data
        Thread.sleep(forTimeInterval: 1.1)
        let second = try Renderer.render(SampleGraphs.tiny, options: RenderOptions(format: .pdf, theme: Self.theme)).data
        #expect(first == second)
        if ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] == nil {
            #expect(String(decoding: first, as: UTF8.self).contains("/CreationDate (D:19700101000000Z)"))
        }
    }
}
