import Foundation
import Testing

/// The site's entries for screens made in code and SwiftUI screens (issue 32): they belong to no storyboard's page,
/// so the index lists them, each with its kind, the place of its class, what it is for (its doc comment and the note
/// of `.sbmap.yml`), the links in code into it and out of it; each has a `#scene-…` anchor that links, the search and
/// the overview's boxes reach.
@Suite struct SiteScreensInCodeTests {
    static let files: [String: String] = [
        "App/Main.storyboard": XML.storyboard(initial: "h", XML.scene("h", attributes: #"customClass="HomeViewController""#)),
        "App/Classes.swift": """
            import UIKit
            import SwiftUI
            class HomeViewController: UIViewController {}
            /// Shows one item & its <history>. Nothing else.
            class DetailViewController: UIViewController {
                func showHome() {
                    present(HomeViewController(), animated: true)
                }
            }
            struct SettingsView: View {
                var body: some View { Text("Settings") }
            }
            """,
        "App/AppCoordinator.swift": """
            import UIKit
            import SwiftUI
            final class AppCoordinator {
                let navigationController = UINavigationController()

                func showDetail() {
                    let vc = DetailViewController()
                    navigationController.pushViewController(vc, animated: true)
                }

                func showSettings() {
                    navigationController.present(UIHostingController(rootView: SettingsView()), animated: true)
                }
            }
            """,
        ".sbmap.yml": """
            notes:
              "SettingsView": "Reached from the <gear>"
            """,
    ]

    static func site() throws -> (folder: URL, index: String, search: String, main: String) {
        let folder = try Harness.project(files)
        let run = try Harness.run(["site", ".", "-o", "site", "--title", "ScreensTest"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("note-names-no-scene"), "a note names a SwiftUI screen by its view alone: \(run.stderr)")
        func read(_ path: String) throws -> String {
            try String(contentsOf: folder.appendingPathComponent("site/" + path), encoding: .utf8)
        }
        return (folder, try read("index.html"), try read("assets/search-index.js"), try read("storyboards/Main.html"))
    }

    /// The index's row of the screen whose anchor starts `scene-` and `name`.
    static func row(_ index: String, _ name: String) throws -> String {
        let start = try #require(index.range(of: "<tr id=\"scene-" + name))
        let end = try #require(index.range(of: "</tr>", range: start.upperBound..<index.endIndex))
        return String(index[start.lowerBound..<end.upperBound])
    }

    @Test func theIndexListsEachScreenWithItsKindPlaceDocNoteAndLinks() throws {
        let (_, index, _, _) = try Self.site()
        #expect(index.contains(#"<h2 id="screens">Screens made in code (2)</h2>"#), "\(index)")
        let detail = try Self.row(index, "code-DetailViewController")
        #expect(detail.contains(#" <div class="muted purpose">Shows one item &amp; its &lt;history&gt;.</div>"#), "\(detail)")
        #expect(!detail.contains("Nothing else"), "the first sentence only")
        #expect(detail.contains("<td>made in code</td>"), "\(detail)")
        #expect(detail.contains("<code>push</code> from "), "who pushes it: \(detail)")
        #expect(detail.contains("AppCoordinator (code)"), "\(detail)")
        #expect(detail.contains("AppCoordinator.swift:8"), "where the push is written: \(detail)")
        #expect(detail.contains(#"<code>present</code> to <a href="storyboards/Main.html#scene-h">"#), "what it presents: \(detail)")
        #expect(detail.contains("Classes.swift:5"), "the place of its class: \(detail)")

        let settings = try Self.row(index, "swiftui-SettingsView")
        #expect(settings.contains("<td>SwiftUI screen</td>"), "\(settings)")
        #expect(settings.contains(#" <div class="muted note">Note: Reached from the &lt;gear&gt;</div>"#), "\(settings)")
        #expect(settings.contains("<code>present</code> from "), "\(settings)")
        #expect(settings.contains("AppCoordinator.swift:12"), "\(settings)")
        #expect(!index.contains("<gear>") && !index.contains("<history>"), "input text is escaped")
        // The counts link to the section.
        #expect(index.contains(##"<a href="#screens">code screen</a>"##), "\(index)")
    }

    @Test func theOverviewsBoxesForTheScreensLinkToTheirEntries() throws {
        let (_, index, _, _) = try Self.site()
        let anchor = try #require(try Self.row(index, "code-DetailViewController")
            .firstMatch(of: /<tr id="(scene-[^"]+)"/)?.1)
        let links = try #require(index.firstMatch(of: /<script type="application\/json" class="map-links">([^<]*)<\/script>/)?.1)
        #expect(links.contains("\"#\(anchor)\""), "\(links)")
        let anchors = try #require(index.firstMatch(of: /<script type="application\/json" class="map-anchors">([^<]*)<\/script>/)?.1)
        #expect(anchors.contains("\"\(anchor)\":"), "a deep link finds the box: \(anchors)")
        #expect(index.contains(#"<div class="map-selection" hidden></div>"#), "a deep link shows the entry under the map")
    }

    @Test func theSearchFindsTheScreensAndStoryboardPagesLinkToTheirEntries() throws {
        let (_, index, search, main) = try Self.site()
        let anchor = try #require(try Self.row(index, "code-DetailViewController")
            .firstMatch(of: /<tr id="(scene-[^"]+)"/)?.1)
        let screens = try #require(search.firstMatch(of: /"screens": \[\n(.*?)\n\], "segues"/.dotMatchesNewlines())?.1)
        #expect(screens.split(separator: "\n").count == 2, "\(search)")
        #expect(screens.contains("[\"DetailViewController\",\"screen made in code\",\"\(anchor)\"]"), "\(search)")
        #expect(screens.contains("[\"SettingsView\",\"SwiftUI screen\",\"scene-swiftui-SettingsView"), "\(search)")
        // Who references Home: the screen made in code that presents it, linked to its entry on the index.
        #expect(main.contains("href=\"../index.html#\(anchor)\""), "\(main)")
    }

    @Test func theSameInputGivesTheSameIndexAndSearch() throws {
        let one = try Self.site(), two = try Self.site()
        #expect(one.index == two.index)
        #expect(one.search == two.search)
    }
}

/// The index's screens in a browser: the search finds them and opens their entries, and the index with them has no
/// accessibility violation, light and dark.
@Suite(.serialized, .enabled(if: Chromium.executable != nil, Comment(rawValue: Chromium.missing)))
struct SiteScreensInCodeBrowserTests {
    @Test func theSearchOpensAScreensEntryAndTheIndexIsAxeClean() throws {
        let (folder, _, _, _) = try SiteScreensInCodeTests.site()
        let index = folder.appendingPathComponent("site/index.html")
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser)
        try page.open(index)
        try page.click("#sbmap-search")
        try page.type("SettingsView")
        try page.waitUntil("document.querySelector('#sbmap-results li') !== null && !document.getElementById('sbmap-results').hidden")
        let results = try page.evaluate("[...document.querySelectorAll('#sbmap-results li')].map(li => li.textContent)") as? [String] ?? []
        #expect(results.first == "SettingsViewSwiftUI screen", "\(results)")
        try page.press("Enter")
        try page.waitUntil("location.hash.startsWith('#scene-swiftui-SettingsView')")
        try page.waitUntil("document.querySelector('tr.sbmap-target') !== null")
        #expect(try page.string("document.querySelector('tr.sbmap-target').id").hasPrefix("scene-swiftui-SettingsView"))
        #expect(try page.evaluate("document.querySelector('.map-view .sbmap-target') !== null") as? Bool == true,
                "the screen's box on the overview is highlighted")
        #expect(page.problems().isEmpty, "\(page.problems())")
        if let axe = Axe.source {
            for scheme in ["light", "dark"] {
                let page = try BrowserPage(browser)
                try page.emulate(colorScheme: scheme)
                try page.open(index)
                let violations = try page.axeViolations(axe)
                #expect(violations.isEmpty, "index.html (\(scheme)): \(violations)")
            }
        }
    }
}
