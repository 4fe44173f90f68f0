import SBMapModel
import SBMapRender
import SBMapStyle
@testable import SBMapSite
import Testing

@Suite struct SVGInlinerTests {
    /// Graphviz's SVG of a graph whose names are markup: it inlines, and what it inlines holds the names as text.
    @Test func aRenderedMapOfHostileNamesInlinesAsDrawingOnly() throws {
        let payload = #""><script>alert(1)</script><![CDATA[x]]><foreignObject onload="x">"#
        let graph = SiteGraphs.app(name: payload)
        let theme = try #require(try BuiltinThemes.theme(named: "default"))
        let rendered = try Renderer.render(graph, options: RenderOptions(format: .svg, theme: theme))
        // Graphviz writes `-` in ids as `&#45;`; an HTML parser reads both the same.
        let inline = String(decoding: try SVGInliner.inline(rendered.data), as: UTF8.self).replacingOccurrences(of: "&#45;", with: "-")
        #expect(inline.hasPrefix("<svg "))
        #expect(inline.hasSuffix("</svg>"))
        #expect(!inline.contains("<!--") && !inline.contains("<!DOCTYPE") && !inline.contains("<?xml"))
        #expect(!inline.contains("<script") && !inline.contains("<foreignObject") && !inline.contains("<![CDATA["))
        #expect(inline.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        // Every node the render lists is in it.
        for id in rendered.nodeIDs.values { #expect(inline.contains("id=\"\(id)\"")) }
    }

    @Test(arguments: [
        #"<svg><script>alert(1)</script></svg>"#,
        #"<svg><foreignObject><div/></foreignObject></svg>"#,
        #"<svg onload="alert(1)"></svg>"#,
        #"<svg><g id="a" onclick="x"></g></svg>"#,
        #"<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>"#,
        #"<svg><text><![CDATA[<script>alert(1)</script>]]></text></svg>"#,
        #"<svg><g id='a'></g></svg>"#,
        #"<svg><g id="a<b"></g></svg>"#,
        #"<svg><style>*{}</style></svg>"#,
        #"<p>before</p><svg></svg>"#,
        #"<svg><!-- unterminated"#,
        "no svg at all",
    ])
    func anythingButDrawingIsRefused(_ svg: String) {
        #expect(throws: SVGInliner.Failure.self) { try SVGInliner.inline(Array(svg.utf8)) }
    }
}
