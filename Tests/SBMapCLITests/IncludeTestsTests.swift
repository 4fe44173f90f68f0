import Foundation
import Testing

/// Types only test bundles compile are left out of the maps (render, site) unless `--include-tests`; the findings
/// are the same either way, and `export` keeps every type, with the targets that compile it.
@Suite struct IncludeTestsTests {
    static func app() throws -> URL {
        try Harness.project([
            "App.xcodeproj/project.pbxproj": RealAppShapesTests.pbxproj(targets: [
                (name: "App", type: RealAppShapesTests.app, plist: nil, resources: ["App/Settings.storyboard"],
                 sources: ["App/SettingsCoordinator.swift"]),
                (name: "AppTests", type: "com.apple.product-type.bundle.unit-test", plist: nil, resources: [],
                 sources: ["Tests/SettingsTests.swift"]),
            ]),
            "App/Settings.storyboard": XML.storyboard(initial: "s", XML.scene("s", attributes: #"storyboardIdentifier="Settings""#)),
            "App/SettingsCoordinator.swift": """
                import UIKit
                final class SettingsCoordinator {
                    func start() -> UIViewController {
                        UIStoryboard(name: "Settings", bundle: nil).instantiateViewController(withIdentifier: "Settings")
                    }
                }
                """,
            "Tests/SettingsTests.swift": """
                import XCTest
                final class SettingsTests: XCTestCase {
                    func testLoads() {
                        let vc = UIStoryboard(name: "Settings", bundle: nil).instantiateViewController(withIdentifier: "Settings")
                        XCTAssertNotNil(vc)
                        _ = UIStoryboard(name: "Settings", bundle: nil).instantiateViewController(withIdentifier: "Gone")
                    }
                }
                """,
        ])
    }

    @Test func testOnlyTypesAreDrawnOnlyWhenAsked() throws {
        let root = try Self.app()
        for view in ["full", "overview"] {
            let plain = try Harness.run(["render", ".", "--view", view, "-o", "\(view).svg"], in: root)
            let asked = try Harness.run(["render", ".", "--view", view, "-o", "\(view)-tests.svg", "--include-tests"], in: root)
            let svg = try String(contentsOf: root.appendingPathComponent("\(view).svg"), encoding: .utf8)
            let withTests = try String(contentsOf: root.appendingPathComponent("\(view)-tests.svg"), encoding: .utf8)
            #expect(svg.contains("SettingsCoordinator") && !svg.contains("SettingsTests"), "\(view)")
            #expect(withTests.contains("SettingsCoordinator") && withTests.contains("SettingsTests"), "\(view)")
            // The broken link the test makes is a finding either way, and is drawn only with the test.
            #expect(plain.stderr.contains("'Gone'") && plain.stderr == asked.stderr, "\(plain.stderr)\n\(asked.stderr)")
            #expect(!svg.contains("Gone"))
            // (The overview draws the broken target as a badge on its storyboard's node.)
            if view == "full" { #expect(withTests.contains("Gone")) }
            #expect(plain.status == asked.status)
        }
    }

    /// The site's maps leave the test out, but its index counts the app as `check` does: the test's two links in
    /// code (one broken) included. (On artsy/eidolon, whose links in code are nearly all its tests', the index said 1
    /// where `check` said 26.)
    @Test func theSiteCountsWhatCheckCountsThoughItsMapsLeaveTestsOut() throws {
        let root = try Self.app()
        let check = try CountsAgreeTests.checkNumbers(in: root)
        let site = Harness.newFolder()
        _ = try Harness.run(["site", ".", "-o", site.path], in: root)
        let index = String(decoding: try Data(contentsOf: site.appendingPathComponent("index.html")), as: UTF8.self)
        #expect(check["code links"] == 3, "\(check)")
        #expect(index.contains(#"<span class="n">3</span><span class="what">links in code<"#), "\(index)")
        #expect(index.contains("1 unresolved"), "\(index)")
    }

    @Test func exportKeepsEveryTypeWithItsTargets() throws {
        let root = try Self.app()
        let run = try Harness.run(["export", "."], in: root)
        let graph = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let nodes = try #require(graph["nodes"] as? [[String: Any]])
        let targets = Dictionary(uniqueKeysWithValues: nodes.filter { $0["role"] as? String == "code" }
            .map { ($0["id"] as? String ?? "", $0["targets"] as? [String] ?? []) })
        #expect(targets["code:SettingsCoordinator"] == ["App.xcodeproj#App"])
        #expect(targets["code:SettingsTests"] == ["App.xcodeproj#AppTests"])
    }
}
