import SBMapModel
import SBMapRender
import SBMapStyle
import Testing

@Suite struct FormatTests {
    func render(_ format: OutputFormat, _ graph: StoryboardGraph = SampleGraphs.tabBarApp,
                budget: Int = 16_000_000) throws -> Rendered {
        let theme = try BuiltinThemes.theme(named: "default")!
        return try MapOutput.write(.full(graph), as: format, options: RenderOptions(theme: theme, pngPixelBudget: budget))
    }

    @Test func pngHasItsSignature() throws {
        let out = try render(.png)
        #expect(Array(out.data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(!out.diagnostics.contains { $0.code == .renderLimited })
    }

    @Test func pdfHasItsSignature() throws {
        let out = try render(.pdf)
        #expect(String(decoding: out.data.prefix(5), as: UTF8.self) == "%PDF-")
    }

    @Test func bigPNGIsBoundedAndSaysSo() throws {
        let out = try render(.png, budget: 1_000_000)
        let finding = try #require(out.diagnostics.first { $0.code == .renderLimited })
        #expect(finding.message.contains("dpi"))
        // Width and height from the PNG header (IHDR).
        let w = out.data[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let h = out.data[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(w * h <= 1_100_000)
    }

    @Test func dotOutputIsTheStyledGraph() throws {
        let text = String(decoding: try render(.dot).data, as: UTF8.self)
        #expect(text.hasPrefix("digraph sbmap {"))
        #expect(text.contains("subgraph cluster_1"))
        #expect(text.contains("class=\"scene navigation"))
        #expect(!text.contains("pos="), "DOT is written before layout")
    }

    @Test func formatFromExtension() {
        #expect(OutputFormat(path: "out/map.svg") == .svg)
        #expect(OutputFormat(path: "map.PNG") == .png)
        #expect(OutputFormat(path: "map.gv") == .dot)
        #expect(OutputFormat(path: "map.pdf") == .pdf)
        #expect(OutputFormat(path: "map") == nil)
        #expect(OutputFormat(path: ".svg") == nil)
        #expect(OutputFormat(path: "dir.svg/map") == nil)
    }

    @Test func edgesToMissingNodesBecomeFindings() throws {
        var graph = SampleGraphs.tiny
        graph.edges.append(Edge(id: "Tiny.storyboard#dangling", from: graph.nodes[0].id, to: "Tiny.storyboard#NOPE",
                                kind: .show))
        let out = try render(.svg, graph)
        #expect(out.diagnostics.contains { $0.code == .renderLimited && $0.message.contains("NOPE") })
    }
}
