import Foundation
@testable import SBMapCLI
import SBMapStyle
import Testing

/// Issue 18, items 3, 5, 6 and the first part of 12: `site -o DIR` and `render --all -o DIR` write only into a
/// folder of their own, publish a site whole or not at all, and map any tree whatever its names.
@Suite struct OutputFolderTests {
    static let app = ["App/Main.storyboard": RobustnessTests.good]

    static func text(_ url: URL) -> String? { try? String(contentsOf: url, encoding: .utf8) }

    /// The user's files in a folder that holds no manifest of sbmap's are never overwritten: refused (64) unless
    /// --force. An earlier site's folder is written again without --force.
    @Test func aFolderOfTheUsersIsRefusedUnlessForced() throws {
        let root = try Harness.project(Self.app.merging(["docs/index.html": "my page", "maps/storyboards/Main.svg": "mine"]) { $1 })
        for arguments in [["site", "App", "-o", "docs"], ["render", "App", "--all", "-o", "maps"]] {
            let run = try Harness.run(arguments, in: root)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("is not empty and was not written by sbmap"), "\(run.stderr)")
            #expect(run.stderr.contains("--force"))
        }
        #expect(Self.text(root.appendingPathComponent("docs/index.html")) == "my page")
        #expect(Self.text(root.appendingPathComponent("maps/storyboards/Main.svg")) == "mine")
        #expect(try Harness.run(["site", "App", "-o", "docs", "--force"], in: root).status == 0)
        #expect(Self.text(root.appendingPathComponent("docs/index.html"))?.contains("<html") == true)
        // Now it is a site: the next run needs no --force, and neither does a new or empty folder.
        #expect(try Harness.run(["site", "App", "-o", "docs"], in: root).status == 0)
        #expect(try Harness.run(["render", "App", "--all", "-o", "fresh"], in: root).status == 0)
        #expect(try Harness.run(["render", "App", "--all", "-o", "fresh"], in: root).status == 0)
    }

    /// `-o .` (the folder holding the input), the input itself, a folder above it, and the home folder are refused,
    /// even with --force; `/` too (checked directly: a run that got it wrong would write into `/`).
    @Test func foldersThatHoldTheInputsOrTheHomeAreRefused() throws {
        let root = try Harness.project(Self.app)
        let home = root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let cases: [([String], String)] = [
            (["site", "App", "-o", ".", "--force"], "holds the input"),
            (["site", "App", "-o", "App", "--force"], "holds the input"),
            (["render", "App/Main.storyboard", "--all", "-o", "App/", "--force"], "holds the input"),
            (["site", "App", "-o", home.path, "--force"], "home folder"),
        ]
        for (arguments, words) in cases {
            let run = try Harness.run(arguments, in: root, environment: ["HOME": home.path])
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(words), "\(arguments): \(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["App", "home"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
        #expect(throws: (any Error).self) {
            try OutputFolder(path: "/", manifest: "sbmap-site.json", subfolders: [], command: "site").prepare(force: true, inputs: [])
        }
    }

    /// `sbmap site . -o site` at a project's root: the site is inside the scanned tree, which is ordinary; a later
    /// run never reads the site back as input (a folder holding an sbmap manifest is skipped).
    @Test func aSiteInsideTheScannedTreeIsNeverReadBack() throws {
        let root = try Harness.project(Self.app)
        #expect(try Harness.run(["site", ".", "-o", "site"], in: root).status == 0)
        try Data(RobustnessTests.good.utf8).write(to: root.appendingPathComponent("site/Stray.storyboard"))
        let run = try Harness.run(["site", ".", "-o", "site"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("1 storyboard page"), "\(run.stderr)")
        let check = try Harness.run(["check", "."], in: root)
        #expect(check.stderr.contains("sbmap: 1 storyboard,"), "\(check.stderr)")
    }

    /// A `storyboards/` or `assets/` that is a link out of the site is never written or deleted through.
    @Test func aLinkedSubfolderIsNeverWrittenThrough() throws {
        let root = try Harness.project(Self.app.merging(["elsewhere/keep.txt": "keep"]) { $1 })
        #expect(try Harness.run(["site", "App", "-o", "site"], in: root).status == 0)
        #expect(try Harness.run(["render", "App", "--all", "-o", "maps"], in: root).status == 0)
        let elsewhere = root.appendingPathComponent("elsewhere")
        for (folder, sub) in [("site", "assets"), ("site", "storyboards"), ("site", "maps/storyboards"), ("site", "maps"), ("maps", "storyboards")] {
            let link = root.appendingPathComponent("\(folder)/\(sub)")
            try FileManager.default.removeItem(at: link)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)
            let run = try Harness.run(folder == "site" ? ["site", "App", "-o", folder] : ["render", "App", "--all", "-o", folder], in: root)
            #expect(run.status == 64, "\(folder)/\(sub): \(run.stderr)")
            #expect(run.stderr.contains("is a symbolic link"), "\(run.stderr)")
            try FileManager.default.removeItem(at: link)
            try FileManager.default.createDirectory(at: link, withIntermediateDirectories: false)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == ["keep.txt"])
    }

    /// `render --all -o afile` says in words what is wrong (not "NSCocoaErrorDomain error 512").
    @Test func aFileWhereAFolderIsExpectedIsNamedInWords() throws {
        let root = try Harness.project(Self.app.merging(["afile": "x"]) { $1 })
        for arguments in [["render", "App", "--all", "-o", "afile"], ["render", "App", "--all", "-o", "afile/maps"], ["site", "App", "-o", "afile"]] {
            let run = try Harness.run(arguments, in: root)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("'afile"), "\(run.stderr)")
            #expect(run.stderr.contains("is a file"), "\(run.stderr)")
            #expect(!run.stderr.contains("NSCocoaErrorDomain"))
        }
        #expect(Self.text(root.appendingPathComponent("afile")) == "x")
    }

    /// A run that fails while writing pages leaves the last manifest as it was (it never names a page that was not
    /// written) and removes nothing; the same for `render --all`'s maps.json. Leftover temporary files of a killed
    /// run are removed by the next run.
    @Test func aFailedRunNeverPublishesHalfASite() throws {
        let root = try Harness.project(Self.app)
        #expect(try Harness.run(["site", "App", "-o", "site"], in: root).status == 0)
        #expect(try Harness.run(["render", "App", "--all", "-o", "maps"], in: root).status == 0)
        let manifest = Self.text(root.appendingPathComponent("site/sbmap-site.json"))
        try Data(RobustnessTests.good.utf8).write(to: root.appendingPathComponent("App/Second.storyboard"))
        // The new page's name is taken by a folder that cannot be replaced.
        for blocked in ["site/storyboards/Second.html/x", "maps/storyboards/Second.svg/x"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(blocked), withIntermediateDirectories: true)
        }
        let site = try Harness.run(["site", "App", "-o", "site"], in: root)
        #expect(site.status == 2)
        #expect(Self.text(root.appendingPathComponent("site/sbmap-site.json")) == manifest, "the manifest names a page that was not written")
        let maps = try Harness.run(["render", "App", "--all", "-o", "maps"], in: root)
        #expect(maps.status == 2)
        #expect(Self.text(root.appendingPathComponent("maps/maps.json"))?.contains("Second.svg") == false)

        // A killed run's temporary files (of a process that is gone) are removed; a live run's are not touched.
        var dead: Int32 = 32_000
        while kill(dead, 0) == 0 || errno != ESRCH { dead -= 1 }
        let stale = ["site/.index.html.sbmap-\(dead)-0123456789ab.tmp", "site/storyboards/.Main.html.sbmap-\(dead)-00000000ffff.tmp"]
        let live = "site/.index.html.sbmap-\(getpid())-0123456789ab.tmp"
        for path in stale + [live] { try Data("half".utf8).write(to: root.appendingPathComponent(path)) }
        try FileManager.default.removeItem(at: root.appendingPathComponent("site/storyboards/Second.html"))
        #expect(try Harness.run(["site", "App", "-o", "site"], in: root).status == 0)
        for path in stale { #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "\(path)") }
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(live).path))
        #expect(Self.text(root.appendingPathComponent("site/sbmap-site.json"))?.contains("storyboards/Second.html") == true)
    }

    /// Two storyboards of one name under long folders: the names are capped, both are mapped, the site is whole.
    @Test func storyboardsUnderLongFoldersAreMapped() throws {
        let long = String(repeating: "VeryLongFeatureFolderName", count: 4)
        let root = try Harness.project([
            "App/\(long)A/\(long)/\(long)/Main.storyboard": RobustnessTests.good,
            "App/\(long)B/\(long)/\(long)/Main.storyboard": RobustnessTests.good,
        ])
        let site = try Harness.run(["site", "App", "-o", "site"], in: root)
        #expect(site.status == 0, "\(site.stderr)")
        #expect(site.stderr.contains("2 storyboard pages"))
        let all = try Harness.run(["render", "App", "--all", "-o", "maps"], in: root)
        #expect(all.status == 0, "\(all.stderr)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("site/storyboards").path)
        #expect(pages.count == 2)
        #expect(pages.allSatisfy { $0.utf8.count <= MapFileNames.maxLength + ".html".count })
    }
}
