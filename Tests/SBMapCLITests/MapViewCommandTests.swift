import Foundation
import Testing

/// `sbmap render --view`, `--focus`, `--all` and the budget, as a user runs them.
@Suite struct MapViewCommandTests {
    /// Main (tab bar: Feed, Settings) and, in two platforms' folders, two storyboards named Detail.
    func app() throws -> URL {
        try Harness.project([
            "App/Base.lproj/Main.storyboard": XML.storyboard(initial: "tab",
                XML.scene("tab", element: "tabBarController", body: """
                    <connections>
                        <segue destination="feedRef" kind="relationship" relationship="viewControllers" id="r1"/>
                        <segue destination="setRef" kind="relationship" relationship="viewControllers" id="r2"/>
                    </connections>
                """),
                XML.reference("feedRef", storyboard: "Feed"),
                XML.reference("setRef", storyboard: "Settings")),
            "App/Feed.storyboard": XML.storyboard(initial: "feed",
                XML.scene("feed", attributes: #"customClass="FeedViewController" storyboardIdentifier="feed""#, body: """
                    <connections><segue destination="post" kind="show" id="s1"/></connections>
                """),
                XML.scene("post", attributes: #"customClass="PostViewController" storyboardIdentifier="post""#)),
            "App/Settings.storyboard": XML.storyboard(initial: "set", XML.scene("set", attributes: #"customClass="SettingsViewController""#)),
            "Phone/Detail.storyboard": XML.storyboard(initial: "d", XML.scene("d")),
            "Pad/Detail.storyboard": XML.storyboard(initial: "d", XML.scene("d")),
        ])
    }

    @Test func aRenderOverTheBudgetDrawsTheOverviewAndSaysHowToGetDetail() throws {
        let root = try app()
        let run = try Harness.run(["render", ".", "-o", "map.svg", "--max-nodes", "3"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("drawing the overview"))
        #expect(run.stderr.contains("--focus Main"))
        let svg = try String(contentsOf: root.appendingPathComponent("map.svg"), encoding: .utf8)
        #expect(svg.contains(#"class="node storyboard"#))
        #expect(!svg.contains("FeedViewController"))

        let within = try Harness.run(["render", ".", "-o", "full.svg"], in: root)
        #expect(!within.stderr.contains("drawing the overview"))
        let full = try String(contentsOf: root.appendingPathComponent("full.svg"), encoding: .utf8)
        #expect(full.contains("FeedViewController"))
    }

    @Test func focusDrawsOneStoryboardAndItsNeighbours() throws {
        let root = try app()
        let run = try Harness.run(["render", ".", "-o", "feed.svg", "--focus", "Feed"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try String(contentsOf: root.appendingPathComponent("feed.svg"), encoding: .utf8)
        #expect(svg.contains("PostViewController"))
        #expect(svg.contains(#"class="node stub"#), "Main's tab bar is folded into a stub")
        #expect(!svg.contains("SettingsViewController"))

        let scene = try Harness.run(["render", ".", "-o", "post.svg", "--focus", "Feed:post", "--hops", "0"], in: root)
        #expect(scene.status == 0, "\(scene.stderr)")
        let post = try String(contentsOf: root.appendingPathComponent("post.svg"), encoding: .utf8)
        #expect(post.contains("PostViewController") && !post.contains(">FeedViewController<"))
    }

    @Test func anUnknownOrAmbiguousFocusIsAUsageErrorThatListsTheCandidates() throws {
        let root = try app()
        let unknown = try Harness.run(["render", ".", "-o", "x.svg", "--focus", "feed"], in: root)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("no storyboard named 'feed'") && unknown.stderr.contains("did you mean 'Feed'?"))
        let ambiguous = try Harness.run(["render", ".", "-o", "x.svg", "--focus", "Detail"], in: root)
        #expect(ambiguous.status == 64)
        #expect(ambiguous.stderr.contains("Pad/Detail.storyboard") && ambiguous.stderr.contains("Phone/Detail.storyboard"))
        let byPath = try Harness.run(["render", ".", "-o", "x.svg", "--focus", "Pad/Detail"], in: root)
        #expect(byPath.status == 0, "\(byPath.stderr)")
        let scene = try Harness.run(["render", ".", "-o", "x.svg", "--focus", "Feed:nothing"], in: root)
        #expect(scene.status == 64)
        #expect(scene.stderr.contains("no scene 'nothing'") && scene.stderr.contains("feed, post"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("x.svg").path) || byPath.status == 0)
    }

    @Test func allWritesTheOverviewEveryFocusMapAndAnIndexWithStableNames() throws {
        let root = try app()
        let run = try Harness.run(["render", ".", "--all", "-o", "maps"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        let maps = root.appendingPathComponent("maps")
        let files = try FileManager.default.contentsOfDirectory(atPath: maps.appendingPathComponent("storyboards").path).sorted()
        #expect(files == ["Feed.svg", "Main.svg", "Pad-Detail.svg", "Phone-Detail.svg", "Settings.svg"])
        #expect(FileManager.default.fileExists(atPath: maps.appendingPathComponent("overview.svg").path))
        let index = try JSONSerialization.jsonObject(with: Data(contentsOf: maps.appendingPathComponent("maps.json"))) as? [String: Any]
        #expect(index?["schema"] as? String == "sbmap-maps/1")
        #expect(index?["overview"] as? String == "overview.svg")
        let entries = index?["maps"] as? [[String: Any]] ?? []
        #expect(entries.compactMap { $0["file"] as? String }.sorted() == files.map { "storyboards/\($0)" })

        // Same input, same bytes; a storyboard that is gone takes its map with it.
        let first = try Data(contentsOf: maps.appendingPathComponent("storyboards/Feed.svg"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("Pad/Detail.storyboard"))
        try Data("keep me".utf8).write(to: maps.appendingPathComponent("storyboards/notes.txt"))
        let again = try Harness.run(["render", ".", "--all", "-o", "maps"], in: root)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Data(contentsOf: maps.appendingPathComponent("storyboards/Feed.svg")) == first)
        let after = try FileManager.default.contentsOfDirectory(atPath: maps.appendingPathComponent("storyboards").path).sorted()
        #expect(after == ["Detail.svg", "Feed.svg", "Main.svg", "Settings.svg", "notes.txt"])
    }

    @Test func allRefusesWhatItCannotDo() throws {
        let root = try app()
        #expect(try Harness.run(["render", ".", "--all", "-o", "-"], in: root).status == 64)
        #expect(try Harness.run(["render", ".", "--all", "-o", "m", "--focus", "Feed"], in: root).status == 64)
        #expect(try Harness.run(["render", ".", "-o", "m.svg", "--hops", "-1"], in: root).status == 64)
    }
}

/// What a user installing sbmap sees first.
@Suite struct PackagingTests {
    @Test func versionNamesTheGraphvizItWasBuiltAgainst() throws {
        let run = try Harness.run(["--version"], in: Harness.scratch)
        #expect(run.status == 0)
        #expect(run.stdout.range(of: #"^\d+\.\d+\.\d+ \(Graphviz \d+\.\d+"#, options: .regularExpression) != nil, "\(run.stdout)")
    }

    @Test func completionScriptsCoverTheCommandsAndTheirFlags() throws {
        let run = try Harness.run(["--generate-completion-script", "bash"], in: Harness.scratch)
        #expect(run.status == 0)
        for word in ["check", "export", "render", "--focus", "--config"] { #expect(run.stdout.contains(word), "\(word)") }
    }
}
