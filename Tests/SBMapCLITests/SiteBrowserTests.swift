import Foundation
import Testing

/// `sbmap site` proven in a real browser: headless Chromium, driven over the DevTools protocol, opens the pages from
/// disk as a reader would. Skipped, with a message saying why, only where no Chromium can be found.
@Suite(.serialized, .enabled(if: Chromium.executable != nil, Comment(rawValue: Chromium.missing)))
struct SiteBrowserTests {
    /// Builds the site of `root`'s `App` (or `paths`) into `root/site`.
    func site(_ root: URL, _ paths: [String] = ["App"], extra: [String] = []) throws -> URL {
        let run = try Harness.run(["site"] + paths + ["-o", "site"] + extra, in: root)
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("site/index.html").path), "\(run.stderr)")
        return root.appendingPathComponent("site")
    }

    func pages(_ site: URL) throws -> [URL] {
        let storyboards = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("storyboards").path)
            .filter { $0.hasSuffix(".html") }.sorted().map { site.appendingPathComponent("storyboards/\($0)") }
        return [site.appendingPathComponent("index.html"), site.appendingPathComponent("findings.html")] + storyboards
    }

    @Test func everyPageLoadsWithNoErrorAndNoRequestLeavingTheDisk() throws {
        let root = try SiteFixtures.tabApp()
        let site = try site(root)
        let browser = try Chromium()
        defer { browser.close() }
        for url in try pages(site) {
            let page = try BrowserPage(browser)
            try page.open(url)
            // The script ran (it marks the document), and the search box it shows is there.
            #expect(try page.evaluate("document.documentElement.classList.contains('js')") as? Bool == true, "\(url.lastPathComponent)")
            #expect(try page.evaluate("!document.getElementById('sbmap-search-box').hidden") as? Bool == true)
            // The search index is loaded on first use: use it, so its request is checked too.
            try page.evaluate("document.getElementById('sbmap-search').focus()")
            try page.waitUntil("window.sbmapSearchIndex && Array.isArray(window.sbmapSearchIndex.scenes)")
            #expect(page.problems().isEmpty, "\(url.lastPathComponent): \(page.problems())")
            let requests = page.requests()
            #expect(!requests.isEmpty)
            #expect(requests.allSatisfy { $0.hasPrefix("file://") }, "\(url.lastPathComponent): \(requests)")
            #expect(requests.contains { $0.hasSuffix("/assets/sbmap.css") } && requests.contains { $0.hasSuffix("/assets/sbmap.js") })
        }
    }

    @Test func aClickLeadsFromTheOverviewToAStoryboardAndThenToAScene() throws {
        let root = try SiteFixtures.tabApp()
        let site = try site(root)
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser)
        try page.open(site.appendingPathComponent("index.html"))

        // The overview's Feed box is a link: click it as a mouse does.
        let feedBox = try page.string("""
            [...document.querySelectorAll('.map-view g.node.linked')].find(g => g.querySelector('text') && g.querySelector('text').textContent === 'Feed').id
            """)
        #expect(!feedBox.isEmpty)
        try page.click("#" + feedBox)
        try page.waitUntil("location.pathname.endsWith('/storyboards/Feed.html')")
        try page.settle()
        #expect(try page.string("document.querySelector('h1').textContent") == "Feed")

        // On Feed's page, the detail scene: a click selects it in place, with its facts under the map.
        let detailBox = try page.string("""
            [...document.querySelectorAll('.map-view g.node.linked')].find(g => g.textContent.includes('FeedDetailViewController')).id
            """)
        // The map's own prefix (each map of the site has one), then the scene's SVG id.
        #expect(detailBox.hasPrefix("m") && detailBox.contains("-scene-"), "\(detailBox)")
        try page.click("#" + detailBox)
        // The link is the scene's stable anchor (its object id), not the box's SVG id.
        try page.waitUntil("location.hash === '#scene-detail' && document.getElementById('\(detailBox)').classList.contains('sbmap-target')")
        #expect(try page.evaluate("document.querySelector('tr.sbmap-target').dataset.node") as? String == "scene-detail")
        let selection = try page.string("document.querySelector('.map-selection:not([hidden])').textContent")
        #expect(selection.contains("FeedDetailViewController") && selection.contains("FeedDetail"), "\(selection)")
        #expect(selection.contains("Who references it"))

        // Who references the detail scene: the line of code that instantiates it, with its place.
        let incoming = try page.string("document.getElementById('in-scene-detail').nextElementSibling.textContent")
        #expect(incoming.contains("code") && incoming.contains("App/Feed/FeedViewController.swift:5"), "\(incoming)")
        #expect(incoming.contains("instantiateViewController"))

        // A box of another storyboard opens that storyboard's page at the scene: Feed's root is referenced from Main.
        try page.open(site.appendingPathComponent("storyboards/Main.html"))
        let reference = try page.string("""
            [...document.querySelectorAll('.map-view g.node.linked')].find(g => g.textContent.includes('FeedViewController') || g.textContent.includes('UINavigationController')).id
            """)
        // The first view shows the initial scene at a readable size; Fit brings the whole map in.
        try page.click(".map-tools button[data-act=fit]")
        try page.click("#" + reference)
        try page.waitUntil("location.pathname.endsWith('/storyboards/Feed.html') && location.hash.length > 1")
        try page.settle()
        try page.waitUntil("document.querySelector('.map-view g.sbmap-target') !== null")
        #expect(page.problems().isEmpty, "\(page.problems())")
    }

    @Test func searchFindsAScene() throws {
        let root = try SiteFixtures.tabApp()
        let site = try site(root)
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser)
        try page.open(site.appendingPathComponent("storyboards/Settings.html"))
        try page.click("#sbmap-search")
        try page.type("feeddetail")
        try page.waitUntil("document.querySelectorAll('#sbmap-results li a').length > 0")
        let first = try page.string("document.querySelector('#sbmap-results li a').textContent")
        #expect(first.contains("FeedDetailViewController") && first.contains("ID FeedDetail") && first.contains("in Feed"), "\(first)")
        // By title too: "Post" is the detail scene's title.
        try page.evaluate("(() => { const i = document.getElementById('sbmap-search'); i.value = ''; i.dispatchEvent(new Event('input')); })()")
        try page.type("Post")
        try page.waitUntil("document.querySelector('#sbmap-results li a') && document.querySelector('#sbmap-results li a').textContent.includes('FeedDetailViewController')")
        try page.press("Enter")
        try page.waitUntil("location.pathname.endsWith('/storyboards/Feed.html') && location.hash.startsWith('#scene-')")
        try page.settle()
        try page.waitUntil("document.querySelector('tr.sbmap-target') !== null")
        #expect(try page.string("document.querySelector('tr.sbmap-target').textContent").contains("FeedDetailViewController"))

        // Nothing found is said in words.
        try page.click("#sbmap-search")
        try page.type("NoSuchSceneAnywhere")
        try page.waitUntil("document.querySelector('#sbmap-results li.empty') !== null")
        #expect(page.problems().isEmpty, "\(page.problems())")
    }

    @Test func mapsPanAndZoomWithTheMouseAndTheKeyboard() throws {
        let root = try SiteFixtures.tabApp()
        let site = try site(root)
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser)
        try page.open(site.appendingPathComponent("storyboards/Main.html"))
        func viewBox() throws -> [Double] {
            try page.string("document.querySelector('.map-view svg').getAttribute('viewBox')")
                .split(separator: " ").compactMap { Double($0) }
        }
        // The first view reads (at least 3/4 of full size: a point of the drawing is 4/3 px at full size); 0 fits.
        let first = try #require(try page.evaluate("document.querySelector('.map-view svg').getScreenCTM().a") as? Double)
        #expect(first >= 0.75 * 4 / 3 - 0.01, "\(first)")
        try page.evaluate("document.querySelector('.map-view').focus()")
        try page.press("0")
        let start = try viewBox()
        #expect(start.count == 4)
        let box = try #require(try page.evaluate("""
            (() => { const v = document.querySelector('.map-view'); v.scrollIntoView({block: 'center'});
              const r = v.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()
            """) as? [Double])
        try page.wheel(x: box[0], y: box[1], deltaY: -400)
        try page.waitUntil("document.querySelector('.map-view svg').getAttribute('viewBox').split(' ')[2] < \(start[2] * 0.9)")
        let zoomed = try viewBox()
        try page.drag(fromX: box[0], y: box[1], by: 120, 40)
        let dragged = try viewBox()
        #expect(dragged[0] < zoomed[0] && dragged[1] < zoomed[1], "dragging right and down shows what is left and above")
        #expect(dragged[2] == zoomed[2], "a drag does not zoom")
        #expect(try page.evaluate("location.hash") as? String == "", "a drag is not a click")

        try page.evaluate("document.querySelector('.map-view').focus()")
        try page.press("0")
        #expect(zip(try viewBox(), start).allSatisfy { abs($0 - $1) < 0.01 }, "0 fits the map again")
        try page.press("+")
        #expect(try viewBox()[2] < start[2])
        try page.press("-")
        try page.press("-")
        #expect(try viewBox()[2] > start[2])
        // 1: full size, a point of the drawing (1/72 in) to 4/3 CSS pixels (1/96 in).
        try page.press("1")
        let scale = try #require(try page.evaluate("document.querySelector('.map-view svg').getScreenCTM().a") as? Double)
        #expect(abs(scale - 4.0 / 3.0) < 0.01, "\(scale)")
        try page.press("ArrowRight")
        let moved = try viewBox()
        try page.press("ArrowLeft")
        #expect(try viewBox()[0] < moved[0])
        #expect(page.problems().isEmpty, "\(page.problems())")
    }

    /// What a page may contain: the elements and attributes sbmap writes, nothing else.
    static let allowedElements: Set<String> = [
        "html", "head", "meta", "title", "link", "script", "body", "header", "footer", "nav", "div", "input", "ul", "li", "main",
        "h1", "h2", "h3", "p", "span", "strong", "code", "dl", "dt", "dd", "figure", "figcaption", "button", "table",
        "thead", "tbody", "tr", "th", "td", "br", "wbr", "a", "em",
        "svg", "g", "path", "polygon", "polyline", "ellipse", "text",
        // The legend's samples beside a map (MapKey.swift).
        "rect", "line", "circle",
    ]

    static let audit = """
        (() => {
          const allowed = new Set([\(allowedElements.sorted().map { "'\($0)'" }.joined(separator: ", "))]);
          const bad = [];
          for (const e of document.querySelectorAll('*')) {
            const name = e.localName;
            if (!allowed.has(name)) bad.push('element ' + name);
            for (const a of e.attributes) {
              if (/^on/i.test(a.name)) bad.push('attribute ' + a.name + ' on ' + name);
              if (/^(href|src|xlink:href|action|formaction|srcdoc)$/i.test(a.name) && /^\\s*(javascript|data|vbscript):/i.test(a.value)) bad.push(a.name + '=' + a.value);
            }
            if (name === 'script' && !(e.getAttribute('src') || '').match(/assets\\/(sbmap|search-index)\\.js$/) && e.type !== 'application/json') bad.push('script ' + e.outerHTML.slice(0, 80));
          }
          return bad;
        })()
        """

    @Test func namesThatCarryScriptPayloadsExecuteNothingAndStayText() throws {
        let root = try SiteFixtures.hostileApp()
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.hasPrefix(".") }.sorted()
        let site = try site(root, folders, extra: [
            "--title", SiteFixtures.payloads[0],
            "--source-url", "https://example.com/repo/blob/main/{path}#L{line}",
        ])
        let browser = try Chromium()
        defer { browser.close() }
        let pages = try pages(site)
        #expect(pages.count == 4, "\(pages.map(\.lastPathComponent))")
        var seen = ""
        // Twice: as published (the CSP would stop an injected script anyway), and with the CSP switched off, so
        // that markup which got in would run and be caught.
        for bypass in [false, true] {
            for url in pages {
                let page = try BrowserPage(browser, bypassCSP: bypass)
                try page.open(url)
                try page.evaluate("document.getElementById('sbmap-search').focus()")
                try page.waitUntil("window.sbmapSearchIndex && Array.isArray(window.sbmapSearchIndex.scenes)")
                // Use the search with a payload, so the index's text reaches the result list too.
                try page.type("script")
                try page.waitUntil("document.querySelectorAll('#sbmap-results li').length > 0")
                usleep(200_000)
                let name = url.lastPathComponent
                #expect(try page.evaluate("window.__sbmapPwned === undefined") as? Bool == true, "\(name): a payload ran")
                #expect(page.dialogs().isEmpty, "\(name): \(page.dialogs())")
                let bad = try page.evaluate(Self.audit) as? [String] ?? ["audit failed"]
                #expect(bad.isEmpty, "\(name) (CSP \(bypass ? "off" : "on")): \(bad)")
                #expect(page.problems().isEmpty, "\(name): \(page.problems())")
                #expect(page.requests().allSatisfy { $0.hasPrefix("file://") }, "\(name): \(page.requests())")
                seen += try page.string("document.documentElement.textContent")
                // Links to the source stay on the template's host, whatever the file and folder names.
                let hrefs = try page.evaluate("[...document.querySelectorAll('a.where')].map(a => a.href)") as? [String] ?? []
                #expect(!hrefs.isEmpty && hrefs.allSatisfy { $0.hasPrefix("https://example.com/repo/blob/main/") }, "\(hrefs.prefix(3))")
            }
        }
        // Every payload is on the pages, as text.
        for payload in SiteFixtures.payloads + SiteFixtures.pathPayloads {
            #expect(seen.contains(payload), "not shown as text: \(payload)")
        }
    }
}
