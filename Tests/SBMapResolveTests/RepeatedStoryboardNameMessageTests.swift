import Testing
import SBMapModel
import SBMapParse
@testable import SBMapResolve

/// Two `Settings` storyboards, iOS and tvOS; code compiled for tvOS only asks the tvOS one for `licenses`, which only
/// the iOS one has. The finding and the broken target's label must say which `Settings`; its key must not
/// change.
@Suite struct RepeatedStoryboardNameMessageTests {
    func graph() -> StoryboardGraph {
        func scene(_ path: String, _ id: String, sid: String) -> Node {
            Node(id: Node.sceneID(storyboard: path, objectID: id), storyboard: path, objectID: id, element: "viewController",
                 role: .plain, storyboardIdentifier: sid, label: sid)
        }
        return StoryboardGraph(storyboards: [
            Storyboard(path: "Phone/Settings.storyboard", name: "Settings", platform: .iOS),
            Storyboard(path: "TV/Settings.storyboard", name: "Settings", platform: .tvOS),
        ], nodes: [
            scene("Phone/Settings.storyboard", "a", sid: "about"), scene("Phone/Settings.storyboard", "l", sid: "licenses"),
            scene("TV/Settings.storyboard", "a", sid: "about"),
        ])
    }

    func linked() -> StoryboardGraph {
        let text = """
            import UIKit
            #if os(tvOS)
            final class LicensesHost: UIViewController {
                func show() { present(UIStoryboard(name: "Settings", bundle: nil).instantiateViewController(withIdentifier: "licenses"), animated: true) }
            }
            #endif
            """
        return CodeLinker().link(graph(), code: [CodeScanner().scan(text: text, path: "TV/LicensesHost.swift", language: .swift)])
    }

    @Test func theFindingNamesThePlatformAndKeepsItsKey() throws {
        let g = linked()
        let finding = try #require(g.diagnostics.first { $0.code == .codeUnknownIdentifier }, "\(g.diagnostics)")
        #expect(finding.message.contains("which no scene of 'Settings (tvOS)' has"), "\(finding.message)")
        #expect(finding.about == "instantiateViewController(withIdentifier:) 'licenses' in 'Settings'", "\(finding.about)")
    }

    @Test func theBrokenTargetIsLabelledWithThePlatform() throws {
        let g = linked()
        let target = try #require(g.nodes.first { $0.role == .codeTarget })
        #expect(target.storyboard == "TV/Settings.storyboard")
        #expect(target.label == "Settings (tvOS) › licenses")
        #expect(target.resolution?.reason?.contains("'Settings (tvOS)'") == true, "\(String(describing: target.resolution))")
    }

    @Test func namesRepeatedOnOnePlatformShowThePath() {
        let names = StoryboardNames([
            Storyboard(path: "Phone/Main.storyboard", name: "Main", platform: .iOS),
            Storyboard(path: "Pad/Main.storyboard", name: "Main", platform: .iOS),
            Storyboard(path: "TV/Main.storyboard", name: "Main", platform: .tvOS),
            Storyboard(path: "Settings.storyboard", name: "Settings", platform: .iOS),
        ])
        #expect(names.quoted([Storyboard(path: "Pad/Main.storyboard", name: "Main", platform: .iOS)]) == "'Main (Pad/Main.storyboard)'")
        #expect(names.title(Storyboard(path: "TV/Main.storyboard", name: "Main", platform: .tvOS)) == "Main (tvOS)")
        #expect(names.title(Storyboard(path: "Settings.storyboard", name: "Settings", platform: .iOS)) == "Settings")
    }
}
