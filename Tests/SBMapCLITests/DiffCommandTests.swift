import Foundation
import Testing

/// `sbmap diff` on pairs of trees and on two commits of a scratch git repository.
@Suite struct DiffCommandTests {
    /// The app before the change: Main (tab bar → Feed reference), Feed (list → detail, by segue 'showPost'),
    /// and Settings, opened from code by Storyboard ID.
    static func before() -> [String: String] {
        [
            "App/Main.storyboard": XML.storyboard(initial: "tab",
                XML.scene("tab", element: "tabBarController", body: """
                    <connections><segue destination="feedRef" kind="relationship" relationship="viewControllers" id="r1"/></connections>
                """),
                XML.reference("feedRef", storyboard: "Feed")),
            "App/Feed.storyboard": XML.storyboard(initial: "list",
                XML.scene("list", attributes: #"customClass="FeedViewController" storyboardIdentifier="Feed""#,
                          body: XML.segue("sg1", to: "post", identifier: "showPost")),
                XML.scene("post", attributes: #"customClass="PostViewController" storyboardIdentifier="Post""#)),
            "App/Settings.storyboard": XML.storyboard(initial: "set",
                XML.scene("set", attributes: #"customClass="SettingsViewController" storyboardIdentifier="Settings""#)),
            "App/Coordinator.swift": """
                import UIKit
                final class Coordinator {
                    func settings() -> UIViewController {
                        UIStoryboard(name: "Settings", bundle: nil).instantiateViewController(withIdentifier: "Settings")
                    }
                }
                """,
            "App/AppDelegate.swift": """
                import UIKit
                @main final class AppDelegate: UIResponder, UIApplicationDelegate {
                    let coordinator = Coordinator()
                }
                """,
        ]
    }

    static func write(_ files: [String: String], to root: URL) throws {
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// Two sibling folders, `base` and `head`.
    func pair(_ change: (inout [String: String]) -> Void) throws -> URL {
        let root = Harness.newFolder()
        var after = Self.before()
        change(&after)
        try Self.write(Self.before(), to: root.appendingPathComponent("base"))
        try Self.write(after, to: root.appendingPathComponent("head"))
        return root
    }

    func diff(_ root: URL, _ extra: [String] = []) throws -> (run: SBMapRun, summary: String, svg: String) {
        let run = try Harness.run(["diff", "base", "head", "-o", "diff.svg", "--summary", "summary.md"] + extra, in: root)
        let summary = (try? String(contentsOf: root.appendingPathComponent("summary.md"), encoding: .utf8)) ?? ""
        let svg = (try? String(contentsOf: root.appendingPathComponent("diff.svg"), encoding: .utf8)) ?? ""
        return (run, summary, svg)
    }

    @Test func noChangeIsOneLineAndAnEmptySummary() throws {
        let root = try pair { _ in }
        let (run, summary, _) = try diff(root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("no change to the storyboard map"))
        #expect(summary.hasPrefix("## No storyboard change\n"), "the verdict leads: \(summary)")
    }

    @Test func anAddedSceneAndSegueAreMarkedAndListed() throws {
        let root = try pair { files in
            files["App/Feed.storyboard"] = XML.storyboard(initial: "list",
                XML.scene("list", attributes: #"customClass="FeedViewController" storyboardIdentifier="Feed""#, body: """
                    <connections>
                        <segue destination="post" kind="show" identifier="showPost" id="sg1"/>
                        <segue destination="comments" kind="presentation" identifier="showComments" id="sg2"/>
                    </connections>
                """),
                XML.scene("post", attributes: #"customClass="PostViewController" storyboardIdentifier="Post""#),
                XML.scene("comments", attributes: #"customClass="CommentsViewController""#))
        }
        let (run, summary, svg) = try diff(root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("1 scene added, 0 removed, 0 changed; 1 link added"))
        #expect(summary.contains("**App/Feed.storyboard**"))
        #expect(summary.contains("- added CommentsViewController"))
        #expect(summary.contains("- added link: presentation 'showComments' from FeedViewController to CommentsViewController"))
        #expect(summary.contains("| scenes | 4 | 5 | 1 | 0 |"), "\(summary)")
        #expect(summary.contains("```mermaid"))
        #expect(svg.contains("diff added"))
        #expect(!svg.contains("SettingsViewController"), "far from the change: folded away")
    }

    @Test func aRemovedSceneIsAGhostAndAChangedClassAndIdAreChanges() throws {
        let root = try pair { files in
            files["App/Feed.storyboard"] = XML.storyboard(initial: "list",
                XML.scene("list", attributes: #"customClass="NewsViewController" storyboardIdentifier="News""#))
        }
        let (run, summary, svg) = try diff(root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(summary.contains("- removed PostViewController"))
        #expect(summary.contains("- changed NewsViewController: class: FeedViewController → NewsViewController; Storyboard ID: Feed → News"))
        #expect(summary.contains("- removed link: show 'showPost' from FeedViewController to PostViewController"))
        #expect(svg.contains("diff removed") && svg.contains("diff changed"))
    }

    @Test func aMovedStoryboardIsMatchedByItsContent() throws {
        let root = try pair { files in
            files["App/Features/Feed/Feed.storyboard"] = files.removeValue(forKey: "App/Feed.storyboard")
        }
        let (run, summary, _) = try diff(root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("0 scenes added, 0 removed, 0 changed"))
        #expect(run.stderr.contains("1 storyboard moved"))
        #expect(summary.contains("renamed from App/Feed.storyboard"))
        #expect(!summary.contains("- removed"))
    }

    @Test func newIdsForTheSameScenesMatchByStoryboardIDAndClass() throws {
        let root = try pair { files in
            files["App/Feed.storyboard"] = XML.storyboard(initial: "l2",
                XML.scene("l2", attributes: #"customClass="FeedViewController" storyboardIdentifier="Feed""#,
                          body: XML.segue("sg9", to: "p2", identifier: "showPost")),
                XML.scene("p2", attributes: #"customClass="PostViewController" storyboardIdentifier="Post""#))
        }
        let (run, _, _) = try diff(root)
        #expect(run.status == 0)
        #expect(run.stderr.contains("no change to the storyboard map"), "the same scenes and segues: \(run.stderr)")
    }

    @Test func aStoryboardChangeThatBreaksACodeLinkIsDrawnAndFailsTheGate() throws {
        let root = try pair { files in
            files["App/Settings.storyboard"] = XML.storyboard(initial: "set",
                XML.scene("set", attributes: #"customClass="SettingsViewController" storyboardIdentifier="Preferences""#))
        }
        let (run, summary, svg) = try diff(root)
        #expect(run.status == 1, "a new error fails the default gate: \(run.stderr)")
        #expect(run.stderr.contains("Coordinator.swift:4:"), "the new finding, at the code that breaks")
        #expect(summary.contains("### New findings"))
        #expect(summary.contains("Coordinator.swift"))
        #expect(svg.contains("diff broke"), "the broken code link is on the map, as broke")
        #expect(!svg.contains("diff added"), "broken is not added")
        #expect(try Harness.run(["diff", "base", "head", "--fail-on", "never"], in: root).status == 0)
        #expect(try Harness.run(["diff", "base", "head", "--fail-on", "new-unresolved"], in: root).status == 1)
        // The other way round, the change fixes it.
        let back = try Harness.run(["diff", "head", "base", "--summary", "-"], in: root)
        #expect(back.status == 0)
        #expect(back.stdout.contains("### Fixed findings"))
    }

    @Test func twoCommitsOfAGitRepositoryThroughBothRevisionSyntaxes() throws {
        let root = Harness.newFolder()
        try Self.write(Self.before(), to: root)
        func git(_ args: String...) throws { try DiffScratchTests.git(args, in: root) }
        try git("init", "-q", "-b", "main")
        try git("add", ".")
        try git("commit", "-q", "-m", "before")
        var after = Self.before()
        after["App/Feed.storyboard"] = XML.storyboard(initial: "list",
            XML.scene("list", attributes: #"customClass="FeedViewController" storyboardIdentifier="Feed""#))
        try Self.write(after, to: root)
        try git("commit", "-q", "-am", "drop the post screen")
        // Uncommitted work in the tree must stay as it is.
        try Data("scratch".utf8).write(to: root.appendingPathComponent("notes.txt"))

        let positional = try Harness.run(["diff", "HEAD~1", ".", "--summary", "-"], in: root)
        #expect(positional.status == 0, "\(positional.stderr)")
        #expect(positional.stdout.contains("- removed PostViewController"))
        #expect(positional.stderr.contains("HEAD~1 ("))
        let option = try Harness.run(["diff", "--base", "HEAD~1", "--summary", "-"], in: root)
        #expect(option.stdout == positional.stdout)
        let revisions = try Harness.run(["diff", "HEAD~1", "HEAD", "--summary", "-"], in: root)
        #expect(revisions.stdout == positional.stdout)
        // From a subfolder, the revision's copy of that subfolder is compared.
        let sub = try Harness.run(["diff", "HEAD~1", "--summary", "-"], in: root.appendingPathComponent("App"))
        #expect(sub.stdout.contains("- removed PostViewController"))
        #expect(try String(contentsOf: root.appendingPathComponent("notes.txt"), encoding: .utf8) == "scratch")
        let bad = try Harness.run(["diff", "no-such-rev"], in: root)
        #expect(bad.status == 64 && bad.stderr.contains("neither a folder nor a revision"))
    }

    /// The script part of examples/ci/github-actions.yml, on a scratch repository whose second commit breaks a link.
    @Test func theCIRecipeWritesTheArtifactsAndTheCommentAndGates() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/ci/sbmap-pr.sh")
        guard FileManager.default.fileExists(atPath: script.path) else { return }
        let root = Harness.newFolder()
        try Self.write(Self.before(), to: root)
        func run(_ tool: String, _ args: [String], env: [String: String] = [:]) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [tool] + args
            process.currentDirectoryURL = root
            var environment = ProcessInfo.processInfo.environment
            environment["GITHUB_ACTIONS"] = nil
            for (k, v) in env { environment[k] = v }
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        let git = ["-c", "user.name=t", "-c", "user.email=t@example.com"]
        #expect(try run("git", ["init", "-q", "-b", "main"]) == 0)
        #expect(try run("git", git + ["add", "."]) == 0)
        #expect(try run("git", git + ["commit", "-q", "-m", "base"]) == 0)
        #expect(try run("git", ["checkout", "-q", "-b", "feature"]) == 0)
        var after = Self.before()
        after["App/Settings.storyboard"] = XML.storyboard(initial: "set",
            XML.scene("set", attributes: #"customClass="SettingsViewController" storyboardIdentifier="Preferences""#))
        try Self.write(after, to: root)
        #expect(try run("git", git + ["commit", "-q", "-am", "rename the Storyboard ID"]) == 0)

        let status = try run("bash", [script.path, "main", "out"], env: ["SBMAP": Harness.executable.path])
        #expect(status == 1, "the change adds an error")
        let summary = try String(contentsOf: root.appendingPathComponent("out/summary.md"), encoding: .utf8)
        #expect(summary.hasPrefix("<!-- sbmap-summary -->\n## 1 link broke, it crashes at runtime"), "\(summary)")
        #expect(summary.contains("### New findings"))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/diff.svg").path))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/maps/maps.json").path))
        // With the gate off, the same run passes.
        #expect(try run("bash", [script.path, "main", "out2"], env: ["SBMAP": Harness.executable.path, "SBMAP_FAIL_ON": "never"]) == 0)
    }
}
