import SBMapModel
import SBMapRender
import SBMapStyle
import Testing
@testable import SBMapSite

/// The site's finishing: the finding codes explained on a page of their own, the search index, the footer, dark maps
/// on a dark page, and the site written a page at a time.
@Suite struct SitePolishTests {
    func options(theme: String = "default", commit: String? = nil) throws -> SiteOptions {
        SiteOptions(title: "Demo", render: RenderOptions(format: .svg, theme: try #require(try BuiltinThemes.theme(named: theme))),
                    generator: "sbmap test", commit: commit)
    }

    func pages(_ options: SiteOptions) -> [String: String] {
        let graph = SiteGraphs.app()
        let files = SitePages.make(graph, maps: SiteGraphs.maps(graph), options: options)
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
    }

    @Test func everyFindingCodeHasAnAnchorOnTheDiagnosticsPageAndFindingsLinkToIt() throws {
        let files = pages(try options())
        let doc = try #require(files["diagnostics.html"])
        #expect(doc.contains("<h1 id=\"findings\">Findings</h1>") && doc.contains("<h2 id=\"what-a-level-promises\">"))
        for code in DiagnosticCode.known {
            #expect(doc.contains("<tr id=\"\(code.rawValue)\"><td><code>\(code.rawValue)</code></td>"), "\(code.rawValue)")
        }
        // The doc's Markdown: strong, code, lists, and a relative link that stays text (the site has no docs folder).
        #expect(doc.contains("<strong>error</strong>") && doc.contains("<ul>\n<li>"))
        #expect(doc.contains("real-apps.md") && !doc.contains("href=\"real-apps.md\""))
        let findings = try #require(files["findings.html"])
        #expect(findings.contains(#"<a class="code" href="diagnostics.html#unknown-storyboard" title="What unknown-storyboard means"><code>[unknown-storyboard]</code></a>"#))
        let feed = try #require(files["storyboards/Feed.html"])
        #expect(feed.contains(#"href="../diagnostics.html#code-unknown-identifier""#))
    }

    @Test func markdownIsEscapedAndOnlyWebLinksBecomeLinks() {
        let html = Markdown.html("""
            # A <script>alert(1)</script> title

            Text with `<b>code</b>`, **bold & strong**, *em*, [web](https://example.com/a?b=1&c=2), [js](javascript:alert(1)).

            | code | what |
            |---|---|
            | `x-y` | a `|` inside code <img src=x onerror=alert(2)> |
            """)
        #expect(!html.contains("<script") && !html.contains("<img") && !html.contains("<b>"))
        #expect(html.hasPrefix("<h1 id=\"a-script-alert-1-script-title\">"))
        #expect(html.contains("&lt;script&gt;") && html.contains("<code>&lt;b&gt;code&lt;/b&gt;</code>"))
        #expect(html.contains("<strong>bold &amp; strong</strong>") && html.contains("<em>em</em>"))
        #expect(html.contains(#"<a href="https://example.com/a?b=1&amp;c=2">web</a>"#))
        #expect(!html.contains("href=\"javascript"))
        #expect(html.contains(#"<tr id="x-y"><td><code>x-y</code></td><td>a <code>|</code> inside code &lt;img"#))
    }

    @Test func searchIndexHasModulesSegueIdentifiersAndFindingCodes() throws {
        var graph = SiteGraphs.app()
        let k = try #require(graph.nodes.firstIndex { $0.customClass == "FeedDetailViewController" })
        graph.nodes[k].customModule = "MyApp"
        let s = try #require(graph.edges.firstIndex { $0.kind == .show })
        graph.edges[s].identifier = "showDetail"
        let index = String(decoding: SitePages.searchIndex(SiteLinks(graph)), as: UTF8.self)
        #expect(index.contains(#"[1,1,"FeedDetailViewController","FeedDetail","","scene-DTL","MyApp"]"#), "\(index)")
        #expect(index.contains(#""segues": ["# + "\n" + #"[1,"showDetail","scene-LST","FeedViewController"]"#), "\(index)")
        #expect(index.contains(#"["unknown-storyboard",1,"findings.html#code-unknown-storyboard"]"#))
    }

    @Test func theFooterNamesTheCommitAndDarkMapsGetADarkPage() throws {
        let commit = String(repeating: "ab12", count: 10)
        let light = pages(try options(commit: commit))
        let index = try #require(light["index.html"])
        #expect(index.contains("Made by sbmap test from commit <code class=\"commit\">\(commit)</code>"))
        #expect(index.contains("<html lang=\"en\">") && index.contains(#"<meta name="color-scheme" content="light dark">"#))
        #expect(!(try #require(pages(try options())["index.html"])).contains("from commit"))
        let dark = pages(try options(theme: "dark"))
        for (path, html) in dark where path.hasSuffix(".html") {
            #expect(html.contains("<html lang=\"en\" data-theme=\"dark\">"), "\(path)")
        }
    }

    /// Pages go out one at a time as their maps are drawn, the manifest last, and the result is the same as made at once.
    @Test func theSiteIsWrittenAPageAtATimeWithTheManifestLast() throws {
        let graph = SiteGraphs.app()
        var order: [String] = []
        var bytes: [String: [UInt8]] = [:]
        let report = Site.write(graph, options: try options()) { file in
            order.append(file.path)
            bytes[file.path] = file.bytes
        }
        #expect(report.failures.isEmpty, "\(report.failures)")
        #expect(order.first == "storyboards/Main.html" && order.last == Site.manifest, "\(order)")
        #expect(Set(order).count == order.count)
        let built = Site.build(graph, options: try options())
        #expect(built.files.map(\.path) == order.sorted())
        #expect(built.files.allSatisfy { bytes[$0.path] == $0.bytes })
    }
}
