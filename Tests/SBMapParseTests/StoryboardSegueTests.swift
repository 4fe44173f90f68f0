import Foundation
import SBMapModel
import Testing
@testable import SBMapParse

@Suite("Storyboard: segues")
struct StoryboardSegueTests {
    @Test func readsEverySegueWithItsTrigger() throws {
        let storyboard = try #require(Fixture.storyboard("Main.storyboard").value)
        let list = try #require(storyboard.scene("0It-V8-m17"))
        #expect(list.segues.count == 2)
        let cell = list.segues[0]
        #expect(cell.objectID == "fvL-dM-Bd4")
        #expect(cell.destination == "ek4-J4-jFP")
        #expect(cell.kind == .presentation)
        #expect(cell.identifier == "EditEmoji")
        #expect(cell.trigger == Trigger(element: "tableViewCell", objectID: "Vrt-Gn-Oc2"))
        let add = list.segues[1]
        #expect(add.trigger == Trigger(element: "barButtonItem", objectID: "Dqj-91-Bfa"))
        // identifier="" means the segue has no identifier.
        #expect(add.identifier == nil)

        let navigation = try #require(storyboard.scene("bCf-mH-Nf5"))
        let root = try #require(navigation.segues.first)
        #expect(root.kind == .relationship)
        #expect(root.relationship == "rootViewController")
        #expect(root.destination == "0It-V8-m17")
        #expect(root.trigger == Trigger(element: "navigationController", objectID: "bCf-mH-Nf5"))
    }

    @Test func unwindAndSegueActionAttributes() throws {
        let storyboard = try #require(Fixture.storyboard("Main.storyboard").value)
        let unwind = try #require(storyboard.scene("8b5-Ak-53a")?.segues.first)
        #expect(unwind.kind == .unwind)
        #expect(unwind.destination == "YOJ-83-HaN")
        #expect(unwind.unwindAction == "unwindToEmojiTableViewWithSegue:")
        #expect(unwind.identifier == "saveUnwind")
        let creation = try #require(storyboard.scene("ek4-J4-jFP")?.segues.first)
        #expect(creation.creationSelector == "addEditEmoji:sender:")
    }

    @Test func tieBreakerReferencesAreNotSegues() throws {
        let storyboard = try #require(Fixture.storyboard("Main.storyboard").value)
        let all = storyboard.scenes.flatMap(\.segues)
        #expect(all.count == 5)
        #expect(all.filter { $0.objectID == "fvL-dM-Bd4" }.count == 1)
    }

    @Test func keepsDocumentOrderForTabs() throws {
        let tabs = try #require(Fixture.storyboard("Tabs.storyboard").value)
        let bar = try #require(tabs.scene("2"))
        #expect(bar.segues.map(\.destination) == ["Fg1-2d-aaa", "39g-gA-9XG", "rNt-He-NC7"])
        #expect(bar.segues.allSatisfy { $0.relationship == "viewControllers" })
    }

    @Test func sceneDockSiblingsPeekAndPopAndPopoverArrows() throws {
        let tabs = try #require(Fixture.storyboard("Tabs.storyboard").value)
        let feed = try #require(tabs.scene("Fg1-2d-aaa"))
        // Two buttons in the view, then a button and a gesture recognizer beside the controller.
        #expect(feed.segues.map(\.objectID) == ["sg6-Fd-Dt2", "pop-aa-001", "7l5-o2-YcS", "cst-aa-001"])
        #expect(feed.segues.map(\.trigger) == [
            Trigger(element: "button", objectID: "Btn-aa-001"),
            Trigger(element: "button", objectID: "Btn-aa-002"),
            Trigger(element: "button", objectID: "6kR-NP-pnc"),
            Trigger(element: "tapGestureRecognizer", objectID: "tzp-w1-Hfz"),
        ])
        #expect(feed.segues.map(\.kind) == [.show, .popoverPresentation, .show, .custom])
        #expect(feed.segues[3].customClass == "CustomSegue")
        // Peek & pop children (commit/preview) are not edges, and the popover arrow is not a segue.
        #expect(!feed.segues.contains { $0.objectID == "YTJ-jy-dVg" || $0.objectID == "MPx-QM-nHU" })
    }

    @Test func locatesSegues() throws {
        let tabs = try #require(Fixture.storyboard("Tabs.storyboard").value)
        let text = try Fixture.text("Tabs.storyboard")
        for segue in tabs.scenes.flatMap(\.segues) {
            let id = try #require(segue.objectID)
            let expected = try #require(position(of: "id=\"\(id)\"", in: text))
            #expect(segue.location == SourceLocation(path: "App/Tabs.storyboard", line: expected.line, column: expected.column))
        }
    }

    @Test func unknownSegueKindsPassThrough() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="AppleTV">
          <scenes><scene sceneID="s1"><objects>
            <viewController id="a" sceneMemberID="viewController"><connections>
              <segue destination="b" kind="teleport" id="t1"/>
              <segue destination="b" id="noKind"/>
              <segue kind="show" id="noDestination"/>
            </connections></viewController>
          </objects></scene></scenes>
        </document>
        """
        let storyboard = try #require(StoryboardLoader().load(bytes: Array(xml.utf8), path: "TV.storyboard").value)
        #expect(storyboard.platform == .tvOS)
        #expect(storyboard.scenes.first?.segues.map(\.kind) == [EdgeKind("teleport")])
    }
}

@Suite("Storyboard: references and runtime attributes")
struct StoryboardReferenceTests {
    @Test func storyboardReferences() throws {
        let tabs = try #require(Fixture.storyboard("Tabs.storyboard").value)
        let login = try #require(tabs.scene("39g-gA-9XG"))
        #expect(login.element == "viewControllerPlaceholder")
        #expect(login.placeholderStoryboardName == "Settings")
        #expect(login.placeholderReferencedIdentifier == "LoginViewController")
        #expect(login.placeholderBundleIdentifier == nil)
        let external = try #require(tabs.scene("rNt-He-NC7"))
        #expect(external.placeholderStoryboardName == "SomeStoryboard")
        #expect(external.placeholderReferencedIdentifier == nil)
        #expect(external.placeholderBundleIdentifier == "com.example.someBundle")
        let unconfigured = try #require(tabs.scene("Zbd-89-K73"))
        #expect(unconfigured.placeholderStoryboardName == nil)
        #expect(unconfigured.placeholderReferencedIdentifier == nil)
    }

    @Test func runtimeAttributesOfTheRootAndItsView() throws {
        let links = try #require(Fixture.storyboard("Links.storyboard").value)
        let text = try Fixture.text("Links.storyboard")
        let link = try #require(links.scene("yAT-Ec-RzW"))
        #expect(link.customClass == "RBStoryboardLink")
        #expect(link.runtimeAttributes.map(\.keyPath) == ["storyboardName", "sceneIdentifier", "needsTopLayoutGuide", "tint"])
        #expect(link.runtimeAttributes.map(\.type) == ["string", "string", "boolean", "color"])
        #expect(link.runtimeAttributes.map(\.value) == ["TertiaryStoryboard", "Fish & Chips", "YES", nil])
        let expected = try #require(position(of: "keyPath=\"storyboardName\"", in: text))
        #expect(link.runtimeAttributes[0].location == SourceLocation(path: "App/Links.storyboard", line: expected.line, column: expected.column))

        // The root view's attributes count; a subview's (layer.cornerRadius) do not.
        let root = try #require(links.scene("rTc-2c-AjK"))
        #expect(root.runtimeAttributes.map(\.keyPath) == ["accessibilityIdentifier"])
        #expect(root.runtimeAttributes.first?.value == "root-view")
        #expect(root.segues.first?.customClass == "RBStoryboardPushSegue")
    }
}
