import Foundation
import Testing

/// Issue 28, item 16: rendering never fails on a real app. When Graphviz fails a layout ("lost … edge"), the map is
/// laid out again, simpler each time (links between storyboards out of the ranking, then without rank hints, then
/// by another engine), with a note naming what was simplified; `render`, `render --all` and `site` alike.
/// `SBMAP_TEST_GRAPHVIZ_FAILURES=N` makes the first N layout attempts of each map fail as Graphviz's would.
@Suite struct RenderFallbackTests {
    static func app() throws -> URL {
        try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "home",
                XML.scene("home", attributes: #"customClass="HomeViewController""#, body: XML.segue("toFeed", to: "feedRef")),
                XML.reference("feedRef", storyboard: "Feed")),
            "App/Feed.storyboard": XML.storyboard(initial: "list",
                XML.scene("list", attributes: #"customClass="FeedViewController""#, body: XML.segue("g1", to: "post")),
                XML.scene("post", attributes: #"customClass="PostViewController""#)),
        ])
    }

    @Test(arguments: [
        (1, "with links between storyboards left out of the ranking"),
        (2, "without rank hints"),
        (3, "by sfdp instead, with straight edges"),
    ])
    func aLayoutGraphvizFailsIsDrawnSimplerWithANote(failures: Int, simplified: String) throws {
        let root = try Self.app()
        let run = try Harness.run(["render", "App", "-o", "map.svg"], in: root,
                                  environment: ["SBMAP_TEST_GRAPHVIZ_FAILURES": String(failures)])
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try String(contentsOf: root.appendingPathComponent("map.svg"), encoding: .utf8)
        #expect(svg.contains("PostViewController"), "a complete map")
        #expect(run.stderr.contains("note: the first layout failed (Graphviz (layout dot): lost n1 n2 edge (injected)); the map was laid out again"),
                "\(run.stderr)")
        #expect(run.stderr.contains(simplified), "\(run.stderr)")
        #expect(run.stderr.contains("[render-limited]"))
        #expect(!run.stderr.contains("error:"), "the first attempt's Graphviz error is no finding: \(run.stderr)")
    }

    @Test func whenEveryFallbackFailsTheRunFails() throws {
        let root = try Self.app()
        let run = try Harness.run(["render", "App", "-o", "map.svg"], in: root, environment: ["SBMAP_TEST_GRAPHVIZ_FAILURES": "9"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("map.svg").path))
    }

    @Test func renderAllAndSiteTakeTheSameFallback() throws {
        let root = try Self.app()
        let environment = ["SBMAP_TEST_GRAPHVIZ_FAILURES": "1"]
        let all = try Harness.run(["render", "App", "--all", "-o", "maps"], in: root, environment: environment)
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stderr.contains("laid out again"), "\(all.stderr)")
        let site = try Harness.run(["site", "App", "-o", "site"], in: root, environment: environment)
        #expect(site.status == 0, "\(site.stderr)")
        #expect(site.stderr.contains("laid out again"), "\(site.stderr)")
        let index = try String(contentsOf: root.appendingPathComponent("site/index.html"), encoding: .utf8)
        #expect(index.contains("<svg"), "the site's map is drawn")
    }
}
