import SBMapModel
import SBMapRender
import SBMapSite
import SBMapStyle
import Testing

@Suite struct SitePagesTests {
    func options(sourceLinks: SourceLinks? = nil) throws -> SiteOptions {
        SiteOptions(title: "Demo", sourceLinks: sourceLinks,
                    render: RenderOptions(format: .svg, theme: try #require(try BuiltinThemes.theme(named: "default"))),
                    generator: "sbmap test")
    }

    func pages(_ graph: StoryboardGraph = SiteGraphs.app(), sourceLinks: SourceLinks? = nil) throws -> [String: String] {
        let files = SitePages.make(graph, maps: SiteGraphs.maps(graph), options: try options(sourceLinks: sourceLinks))
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
    }

    @Test func theSiteHasAnIndexAPagePerStoryboardFindingsAndItsAssets() throws {
        let files = try pages()
        #expect(files.keys.sorted() == [
            "assets/sbmap-maps.css", "assets/sbmap.css", "assets/sbmap.js", "assets/search-index.js", "diagnostics.html",
            "findings.html", "index.html", "maps/overview.svg", "maps/storyboards/Feed.svg", "maps/storyboards/Main.svg",
            "sbmap-site.json", "storyboards/Feed.html", "storyboards/Main.html",
        ])
        for (path, html) in files where path.hasSuffix(".html") {
            #expect(html.hasPrefix("<!DOCTYPE html>"), "\(path)")
            #expect(html.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' data:; style-src 'self'; script-src 'self';"#))
            // No inline script or style: the policy would block it.
            #expect(!html.contains("<script>") && !html.contains("<style") && !html.contains(" style=\""), "\(path)")
            #expect(!html.contains("http://") || !html.contains("src=\"http"), "\(path)")
        }
        let root = path(files, "storyboards/Feed.html")
        #expect(root.contains(#"<link rel="stylesheet" href="../assets/sbmap.css">"#))
        #expect(root.contains(#"<script src="../assets/sbmap.js" defer></script>"#))
    }

    func path(_ files: [String: String], _ name: String) -> String { files[name] ?? "" }

    /// Issue 20, class 10: a class that instantiates its own scene (`static func make() -> Self`) draws no edge, but
    /// its page lists the call among the scene's references, where it is written.
    @Test func aSelfFactoryIsAReferenceOfItsScene() throws {
        var graph = SiteGraphs.app()
        let k = try #require(graph.nodes.firstIndex { $0.customClass == "FeedDetailViewController" })
        graph.nodes[k].instantiatedBySelfAt = [SourceLocation(path: "App/Feed/FeedDetailViewController.swift", line: 7, column: 16)]
        let page = path(try pages(graph), "storyboards/Feed.html")
        let incoming = try #require(page.range(of: #"<h2 id="incoming">"#))
        let rest = String(page[incoming.lowerBound...])
        #expect(rest.contains("code in its own class"), "\(rest.prefix(3000))")
        #expect(rest.contains("FeedDetailViewController<wbr>.swift:7"), "where the call is written")
        let before = path(try pages(), "storyboards/Feed.html")
        #expect(!before.contains("code in its own class"))
    }

    @Test func theIndexHasCountsEntryPointsTheOverviewAndEveryStoryboard() throws {
        let index = path(try pages(), "index.html")
        #expect(index.contains(##"<span class="n">2</span><span class="what"><a href="#storyboards">storyboards</a>"##))
        #expect(index.contains(#"<span class="n">3</span><span class="what">scenes</span>"#), "placeholders are links, not scenes")
        #expect(index.contains("1 unresolved"))
        #expect(index.contains("<code>UIMainStoryboardFile</code>") && index.contains("App/<wbr>Info.plist:8"))
        // The overview's storyboard boxes link to the pages.
        #expect(index.contains(#"<script type="application/json" class="map-links">{"storyboard-node-0":"storyboards/Main.html","storyboard-node-1":"storyboards/Feed.html"}</script>"#))
        #expect(index.contains(#"<a href="storyboards/Feed.html">Feed</a>"#))
        #expect(index.contains(#"<span class="sev sev-error">1 error</span>"#))
    }

    @Test func aStoryboardPageSaysWhoReferencesEachScene() throws {
        let feed = path(try pages(), "storyboards/Feed.html")
        // The list scene: Main's reference, at its line.
        #expect(feed.contains(##"<h3 id="in-scene-LST"><a href="#scene-LST">Feed</a>"##))
        #expect(feed.contains("<td>storyboard reference</td><td><a href=\"../storyboards/Main.html#scene-REF\">→ Feed in Main</a></td><td><span class=\"where\">App/<wbr>Base.lproj/<wbr>Main.storyboard:30</span>"))
        // The detail scene: the coordinator's line of code, and the API it calls.
        #expect(feed.contains("<td>code</td><td>AppCoordinator (code)</td><td><span class=\"where\">App/<wbr>AppCoordinator.swift:9</span></td><td><code>instantiateViewController(withIdentifier:)</code>"))
        // Scenes table: class, Storyboard ID, place; the count of links in links to the list above.
        #expect(feed.contains(##"<tr id="scene-DTL" data-node="scene-DTL" data-incoming="in-scene-DTL"><td><a href="#scene-DTL">FeedDetailViewController</a>"##))
        #expect(feed.contains("<code>FeedDetail</code>"))
        #expect(feed.contains(##"<a href="#in-scene-DTL">1</a>"##))

        let main = path(try pages(), "storyboards/Main.html")
        // Main's tab bar is what the system loads.
        #expect(main.contains("<td>entry point</td><td><span class=\"muted\">the system, at launch</span></td><td><span class=\"where\">App/<wbr>Info.plist:8</span></td><td><code>UIMainStoryboardFile</code>"))
        // Links out: the resolved reference reaches Feed's list, the broken one says why.
        #expect(main.contains("<a href=\"../storyboards/Feed.html#scene-LST\">FeedViewController in Feed</a>"))
        #expect(main.contains(#"<span class="state state-unresolved">unresolved</span> no storyboard named 'Help'"#))
        // Clicking a box of the map: its own scenes select in place, Feed's open Feed's page at the scene.
        #expect(main.contains(#""scene-n0":"../storyboards/Main.html#scene-TAB""#))
    }

    /// A call in code that names a Storyboard ID Feed lacks is Feed's business: its page lists the call and the finding.
    @Test func linksThatNameAStoryboardButDoNotResolveAreOnItsPage() throws {
        let feed = path(try pages(), "storyboards/Feed.html")
        #expect(feed.contains("<h3 id=\"broken-in\">Links that name Feed but do not resolve</h3>"))
        #expect(feed.contains("<td>code</td><td>AppCoordinator (code)</td><td>Feed › Missing</td><td><span class=\"state state-unresolved\">unresolved</span> no scene with storyboard ID 'Missing'</td><td><span class=\"where\">App/<wbr>AppCoordinator.swift:12</span>"))
        let findings = try #require(feed.range(of: "<h2 id=\"findings\">"))
        #expect(feed[findings.upperBound...].contains("[code-unknown-identifier]"))
        let index = path(try pages(), "index.html")
        #expect(index.contains(#"<tr><td><a href="storyboards/Feed.html">Feed</a></td><td><span class="where">App/<wbr>Feed/<wbr>Feed.storyboard</span></td><td class="num">2</td><td class="num">0</td><td class="num"><span class="state state-unresolved">1</span></td><td><a href="storyboards/Feed.html#findings"><span class="sev sev-error">1 error</span> <span class="sev sev-info">1 note</span></a></td></tr>"#))
    }

    @Test func findingsAreGroupedByCodeAndLinkedToTheirScene() throws {
        let findings = path(try pages(), "findings.html")
        #expect(findings.contains(#"<h2 id="code-unknown-storyboard"><code>unknown-storyboard</code>"#))
        #expect(findings.contains(#"<h2 id="code-code-dynamic"><code>code-dynamic</code>"#))
        // Errors first.
        let error = try #require(findings.range(of: "id=\"code-unknown-storyboard\""))
        let note = try #require(findings.range(of: "id=\"code-code-dynamic\""))
        #expect(error.lowerBound < note.lowerBound)
        // The broken reference's line is the placeholder's: the link goes to that scene on Main's page.
        #expect(findings.contains(#"On the map: <a href="storyboards/Main.html#scene-HLP">→ Help in Main</a>"#))
        // A finding in code goes to the scene its call reaches.
        #expect(findings.contains(#"On the map: <a href="storyboards/Feed.html#scene-DTL">FeedDetailViewController in Feed</a>"#))
    }

    @Test func sourceLinksTurnEveryPlaceIntoALink() throws {
        let links = try SourceLinks(template: "https://github.com/o/r/blob/abc/{path}#L{line}")
        let feed = path(try pages(sourceLinks: links), "storyboards/Feed.html")
        #expect(feed.contains(#"<a href="https://github.com/o/r/blob/abc/App/AppCoordinator.swift#L9" class="where">App/<wbr>AppCoordinator.swift:9</a>"#))
        // A whole file: no line fragment.
        #expect(feed.contains(#"<a href="https://github.com/o/r/blob/abc/App/Feed/Feed.storyboard" class="where">App/<wbr>Feed/<wbr>Feed.storyboard</a>"#))
        // Without a template, places are text.
        #expect(!path(try pages(), "storyboards/Feed.html").contains("class=\"where\" href"))
        #expect(!path(try pages(), "storyboards/Feed.html").contains("https://"))
    }

    @Test func theSameGraphGivesTheSameBytes() throws {
        let graph = SiteGraphs.app()
        let a = SitePages.make(graph, maps: SiteGraphs.maps(graph), options: try options())
        let b = SitePages.make(graph, maps: SiteGraphs.maps(graph), options: try options())
        #expect(a == b)
        #expect(a.map(\.path) == a.map(\.path).sorted())
    }

    @Test func namesFromTheAppAreTextInEveryContext() throws {
        let payload = #"</script><script>alert(1)</script><!--"#
        let files = try pages(SiteGraphs.app(name: payload))
        for (path, text) in files where path != "assets/sbmap.js" {
            #expect(!text.contains("<script>alert"), "\(path)")
            #expect(!text.lowercased().contains("</script><"), "\(path)")
            #expect(!text.contains("<!--"), "\(path)")
        }
        let feed = path(files, "storyboards/Feed.html")
        #expect(feed.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--ViewController"))
        // In the search index (a script), `<` and `>` are JSON escapes.
        let index = path(files, "assets/search-index.js")
        #expect(index.contains(#"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e\u003c!--ViewController"#))
    }

    @Test func onlySiteFilesCanBeRemovedByALaterRun() {
        #expect(Site.isOwnFile("storyboards/Main.html"))
        #expect(Site.isOwnFile("assets/search-index.js"))
        #expect(Site.isOwnFile("index.html"))
        #expect(!Site.isOwnFile("storyboards/../../etc/passwd"))
        #expect(!Site.isOwnFile("../index.html"))
        #expect(!Site.isOwnFile("/etc/passwd"))
        #expect(!Site.isOwnFile("storyboards/.hidden.html"))
        #expect(!Site.isOwnFile("storyboards/notes.txt"))
        #expect(!Site.isOwnFile("README.md"))
    }
}
