import Foundation
import Testing

/// Two `Settings` storyboards, iOS and tvOS; a SwiftUI view loads storyboard ID `licenses` from the tvOS one, which
/// lacks it. The finding, the full map and the focus map of the iOS `Settings` must say which
/// `Settings` is meant, and the focus map must not fold the broken link into a neutral stub.
@Suite struct RepeatedStoryboardNamesTests {
    func repository() throws -> URL {
        try Harness.project([
            "Phone/Settings.storyboard": XML.storyboard(initial: "ia", platform: "iOS.CocoaTouch",
                XML.scene("ia", attributes: #"storyboardIdentifier="about""#),
                XML.scene("il", attributes: #"storyboardIdentifier="licenses""#)),
            "TV/Settings.storyboard": XML.storyboard(initial: "ta", platform: "AppleTV",
                XML.scene("ta", attributes: #"storyboardIdentifier="about""#)),
            "Shared/LicensesView.swift": """
                import SwiftUI
                import UIKit

                struct LicensesView: UIViewControllerRepresentable {
                    func makeUIViewController(context: Context) -> UIViewController {
                        #if os(tvOS)
                        return UIStoryboard(name: "Settings", bundle: nil).instantiateViewController(withIdentifier: "licenses")
                        #else
                        return UIStoryboard(name: "Settings", bundle: nil).instantiateViewController(withIdentifier: "about")
                        #endif
                    }
                    func updateUIViewController(_ controller: UIViewController, context: Context) {}
                }

                """,
        ])
    }

    /// The `<text>` labels of an SVG map.
    func labels(_ svg: String) -> [String] {
        svg.components(separatedBy: "<text").dropFirst().compactMap { part in
            guard let start = part.firstIndex(of: ">"), let end = part.range(of: "</text>") else { return nil }
            return String(part[part.index(after: start)..<end.lowerBound])
        }
    }

    @Test func theFindingSaysWhichSettings() throws {
        let root = try repository()
        let run = try Harness.run(["check", "."], in: root)
        let finding = try #require(run.stderr.split(separator: "\n").first { $0.contains("'licenses'") }, "\(run.stderr)")
        #expect(finding.contains("'Settings (tvOS)'"), "\(finding)")
        #expect(!finding.contains("'Settings (iOS)'"), "\(finding)")
    }

    @Test func theFullMapTellsTheTwoSettingsApart() throws {
        let root = try repository()
        let run = try Harness.run(["render", ".", "--view", "full", "-o", "map.svg"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        let labels = labels(try String(contentsOf: root.appendingPathComponent("map.svg"), encoding: .utf8))
        #expect(labels.contains("Settings (iOS)"), "\(labels)")
        #expect(labels.contains("Settings (tvOS)"), "\(labels)")
        // The broken target names its storyboard with the platform, too.
        #expect(labels.contains { $0.contains("Settings (tvOS) › licenses") }, "\(labels)")
        #expect(!labels.contains("Settings"), "\(labels)")
    }

    @Test func theOverviewTellsTheTwoSettingsApart() throws {
        let root = try repository()
        let run = try Harness.run(["render", ".", "--view", "overview", "-o", "overview.svg"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        let labels = labels(try String(contentsOf: root.appendingPathComponent("overview.svg"), encoding: .utf8))
        #expect(labels.contains { $0.hasSuffix("Settings (iOS)") }, "\(labels)")
        #expect(labels.contains { $0.hasSuffix("Settings (tvOS)") }, "\(labels)")
    }

    @Test func theFocusMapOfTheIOSSettingsKeepsTheBrokenTargetVisible() throws {
        let root = try repository()
        let run = try Harness.run(["render", ".", "--focus", "Phone/Settings", "-o", "focus.svg"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try String(contentsOf: root.appendingPathComponent("focus.svg"), encoding: .utf8)
        let labels = labels(svg)
        #expect(labels.contains { $0.contains("Settings (tvOS) › licenses") }, "\(labels)")
        #expect(svg.contains("class=\"node code&#45;target unresolved"), "the unresolved target is drawn as itself")
        // Not folded into a neutral stub of the tvOS Settings.
        #expect(!labels.contains { $0.contains("further away") }, "\(labels)")
    }
}
