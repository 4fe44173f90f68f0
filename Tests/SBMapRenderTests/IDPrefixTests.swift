import Foundation
import Testing
import SBMapModel
import SBMapRender
import SBMapStyle

/// Maps inlined in one page share no id (a storyboard page holds two): every id of a map's SVG starts with the
/// map's own prefix (`RenderOptions.idPrefix`, by default its name), and every reference inside an SVG still finds
/// its target there.
@Suite struct IDPrefixTests {
    /// Every `id="…"` of an SVG, in order.
    static func ids(_ svg: String) -> [String] {
        // (Graphviz writes `-` in attributes as `&#45;`.)
        svg.replacingOccurrences(of: "&#45;", with: "-").components(separatedBy: " id=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) }
    }

    /// Every `href="#…"` and `url(#…)` target of an SVG.
    static func references(_ svg: String) -> [String] {
        let svg = svg.replacingOccurrences(of: "&#45;", with: "-")
        let hrefs = svg.components(separatedBy: "href=\"#").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
        let urls = svg.components(separatedBy: "url(#").dropFirst().compactMap { $0.split(separator: ")").first.map(String.init) }
        return hrefs + urls
    }

    static func render(_ map: MapGraph, prefix: String? = nil) throws -> (svg: String, rendered: Rendered) {
        var options = RenderOptions(format: .svg, theme: try BuiltinThemes.theme(named: "default")!)
        options.idPrefix = prefix
        let rendered = try Renderer.render(map, options: options)
        return (String(decoding: rendered.data, as: UTF8.self), rendered)
    }

    @Test func twoMapsShareNoIdAndEachFindsItsOwn() throws {
        let app = SampleGraphs.tabBarApp
        let maps: [(String, MapGraph)] = [
            ("overview-", OverviewView.make(app)),
            ("full-", MapGraph.full(app)),
            ("Search-", FocusView(storyboard: "App/Search/Search.storyboard", hops: 1).make(app)),
            ("Feed-CMP-01-", FocusView(storyboard: "App/Feed/Feed.storyboard", scene: "App/Feed/Feed.storyboard#CMP-01", hops: 1).make(app)),
        ]
        var seen: [String: String] = [:]
        for (prefix, map) in maps {
            let (svg, rendered) = try Self.render(map)
            let ids = Self.ids(svg)
            #expect(ids.count > 10)
            #expect(Set(ids).count == ids.count, "\(prefix): an id twice in one map")
            for id in ids {
                // Graphviz names a tooltip's anchor after its element: `a_` and the element's id.
                #expect(id.hasPrefix(prefix) || id.hasPrefix("a_" + prefix), "\(prefix): \(id)")
                if let other = seen[id] { Issue.record("\(id) is in the \(other) map and the \(prefix) map") }
                seen[id] = prefix
            }
            for target in Self.references(svg) { #expect(ids.contains(target), "\(prefix): #\(target) is not in the map") }
            // What a page uses to find a scene in the map is the id it has.
            #expect(!rendered.nodeIDs.isEmpty && rendered.nodeIDs.values.allSatisfy { ids.contains($0) })
        }
        // Two focus maps of storyboards that share a name get the prefixes a site gives them.
        #expect(SVGIDPrefix.short("App/Main.storyboard") != SVGIDPrefix.short("Widget/Main.storyboard"))
    }

    @Test func anAskedPrefixIsMadeAValidId() throws {
        let (svg, rendered) = try Self.render(MapGraph.full(SampleGraphs.tiny), prefix: "1 map<b>")
        let ids = Self.ids(svg)
        #expect(ids.allSatisfy { $0.hasPrefix("_1-map-b-") || $0.hasPrefix("a__1-map-b-") }, "\(ids)")
        #expect(ids.contains("_1-map-b-sbmap"))
        #expect(rendered.nodeIDs.values.allSatisfy { $0.hasPrefix("_1-map-b-") })
        // "" keeps the ids as they were.
        let plain = Self.ids(try Self.render(MapGraph.full(SampleGraphs.tiny), prefix: "").svg)
        #expect(plain.contains("sbmap") && plain.contains("legend"))
    }

    @Test func theReferenceCheckFindsAMissingTarget() {
        let svg = "<svg id=\"a-sbmap\"><g id=\"a-x\"><use href=\"#a-x\"/><path fill=\"url(#a-gone)\"/></g></svg>"
        #expect(Self.references(svg) == ["a-x", "a-gone"])
        #expect(Self.ids(svg) == ["a-sbmap", "a-x"])
    }
}
