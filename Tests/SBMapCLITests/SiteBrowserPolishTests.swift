import Foundation
import Testing

/// axe-core, the accessibility checker: `$SBMAP_AXE`, or `.build/axe/axe.min.js` of this repository, which
/// scripts/fetch-axe.sh fetches (pinned, from the axe-playwright-python wheel on PyPI) when it is missing.
enum Axe {
    static let source: String? = TestAssets.path(environment: "SBMAP_AXE", cached: ".build/axe/axe.min.js",
                                                 fetchedBy: "scripts/fetch-axe.sh", fetching: Chromium.executable != nil)
        .flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }

    static let missing = "axe-core not found and scripts/fetch-axe.sh could not fetch it (no network or no pip; or set SBMAP_AXE=/path/to/axe.min.js): the accessibility test of the site is skipped"
}

extension BrowserPage {
    /// `prefers-color-scheme`, as the reader's system would set it.
    func emulate(colorScheme: String) throws {
        try browser.send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": colorScheme]]],
                         session: session)
    }

    /// A phone's screen: `width` CSS pixels, touch, mobile viewport.
    func emulatePhone(width: Int = 390, height: Int = 844, scale: Double = 3) throws {
        try browser.send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": scale,
                                                                "mobile": true], session: session)
        try browser.send("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": 5], session: session)
    }

    /// Two fingers at `x ± from`, moved apart to `x ± to`.
    func pinch(x: Double, y: Double, from: Double, to: Double) throws {
        func points(_ d: Double) -> [[String: Any]] {
            [["x": x - d, "y": y, "id": 1], ["x": x + d, "y": y, "id": 2]]
        }
        try browser.send("Input.dispatchTouchEvent", ["type": "touchStart", "touchPoints": points(from)], session: session)
        for step in 1...6 {
            try browser.send("Input.dispatchTouchEvent", ["type": "touchMove", "touchPoints": points(from + (to - from) * Double(step) / 6)],
                             session: session)
        }
        try browser.send("Input.dispatchTouchEvent", ["type": "touchEnd", "touchPoints": []], session: session)
    }

    /// axe-core's violations on the page (injected through the DevTools protocol: the page's CSP allows no script
    /// but its own), as `rule (impact): target` lines.
    func axeViolations(_ axe: String) throws -> [String] {
        try evaluate(axe + "\n;0")
        let found = try evaluate("""
            axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v =>
              v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')))
            """) as? [String]
        guard let found else { throw Chromium.Failure(description: "axe did not run") }
        return found
    }
}

/// The site as a reader meets it: a link that lands on its scene, dark mode, a phone, search on what the tables show,
/// and no accessibility violation on any page.
@Suite(.serialized, .enabled(if: Chromium.executable != nil, Comment(rawValue: Chromium.missing)))
struct SiteBrowserPolishTests {
    func site(_ root: URL, into output: String = "site", extra: [String] = []) throws -> URL {
        let run = try Harness.run(["site", "App", "-o", output] + extra, in: root)
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        return root.appendingPathComponent(output)
    }

    func pages(_ site: URL) throws -> [URL] {
        let storyboards = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("storyboards").path)
            .filter { $0.hasSuffix(".html") }.sorted().map { site.appendingPathComponent("storyboards/\($0)") }
        return ["index.html", "findings.html", "diagnostics.html"].map { site.appendingPathComponent($0) } + storyboards
    }

    /// The target's box on the map: in the window, below the top bar, and at a size that reads.
    func expectLanded(_ page: BrowserPage, _ what: String) throws {
        try page.waitUntil("document.querySelector('.map-view g.sbmap-target') !== null")
        let place = try #require(try page.evaluate("""
            (() => { const r = document.querySelector('.map-view g.sbmap-target').getBoundingClientRect();
              const bar = document.querySelector('header.top').getBoundingClientRect();
              return [r.top, r.bottom, r.left, r.right, r.height, bar.bottom, innerHeight, innerWidth]; })()
            """) as? [Double])
        #expect(place[0] >= place[5], "\(what): the box's top \(place[0]) is under the bar (bottom \(place[5]))")
        #expect(place[1] <= place[6] && place[2] >= 0 && place[3] <= place[7], "\(what): the box is outside the window: \(place)")
        #expect(place[4] >= 24, "\(what): the box is \(place[4]) px high, too small to read")
    }

    @Test func aDeepLinkAndASearchResultLandOnTheSceneBelowTheBarAtAReadableSize() throws {
        let root = try SiteFixtures.longApp()
        let site = try site(root)
        let browser = try Chromium(width: 1280, height: 800)
        defer { browser.close() }
        let page = try BrowserPage(browser)
        // A long map opens fitted (Fit's view, the whole map); "1:1" is one click away and reads.
        try page.open(site.appendingPathComponent("storyboards/Flow.html"))
        let first = try #require(try page.evaluate("document.querySelector('.map-view svg').getScreenCTM().a") as? Double)
        try page.click(".map-tools button[data-act=actual]")
        let actual = try #require(try page.evaluate("document.querySelector('.map-view svg').getScreenCTM().a") as? Double)
        #expect(actual >= 1.0 - 0.01, "\(actual) px per point")
        #expect(first < actual / 2, "the first view shows the whole map: \(first)")

        // Opened from a link: the last scene.
        let url = URL(string: site.appendingPathComponent("storyboards/Flow.html").absoluteString + "#scene-step39")!
        let fresh = try BrowserPage(browser)
        try fresh.open(url)
        try expectLanded(fresh, "#scene-step39")
        #expect(try fresh.string("document.querySelector('tr.sbmap-target').dataset.node") == "scene-step39")
        // On a phone, where the bar wraps and is taller.
        let phone = try BrowserPage(browser)
        try phone.emulatePhone()
        try phone.open(url)
        try expectLanded(phone, "#scene-step39 on a phone")

        // Enter on a search result: from another page, and on the same page.
        for start in ["index.html", "storyboards/Flow.html"] {
            let searching = try BrowserPage(browser)
            try searching.open(site.appendingPathComponent(start))
            try searching.click("#sbmap-search")
            try searching.type("Step37ViewController")
            try searching.waitUntil("document.querySelector('#sbmap-results li a') !== null")
            try searching.press("Enter")
            try searching.waitUntil("location.hash === '#scene-step37'")
            try searching.settle()
            try expectLanded(searching, "search from \(start)")
            #expect(searching.problems().isEmpty, "\(searching.problems())")
        }
    }

    @Test func searchFindsModuleQualifiedClassesSegueIdentifiersAndFindingCodes() throws {
        let root = try SiteFixtures.tabApp()
        let site = try site(root)
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser)
        try page.open(site.appendingPathComponent("index.html"))
        func search(_ text: String) throws -> String {
            try page.evaluate("(() => { const i = document.getElementById('sbmap-search'); i.value = ''; i.dispatchEvent(new Event('input')); })()")
            try page.click("#sbmap-search")
            try page.type(text)
            try page.waitUntil("document.querySelector('#sbmap-results li') !== null && !document.getElementById('sbmap-results').hidden")
            return try page.string("document.querySelector('#sbmap-results li').textContent")
        }
        // As the scenes table writes it.
        let qualified = try search("TabApp.FeedDetailViewController")
        #expect(qualified.contains("TabApp.FeedDetailViewController") && qualified.contains("in Feed"), "\(qualified)")
        let segue = try search("showPost")
        #expect(segue.contains("showPost") && segue.contains("segue from FeedViewController"), "\(segue)")
        try page.press("Enter")
        try page.waitUntil("location.pathname.endsWith('/storyboards/Feed.html') && location.hash === '#scene-feed'")
        try page.settle()
        let code = try search("unknown-storyboard")
        #expect(code.contains("unknown-storyboard") && code.contains("finding code"), "\(code)")
        try page.press("Enter")
        try page.waitUntil("location.pathname.endsWith('/findings.html') && location.hash === '#code-unknown-storyboard'")
        // The finding's code leads to what it means.
        try page.settle()
        try page.click("a.code[href$='#unknown-storyboard']")
        try page.waitUntil("location.pathname.endsWith('/diagnostics.html') && location.hash === '#unknown-storyboard'")
        try page.settle()
        #expect(try page.string("document.getElementById('unknown-storyboard').textContent").contains("does not exist"))
        #expect(page.problems().isEmpty, "\(page.problems())")
    }

    func background(_ page: BrowserPage) throws -> [Double] {
        let text = try page.string("getComputedStyle(document.body).backgroundColor")
        return text.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }
    }

    @Test func darkModeFollowsTheSystemAndDarkMapsAreAlwaysOnADarkPage() throws {
        let root = try SiteFixtures.tabApp()
        let light = try site(root)
        let browser = try Chromium()
        defer { browser.close() }
        for (scheme, dark) in [("light", false), ("dark", true)] {
            let page = try BrowserPage(browser)
            try page.emulate(colorScheme: scheme)
            try page.open(light.appendingPathComponent("storyboards/Feed.html"))
            let rgb = try background(page)
            #expect(rgb.count >= 3 && (rgb[0] + rgb[1] + rgb[2] < 150) == dark, "\(scheme): \(rgb)")
        }
        let darkSite = try site(root, into: "dark", extra: ["--theme", "dark"])
        for scheme in ["light", "dark"] {
            let page = try BrowserPage(browser)
            try page.emulate(colorScheme: scheme)
            for url in try pages(darkSite) {
                try page.open(url)
                let rgb = try background(page)
                #expect(rgb.count >= 3 && rgb[0] + rgb[1] + rgb[2] < 150, "--theme dark, \(scheme) system, \(url.lastPathComponent): \(rgb)")
            }
        }
    }

    @Test func onAPhoneNothingIsWiderThanTheScreenTablesStackAndMapsPinchZoom() throws {
        let root = try SiteFixtures.tabApp()
        let site = try site(root)
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser)
        try page.emulatePhone()
        for url in try pages(site) {
            try page.open(url)
            let name = url.lastPathComponent
            let width = try #require(try page.evaluate("document.documentElement.scrollWidth") as? Double)
            #expect(width <= 390, "\(name): the page is \(width) px wide")
            // Every table cell takes the width of the screen (a stacked row), so no word is split to fit a column.
            let narrow = try page.evaluate("""
                [...document.querySelectorAll('main td')].filter(td => td.offsetParent !== null && td.getBoundingClientRect().width < 300)
                  .map(td => td.textContent.slice(0, 40))
                """) as? [String] ?? ["?"]
            #expect(narrow.isEmpty, "\(name): narrow cells \(narrow.prefix(5))")
        }
        try page.open(site.appendingPathComponent("storyboards/Main.html"))
        let before = try page.string("document.querySelector('.map-view svg').getAttribute('viewBox')")
        let middle = try #require(try page.evaluate("""
            (() => { const v = document.querySelector('.map-view'); v.scrollIntoView({block: 'center'});
              const r = v.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()
            """) as? [Double])
        try page.pinch(x: middle[0], y: middle[1], from: 20, to: 120)
        let after = try page.string("document.querySelector('.map-view svg').getAttribute('viewBox')")
        let w0 = Double(before.split(separator: " ")[2]) ?? 0, w1 = Double(after.split(separator: " ")[2]) ?? 0
        #expect(w1 < w0 * 0.6, "a pinch outwards zooms in: \(before) → \(after)")
        #expect(page.problems().isEmpty, "\(page.problems())")
    }

    @Test(.enabled(if: Axe.source != nil, Comment(rawValue: Axe.missing)))
    func everyPageKindHasNoAccessibilityViolation() throws {
        let axe = try #require(Axe.source)
        let root = try SiteFixtures.tabApp()
        let site = try site(root)
        let browser = try Chromium()
        defer { browser.close() }
        for scheme in ["light", "dark"] {
            for url in try pages(site) {
                let page = try BrowserPage(browser)
                try page.emulate(colorScheme: scheme)
                try page.open(url)
                let violations = try page.axeViolations(axe)
                #expect(violations.isEmpty, "\(url.lastPathComponent) (\(scheme)): \(violations)")
            }
        }
    }
}
