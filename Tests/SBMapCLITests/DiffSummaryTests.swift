import Foundation
import Testing

/// Issue 29, "The summary says what this pull request did": the first line tells one pull request from another
/// (broke, fixed, new warnings, then navigation in a reviewer's words), a call in code that breaks or is fixed is one
/// event at the call, nothing untouched is added, a moved scene carries what is inside it, and sbmap's own links are
/// not listed.
@Suite struct DiffSummaryTests {
    /// The app of `DiffCommandTests` (Coordinator opens Settings' `Settings` scene from code).
    static func app() -> [String: String] { DiffCommandTests.before() }

    static let settingsRenamed = XML.storyboard(initial: "set",
        XML.scene("set", attributes: #"customClass="SettingsViewController" storyboardIdentifier="Preferences""#))

    func diff(_ base: [String: String], _ head: [String: String], _ extra: [String] = []) throws -> (run: SBMapRun, summary: String, root: URL) {
        let root = Harness.newFolder()
        try DiffCommandTests.write(base, to: root.appendingPathComponent("base"))
        try DiffCommandTests.write(head, to: root.appendingPathComponent("head"))
        let run = try Harness.run(["diff", "base", "head", "--summary", "summary.md", "--fail-on", "never"] + extra, in: root)
        let summary = (try? String(contentsOf: root.appendingPathComponent("summary.md"), encoding: .utf8)) ?? ""
        return (run, summary, root)
    }

    static func headline(_ summary: String) -> String { summary.split(separator: "\n").first.map(String.init) ?? "" }

    /// The lines listed under one storyboard (Markdown: the parentheses of plain text behind `\`) in "Changes by storyboard".
    static func changes(of path: String, in summary: String) -> [String] {
        guard let start = summary.range(of: "**\(path)**\n\n") else { return [] }
        return summary[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { $0.hasPrefix("- ") }.map(String.init)
    }

    // MARK: Headlines

    @Test func aBreakingPullRequestLeadsWithTheCallThatBroke() throws {
        var head = Self.app()
        head["App/Settings.storyboard"] = Self.settingsRenamed
        let (run, summary, _) = try diff(Self.app(), head)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.headline(summary) == "## 1 link broke, it crashes at runtime", "\(summary)")
        // One event, at the call, filed under the storyboard whose change broke it.
        #expect(Self.changes(of: "App/Settings.storyboard", in: summary) == [
            "- **broke** App/Coordinator.swift:4 → Settings › Settings: resolved → unresolved \\(Storyboard ID renamed in Settings.storyboard\\)",
            "- changed SettingsViewController: Storyboard ID: Settings → Preferences",
        ], "\(summary)")
        #expect(!summary.contains("removed link"), "\(summary)")
        #expect(!summary.contains("a new link that does not resolve"), "\(summary)")
        #expect(!summary.contains("**code**"), "nothing filed under code, which did not change: \(summary)")
        #expect(summary.contains("| code links that do not resolve | 0 | 1 | 1 | 0 |"), "\(summary)")
    }

    @Test func aFixingPullRequestSaysFixedForACallInCode() throws {
        var base = Self.app()
        base["App/Settings.storyboard"] = Self.settingsRenamed
        let (run, summary, _) = try diff(base, Self.app())
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.headline(summary) == "## 1 link fixed", "\(summary)")
        #expect(Self.changes(of: "App/Settings.storyboard", in: summary).first
            == "- fixed App/Coordinator.swift:4 → Settings › Settings: unresolved → resolved \\(Storyboard ID renamed in Settings.storyboard\\)",
            "\(summary)")
        #expect(summary.contains("### Fixed findings"))
        #expect(!summary.contains("added link"), "\(summary)")
    }

    /// The app with `FeedViewController` performing the Feed scene's `showPost` segue (line 4).
    static func performingApp(segue: String? = XML.segue("sg1", to: "post", identifier: "showPost")) -> [String: String] {
        var app = Self.app()
        app["App/Feed.storyboard"] = XML.storyboard(initial: "list",
            XML.scene("list", attributes: #"customClass="FeedViewController" storyboardIdentifier="Feed""#, body: segue ?? ""),
            XML.scene("post", attributes: #"customClass="PostViewController" storyboardIdentifier="Post""#))
        app["App/FeedViewController.swift"] = """
            import UIKit
            final class FeedViewController: UIViewController {
                func open() {
                    performSegue(withIdentifier: "showPost", sender: nil)
                }
            }
            """
        return app
    }

    /// A `performSegue` that resolves is checked, not drawn; once its segue is deleted it is drawn as a `code` edge
    /// into what it names. Read call by call, that is one link that broke (the segue removed), not a new call, and the
    /// counts' columns add up to before → after.
    @Test func aDeletedSegueThatCodePerformsReadsAsALinkThatBroke() throws {
        let (run, summary, _) = try diff(Self.performingApp(), Self.performingApp(segue: nil))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.headline(summary).hasPrefix("## 1 link broke, it crashes at runtime"), "\(summary)")
        #expect(Self.changes(of: "App/Feed.storyboard", in: summary).first
            == "- **broke** App/FeedViewController.swift:4 → Feed › showPost: resolved → unresolved \\(segue removed from Feed.storyboard\\)",
            "\(summary)")
        #expect(!summary.contains("a new call"), "\(summary)")
        let row = summary.split(separator: "\n").first { $0.hasPrefix("| code links |") }.map(String.init) ?? ""
        let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(cells.count == 5 && Int(cells[2])! - Int(cells[1])! == Int(cells[3])! - Int(cells[4])! && cells[3] == "1", "\(row)")
    }

    @Test func aRenamedSegueIdentifierThatCodePerformsSaysSo() throws {
        let renamed = Self.performingApp(segue: XML.segue("sg1", to: "post", identifier: "showArticle"))
        let (_, summary, _) = try diff(Self.performingApp(), renamed)
        #expect(Self.changes(of: "App/Feed.storyboard", in: summary).first
            == "- **broke** App/FeedViewController.swift:4 → Feed › showPost: resolved → unresolved \\(segue identifier renamed in Feed.storyboard\\)",
            "\(summary)")
    }

    /// The fix of the pull request above: the segue is back, the call resolves and leaves no `code` edge.
    @Test func aSegueAddedForACallThatCodePerformsReadsAsALinkFixed() throws {
        let (run, summary, _) = try diff(Self.performingApp(segue: nil), Self.performingApp())
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.headline(summary).hasPrefix("## 1 link fixed"), "\(summary)")
        #expect(Self.changes(of: "App/Feed.storyboard", in: summary).first
            == "- fixed App/FeedViewController.swift:4 → Feed › showPost: unresolved → resolved \\(segue added in Feed.storyboard\\)",
            "\(summary)")
        #expect(!summary.contains("removed link: code"), "\(summary)")
        #expect(!summary.contains("- removed →"), "\(summary)")
        let row = summary.split(separator: "\n").first { $0.hasPrefix("| code links |") }.map(String.init) ?? ""
        let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(cells.count == 5 && Int(cells[2])! - Int(cells[1])! == Int(cells[3])! - Int(cells[4])! && cells[4] == "1", "\(row)")
    }

    /// An Info.plist key that starts launching a storyboard changes what the app opens with, though no scene
    /// changed: the summary says so, and its reverse too.
    @Test func anInfoPlistThatStartsLaunchingAStoryboardIsAChange() throws {
        var head = Self.app()
        head["App/Info.plist"] = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>UIMainStoryboardFile</key>
                <string>Settings</string>
            </dict>
            </plist>
            """
        let (run, summary, _) = try diff(Self.app(), head)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.headline(summary) == "## Settings: became the app's main storyboard", "\(summary)")
        #expect(Self.changes(of: "App/Settings.storyboard", in: summary)
            == ["- became the app's main storyboard \\(UIMainStoryboardFile\\)"], "\(summary)")
        let (_, reverse, _) = try diff(head, Self.app())
        #expect(Self.headline(reverse) == "## Settings: no longer the app's main storyboard", "\(reverse)")
    }

    /// A storyboard renamed without the code that loads it by name: the new error leads, said for one.
    @Test func aRenameThatLeavesACallBehindLeadsWithTheNewError() throws {
        var base = Self.app()
        base["App/Coordinator.swift"] = """
            import UIKit
            final class Coordinator {
                let board = UIStoryboard(name: "Settings", bundle: nil)
            }
            """
        var head = base
        head["App/Preferences.storyboard"] = head.removeValue(forKey: "App/Settings.storyboard")
        let (_, summary, _) = try diff(base, head)
        #expect(Self.headline(summary) == "## 1 new error, a crash at runtime; Preferences: renamed from Settings.storyboard",
                "\(summary)")
    }

    /// A plain `git revert` of a pull request that broke a call in code.
    @Test func aRevertOfABreakingPullRequestReadsOneLinkFixed() throws {
        let root = Harness.newFolder()
        try DiffCommandTests.write(Self.app(), to: root)
        func git(_ args: String...) throws { try DiffScratchTests.git(args, in: root) }
        try git("init", "-q", "-b", "main")
        try git("add", ".")
        try git("commit", "-q", "-m", "base")
        var head = Self.app()
        head["App/Settings.storyboard"] = Self.settingsRenamed
        try DiffCommandTests.write(head, to: root)
        try git("commit", "-q", "-am", "rename the Storyboard ID")
        try git("revert", "--no-edit", "HEAD")
        let broke = try Harness.run(["diff", "HEAD~2", "HEAD~1", "--summary", "-", "--fail-on", "never"], in: root)
        #expect(Self.headline(broke.stdout) == "## 1 link broke, it crashes at runtime", "\(broke.stdout)")
        let revert = try Harness.run(["diff", "HEAD~1", "HEAD", "--summary", "-"], in: root)
        #expect(revert.status == 0, "\(revert.stderr)")
        #expect(Self.headline(revert.stdout) == "## 1 link fixed", "\(revert.stdout)")
    }

    @Test func aPullRequestAddingOnlyAWarningLeadsWithIt() throws {
        var head = Self.app()
        // An unwind to an action no class implements: a warning, and a segue added.
        head["App/Feed.storyboard"] = XML.storyboard(initial: "list",
            XML.scene("list", attributes: #"customClass="FeedViewController" storyboardIdentifier="Feed""#,
                      body: XML.segue("sg1", to: "post", identifier: "showPost")),
            XML.scene("post", attributes: #"customClass="PostViewController" storyboardIdentifier="Post""#,
                      body: XML.segue("uw", to: "ex", kind: "unwind").replacingOccurrences(of: #"kind="unwind""#,
                                                                                   with: #"kind="unwind" unwindAction="backToNowhere:""#))
                .replacingOccurrences(of: #"sceneMemberID="firstResponder"/>"#,
                                      with: #"sceneMemberID="firstResponder"/>"# + "\n" + #"<exit id="ex" userLabel="Exit" sceneMemberID="exit"/>"#))
        let (run, summary, _) = try diff(Self.app(), head)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.headline(summary) == "## 1 new warning; Feed: 1 segue added", "\(summary)")
        #expect(!summary.contains("unwind-target"), "\(summary)")
    }

    @Test func aNavigationOnlyPullRequestSaysWhatChangedPerStoryboard() throws {
        var head = Self.app()
        head["App/Feed.storyboard"] = XML.storyboard(initial: "list",
            XML.scene("list", attributes: #"customClass="FeedViewController" storyboardIdentifier="Feed""#, body: """
                <connections>
                    <segue destination="comments" kind="presentation" identifier="showComments" id="sg2"/>
                    <segue destination="likes" kind="show" identifier="showLikes" id="sg3"/>
                </connections>
            """),
            XML.scene("comments", attributes: #"customClass="CommentsViewController""#),
            XML.scene("likes", attributes: #"customClass="LikesViewController""#))
        let (run, summary, _) = try diff(Self.app(), head)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.headline(summary) == "## Feed: 2 scenes added, 1 scene removed, 2 segues added, 1 segue removed", "\(summary)")
        #expect(summary.contains("| scenes | 4 | 5 | 2 | 1 |"), "the counts, with what was added and removed: \(summary)")
        #expect(summary.contains("| segues | 2 | 3 | 2 | 1 |"), "\(summary)")
    }

    @Test func aReadmeOnlyPullRequestIsNoStoryboardChange() throws {
        var head = Self.app()
        head["README.md"] = "# The app\n"
        head["App/Coordinator.swift"] = "// A comment.\n" + (head["App/Coordinator.swift"] ?? "")
        let (run, summary, _) = try diff(Self.app(), head)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(summary == "## No storyboard change\n\n", "\(summary)")
    }

    // MARK: Refactor to Storyboard

    /// Settings' Credits and Licenses scenes refactored into Extras: with them a reference to Help, an unwind segue
    /// and its exit, and the segue between them. All of it moved; nothing was added or removed.
    @Test func aRefactorToStoryboardMovesWhatIsInsideTheScenes() throws {
        func credits() -> String {
            XML.scene("cr", attributes: #"customClass="CreditsViewController""#, body: """
                <connections>
                    <segue destination="lic" kind="show" identifier="licenses" id="g-lic"/>
                    <segue destination="helpRef" kind="show" identifier="help" id="g-help"/>
                </connections>
            """)
        }
        func licenses() -> String {
            XML.scene("lic", attributes: #"customClass="LicensesViewController""#, body: """
                <connections>
                    <segue destination="ex" kind="unwind" unwindAction="backToCredits:" id="uw"/>
                </connections>
            """).replacingOccurrences(of: #"sceneMemberID="firstResponder"/>"#,
                                      with: #"sceneMemberID="firstResponder"/>"# + "\n" + #"<exit id="ex" userLabel="Exit" sceneMemberID="exit"/>"#)
        }
        var base = Self.app()
        base["App/Help.storyboard"] = XML.storyboard(initial: "h", XML.scene("h", attributes: #"customClass="HelpViewController""#))
        base["App/Credits.swift"] = """
            import UIKit
            final class CreditsViewController: UIViewController {
                @IBAction func backToCredits(_ segue: UIStoryboardSegue) {}
            }
            """
        var head = base
        base["App/Settings.storyboard"] = XML.storyboard(initial: "set",
            XML.scene("set", attributes: #"customClass="SettingsViewController" storyboardIdentifier="Settings""#,
                      body: XML.segue("toCredits", to: "cr", identifier: "credits")),
            credits(), licenses(), XML.reference("helpRef", storyboard: "Help"))
        head["App/Settings.storyboard"] = XML.storyboard(initial: "set",
            XML.scene("set", attributes: #"customClass="SettingsViewController" storyboardIdentifier="Settings""#,
                      body: XML.segue("toCredits", to: "ref-cr", identifier: "credits")),
            XML.reference("ref-cr", storyboard: "Extras"))
        head["App/Extras.storyboard"] = XML.storyboard(initial: "cr", credits(), licenses(), XML.reference("helpRef", storyboard: "Help"))
        let (run, summary, _) = try diff(base, head)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.headline(summary) == "## Settings: 2 scenes moved to Extras; Extras: new storyboard", "\(summary)")
        #expect(!summary.contains("- added"), "\(summary)")
        #expect(!summary.contains("- removed"), "\(summary)")
        #expect(!summary.contains("unwind-target") && !summary.contains("reference from"), "\(summary)")
        #expect(summary.contains("CreditsViewController moved from Settings to Extras, now reached through a reference"), "\(summary)")
        #expect(summary.contains("- moved here with the scenes: 1 storyboard reference, 1 unwind exit"), "\(summary)")
    }

    // MARK: Nothing untouched is added

    /// A navigation made in code says its call: the reviewer reads `push`, not only `code`.
    @Test func anAddedNavigationSaysItsCall() throws {
        var base = Self.app()
        base["App/Coordinator.swift"] = """
            import UIKit
            final class Coordinator {}
            class DetailViewController: UIViewController {}
            """
        var head = base
        head["App/Coordinator.swift"] = """
            import UIKit
            final class Coordinator {
                func show(_ nav: UINavigationController) { nav.pushViewController(DetailViewController(), animated: true) }
            }
            class DetailViewController: UIViewController {}
            """
        let (run, summary, _) = try diff(base, head, [])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(summary.contains("- added link: push from Coordinator to DetailViewController at Coordinator.swift:3"), "\(summary)")
        // A screen made in code that the change adds is named in the headline, as a storyboard's scene is.
        #expect(Self.headline(summary) == "## Code: 1 screen added, 1 code link added", "\(summary)")
    }

    /// Coordinator opened nothing from a storyboard before; now it opens Settings. It is no new class.
    @Test func aClassThatOpensAnotherStoryboardIsNotAdded() throws {
        var base = Self.app()
        base["App/Coordinator.swift"] = """
            import UIKit
            final class Coordinator {
                func settings() -> UIViewController { UIViewController() }
            }
            """
        let (run, summary, root) = try diff(base, Self.app(), ["-o", "diff.json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!summary.contains("added Coordinator"), "\(summary)")
        #expect(summary.contains("- added link: code 'Settings' from Coordinator to SettingsViewController at Coordinator.swift:4"), "\(summary)")
        #expect(Self.headline(summary) == "## Code: 1 code link added", "\(summary)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("diff.json"))) as? [String: Any])
        let nodes = try #require(json["nodes"] as? [[String: Any]])
        let coordinator = try #require(nodes.first { $0["id"] as? String == "code:Coordinator" })
        #expect(coordinator["change"] == nil, "not drawn as added: \(coordinator)")
    }
}

extension DiffSummaryTests {
    /// examples/ci/example-summary.md is what the tool writes for examples/ci/make-example.sh's change, and the
    /// README quotes it as it is (up to the counts).
    @Test func theExampleSummaryAndTheReadmeAgreeWithTheTool() throws {
        let repository = TestAssets.repository
        let root = Harness.newFolder()
        for side in ["before", "after"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(side), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: repository.appendingPathComponent("examples/TabBarApp/TabBarApp"),
                                             to: root.appendingPathComponent("\(side)/TabBarApp"))
        }
        // The change make-example.sh makes with sed.
        let settings = root.appendingPathComponent("after/TabBarApp/Settings/Settings.storyboard")
        var text = try String(contentsOf: settings, encoding: .utf8)
        for (from, to) in [(#"storyboardIdentifier="AccountSettings""#, #"storyboardIdentifier="Account""#),
                           (#"title="About" id="Ab1-Se-Tt1" customClass="AboutViewController""#,
                            #"title="Licenses" id="Li1-Se-Tt1" customClass="LicensesViewController""#),
                           (#"destination="Ab1-Se-Tt1" kind="show" identifier="about""#, #"destination="Li1-Se-Tt1" kind="show" identifier="licenses""#)] {
            #expect(text.contains(from), "make-example.sh's change no longer applies: \(from)")
            text = text.replacingOccurrences(of: from, with: to)
        }
        try Data(text.utf8).write(to: settings)
        let run = try Harness.run(["diff", "before", "after", "--summary", "summary.md"], in: root)
        #expect(run.status == 1, "\(run.stderr)")
        let written = try String(contentsOf: root.appendingPathComponent("summary.md"), encoding: .utf8)
        let example = try String(contentsOf: repository.appendingPathComponent("examples/ci/example-summary.md"), encoding: .utf8)
        #expect(written == example, "run examples/ci/make-example.sh")
        let quoted = try #require(example.components(separatedBy: "### Counts").first)
            .trimmingCharacters(in: .newlines).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? ">" : "> " + $0 }.joined(separator: "\n")
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(quoted), "the README quotes examples/ci/example-summary.md")
    }
}
