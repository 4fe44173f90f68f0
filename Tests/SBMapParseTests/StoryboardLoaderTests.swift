import Foundation
import SBMapModel
import Testing
@testable import SBMapParse

@Suite("Storyboard: documents and scenes")
struct StoryboardDocumentTests {
    @Test func readsTheDocumentAttributes() throws {
        let loaded = Fixture.storyboard("Main.storyboard")
        let storyboard = try #require(loaded.value)
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.path == "App/Main.storyboard")
        #expect(storyboard.path == "App/Main.storyboard")
        #expect(storyboard.documentType == "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB")
        #expect(storyboard.targetRuntime == "iOS.CocoaTouch")
        #expect(storyboard.platform == .iOS)
        #expect(storyboard.initialViewController == "bCf-mH-Nf5")
        #expect(storyboard.isLaunchScreen == false)
        let text = try Fixture.text("Main.storyboard")
        let expected = try #require(position(of: "document type=", in: text))
        #expect(storyboard.documentLocation == SourceLocation(path: "App/Main.storyboard", line: expected.line, column: expected.column))
    }

    @Test(arguments: [
        ("Login Scene", "Login Scene"),
        (" \t\nLogin Scene\r\n ", "Login Scene"),
        ("\u{00A0}Café\u{3000}", "Café"),
        (" \u{2003}Über\u{00A0} ", "Über"),
        ("  \n ", nil),
        ("\u{00A0}", nil),
    ] as [(String, String?)])
    func sceneCommentsLoseTheWhiteSpaceAroundThem(comment: String, label: String?) throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
            <scenes>
                <!--\(comment)-->
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc1" sceneMemberID="viewController"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
        let storyboard = try #require(StoryboardLoader().load(bytes: Array(xml.utf8), path: "A.storyboard").value)
        #expect(storyboard.scenes.map(\.comment) == [label])
    }

    @Test func readsScenesInDocumentOrderWithTheirRoots() throws {
        let storyboard = try #require(Fixture.storyboard("Main.storyboard").value)
        #expect(storyboard.scenes.map(\.objectID) == ["0It-V8-m17", "bCf-mH-Nf5", "8b5-Ak-53a", "ek4-J4-jFP"])
        #expect(storyboard.scenes.map(\.element) == ["tableViewController", "navigationController", "tableViewController", "navigationController"])
        #expect(storyboard.scenes.map(\.sceneID) == ["1aM-oD-shG", "k9Q-xp-H3Z", "Bre-wJ-vZJ", "z0R-kd-a2c"])

        let list = try #require(storyboard.scene("0It-V8-m17"))
        #expect(list.customClass == "EmojiTableViewController")
        #expect(list.customModule == "EmojiDictionary")
        #expect(list.title == "Emoji Dictionary")
        #expect(list.comment == "Emoji Dictionary")
        // `&amp;` in an attribute arrives decoded.
        #expect(list.navigationTitle == "Emoji & Friends")
        #expect(list.storyboardIdentifier == nil)

        let edit = try #require(storyboard.scene("8b5-Ak-53a"))
        #expect(edit.storyboardIdentifier == "AddEdit")
        #expect(edit.userLabel == "Add Edit Emoji")
        #expect(edit.navigationTitle == "Add Emoji")
        #expect(edit.exitIDs == ["YOJ-83-HaN"])
        #expect(list.exitIDs.isEmpty)
    }

    @Test func locatesEachRootAtItsStartTag() throws {
        let storyboard = try #require(Fixture.storyboard("Main.storyboard").value)
        let text = try Fixture.text("Main.storyboard")
        for scene in storyboard.scenes {
            let expected = try #require(position(of: "id=\"\(scene.objectID)\"", in: text))
            #expect(scene.location == SourceLocation(path: "App/Main.storyboard", line: expected.line, column: expected.column),
                    "root \(scene.objectID)")
        }
    }

    @Test func marksLaunchScreens() throws {
        let storyboard = try #require(Fixture.storyboard("LaunchScreen.storyboard").value)
        #expect(storyboard.isLaunchScreen)
        #expect(storyboard.scenes.count == 1)
        #expect(storyboard.scenes.first?.segues.isEmpty == true)
    }

    @Test func keepsLegacyNumericIDsAndOldiPadRuntimes() throws {
        let tabs = try #require(Fixture.storyboard("Tabs.storyboard").value)
        #expect(tabs.initialViewController == "2")
        #expect(tabs.scenes.first?.objectID == "2")
        let links = try #require(Fixture.storyboard("Links.storyboard").value)
        #expect(links.targetRuntime == "iOS.CocoaTouch.iPad")
        #expect(links.platform == .iOS)
    }

    @Test func findsTheRootByAttributeNotByPosition() throws {
        // The Feed scene lists its First Responder before the controller.
        let tabs = try #require(Fixture.storyboard("Tabs.storyboard").value)
        let feed = try #require(tabs.scenes.first { $0.sceneID == "FdS-cn-001" })
        #expect(feed.objectID == "Fg1-2d-aaa")
        #expect(feed.customClass == "FeedViewController")
    }

    @Test func unknownRootElementsArePlainScenesAndRootlessScenesAreSkipped() throws {
        let loaded = Fixture.storyboard("Links.storyboard")
        let links = try #require(loaded.value)
        #expect(loaded.diagnostics.isEmpty)
        let future = try #require(links.scene("fut-lk-001"))
        #expect(future.element == "immersiveSpaceController")
        #expect(future.storyboardIdentifier == "Space")
        // scn-lk-004 holds only a First Responder: there is no scene to show.
        #expect(links.scenes.count == 3)
    }
}

@Suite("Storyboard: platforms")
struct StoryboardPlatformTests {
    @Test func macOSApplicationWindowAndTabs() throws {
        let loaded = Fixture.storyboard("Mac.storyboard")
        let mac = try #require(loaded.value)
        #expect(loaded.diagnostics.isEmpty)
        #expect(mac.platform == .macOS)
        #expect(mac.scenes.map(\.element) == ["application", "windowController", "tabViewController", "viewController",
                                              "controllerPlaceholder", "viewController"])
        // The application scene's root is <application>, not the AppDelegate customObject beside it.
        #expect(mac.scenes.first?.objectID == "hnw-xV-0zn")
        // Outlets are connections too, but not segues.
        #expect(mac.scenes.first?.segues.isEmpty == true)

        let window = try #require(mac.scene("fmq-Go-Xew"))
        #expect(window.storyboardIdentifier == "PrefsWindowController")
        #expect(window.segues.map(\.objectID) == ["sgp-mm-001", "94P-kM-qwg"])
        let popover = window.segues[0]
        #expect(popover.kind == .popover)
        #expect(popover.trigger == Trigger(element: "button", objectID: "btn-mm-001"))
        let content = window.segues[1]
        #expect(content.kind == .relationship)
        #expect(content.relationship == "window.shadowedContentViewController")
        #expect(content.trigger == Trigger(element: "windowController", objectID: "fmq-Go-Xew"))

        let tabs = try #require(mac.scene("5pc-CV-2b9"))
        #expect(tabs.segues.map(\.destination) == ["Gen-mm-001", "Ref-mm-001"])
        #expect(tabs.segues.allSatisfy { $0.relationship == "tabItems" })

        let reference = try #require(mac.scene("Ref-mm-001"))
        #expect(reference.placeholderStoryboardName == "Advanced")
        #expect(reference.placeholderReferencedIdentifier == "AdvancedPane")
        #expect(reference.placeholderBundleIdentifier == nil)
    }

    @Test func watchOSRootsWithoutSceneMemberID() throws {
        let loaded = Fixture.storyboard("Watch.storyboard")
        let watch = try #require(loaded.value)
        #expect(loaded.diagnostics.isEmpty)
        #expect(watch.platform == .watchOS)
        #expect(watch.scenes.map(\.objectID) == ["AgC-eL-Hgc", "Dtl-aa-001", "YCC-NB-fut", "4sK-HA-Art"])
        #expect(watch.scenes.map(\.element) == ["controller", "controller", "notificationController", "controller"])
        #expect(watch.scene("AgC-eL-Hgc")?.customClass == "InterfaceController")
        let push = try #require(watch.scene("AgC-eL-Hgc")?.segues.first)
        #expect(push.kind == .push)
        #expect(push.trigger == Trigger(element: "button", objectID: "wbt-aa-001"))
        let notification = try #require(watch.scene("YCC-NB-fut")?.segues.first)
        #expect(notification.relationship == "dynamicNotificationInterface")
        #expect(notification.destination == "4sK-HA-Art")
    }
}
