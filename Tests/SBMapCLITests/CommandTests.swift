import Foundation
import Testing

/// `sbmap check` and `sbmap export` as a user runs them: exit codes, findings on stderr, files written.
@Suite struct CommandTests {
    /// A tab bar split into two storyboards, one reference broken.
    func brokenApp() throws -> URL {
        try Harness.project([
            "App/Base.lproj/Main.storyboard": XML.storyboard(initial: "tab",
                XML.scene("tab", element: "tabBarController", body: """
                    <connections>
                        <segue destination="feedRef" kind="relationship" relationship="viewControllers" id="r1"/>
                        <segue destination="helpRef" kind="relationship" relationship="viewControllers" id="r2"/>
                    </connections>
                """),
                XML.reference("feedRef", storyboard: "Feed"),
                XML.reference("helpRef", storyboard: "Help")),
            "App/Feed.storyboard": XML.storyboard(initial: "feed", XML.scene("feed", attributes: #"customClass="FeedViewController""#)),
            "App/Info.plist": """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                    <key>UIMainStoryboardFile</key>
                    <string>Main</string>
                </dict>
                </plist>
                """,
        ])
    }

    @Test func checkReportsABrokenReferenceInXcodeFormatAndFails() throws {
        let root = try brokenApp()
        let run = try Harness.run(["check", "App"], in: root)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let finding = try #require(lines.first)
        #expect(finding.hasPrefix("App/Base.lproj/Main.storyboard:"))
        #expect(finding.contains(": error: storyboard reference names storyboard 'Help', which does not exist"))
        #expect(finding.hasSuffix("[unknown-storyboard]"))
        // path:line:col points at the placeholder element.
        let parts = finding.split(separator: ":")
        let line = try #require(Int(parts[1]))
        let source = try String(contentsOf: root.appendingPathComponent("App/Base.lproj/Main.storyboard"), encoding: .utf8)
        let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(sourceLines[line - 1].contains(#"storyboardName="Help""#))
        #expect(lines[1] == "sbmap: 2 storyboards, 2 scenes, 2 segues, 2 cross-file links (1 resolved, 1 unresolved); 1 error, 0 warnings, 0 notes")
        #expect(!run.stderr.contains("\u{1B}["))
    }

    @Test func aCleanProjectExitsZero() throws {
        let root = try Harness.project([
            "Main.storyboard": XML.storyboard(initial: "a", XML.scene("a", body: XML.segue("s", to: "b")), XML.scene("b")),
        ])
        let run = try Harness.run(["check", "."], in: root)
        #expect(run.status == 0)
        #expect(run.stderr == "sbmap: 1 storyboard, 2 scenes, 1 segue, 0 cross-file links; 0 errors, 0 warnings, 0 notes\n")
    }

    @Test func strictFailsOnWarnings() throws {
        let root = try Harness.project([
            "Main.storyboard": XML.storyboard(initial: "a",
                XML.scene("a"),
                """
                        <scene sceneID="s-x">
                            <objects>
                                <viewControllerPlaceholder storyboardName="Kit" bundleIdentifier="com.example.kit" id="x" sceneMemberID="viewController"/>
                            </objects>
                        </scene>
                """),
        ])
        #expect(try Harness.run(["check", "."], in: root).status == 0)
        let strict = try Harness.run(["check", ".", "--strict"], in: root)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("warning: storyboard reference points at storyboard 'Kit' in bundle 'com.example.kit'"))
    }

    @Test func badUsageExits64() throws {
        let root = try Harness.project([:])
        #expect(try Harness.run(["check"], in: root).status == 64)
        let missing = try Harness.run(["check", "NoSuchFolder"], in: root)
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("no such file or folder: 'NoSuchFolder'"))
        #expect(try Harness.run(["check", ".", "--no-such-flag"], in: root).status == 64)
        #expect(try Harness.run(["export", ".", "--format", "yaml"], in: root).status == 64)
    }

    @Test func exportWritesTheWholeGraphAndTheSameBytesEveryTime() throws {
        let root = try brokenApp()
        let first = try Harness.run(["export", "App", "-o", "graph.json"], in: root)
        #expect(first.status == 1)  // the broken reference is an error, and the file is still written
        #expect(first.stdout.isEmpty)
        let bytes = try Data(contentsOf: root.appendingPathComponent("graph.json"))
        let second = try Harness.run(["export", "App", "-o", "-"], in: root)
        #expect(second.stdoutBytes == bytes)
        #expect(!second.stdout.contains("error:"))

        let json = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        #expect(json["schemaVersion"] as? String == "1.5")
        let storyboards = try #require(json["storyboards"] as? [[String: Any]])
        #expect(storyboards.map { $0["path"] as? String } == ["App/Base.lproj/Main.storyboard", "App/Feed.storyboard"])
        #expect(storyboards[0]["localization"] as? String == "Base")
        let entry = try #require((storyboards[0]["entryPoints"] as? [[String: Any]])?.first)
        #expect(entry["role"] as? String == "main")
        let nodes = try #require(json["nodes"] as? [[String: Any]])
        let help = try #require(nodes.first { $0["id"] as? String == "App/Base.lproj/Main.storyboard#helpRef" })
        let resolution = try #require(help["resolution"] as? [String: Any])
        #expect(resolution["state"] as? String == "unresolved")
        #expect(resolution["reason"] as? String == "no storyboard named 'Help'")
        let edges = try #require(json["edges"] as? [[String: Any]])
        let reference = try #require(edges.first { $0["kind"] as? String == "reference" })
        #expect(reference["crossFile"] as? Bool == true)
        #expect(reference["to"] as? String == "App/Feed.storyboard#feed")
        let diagnostic = try #require((json["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["code"] as? String == "unknown-storyboard")
        #expect(diagnostic["file"] as? String == "App/Base.lproj/Main.storyboard")
        #expect((diagnostic["line"] as? Int ?? 0) > 0)
        // Written atomically: nothing but the output is left beside it.
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        #expect(names == ["App", "graph.json"])
    }

    @Test func theJSONDoesNotDependOnTheOrderFilesWereCreated() throws {
        let files = [
            "App/A.storyboard": XML.storyboard(initial: "a", XML.reference("toB", storyboard: "B"), XML.scene("a")),
            "App/B.storyboard": XML.storyboard(initial: "b", XML.scene("b")),
            "App/Sub/C.storyboard": XML.storyboard(XML.scene("c")),
        ]
        let forward = try Harness.project(files)
        let backward = Harness.newFolder()
        for (path, contents) in files.sorted(by: { $0.key > $1.key }) {
            let url = backward.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        let one = try Harness.run(["export", "App"], in: forward)
        let two = try Harness.run(["export", "App"], in: backward)
        #expect(one.status == 0)
        #expect(one.stdoutBytes == two.stdoutBytes)
    }

    @Test func anOutputPathThatIsAFolderIsAClearError() throws {
        let root = try brokenApp()
        let run = try Harness.run(["export", "App", "-o", "App"], in: root)
        #expect(run.status == 2, "a file that cannot be written is a failed run")
        #expect(run.stderr.contains("cannot write 'App': it is a folder"))
        let unwritable = try Harness.run(["export", "App", "-o", "no/such/folder/graph.json"], in: root)
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.contains("cannot write 'no/such/folder/graph.json'"))
    }

    @Test func discoverySkipsBuildOutputThirdPartyAndExcludedFolders() throws {
        let good = XML.storyboard(initial: "a", XML.scene("a"))
        let root = try Harness.project([
            "App/Main.storyboard": good,
            "App/Pods/Lib/Pod.storyboard": good,
            "App/Carthage/Checkouts/X/X.storyboard": good,
            "App/.build/B.storyboard": good,
            "App/DerivedData/D.storyboard": good,
            "App/.hidden/H.storyboard": good,
            "App/Main.storyboardc/Info.plist": "not read",
            "App/Legacy/Old.storyboard": good,
            "App/Tests/Fixture.storyboard": good,
        ])
        let run = try Harness.run(["export", "App", "--exclude", "Legacy/*", "--exclude", "Tests"], in: root)
        #expect(run.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any])
        let paths = (json["storyboards"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
        #expect(paths == ["App/Main.storyboard"])
    }

    @Test func aBrokenFileIsReportedAndEveryOtherFileIsStillMapped() throws {
        let root = try Harness.project([
            "App/Good.storyboard": XML.storyboard(initial: "a", XML.scene("a")),
            "App/Broken.storyboard": "<?xml version=\"1.0\"?>\n<document>\n<scenes>\n<<<<<<< HEAD\n",
            "App/Empty.storyboard": "",
        ])
        let run = try Harness.run(["check", "App"], in: root)
        #expect(run.status == 1)
        #expect(run.stderr.contains("App/Broken.storyboard:"))
        #expect(run.stderr.contains("App/Empty.storyboard"))
        #expect(run.stderr.contains("sbmap: 1 storyboard, 1 scene"))
    }

    @Test func githubAnnotations() throws {
        let root = try brokenApp()
        let run = try Harness.run(["check", "App", "--findings-format", "github"], in: root)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("::error file=App/Base.lproj/Main.storyboard,line="))
        #expect(run.stderr.contains("title=sbmap unknown-storyboard::storyboard reference names storyboard 'Help'"))
    }

    @Test func versionAndHelp() throws {
        let root = try Harness.project([:])
        let version = try Harness.run(["--version"], in: root)
        #expect(version.status == 0)
        #expect(version.stdout.split(separator: " ").first?.split(separator: ".").count == 3)
        let help = try Harness.run(["check", "--help"], in: root)
        #expect(help.status == 0)
        #expect(help.stdout.contains("Examples:"))
    }
}
