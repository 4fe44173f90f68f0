import SBMapModel
import SBMapRender
import SBMapStyle
import Testing

/// Force-directed layouts draw curved edges rather than edges routed around every node: Graphviz's routing grows
/// with the square of the nodes, and made `--layout sfdp` (the advice for very large maps) slower than dot.
@Suite struct ForceDirectedSplinesTests {
    func dot(_ engine: LayoutEngine, splines: String = "spline") throws -> String {
        var theme = try #require(try BuiltinThemes.theme(named: "default"))
        theme.canvas.splines = splines
        let out = try Renderer.render(SampleGraphs.tabBarApp, options: RenderOptions(format: .dot, engine: engine, theme: theme))
        return String(decoding: out.data, as: UTF8.self)
    }

    @Test func routedSplinesBecomeCurvedOutsideDot() throws {
        for engine in [LayoutEngine.sfdp, .neato, .fdp] {
            #expect(try dot(engine).contains("splines=curved"), "\(engine)")
            #expect(try dot(engine, splines: "polyline").contains("splines=curved"), "\(engine)")
            #expect(try dot(engine, splines: "line").contains("splines=line"), "\(engine)")
        }
        #expect(try dot(.dot).contains("splines=spline"))
    }

    @Test func sfdpDrawsTheMap() throws {
        let theme = try #require(try BuiltinThemes.theme(named: "default"))
        let out = try Renderer.render(SampleGraphs.tabBarApp, options: RenderOptions(format: .svg, engine: .sfdp, theme: theme))
        #expect(String(decoding: out.data, as: UTF8.self).contains("<svg"))
    }
}
