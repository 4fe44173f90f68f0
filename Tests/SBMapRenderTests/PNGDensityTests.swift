import Foundation
import Testing
import SBMapModel
@testable import SBMapRender
import SBMapStyle

/// Maps of up to about 100 scenes keep 96 dpi in PNG (sharp on a screen): the pixel budget grows with the scenes drawn
/// (`PNGBudget`), up to a hard cap that still bounds the memory a hostile map can take.
@Suite struct PNGDensityTests {
    /// Seven storyboards, 53 scenes, each storyboard a chain of show segues, laid out as sparsely as the real app's map
    /// was (long cross-file curves spread it): at 96 dpi its picture is over 16 M pixels, the old fixed budget.
    static func midSized() throws -> (map: MapGraph, theme: Theme) {
        var storyboards: [Storyboard] = [], nodes: [Node] = [], edges: [Edge] = []
        for (s, count) in [8, 8, 8, 8, 7, 7, 7].enumerated() {
            let path = "App/Flow\(s).storyboard"
            var previous: Node?
            for k in 0..<count {
                let scene = SampleGraphs.scene(path, "S\(s)-\(k)", customClass: "Flow\(s)Step\(k)ViewController", initial: k == 0)
                nodes.append(scene)
                if let previous { edges.append(SampleGraphs.edge(path, "e\(k)", previous, scene, .show)) }
                previous = scene
            }
            storyboards.append(Storyboard(path: path, name: "Flow\(s)", platform: .iOS, initialScene: nodes[nodes.count - count].id))
        }
        var theme = try #require(try BuiltinThemes.theme(named: "default"))
        theme.canvas.ranksep = 7
        theme.canvas.nodesep = 3
        return (MapGraph.full(StoryboardGraph(storyboards: storyboards, nodes: nodes, edges: edges)), theme)
    }

    static func pngSize(_ data: [UInt8]) -> (Int, Int)? {
        guard data.count > 24, data[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        func be(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    @Test func aMidSizedMapKeeps96dpi() throws {
        let (map, theme) = try Self.midSized()
        let svg = try Renderer.render(map, options: RenderOptions(format: .svg, theme: theme))
        let text = String(decoding: svg.data, as: UTF8.self)
        // The picture's size in points (its pad included), from the SVG of the same layout.
        let width = try #require(text.components(separatedBy: "<svg width=\"").dropFirst().first?.split(separator: "p").first.flatMap { Double($0) })
        let png = try Renderer.render(map, options: RenderOptions(format: .png, theme: theme))
        let (w, h) = try #require(Self.pngSize(png.data))
        #expect(w * h > PNGBudget.floor, "the fixture is over the old budget at 96 dpi: \(w)×\(h)")
        let dpi = Double(w) / (width / 72)
        #expect(dpi >= 95.5, "\(w)×\(h) px for \(width) pt: \(dpi) dpi")
        #expect(!png.diagnostics.contains { $0.message.contains("dpi instead of") }, "\(png.diagnostics)")
        // An asked budget still wins, with the note.
        let asked = try Renderer.render(map, options: RenderOptions(format: .png, theme: theme, pngPixelBudget: 16_000_000))
        #expect(asked.diagnostics.contains { $0.message.contains("dpi instead of 96") && $0.message.contains("16000000 pixels") })
    }

    @Test func theBudgetGrowsWithTheScenesUpToItsCap() {
        #expect(PNGBudget.pixels(scenes: 1) == 16_000_000)
        #expect(PNGBudget.pixels(scenes: 46) == 23_000_000)
        #expect(PNGBudget.pixels(scenes: 100) == 50_000_000)
        #expect(PNGBudget.pixels(scenes: 10_000_000) == 64_000_000)
        #expect(PNGBudget.pixels(scenes: Int.max) == 64_000_000)
    }

    /// A huge map (a hostile one) is drawn within the cap, at a lower resolution, and says so.
    @Test func aHugeMapStaysWithinTheCapWithTheNote() throws {
        let options = RenderOptions(format: .png, theme: try #require(try BuiltinThemes.theme(named: "default")))
        // 200 × 150 inches: 276 M pixels at 96 dpi.
        let plan = PNGPlan(widthPoints: 200 * 72, heightPoints: 150 * 72, options: options, scenes: 5_000)
        #expect(plan.reduced && plan.budget == PNGBudget.cap)
        #expect(plan.pixelWidth * plan.pixelHeight <= PNGBudget.cap)
        #expect(plan.dpi < 96)
    }
}
