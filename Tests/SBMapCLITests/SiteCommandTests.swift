import Foundation
import Testing

/// `sbmap site` as a user runs it: files written, exit codes, usage errors, determinism, stale pages.
@Suite struct SiteCommandTests {
    func files(_ folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            out[String(url.path.dropFirst(folder.path.count + 1))] = try Data(contentsOf: url)
        }
        return out
    }

    @Test func theSiteHasItsPagesAndTheRunReportsLikeCheck() throws {
        let root = try SiteFixtures.tabApp()
        let run = try Harness.run(["site", "App", "-o", "site"], in: root)
        // The broken reference to Help is an error, as in `check`: a CI step can publish and gate at once.
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("error: storyboard reference names storyboard 'Help'"))
        #expect(run.stderr.contains("sbmap: site written: site/index.html, 3 storyboard pages"))
        let check = try Harness.run(["check", "App"], in: root)
        let summary = try #require(check.stderr.split(separator: "\n").last)
        #expect(run.stderr.hasSuffix(summary + "\n"), "the same summary line as check")

        let site = try files(root.appendingPathComponent("site"))
        // Each map to download: SVG, PNG, PDF and JSON (a small app is well within the budget for them).
        let maps: [String] = ["overview", "storyboards/Feed", "storyboards/Main", "storyboards/Settings"].flatMap { map in
            ["json", "pdf", "png", "svg"].map { "maps/\(map).\($0)" }
        }
        let expected: [String] = ["assets/sbmap-maps.css", "assets/sbmap.css", "assets/sbmap.js", "assets/search-index.js",
                                  "diagnostics.html", "findings.html", "index.html"]
            + maps + ["sbmap-site.json", "storyboards/Feed.html", "storyboards/Main.html", "storyboards/Settings.html"]
        #expect(site.keys.sorted() == expected)
        // The PNG is a PNG, the PDF a PDF, the SVG an SVG document, and the JSON the map's graph.
        #expect(site["maps/storyboards/Feed.png"]?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(site["maps/storyboards/Feed.pdf"]?.prefix(5) == Data("%PDF-".utf8))
        #expect(String(decoding: site["maps/storyboards/Feed.svg"] ?? Data(), as: UTF8.self).hasPrefix("<?xml version=\"1.0\""))
        #expect(String(decoding: site["maps/storyboards/Feed.json"] ?? Data(), as: UTF8.self).contains("\"storyboards\""))
        let feedPage = String(decoding: site["storyboards/Feed.html"] ?? Data(), as: UTF8.self)
        #expect(feedPage.contains(#"<a href="../maps/storyboards/Feed.svg" download>SVG</a> · <a href="../maps/storyboards/Feed.png" download>PNG</a> · <a href="../maps/storyboards/Feed.pdf" download>PDF</a> · <a href="../maps/storyboards/Feed.json" download>JSON</a>"#))
        let index = String(decoding: site["index.html"] ?? Data(), as: UTF8.self)
        #expect(index.contains("<title>App</title>"), "the title is the input folder's name")
        // The counts are those of the summary line.
        #expect(summary.hasPrefix("sbmap: 3 storyboards, 5 scenes, 5 segues, 3 cross-file links (2 resolved, 1 unresolved), 1 code link;"), "\(summary)")
        for (count, what) in [(5, "scenes"), (5, "segues"), (3, "cross-file links"), (1, "link in code")] {
            #expect(index.contains(#"<span class="n">\#(count)</span><span class="what">\#(what)</span>"#), "\(what)")
        }
        #expect(index.contains("<h2 id=\"overview\">Overview</h2>\n<figure class=\"map\" data-start=\""))
        #expect(index.contains("<svg "))
        let feed = String(decoding: site["storyboards/Feed.html"] ?? Data(), as: UTF8.self)
        #expect(feed.contains("App/<wbr>Feed/<wbr>FeedViewController<wbr>.swift:5"), "the line of code that opens the detail scene")
    }

    @Test func theSameInputGivesTheSameBytesAndGoneStoryboardsTakeTheirPages() throws {
        let root = try SiteFixtures.tabApp()
        #expect(try Harness.run(["site", "App", "-o", "a", "-q"], in: root).status == 1)
        #expect(try Harness.run(["site", "App", "-o", "b", "-q"], in: root).status == 1)
        let a = try files(root.appendingPathComponent("a")), b = try files(root.appendingPathComponent("b"))
        #expect(a == b)

        try FileManager.default.removeItem(at: root.appendingPathComponent("App/Settings/Settings.storyboard"))
        try Data("mine".utf8).write(to: root.appendingPathComponent("a/storyboards/notes.txt"))
        try Data("mine".utf8).write(to: root.appendingPathComponent("a/CNAME"))
        _ = try Harness.run(["site", "App", "-o", "a", "-q"], in: root)
        let after = try files(root.appendingPathComponent("a"))
        #expect(after["storyboards/Settings.html"] == nil)
        #expect(after["storyboards/notes.txt"] == Data("mine".utf8) && after["CNAME"] == Data("mine".utf8))
        #expect(after["storyboards/Feed.html"] != nil)
    }

    @Test func sourceLinksAreHTTPOnly() throws {
        let root = try SiteFixtures.tabApp()
        for bad in ["javascript:alert(1)//{path}", "data:text/html,{path}", "https://github.com/o/r/blob/main/"] {
            let run = try Harness.run(["site", "App", "-o", "site", "--source-url", bad], in: root)
            #expect(run.status == 64, "\(bad)")
            #expect(run.stderr.contains("--source-url"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("site").path))
        }
        let run = try Harness.run(["site", "App", "-o", "site", "-q", "--source-url",
                                   "https://github.com/o/r/blob/0123abc/{path}#L{line}"], in: root)
        #expect(run.status == 1)
        let feed = try String(contentsOf: root.appendingPathComponent("site/storyboards/Feed.html"), encoding: .utf8)
        #expect(feed.contains(#"<a href="https://github.com/o/r/blob/0123abc/App/Feed/FeedViewController.swift#L5" class="where">App/<wbr>Feed/<wbr>FeedViewController<wbr>.swift:5</a>"#))
    }

    @Test func theOutputMustBeAFolder() throws {
        let root = try SiteFixtures.tabApp()
        try Data().write(to: root.appendingPathComponent("file"))
        #expect(try Harness.run(["site", "App", "-o", "file"], in: root).status == 64)
        #expect(try Harness.run(["site", "App", "-o", "-"], in: root).status == 64)
        #expect(try Harness.run(["site", "App", "-o", "s", "--hops", "-1"], in: root).status == 64)
    }
}
