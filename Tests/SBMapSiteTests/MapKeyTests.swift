import SBMapModel
import SBMapRender
@testable import SBMapSite
import SBMapStyle
import Testing

/// The site's maps carry their legend in HTML beside them, not inside the drawing, so "Fit" shows the map itself
/// and the legend never covers part of it.
@Suite struct MapKeyTests {
    func pages(_ graph: StoryboardGraph) throws -> [String: String] {
        let options = SiteOptions(title: "Demo",
                                  render: RenderOptions(format: .svg, theme: try #require(try BuiltinThemes.theme(named: "default"))),
                                  generator: "sbmap test")
        let files = SitePages.make(graph, maps: SiteMaps.draw(graph, options: options), options: options)
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
    }

    @Test func theLegendIsHTMLBesideTheMapAndNotInIt() throws {
        let files = try pages(SiteGraphs.app())
        for name in ["index.html", "storyboards/Main.html", "storyboards/Feed.html"] {
            let html = try #require(files[name])
            #expect(html.contains("<dl class=\"map-key\""), "\(name)")
            #expect(!html.contains("class=\"node legend\"") && !html.contains("legend&#45;item"), "\(name)")
            // Content-Security-Policy: no inline style; swatches use SVG presentation attributes.
            #expect(!html.contains(" style=\""), "\(name)")
            #expect(html.contains("<svg class=\"key-swatch\""), "\(name)")
        }
        // The overview's key names what the overview draws: storyboards, and the links between them.
        let index = try #require(files["index.html"])
        // (Every storyboard of this app has a link that does not resolve: drawn with the red double outline.)
        #expect(index.contains("<dd>Storyboard with a broken link or an error (badges)</dd>"))
        #expect(index.contains("<dd>Links between storyboards (×count)</dd>"))
        #expect(!index.contains("<dd>View controller</dd>"))
        let css = try #require(files["assets/sbmap.css"])
        #expect(css.contains(".map-key"))
    }

    @Test func aKeySwatchDrawsTheEdgeItExplains() {
        let style = EdgeStyle(style: ["dashed"], color: ThemeColor("#bc4c00"), penwidth: 2, arrowhead: "odiamond")
        let key = LegendItem(id: "legend-edge-x", text: "A <dashed> link", classes: ["legend-item", "edge", "x"], sample: .edge(style))
        let html = MapKey.html([key])
        #expect(html.contains("stroke=\"#bc4c00\""))
        #expect(html.contains("stroke-dasharray"))
        #expect(html.contains("<polygon points=\"22,5 26,1.5 30,5 26,8.5\" fill=\"none\""))
        #expect(html.contains("<dd>A &lt;dashed&gt; link</dd>"))
    }
}
