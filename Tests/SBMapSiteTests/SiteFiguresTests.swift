import SBMapModel
import SBMapRender
import SBMapStyle
import Testing
@testable import SBMapSite

/// The pieces of the site's maps as figures that need no browser: the maps' dark colours, paths that wrap at `/` and
/// `.`, the files each map offers, the footer's provenance. (The browser tests: SiteBrowserFigureTests.)
@Suite struct SiteFiguresTests {
    func options(theme: String = "default") throws -> SiteOptions {
        SiteOptions(title: "Demo", render: RenderOptions(format: .svg, theme: try #require(try BuiltinThemes.theme(named: theme))),
                    generator: "sbmap test")
    }

    @Test func aPathMayWrapAfterASlashAndBeforeADotAndStaysEscaped() {
        #expect(HTML.breakable("App/Base.lproj/MainInterface.storyboard:12")
            == "App/<wbr>Base.lproj/<wbr>MainInterface<wbr>.storyboard:12")
        // A short name stays whole: it fits a line.
        #expect(HTML.breakable("App/Feed/Feed.storyboard:12") == "App/<wbr>Feed/<wbr>Feed.storyboard:12")
        #expect(HTML.breakable("MyApplication.LibraryViewController") == "MyApplication<wbr>.LibraryViewController")
        // Not inside a number, nor before a dot that starts nothing (an ellipsis, the end of a sentence).
        #expect(HTML.breakable("v1.2 and so on... done.") == "v1.2 and so on... done.")
        // Escaping first: markup stays text, and no <wbr> lands inside an entity.
        #expect(HTML.breakable("</a><script>x.y</script>") == "&lt;/<wbr>a&gt;&lt;script&gt;x<wbr>.y&lt;/<wbr>script&gt;")
        #expect(HTML.breakable("a&b.c") == "a&amp;b.c")
        #expect(HTML.breakable("AVeryLongClassName&Other.swift") == "AVeryLongClassName&amp;Other<wbr>.swift")
    }

    @Test func theMapsOfALightThemeGetTheDarkThemesColoursInDarkMode() throws {
        let light = try #require(try BuiltinThemes.theme(named: "default"))
        let dark = try #require(try BuiltinThemes.theme(named: "dark"))
        let css = DarkMaps.css(light: light, dark: dark)
        #expect(css.contains("@media (prefers-color-scheme: dark) {"))
        // The canvas, the scenes' fill and the text: each light colour of the theme, the dark theme's for the same key.
        #expect(css.contains(".map-view:not(.keep-colours) g.graph > polygon[fill=\"\(light.canvas.background.graphviz)\"] { fill: \(dark.canvas.background.graphviz); }"), "\(css)")
        let sceneFill = try #require(light.scene.fill?.graphviz), darkSceneFill = try #require(dark.scene.fill?.graphviz)
        #expect(css.contains("g.node :not(text)[fill=\"\(sceneFill)\"], .map-key .key-item:not(.edge) :not(text)[fill=\"\(sceneFill)\"] { fill: \(darkSceneFill); }"))
        #expect(css.contains("text[fill=\"\(light.font.color.graphviz)\"] { fill: \(dark.font.color.graphviz); }"))
        #expect(css.contains(":root:not([data-theme]) { --map: \(dark.canvas.background.graphviz); }"))
        // A target's box (theme fill `none`, drawn rounded) is filled by Graphviz with the canvas colour: it goes dark
        // with the canvas, never a white panel inside a dark map.
        #expect(css.contains("g.cluster :not(text)[fill=\"\(light.canvas.background.graphviz)\"] { fill: \(dark.canvas.background.graphviz); }"), "\(css)")
        // One rule per selector: a light colour is given one dark colour in each part of the map.
        let selectors = css.split(separator: "\n").filter { $0.contains("{ fill:") || $0.contains("{ stroke:") }
            .map { $0.split(separator: "{")[0] }
        #expect(Set(selectors).count == selectors.count && selectors.count > 20)
        // The same bytes every time.
        #expect(css == DarkMaps.css(light: light, dark: dark))
        // A theme's name (from a theme file) cannot end the comment it is named in.
        var hostile = light
        hostile.name = "x */ body { display: none } /*"
        #expect(!DarkMaps.css(light: hostile, dark: dark).contains("*/ body"))
    }

    @Test func everyPageLoadsTheMapsDarkColoursAndADarkSiteHasNone() throws {
        let graph = SiteGraphs.app()
        let files = SitePages.make(graph, maps: SiteGraphs.maps(graph), options: try options())
        let css = try #require(files.first { $0.path == "assets/sbmap-maps.css" })
        #expect(String(decoding: css.bytes, as: UTF8.self).contains("prefers-color-scheme: dark"))
        for file in files where file.path.hasSuffix(".html") {
            let root = file.path.contains("/") ? "../" : ""
            #expect(String(decoding: file.bytes, as: UTF8.self).contains("<link rel=\"stylesheet\" href=\"\(root)assets/sbmap-maps.css\">"), "\(file.path)")
        }
        let darkFiles = SitePages.make(graph, maps: SiteGraphs.maps(graph), options: try options(theme: "dark"))
        let darkCSS = try #require(darkFiles.first { $0.path == "assets/sbmap-maps.css" })
        #expect(!String(decoding: darkCSS.bytes, as: UTF8.self).contains("{ fill:"))
    }

    @Test func eachMapsFilesSitBesideItsPageAndALaterRunMayRemoveOnlyThose() {
        #expect(MapDownloads.base(of: "index.html") == "maps/overview")
        #expect(MapDownloads.base(of: "storyboards/iOS-Main.html") == "maps/storyboards/iOS-Main")
        for own in ["maps/overview.svg", "maps/overview.pdf", "maps/storyboards/Feed.png", "maps/storyboards/Feed.json",
                    "assets/sbmap-maps.css"] {
            #expect(Site.isOwnFile(own), "\(own)")
        }
        for other in ["maps/notes.txt", "maps/storyboards/.hidden.svg", "maps/storyboards/a/b.svg", "maps/other/Feed.svg",
                      "maps/storyboards/Feed.html", "maps/storyboards/../../x.svg", "maps/overview.html"] {
            #expect(!Site.isOwnFile(other), "\(other)")
        }
    }

    @Test func theFooterGivesTheCommitItsDateAndLocalChanges() throws {
        var options = try options()
        options.commit = String(repeating: "a", count: 40)
        options.commitDate = "2026-11-28"
        options.localChanges = true
        let graph = SiteGraphs.app()
        let index = String(decoding: try #require(SitePages.make(graph, maps: SiteGraphs.maps(graph), options: options)
            .first { $0.path == "index.html" }).bytes, as: UTF8.self)
        #expect(index.contains("from commit <code class=\"commit\">\(options.commit!)</code> of <time class=\"commit-date\" datetime=\"2026-11-28\">2026-11-28</time> <strong class=\"local-changes\">with local changes</strong>,"))
    }
}
