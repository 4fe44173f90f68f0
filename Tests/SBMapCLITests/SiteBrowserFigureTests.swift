import Foundation
import Testing

/// The site's maps as figures a team publishes: fitted when they open, dark with the page, printable whole, with a
/// mini-map and a target filter; search that speaks sbmap's syntax; paths that never split inside a word on a phone.
@Suite(.serialized, .enabled(if: Chromium.executable != nil, Comment(rawValue: Chromium.missing)))
struct SiteBrowserFigureTests {
    /// A screenshot to look at, into `$SBMAP_TEST_SHOTS` when it is set (the scratch folders are removed at exit).
    func shot(_ page: BrowserPage, _ name: String) throws {
        guard let folder = ProcessInfo.processInfo.environment["SBMAP_TEST_SHOTS"] else { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try page.screenshot(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
    }

    func site(_ root: URL, into output: String = "site", extra: [String] = []) throws -> URL {
        let run = try Harness.run(["site", "App", "-o", output] + extra, in: root)
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        return root.appendingPathComponent(output)
    }

    /// An app and its share extension, each with its storyboards, in long folders: two `Settings` storyboards (one per
    /// platform folder), a scene titled "Settings", and a storyboard whose path is longer than a phone's line.
    static func twoTargetApp() throws -> URL {
        let pbxproj = RealAppShapesTests.pbxproj(targets: [
            (name: "App", type: RealAppShapesTests.app, plist: "Info.plist",
             resources: ["Base.lproj/Main.storyboard", "Features/Preferences/Resources/Settings.storyboard"], sources: []),
            (name: "ShareExtension", type: "com.apple.product-type.app-extension", plist: nil,
             resources: ["ShareExtension/Resources/Localizations/Base.lproj/MainInterface.storyboard",
                         "ShareExtension/Resources/tvOS/Settings.storyboard"], sources: []),
        ])
        return try Harness.project([
            "App/App.xcodeproj/project.pbxproj": pbxproj,
            "App/Info.plist": RealAppShapesTests.plist([("UIMainStoryboardFile", "Main")]),
            "App/Base.lproj/Main.storyboard": XML.storyboard(initial: "home",
                XML.scene("home", attributes: #"customClass="HomeViewController" title="Settings""#,
                          body: XML.segue("s1", to: "settingsRef", identifier: "openSettings")),
                XML.reference("settingsRef", storyboard: "Settings", identifier: "AccountSettings")),
            "App/Features/Preferences/Resources/Settings.storyboard": XML.storyboard(initial: "root",
                XML.scene("root", attributes: #"customClass="SettingsRootViewController" title="Settings overview""#,
                          body: XML.segue("s2", to: "account", identifier: "showAccount")),
                XML.scene("account", attributes: #"customClass="AccountSettingsViewController" storyboardIdentifier="AccountSettings" title="Account""#)),
            "App/ShareExtension/Resources/Localizations/Base.lproj/MainInterface.storyboard": XML.storyboard(initial: "share",
                XML.scene("share", attributes: #"customClass="ShareViewController""#)),
            "App/ShareExtension/Resources/tvOS/Settings.storyboard": XML.storyboard(initial: "tv",
                XML.scene("tv", attributes: #"customClass="TVSettingsViewController""#)),
        ])
    }

    /// The map's drawing (its graph group) on the screen, and the frame it is shown in.
    func placement(_ page: BrowserPage, _ figure: String = "figure.map") throws -> (drawing: [Double], frame: [Double]) {
        let both = try #require(try page.evaluate("""
            (() => { const f = document.querySelector('\(figure)'); const v = f.querySelector('.map-view');
              const g = v.querySelector('svg > g.graph > polygon').getBoundingClientRect(), r = v.getBoundingClientRect();
              return [g.left, g.top, g.right, g.bottom, r.left, r.top, r.right, r.bottom]; })()
            """) as? [Double])
        return (Array(both[0..<4]), Array(both[4..<8]))
    }

    func inside(_ a: [Double], _ b: [Double], slack: Double = 2) -> Bool {
        a[0] >= b[0] - slack && a[1] >= b[1] - slack && a[2] <= b[2] + slack && a[3] <= b[3] + slack
    }

    @Test func aMapOpensFittedADeepLinkOnItsNeighbourhoodAndAMiniMapShowsTheView() throws {
        let root = try SiteFixtures.longApp()
        // A long row of scenes, kept a long row (without --direction the map would be laid out top to bottom, nearer
        // 1:1): a map wider than its frame is what Fit and the mini-map are for.
        let site = try site(root, extra: ["--direction", "LR"])
        let browser = try Chromium(width: 1280, height: 800)
        defer { browser.close() }
        let page = try BrowserPage(browser)
        try page.open(site.appendingPathComponent("storyboards/Flow.html"))
        // The whole map in its frame, as "Fit" shows it, and no mini-map: there is nothing outside the view.
        let opened = try placement(page)
        #expect(inside(opened.drawing, opened.frame), "the map opens whole: \(opened)")
        let width = opened.drawing[2] - opened.drawing[0], frameWidth = opened.frame[2] - opened.frame[0]
        #expect(width > frameWidth * 0.9, "and fills its frame's width: \(width) of \(frameWidth)")
        let before = try page.string("document.querySelector('.map-view svg').getAttribute('viewBox')")
        try page.click(".map-tools button[data-act=fit]")
        #expect(try page.string("document.querySelector('.map-view svg').getAttribute('viewBox')") == before, "the first view is Fit's")
        #expect(try page.evaluate("!document.querySelector('.minimap') || document.querySelector('.minimap').hidden") as? Bool == true)

        // Zoomed in, the mini-map shows where the view is; a click on it moves the view there.
        for _ in 0..<6 { try page.click(".map-tools button[data-act=in]") }
        let mini = try #require(try page.evaluate("""
            (() => { const m = document.querySelector('.minimap'); if (!m || m.hidden) return null;
              const r = m.getBoundingClientRect(), f = m.querySelector('.minimap-view').getBoundingClientRect(),
                    v = document.querySelector('.map-view').getBoundingClientRect();
              return [r.left, r.top, r.right, r.bottom, f.left, f.top, f.right, f.bottom, v.right, v.bottom]; })()
            """) as? [Double], "a mini-map once the view shows part of the map")
        #expect(mini[2] <= mini[8] && mini[3] <= mini[9] && mini[2] > mini[8] - 40, "in the frame's corner: \(mini)")
        #expect(mini[6] - mini[4] < (mini[2] - mini[0]) / 2, "its frame is the part shown: \(mini)")
        let centred = (mini[4] + mini[6]) / 2
        #expect(abs(centred - (mini[0] + mini[2]) / 2) < 10, "zoomed about the middle: \(mini)")
        let viewBox = try page.string("document.querySelector('.map-view svg').getAttribute('viewBox')")
        try page.mouse(x: mini[2] - 3, y: (mini[1] + mini[3]) / 2)
        let moved = try page.string("document.querySelector('.map-view svg').getAttribute('viewBox')")
        let x0 = Double(viewBox.split(separator: " ")[0]) ?? 0, x1 = Double(moved.split(separator: " ")[0]) ?? 0
        #expect(x1 > x0 + 100, "a click at the mini-map's right end shows the map's right end: \(viewBox) → \(moved)")
        let frameAfter = try #require(try page.evaluate("document.querySelector('.minimap-view').getBoundingClientRect().right") as? Double)
        #expect(frameAfter > mini[6] + 20, "and its frame follows")
        try shot(page, "minimap.png")

        // A deep link: the scene and what is one segue away, fitted; the scene's box reads.
        let fresh = try BrowserPage(browser)
        try fresh.open(URL(string: site.appendingPathComponent("storyboards/Flow.html").absoluteString + "#scene-step20")!)
        try fresh.waitUntil("document.querySelector('.map-view g.sbmap-target') !== null")
        let boxes = try #require(try fresh.evaluate("""
            (() => { const anchors = JSON.parse(document.querySelector('script.map-anchors').textContent);
              const view = document.querySelector('.map-view').getBoundingClientRect();
              const r = id => { const b = document.getElementById(anchors[id]).getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
              return [[view.left, view.top, view.right, view.bottom], r('scene-step19'), r('scene-step20'), r('scene-step21'), r('scene-step25')]; })()
            """) as? [[Double]])
        let frame = boxes[0]
        for (k, name) in [(1, "step19"), (2, "step20"), (3, "step21")] {
            #expect(inside(boxes[k], frame), "\(name) is in the view: \(boxes[k]) in \(frame)")
        }
        #expect(boxes[2][3] - boxes[2][1] >= 24, "the scene reads: \(boxes[2])")
        #expect(!inside(boxes[4], frame), "further scenes are not: the view is the neighbourhood, not the whole map")
        // Its neighbourhood fills the frame: the three boxes span most of its width.
        #expect(boxes[3][2] - boxes[1][0] > (frame[2] - frame[0]) * 0.6, "\(boxes)")
        #expect(fresh.problems().isEmpty && page.problems().isEmpty, "\(fresh.problems()) \(page.problems())")
    }

    /// The share of a screenshot's pixels inside `rect` (CSS pixels) that are near white, measured in the page from
    /// the PNG the browser took (an image from a data: URL, which the pages' CSP allows).
    func whiteShare(_ page: BrowserPage, _ rect: [Double]) throws -> Double {
        let shot = try page.browser.send("Page.captureScreenshot", ["format": "png"], session: page.session)
        let base64 = try #require(shot["data"] as? String)
        return try #require(try page.evaluate("""
            new Promise(done => { const img = new Image(); img.onload = () => {
              const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
              const x = c.getContext('2d'); x.drawImage(img, 0, 0); const k = img.width / innerWidth;
              const d = x.getImageData(Math.round(\(rect[0]) * k), Math.round(\(rect[1]) * k), Math.round(\(rect[2] - rect[0]) * k), Math.round(\(rect[3] - rect[1]) * k)).data;
              let white = 0; for (let i = 0; i < d.length; i += 4) if (d[i] > 230 && d[i + 1] > 230 && d[i + 2] > 230) white++;
              done(white / (d.length / 4)); }; img.src = 'data:image/png;base64,\(base64)'; })
            """) as? Double)
    }

    @Test func inDarkModeTheMapsAreDarkTooAndPrintShowsEachMapWhole() throws {
        let root = try SiteFixtures.tabApp()
        let site = try site(root)
        let browser = try Chromium(width: 1280, height: 900)
        defer { browser.close() }
        for name in ["index.html", "storyboards/Feed.html"] {
            for (scheme, dark) in [("light", false), ("dark", true)] {
                let page = try BrowserPage(browser)
                try page.emulate(colorScheme: scheme)
                try page.open(site.appendingPathComponent(name))
                let rect = try #require(try page.evaluate("""
                    (() => { const v = document.querySelector('.map-view'); v.scrollIntoView({block: 'center'});
                      const r = v.getBoundingClientRect(); return [r.left + 2, r.top + 2, r.right - 2, Math.min(r.bottom, innerHeight) - 2]; })()
                    """) as? [Double])
                let white = try whiteShare(page, rect)
                if dark {
                    #expect(white < 0.02, "\(name), dark: \(Int(white * 100)) % of the map is white")
                    try shot(page, "dark-\(name.replacingOccurrences(of: "/", with: "-")).png")
                } else {
                    #expect(white > 0.5, "\(name), light: the map keeps its light canvas (\(Int(white * 100)) % white)")
                }
                #expect(page.problems().isEmpty, "\(page.problems())")
            }
        }

        // Print (emulated print media): the map whole and as wide as the page, no buttons, no hint to drag.
        let page = try BrowserPage(browser)
        try page.open(site.appendingPathComponent("storyboards/Feed.html"))
        for _ in 0..<5 { try page.click(".map-tools button[data-act=in]") }
        let zoomed = try placement(page)
        #expect(!inside(zoomed.drawing, zoomed.frame), "zoomed in before printing")
        try page.browser.send("Emulation.setEmulatedMedia", ["media": "print"], session: page.session)
        try page.waitUntil("getComputedStyle(document.querySelector('.map-tools')).display === 'none'")
        usleep(150_000)
        let printed = try placement(page)
        #expect(inside(printed.drawing, printed.frame), "printed whole: \(printed)")
        let main = try #require(try page.evaluate("document.querySelector('main').getBoundingClientRect().width") as? Double)
        #expect(printed.frame[2] - printed.frame[0] > main * 0.9, "as wide as the page: \(printed.frame)")
        #expect(try page.evaluate("getComputedStyle(document.querySelector('footer .how')).display") as? String == "none")
        #expect(try page.evaluate("getComputedStyle(document.querySelector('#sbmap-search-box')).display") as? String == "none")
        try shot(page, "print.png")
        // Back on the screen, the reader's view comes back.
        try page.browser.send("Emulation.setEmulatedMedia", ["media": ""], session: page.session)
        try page.waitUntil("getComputedStyle(document.querySelector('.map-tools')).display !== 'none'")
        usleep(150_000)
        let back = try placement(page)
        #expect(!inside(back.drawing, back.frame), "the zoomed view is back after printing")
        #expect(page.problems().isEmpty, "\(page.problems())")
    }

    func search(_ page: BrowserPage, _ text: String) throws -> [String] {
        try page.evaluate("(() => { const i = document.getElementById('sbmap-search'); i.value = ''; i.dispatchEvent(new Event('input')); })()")
        try page.click("#sbmap-search")
        try page.type(text)
        try page.waitUntil("document.querySelector('#sbmap-results li') !== null && !document.getElementById('sbmap-results').hidden")
        return try page.evaluate("[...document.querySelectorAll('#sbmap-results li')].map(li => li.textContent)") as? [String] ?? []
    }

    @Test func searchSpeaksSbmapsSyntaxAndRanksAnExactStoryboardNameFirst() throws {
        let root = try Self.twoTargetApp()
        let site = try site(root)
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser)
        try page.open(site.appendingPathComponent("index.html"))
        // The --focus syntax and the maps' label format both name the Account scene of (the iOS) Settings.
        for query in ["Settings:AccountSettings", "Settings › AccountSettings", "settings:account"] {
            let results = try search(page, query)
            #expect(results.first?.contains("AccountSettingsViewController") == true, "\(query): \(results)")
            #expect(results.first?.contains("in Settings") == true, "\(query): \(results)")
        }
        try page.press("Enter")
        try page.waitUntil("location.pathname.includes('/storyboards/') && location.hash === '#scene-account'")
        try page.settle()
        // A scene part that is not in that storyboard finds nothing.
        let none = try search(page, "MainInterface:AccountSettings")
        #expect(none.count == 1 && none[0].hasPrefix("Nothing matches"), "\(none)")
        // An exact storyboard name before the scenes whose class or title holds it (here a scene titled "Settings").
        let ranked = try search(page, "Settings")
        #expect(ranked.count >= 3 && ranked[0].contains("storyboard ·") && ranked[1].contains("storyboard ·"), "\(ranked)")
        // Result paths break only after a "/".
        let breaks = try page.evaluate("""
            [...document.querySelectorAll('#sbmap-results .meta')].map(m => m.innerHTML).filter(h => h.includes('/'))
            """) as? [String] ?? []
        #expect(!breaks.isEmpty && breaks.allSatisfy { $0.contains("/<wbr>") }, "\(breaks)")
        #expect(page.problems().isEmpty, "\(page.problems())")
    }

    @Test func onAPhonePathsBreakOnlyAtSlashesAndDots() throws {
        let root = try Self.twoTargetApp()
        let site = try site(root)
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser)
        try page.emulatePhone()
        let storyboards = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("storyboards").path)
            .filter { $0.hasSuffix(".html") }.sorted().map { "storyboards/" + $0 }
        var checked = 0
        for name in ["index.html", "findings.html"] + storyboards {
            try page.open(site.appendingPathComponent(name))
            // Every line break inside a text: never between two letters or digits.
            let split = try page.evaluate("""
                (() => { const bad = []; const range = document.createRange();
                  const walk = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
                  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
                    const t = n.textContent; if (t.length < 2 || n.parentElement.closest('svg, script')) continue;
                    let top = null;
                    for (let i = 0; i < t.length; i++) {
                      range.setStart(n, i); range.setEnd(n, i + 1); const r = range.getClientRects()[0]; if (!r) continue;
                      if (top !== null && r.top > top + 2 && /\\w/.test(t[i]) && i > 0 && /\\w/.test(t[i - 1]))
                        bad.push(t.slice(Math.max(0, i - 20), i) + '|' + t.slice(i, i + 10));
                      top = r.top;
                    }
                  }
                  return bad; })()
                """) as? [String] ?? ["?"]
            #expect(split.isEmpty, "\(name): split inside a word: \(split.prefix(5))")
            checked += 1
        }
        // The long path is on the page, wrapped (the test would prove nothing if it fit on one line).
        try page.open(site.appendingPathComponent("index.html"))
        let lines = try #require(try page.evaluate("""
            (() => { const w = [...document.querySelectorAll('main .where')].find(e => e.textContent.includes('MainInterface.storyboard'));
              return w ? w.getClientRects().length : 0; })()
            """) as? Double)
        #expect(lines >= 2, "the long path wraps: \(lines) lines")
        #expect(checked >= 5)
        try shot(page, "phone.png")
    }

    @Test func aTargetFilterShowsOneTargetsStoryboardsOnTheIndexAndTheOverview() throws {
        let root = try Self.twoTargetApp()
        let site = try site(root)
        let browser = try Chromium(width: 1280, height: 900)
        defer { browser.close() }
        let page = try BrowserPage(browser)
        try page.open(site.appendingPathComponent("index.html"))
        #expect(try page.evaluate("!document.querySelector('.target-filter').hidden") as? Bool == true)
        let options = try page.evaluate("[...document.querySelectorAll('#sbmap-target option')].map(o => o.textContent)") as? [String] ?? []
        #expect(options.count == 3 && options.contains { $0.contains("ShareExtension") } && options.contains { $0.hasPrefix("App") }, "\(options)")
        func state() throws -> (rows: [String], dimmed: [String], shown: [String]) {
            let rows = try page.evaluate("[...document.querySelectorAll('tr[data-targets]')].filter(r => !r.hidden).map(r => r.cells[1].textContent)") as? [String] ?? []
            let dimmed = try page.evaluate("[...document.querySelectorAll('.map-view g.node.filtered-out')].map(g => g.querySelector('text').textContent)") as? [String] ?? []
            let shown = try page.evaluate("[...document.querySelectorAll('.map-view g.node.linked:not(.filtered-out)')].map(g => g.querySelector('text').textContent)") as? [String] ?? []
            return (rows, dimmed, shown)
        }
        let all = try state()
        #expect(all.rows.count == 4 && all.dimmed.isEmpty, "\(all)")
        let share = try page.string("[...document.querySelectorAll('#sbmap-target option')].find(o => o.textContent.includes('ShareExtension')).value")
        try page.evaluate("(() => { const s = document.getElementById('sbmap-target'); s.value = '\(share)'; s.dispatchEvent(new Event('change')); })()")
        let one = try state()
        #expect(one.rows.count == 2 && one.rows.allSatisfy { $0.contains("ShareExtension/") }, "\(one.rows)")
        #expect(one.dimmed.count == 2 && one.shown.count == 2, "\(one)")
        #expect(one.shown.contains { $0.contains("MainInterface") } && !one.shown.contains { $0.contains("Main") && !$0.contains("MainInterface") }, "\(one)")
        #expect(try page.string("document.getElementById('sbmap-target-count').textContent") == "2 of 4 storyboards")
        try shot(page, "filter.png")
        try page.evaluate("(() => { const s = document.getElementById('sbmap-target'); s.value = ''; s.dispatchEvent(new Event('change')); })()")
        #expect(try state().rows.count == 4 && state().dimmed.isEmpty)
        #expect(page.problems().isEmpty, "\(page.problems())")
        // (axe reads the style sheets the way the pages' CSP forbids them: checked last.)
        if let axe = Axe.source {
            let violations = try page.axeViolations(axe)
            #expect(violations.isEmpty, "\(violations)")
        }
    }

    @Test func aTableThatScrollsSidewaysTakesTheFocusAndHasAName() throws {
        let root = try SiteFixtures.longApp()
        let site = try site(root)
        // Just wider than a phone (whose tables stack): the scenes table is wider than its column.
        let browser = try Chromium(width: 660, height: 800)
        defer { browser.close() }
        let page = try BrowserPage(browser)
        try page.open(site.appendingPathComponent("storyboards/Flow.html"))
        let regions = try page.evaluate("""
            [...document.querySelectorAll('.table-wrap')].filter(w => w.scrollWidth > w.clientWidth + 1)
              .map(w => [w.tabIndex, w.getAttribute('role') || '', w.getAttribute('aria-label') || ''].join('|'))
            """) as? [String] ?? []
        #expect(!regions.isEmpty, "no table scrolls at 660 px: the test proves nothing")
        #expect(regions.allSatisfy { $0.hasPrefix("0|region|") && $0.contains("scrolls sideways") }, "\(regions)")
        #expect(regions.contains { $0.contains("Scenes (40)") }, "named after its section: \(regions)")
        // Wider, nothing scrolls, and nothing is a tab stop for nothing.
        try browser.send("Emulation.setDeviceMetricsOverride", ["width": 1600, "height": 900, "deviceScaleFactor": 1, "mobile": false],
                         session: page.session)
        try page.evaluate("window.dispatchEvent(new Event('resize'))")
        let stops = try page.evaluate("document.querySelectorAll('.table-wrap[tabindex]').length") as? Int
        #expect(stops == 0)
        if let axe = Axe.source {
            try browser.send("Emulation.clearDeviceMetricsOverride", session: page.session)
            try page.open(site.appendingPathComponent("storyboards/Flow.html"))
            let violations = try page.axeViolations(axe)
            #expect(violations.isEmpty, "\(violations)")
        }
    }

    /// axe-core on the sites of real apps (`SBMAP_REAL_APPS`: the folder of the real-app set, scripts/real-apps.sh's
    /// APPS_DIR; `SBMAP_REAL_APPS_ONLY`: folders, comma-separated): the index and up to eight storyboard pages of
    /// each, light and dark, at a laptop's width where wide tables scroll. Skipped without the set.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SBMAP_REAL_APPS"] != nil && Axe.source != nil,
                   "set SBMAP_REAL_APPS=/path/to/apps to check the sites of the real-app set with axe-core"))
    func realAppsSitesHaveNoAccessibilityViolation() throws {
        let axe = try #require(Axe.source)
        let apps = URL(fileURLWithPath: ProcessInfo.processInfo.environment["SBMAP_REAL_APPS"] ?? "")
        let only = ProcessInfo.processInfo.environment["SBMAP_REAL_APPS_ONLY"]?.split(separator: ",").map(String.init)
            ?? ["Ranchero-Software+NetNewsWire", "RocketChat+Rocket.Chat.iOS", "artsy+eidolon", "home-assistant+iOS"]
        let browser = try Chromium(width: 1024, height: 800)
        defer { browser.close() }
        var scrolling = 0
        for app in only {
            let site = Harness.newFolder()
            let run = try Harness.run(["site", apps.appendingPathComponent(app).path, "-o", site.path, "-q"], in: apps)
            #expect(run.status == 0 || run.status == 1, "\(app): \(run.stderr.suffix(500))")
            let storyboards = ((try? FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("storyboards").path)) ?? [])
                .filter { $0.hasSuffix(".html") }.sorted().prefix(8).map { "storyboards/" + $0 }
            for name in ["index.html", "findings.html"] + storyboards {
                for scheme in ["light", "dark"] {
                    let page = try BrowserPage(browser)
                    try page.emulate(colorScheme: scheme)
                    try page.open(site.appendingPathComponent(name))
                    let violations = try page.axeViolations(axe)
                    #expect(violations.isEmpty, "\(app) \(name) (\(scheme)): \(violations)")
                    // Wide tables that scroll sideways take the focus, with a name (axe: scrollable-region-focusable).
                    scrolling += try page.evaluate("""
                        [...document.querySelectorAll('.table-wrap')].filter(w => w.scrollWidth > w.clientWidth + 1)
                          .filter(w => w.tabIndex === 0 && w.getAttribute('aria-label')).length
                        """) as? Int ?? 0
                }
            }
        }
        #expect(scrolling > 0, "no table of these sites scrolls sideways at 1024 px: the check of scrolling regions proved nothing")
    }
}
