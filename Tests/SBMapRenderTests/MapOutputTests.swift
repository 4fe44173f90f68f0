import Foundation
import SBMapModel
import SBMapRender
import SBMapStyle
import Testing

/// The view travels with its graph, and each output format has one path (no format is drawn two ways).
@Suite struct MapOutputTests {
    let theme = try! BuiltinThemes.theme(named: "default")!

    /// The overview's rank plan runs because the map is the overview, not because it has storyboard nodes: the same
    /// graph drawn as a full map gets no plan.
    @Test func theViewNotTheNodesDecidesTheLayoutPlan() {
        let overview = OverviewView.make(SampleGraphs.tabBarApp)
        #expect(overview.view == .overview)
        let planned = Stylist(theme: theme).style(overview)
        #expect(planned.edges.contains { $0.rankSpan != nil })
        let asFull = Stylist(theme: theme).style(MapGraph(view: .full, graph: overview.graph))
        #expect(asFull.edges.allSatisfy { $0.rankSpan == nil })
    }

    @Test func aFocusMapKnowsItsFocusAndADiffMapItsSeeds() {
        let focus = FocusView(storyboard: "App/Feed/Feed.storyboard", hops: 1)
        #expect(focus.make(SampleGraphs.tabBarApp).view == .focus(focus))
        let diff = FocusView(seeds: ["App/Feed/Feed.storyboard#PST-01"], hops: 1)
        #expect(diff.make(SampleGraphs.tabBarApp).view == .diff(diff))
    }

    @Test func jsonOfAMapIsItsGraph() throws {
        let overview = OverviewView.make(SampleGraphs.tabBarApp)
        let out = try MapOutput.write(overview, as: .json, options: RenderOptions(theme: theme))
        #expect(out.format == .json)
        #expect(try JSONDecoder().decode(StoryboardGraph.self, from: Data(out.data)) == overview.graph)
    }

    @Test func everyFormatHasOneNameAndExtension() {
        for format in OutputFormat.allCases {
            #expect(OutputFormat(name: format.name) == format)
            #expect(OutputFormat(fileExtension: format.fileExtension) == format)
        }
        #expect(OutputFormat(path: "map.json") == .json)
    }

    /// A manifest is read back by the type that wrote it, and only by that type.
    @Test func manifestsReadBackWhatTheyWrote() {
        let site = SiteManifest(title: "App <&>", files: ["index.html", "sbmap-site.json"],
                                storyboards: [.init(name: "Main", page: "storyboards/Main.html", scenes: 2, storyboard: "App/Main.storyboard")])
        #expect(SiteManifest.decode(Data(site.encoded())) == site)
        #expect(MapsManifest.decode(Data(site.encoded())) == nil)
        let maps = MapsManifest(format: "svg", overview: "overview.svg", maps: [], counts: GraphCounts(SampleGraphs.tabBarApp))
        // What was written reads back as itself; the per-storyboard counts the graph's pass also makes are not
        // written (each map lists its own scenes), so the value read back writes the same bytes.
        #expect(MapsManifest.decode(Data(maps.encoded()))?.encoded() == maps.encoded())
        #expect(MapsManifest.decode(Data(maps.encoded()))?.counts?.scenes == maps.counts?.scenes)
        #expect(SiteManifest.decode(Data(maps.encoded())) == nil)
        #expect(site.encoded() == site.encoded() && site.encoded().last == UInt8(ascii: "\n"))
    }
}
