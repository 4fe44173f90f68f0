import Foundation
import Testing

/// Screens from xibs (issue 32): a xib whose File's Owner is a view controller, or that holds a top-level view
/// controller, is a screen on the map; a table cell's nib is not; a xib with a screen that no target copies is a
/// warning; `--screens storyboards` draws the map sbmap drew before.
@Suite struct XibScreensTests {
    static func xib(owner: String?, _ objects: String = #"<view contentMode="scaleToFill" id="v1"/>"#,
                    runtime: String = "iOS.CocoaTouch") -> String {
        let ownerClass = owner.map { #" customClass="\#($0)" customModule="App""# } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="\(runtime)">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"\(ownerClass)/>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                    \(objects)
                </objects>
            </document>
            """
    }

    static let code = """
        import UIKit
        class BaseViewController: UIViewController {}
        /// The user's profile: name & avatar <b>. Signs out too.
        @MainActor
        class ProfileViewController: BaseViewController {}
        /**
         * Where the app starts: the feed.
         * More about it.
         */
        final class HomeViewController: UIViewController {}
        class FeedCell: UITableViewCell {}
        class BadgeView: UIView {}
        """

    /// An app with a storyboard, a xib owned by a view controller (through a superclass in code), a xib holding a
    /// top-level navigation controller, a table cell's xib and a custom view's xib.
    static func app(extra: [String: String] = [:]) throws -> URL {
        try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "h", XML.scene("h", attributes: #"customClass="HomeViewController""#)),
            "App/Views/Profile.xib": xib(owner: "ProfileViewController"),
            "App/Views/Onboarding.xib": xib(owner: nil, #"<navigationController id="n1" customClass="OnboardingNavigationController"/>"#),
            "App/Views/FeedCell.xib": xib(owner: nil, #"<tableViewCell id="c1" customClass="FeedCell" customModule="App"/>"#),
            "App/Views/Badge.xib": xib(owner: "BadgeView"),
            "App/Code.swift": code,
        ].merging(extra) { $1 })
    }

    @Test func aXibOwnedByAViewControllerIsAScreenInTheGraphAndTheSVG() throws {
        let folder = try Self.app()
        let export = try Harness.run(["export", ".", "--no-config", "-o", "-"], in: folder)
        #expect(export.status == 0, "\(export.stderr)")
        let graph = try #require(try JSONSerialization.jsonObject(with: export.stdoutBytes) as? [String: Any])
        let nodes = try #require(graph["nodes"] as? [[String: Any]])
        let screens = nodes.filter { $0["role"] as? String == "xib-screen" }
        #expect(screens.compactMap { $0["customClass"] as? String }.sorted() == ["OnboardingNavigationController", "ProfileViewController"])
        #expect(screens.compactMap { $0["storyboard"] as? String }.sorted() == ["App/Views/Onboarding.xib", "App/Views/Profile.xib"])
        let files = try #require(graph["storyboards"] as? [[String: Any]])
        #expect(files.filter { $0["kind"] as? String == "xib" }.compactMap { $0["name"] as? String } == ["Onboarding.xib", "Profile.xib"])
        #expect(export.stderr.contains("1 storyboard, 1 scene, 2 xib screens,"), "\(export.stderr)")

        let svg = try Harness.run(["render", ".", "--no-config", "-o", "-", "--format", "svg"], in: folder)
        #expect(svg.status == 0)
        #expect(svg.stdout.contains(#"class="node scene xib&#45;screen""#))
        #expect(svg.stdout.contains("ProfileViewController"))
        #expect(svg.stdout.contains("Screen from a xib"), "the legend names the new kind")
        #expect(svg.stdout.contains("Xib: Profile.xib"), "the cluster's tooltip says it is a xib")
    }

    /// The overview's boxes stand for xibs too: the legend's sample says so where one does, and only there.
    @Test func theOverviewsLegendNamesXibBoxesWhereThereAreSome() throws {
        let folder = try Self.app()
        let svg = try Harness.run(["render", ".", "--no-config", "--view", "overview", "-o", "-", "--format", "svg"], in: folder)
        #expect(svg.stdout.contains("Storyboard or xib (screen count)"), "\(svg.stderr)")
        let storyboardsOnly = try Harness.run(["render", ".", "--no-config", "--screens", "storyboards", "--view", "overview",
                                               "-o", "-", "--format", "svg"], in: folder)
        #expect(storyboardsOnly.stdout.contains("Storyboard (scene count)"))
        #expect(!storyboardsOnly.stdout.contains("or xib"))
    }

    @Test func aTableCellsNibAndACustomViewsNibAreNotScreens() throws {
        let folder = try Self.app()
        let export = try Harness.run(["export", ".", "--no-config", "-o", "-"], in: folder)
        #expect(!export.stdout.contains("FeedCell.xib"))
        #expect(!export.stdout.contains("Badge.xib"))
        #expect(!export.stdout.contains("BadgeView"))
    }

    @Test func withoutTheCodeOnlyTheFrameworksControllersAreKnown() throws {
        let folder = try Self.app()
        let run = try Harness.run(["check", ".", "--no-config", "--no-code"], in: folder)
        // ProfileViewController is a view controller only by its superclass in code; the top-level controller needs none.
        #expect(run.stderr.contains("1 xib screen,"), "\(run.stderr)")
    }

    @Test func screensStoryboardsDrawsTheMapOfTheStoryboardsAlone() throws {
        let withXibs = try Self.app()
        let without = try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "h", XML.scene("h", attributes: #"customClass="HomeViewController""#)),
            "App/Code.swift": Self.code,
        ])
        for format in ["svg", "json", "mermaid"] {
            let a = try Harness.run(["render", ".", "--no-config", "--screens", "storyboards", "-o", "-", "--format", format], in: withXibs)
            let b = try Harness.run(["render", ".", "--no-config", "-o", "-", "--format", format], in: without)
            #expect(a.status == 0 && b.status == 0)
            #expect(a.stdoutBytes == b.stdoutBytes, "\(format)")
        }
        let check = try Harness.run(["check", ".", "--no-config", "--screens", "storyboards"], in: withXibs)
        #expect(check.stderr.contains("sbmap: 1 storyboard, 1 scene, 0 segues"), "\(check.stderr)")
    }

    @Test func aXibNoTargetCopiesIsAWarningAtItsOwner() throws {
        let pbxproj = RealAppShapesTests.pbxproj(targets: [(
            name: "App", type: RealAppShapesTests.app, plist: nil,
            resources: ["Main.storyboard", "Views/Onboarding.xib"], sources: ["Code.swift"])])
        let folder = try Self.app(extra: ["App/App.xcodeproj/project.pbxproj": pbxproj])
        let run = try Harness.run(["check", ".", "--no-config"], in: folder)
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("[xib-not-in-target]") }
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("App/Views/Profile.xib:4:") == true, "\(run.stderr)")
        #expect(lines.first?.contains(": warning: no target copies Profile.xib") == true, "\(run.stderr)")
        // A cell's nib no target copies is not a screen, and not a finding either.
        #expect(!run.stderr.contains("FeedCell.xib"))
    }

    @Test func aScreensDocCommentIsInTheTooltipAndOnTheSite() throws {
        let folder = try Self.app()
        let svg = try Harness.run(["render", ".", "--no-config", "-o", "-", "--format", "svg"], in: folder)
        // Its first sentence, escaped: the `&` and `<b>` of the comment are text.
        #expect(svg.stdout.contains("What it is for: The user&#39;s profile: name &amp; avatar &lt;b&gt;."), "\(svg.stdout)")
        #expect(!svg.stdout.contains("Signs out too"))
        #expect(svg.stdout.contains("What it is for: Where the app starts: the feed."), "a /** */ block on a storyboard scene's class")
        let site = try Harness.run(["site", ".", "--no-config", "-o", "site"], in: folder)
        #expect(site.status == 0, "\(site.stderr)")
        let index = try String(contentsOf: folder.appendingPathComponent("site/index.html"), encoding: .utf8)
        #expect(index.contains(#"<span class="n">2</span><span class="what">xib screens</span>"#), "the index counts them as check does")
        let page = try String(contentsOf: folder.appendingPathComponent("site/storyboards/Profile.xib.html"), encoding: .utf8)
        #expect(page.contains(#" <div class="muted purpose">The user&#39;s profile: name &amp; avatar &lt;b&gt;.</div>"#)
                || page.contains(#" <div class="muted purpose">The user's profile: name &amp; avatar &lt;b&gt;.</div>"#), "\(page)")
    }

    @Test func aNoteFromTheSettingsFileIsInTheTooltipAndOnTheSiteAndOneNamingNoSceneIsAWarningAtItsLine() throws {
        let folder = try Self.app(extra: [".sbmap.yml": """
            notes:
              "Main:HomeViewController": "Reached <only> from the launch & nowhere else"
              "Profile:ProfileViewController": "Opened from the account menu"
              "Settings:AccountSettings": "Gone"
            """])
        let svg = try Harness.run(["render", ".", "-o", "-", "--format", "svg"], in: folder)
        #expect(svg.stdout.contains("Note: Reached &lt;only&gt; from the launch &amp; nowhere else"), "\(svg.stdout)")
        #expect(svg.stdout.contains("Note: Opened from the account menu"), "a xib is named without its extension too")
        let check = try Harness.run(["check", "."], in: folder)
        let warnings = check.stderr.split(separator: "\n").filter { $0.contains("[note-names-no-scene]") }
        #expect(warnings.count == 1, "\(check.stderr)")
        #expect(warnings.first?.hasPrefix(".sbmap.yml:4:3: warning: the note for 'Settings:AccountSettings' names no scene") == true,
                "\(check.stderr)")
        let site = try Harness.run(["site", ".", "-o", "site"], in: folder)
        #expect(site.status == 0, "\(site.stderr)")
        let page = try String(contentsOf: folder.appendingPathComponent("site/storyboards/Main.html"), encoding: .utf8)
        #expect(page.contains(#"<div class="muted note">Note: Reached &lt;only&gt; from the launch &amp; nowhere else</div>"#), "\(page)")
    }

    @Test func aXibWhoseOwnersClassNoTargetCompilesIsANoteNotAWarning() throws {
        // As Provenance's QuickLookMacOS folder: the extension's target is gone, its xib and its class are left.
        let pbxproj = RealAppShapesTests.pbxproj(targets: [(
            name: "App", type: RealAppShapesTests.app, plist: nil,
            resources: ["Main.storyboard", "Views/Onboarding.xib", "Views/Profile.xib"], sources: ["Code.swift"])])
        let folder = try Self.app(extra: [
            "App/App.xcodeproj/project.pbxproj": pbxproj,
            "App/Preview/Preview.xib": Self.xib(owner: "PreviewViewController"),
            "App/Preview/PreviewViewController.swift": "import UIKit\nclass PreviewViewController: UIViewController {}\n",
        ])
        let run = try Harness.run(["check", ".", "--no-config"], in: folder)
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("[xib-not-in-target]") }
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("App/Preview/Preview.xib:4:") == true, "\(run.stderr)")
        #expect(lines.first?.contains(": note: ") == true, "\(run.stderr)")
        #expect(lines.first?.contains("no target compiles 'PreviewViewController' either") == true, "\(run.stderr)")
    }
}
