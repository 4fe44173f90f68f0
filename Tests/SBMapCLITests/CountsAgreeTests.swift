import Foundation
import SBMapModel
import Testing

/// Every output that counts tells the same numbers about one app: `check`'s summary line, the site's index, the
/// diff summary's before and after columns, and `maps.json` (the diff once said 40 scenes and 8 links where check
/// said 46 and 6: it counted placeholders as scenes).
@Suite struct CountsAgreeTests {
    /// The numbers a line or page gives, by what it counts.
    typealias Numbers = [String: Int]

    /// `sbmap: 3 storyboards, 5 scenes, 5 segues, 3 cross-file links (2 resolved, 1 unresolved), 2 code links (1
    /// unresolved); 2 errors, 0 warnings, 0 notes`.
    static func parseSummary(_ line: String) -> Numbers {
        var numbers: Numbers = [:]
        let words = ["storyboard": "storyboards", "scene": "scenes", "segue": "segues", "cross-file link": "cross-file links",
                     "code link": "code links", "error": "errors", "warning": "warnings", "note": "notes"]
        for (singular, plural) in words {
            for name in [plural, singular] {
                if let range = line.range(of: #"(\d+) \#(name)\b"#, options: .regularExpression) {
                    numbers[plural] = Int(line[range].split(separator: " ")[0])
                    break
                }
            }
        }
        if let range = line.range(of: #"cross-file links? \((\d+) resolved, (\d+) unresolved"#, options: .regularExpression) {
            numbers["unresolved cross-file links"] = Int(line[range].split(separator: " ").dropLast().last ?? "")
        } else {
            numbers["unresolved cross-file links"] = 0
        }
        if let range = line.range(of: #"code links? \((\d+) unresolved\)"#, options: .regularExpression) {
            numbers["unresolved code links"] = Int(line[range].split(separator: "(")[1].split(separator: " ")[0])
        } else {
            numbers["unresolved code links"] = 0
        }
        numbers["code links", default: 0] += 0
        return numbers
    }

    static func checkNumbers(in folder: URL) throws -> Numbers {
        let run = try Harness.run(["check", "."], in: folder)
        return parseSummary(String(try #require(run.stderr.split(separator: "\n").last)))
    }

    /// The tab app of the site tests, with a code link that does not resolve, and a copy of it without Settings.
    static func app() throws -> (head: URL, base: URL) {
        let head = try SiteFixtures.tabApp()
        try Data("""
            import UIKit
            final class RootTabBarController: UITabBarController {
                func help() { _ = UIStoryboard(name: "Feed", bundle: nil).instantiateViewController(withIdentifier: "Gone") }
            }
            """.utf8).write(to: head.appendingPathComponent("App/Root.swift"))
        let base = Harness.newFolder()
        try FileManager.default.copyItem(at: head, to: base)
        try FileManager.default.removeItem(at: base.appendingPathComponent("App/Settings"))
        try FileManager.default.removeItem(at: base.appendingPathComponent("App/Root.swift"))
        return (head, base)
    }

    @Test func checkTheSiteTheDiffSummaryAndMapsJSONCountAlike() throws {
        let (head, base) = try Self.app()
        let check = try Self.checkNumbers(in: head)
        let checkBase = try Self.checkNumbers(in: base)
        // The fixture has every kind of count, so the comparison covers each.
        for key in ["storyboards", "scenes", "segues", "cross-file links", "unresolved cross-file links", "code links",
                    "unresolved code links", "errors"] {
            #expect((check[key] ?? 0) > 0, "\(key): \(check)")
        }
        #expect(check["scenes"] == 5, "placeholders are cross-file links, not scenes: \(check)")

        // The site's index.
        let site = Harness.newFolder()
        _ = try Harness.run(["site", ".", "-o", site.path], in: head)
        let index = String(decoding: try Data(contentsOf: site.appendingPathComponent("index.html")), as: UTF8.self)
        func shown(_ what: String) -> Int? {
            guard let range = index.range(of: #"<span class="n">(\d+)</span><span class="what">(<a [^>]*>)?\#(what)<"#,
                                          options: .regularExpression) else { return nil }
            return Int(index[range].split(separator: ">")[1].split(separator: "<")[0])
        }
        #expect(shown("storyboards") == check["storyboards"])
        #expect(shown("scenes") == check["scenes"])
        #expect(shown("segues") == check["segues"])
        #expect(shown("cross-file links") == check["cross-file links"])
        #expect(shown("links in code") == check["code links"])
        #expect(index.contains("\(check["unresolved code links"] ?? -1) unresolved"))

        // The diff summary's columns: before is BASE's check, after is HEAD's.
        let diff = try Harness.run(["diff", base.path, head.path, "--summary", "-"], in: head)
        var before: Numbers = [:], after: Numbers = [:]
        for line in diff.stdout.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, let b = Int(cells[1]), let a = Int(cells[2]) else { continue }
            let key = ["cross-file links that do not resolve": "unresolved cross-file links",
                       "code links that do not resolve": "unresolved code links"][cells[0]] ?? cells[0]
            (before[key], after[key]) = (b, a)
        }
        for key in ["storyboards", "scenes", "segues", "cross-file links", "unresolved cross-file links", "code links",
                    "unresolved code links", "errors", "warnings"] {
            #expect(after[key] == check[key], "after, \(key): \(after) against \(check)")
            #expect(before[key] == checkBase[key], "before, \(key): \(before) against \(checkBase)")
        }

        // Markdown of the overview (one box per storyboard, one arrow per pair) and of the full map: the app's numbers,
        // not the boxes and arrows.
        for view in ["overview", "full"] {
            let markdown = try Harness.run(["render", ".", "--view", view, "--format", "markdown", "-o", "-"], in: head)
            let line = try #require(markdown.stdout.split(separator: "\n").first { $0.contains(" storyboard") && $0.contains(" scene") })
            let shown = Self.parseSummary(String(line))
            for key in ["storyboards", "scenes", "cross-file links", "errors", "warnings"] {
                #expect(shown[key] == check[key], "Markdown of the \(view), \(key): \(line) against \(check)")
            }
        }

        // maps.json: the app's counts, and the scenes of its maps add up to them.
        let maps = Harness.newFolder()
        _ = try Harness.run(["render", ".", "--all", "-o", maps.path, "--format", "dot"], in: head)
        let json = try JSONDecoder().decode(MapsIndex.self, from: Data(contentsOf: maps.appendingPathComponent("maps.json")))
        #expect(json.counts.storyboards == check["storyboards"])
        #expect(json.counts.scenes == check["scenes"])
        #expect(json.counts.segues == check["segues"])
        #expect(json.counts.crossFileLinks.total == check["cross-file links"])
        #expect(json.counts.codeLinks == check["code links"])
        #expect(json.counts.errors == check["errors"])
        #expect(json.maps.reduce(0) { $0 + $1.scenes } == check["scenes"])
    }

    struct MapsIndex: Decodable {
        struct Map: Decodable { var scenes: Int }
        var maps: [Map]
        var counts: GraphCounts
    }
}

/// Each storyboard's counts, where five outputs give them: the overview's storyboard nodes, the stubs of a focus map,
/// `maps.json`, the site's manifest and each storyboard page's heading (and the site's index table). All read
/// `GraphCounts`; before, each counted on its own.
@Suite struct StoryboardCountsAgreeTests {
    struct GraphJSON: Decodable {
        struct Summary: Decodable { var storyboard: String; var scenes: Int; var unresolved: Int; var errors: Int }
        struct Node: Decodable { var role: String; var summary: Summary? }
        var nodes: [Node]
    }

    struct SiteManifestJSON: Decodable {
        struct Page: Decodable { var storyboard: String; var scenes: Int; var page: String }
        var storyboards: [Page]
    }

    struct MapsJSON: Decodable {
        struct Map: Decodable { var storyboard: String; var scenes: Int }
        var maps: [Map]
    }

    @Test func theOverviewFocusStubsMapsJSONAndTheSiteGiveEachStoryboardsCounts() throws {
        // Main: the tab bar and three references (Help's does not resolve); Feed: three scenes, and a code link to a
        // Storyboard ID it lacks; Settings: one scene. Code nodes (the classes) are no storyboard's scenes.
        let (app, _) = try CountsAgreeTests.app()
        let main = "App/Base.lproj/Main.storyboard", feed = "App/Feed/Feed.storyboard", settings = "App/Settings/Settings.storyboard"
        let scenes = [main: 1, feed: 3, settings: 1]

        // The overview's storyboard nodes.
        let overview = try Harness.run(["render", ".", "--view", "overview", "--format", "json", "-o", "-"], in: app)
        let boxes = try JSONDecoder().decode(GraphJSON.self, from: Data(overview.stdout.utf8)).nodes
            .filter { $0.role == "storyboard" }.compactMap(\.summary)
        #expect(Dictionary(boxes.map { ($0.storyboard, $0.scenes) }, uniquingKeysWith: { a, _ in a }) == scenes)
        #expect(boxes.first { $0.storyboard == main }?.unresolved == 1, "Help's reference: \(boxes)")

        // The stubs of Main's focus map, zero hops away: Feed and Settings folded whole.
        let focus = try Harness.run(["render", ".", "--focus", "Main", "--hops", "0", "--format", "json", "-o", "-"], in: app)
        let stubs = try JSONDecoder().decode(GraphJSON.self, from: Data(focus.stdout.utf8)).nodes
            .filter { $0.role == "stub" }.compactMap(\.summary)
        #expect(Dictionary(stubs.map { ($0.storyboard, $0.scenes) }, uniquingKeysWith: { a, _ in a })
                == [feed: 3, settings: 1], "\(stubs)")

        // maps.json.
        let maps = Harness.newFolder()
        _ = try Harness.run(["render", ".", "--all", "-o", maps.path, "--format", "dot"], in: app)
        let listed = try JSONDecoder().decode(MapsJSON.self, from: Data(contentsOf: maps.appendingPathComponent("maps.json")))
        #expect(Dictionary(listed.maps.map { ($0.storyboard, $0.scenes) }, uniquingKeysWith: { a, _ in a }) == scenes)

        // The site: its manifest, each storyboard's page, the index's table.
        let site = Harness.newFolder()
        _ = try Harness.run(["site", ".", "-o", site.path], in: app)
        let manifest = try JSONDecoder().decode(SiteManifestJSON.self,
                                                from: Data(contentsOf: site.appendingPathComponent("sbmap-site.json")))
        #expect(Dictionary(manifest.storyboards.map { ($0.storyboard, $0.scenes) }, uniquingKeysWith: { a, _ in a }) == scenes)
        for page in manifest.storyboards {
            let html = String(decoding: try Data(contentsOf: site.appendingPathComponent(page.page)), as: UTF8.self)
            let placeholders = page.storyboard == main ? ", and 3 references and links to other storyboards" : ""
            #expect(html.contains("<h2 id=\"scenes\">Scenes (\(scenes[page.storyboard] ?? -1)\(placeholders))</h2>"),
                    "\(page.page)")
        }
        let index = String(decoding: try Data(contentsOf: site.appendingPathComponent("index.html")), as: UTF8.self)
        for page in manifest.storyboards {
            let row = try #require(index.split(separator: "\n").first { $0.hasPrefix("<tr") && $0.contains("href=\"\(page.page)\">") },
                                   "no row for \(page.storyboard)")
            let cell = try #require(row.components(separatedBy: "<td class=\"num\">").dropFirst().first)
            #expect(cell.hasPrefix("\(scenes[page.storyboard] ?? -1)</td>"), "\(row)")
        }
    }
}
