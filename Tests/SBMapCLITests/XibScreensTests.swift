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
        class ProfileViewController: BaseViewController {}
        class HomeViewController: UIViewController {}
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
}
