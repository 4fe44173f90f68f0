import Foundation
import Testing

/// The screenshots of `sbmap site` in the README and docs/site.md, taken by the same browser client as the tests:
/// `scripts/site-screenshots.sh` runs this with `SBMAP_SITE_SCREENSHOTS=docs/images`. Skipped otherwise.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["SBMAP_SITE_SCREENSHOTS"] != nil,
                             "set SBMAP_SITE_SCREENSHOTS=FOLDER (scripts/site-screenshots.sh does) to take the site's screenshots"))
struct SiteScreenshots {
    @Test func indexStoryboardPageAndSearch() throws {
        let out = URL(fileURLWithPath: ProcessInfo.processInfo.environment["SBMAP_SITE_SCREENSHOTS"] ?? ".",
                      relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // examples/TabBarApp of this repository, as a user maps it from the repository's root.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let site = Harness.newFolder()
        let run = try Harness.run(["site", "examples/TabBarApp", "-o", site.path, "-q"], in: repository)
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path), "\(run.stderr)")

        let browser = try Chromium(width: 1280, height: 1000)
        defer { browser.close() }
        let page = try BrowserPage(browser)
        try page.open(site.appendingPathComponent("index.html"))
        try page.screenshot(to: out.appendingPathComponent("site-index.png"))

        // Feed's page, arrived at by a click on the Post scene: selected on the map, its facts under it.
        try page.open(site.appendingPathComponent("storyboards/Feed.html"))
        let post = try page.string("document.querySelector('tr[data-node] a[href^=\"#\"]') && [...document.querySelectorAll('tr[data-node]')].find(r => r.cells[0].textContent.startsWith('Post')).dataset.node")
        let box = try page.string("JSON.parse(document.querySelector('script.map-anchors').textContent)['\(post)']")
        try page.click("#" + box)
        try page.waitUntil("document.querySelector('.map-selection:not([hidden])') !== null")
        try page.evaluate("document.querySelector('figure.map').scrollIntoView({block: 'start'})")
        usleep(200_000)
        try page.screenshot(to: out.appendingPathComponent("site-storyboard.png"))

        // The search box, in use.
        try page.evaluate("window.scrollTo(0, 0)")
        try page.click("#sbmap-search")
        try page.type("controller")
        try page.waitUntil("document.querySelectorAll('#sbmap-results li a').length > 3")
        usleep(200_000)
        try page.screenshot(to: out.appendingPathComponent("site-search.png"))
        #expect(page.problems().isEmpty, "\(page.problems())")

        // Dark mode: Feed's page with the system set to dark, the Post scene linked to.
        let dark = try BrowserPage(browser)
        try dark.emulate(colorScheme: "dark")
        try dark.open(URL(string: site.appendingPathComponent("storyboards/Feed.html").absoluteString + "#" + post)!)
        try dark.waitUntil("document.querySelector('.map-view g.sbmap-target') !== null")
        usleep(200_000)
        try dark.screenshot(to: out.appendingPathComponent("site-dark.png"))

        // A phone, 390 px wide: Feed's page at its scenes table, rows stacked.
        let phone = try BrowserPage(browser)
        try phone.emulatePhone(scale: 2)
        try phone.open(site.appendingPathComponent("storyboards/Feed.html"))
        try phone.evaluate("window.scrollTo(0, document.getElementById('scenes').getBoundingClientRect().top + scrollY - 120)")
        usleep(200_000)
        try phone.screenshot(to: out.appendingPathComponent("site-phone.png"))
        #expect(dark.problems().isEmpty && phone.problems().isEmpty, "\(dark.problems()) \(phone.problems())")
    }
}
