import Foundation
import Testing

/// An unwind action that no scanned class implements is a likely mistake (a warning), unless the storyboard's
/// target links code sbmap did not read: IBAnimatable's demo app links `IBAnimatable.framework`, whose
/// `UIViewController` extension implements `unwindToViewController:`. Checking the app's folder alone gave 33 false
/// warnings; the action may be in the framework, so it is unknown (a note naming it).
@Suite struct UnwindInUnscannedCodeTests {
    /// An app whose Main.storyboard unwinds to `unwindToRoot:`, which its own code does not implement, linking
    /// `UIKit.framework` (the SDK's) and, when `linksKit`, `Kit.framework` (built by another project). With
    /// `kitScene`, the root scene's class is Kit's (`customModule="Kit"`): the way back passes through Kit's code.
    static func app(linksKit: Bool, kitScene: Bool = true) throws -> URL {
        let kit = linksKit ? "B2" : ""
        let pbxproj = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 56;
            \tobjects = {
            \t\tF1 = {isa = PBXFileReference; path = "App/Main.storyboard"; sourceTree = SOURCE_ROOT; };
            \t\tF2 = {isa = PBXFileReference; path = "App/AppDelegate.swift"; sourceTree = SOURCE_ROOT; };
            \t\tP1 = {isa = PBXFileReference; lastKnownFileType = wrapper.framework; name = UIKit.framework; path = System/Library/Frameworks/UIKit.framework; sourceTree = SDKROOT; };
            \t\tP2 = {isa = PBXFileReference; explicitFileType = wrapper.framework; path = Kit.framework; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tB0 = {isa = PBXBuildFile; fileRef = F1; };
            \t\tB1 = {isa = PBXBuildFile; fileRef = F2; };
            \t\tB2 = {isa = PBXBuildFile; fileRef = P2; };
            \t\tB3 = {isa = PBXBuildFile; fileRef = P1; };
            \t\tC0 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Release; };
            \t\tR0 = {isa = PBXResourcesBuildPhase; files = (B0); };
            \t\tS0 = {isa = PBXSourcesBuildPhase; files = (B1); };
            \t\tK0 = {isa = PBXFrameworksBuildPhase; files = (B3, \(kit)); };
            \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0); };
            \t\tT0 = {isa = PBXNativeTarget; buildConfigurationList = L0; buildPhases = (S0, R0, K0); name = App; productType = "com.apple.product-type.application"; };
            \t\tG0 = {isa = PBXGroup; children = (F1, F2, P1, P2); sourceTree = "<group>"; };
            \t\tX1 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (T0); };
            \t};
            \trootObject = X1;
            }
            """
        let unwind = """
                            <connections>
                                <segue destination="ex" kind="unwind" unwindAction="unwindToRoot:" id="uw"/>
                            </connections>
            """
        let detail = XML.scene("detail", attributes: #"customClass="DetailViewController" storyboardIdentifier="Detail""#, body: unwind)
            .replacingOccurrences(of: #"sceneMemberID="firstResponder"/>"#,
                                  with: #"sceneMemberID="firstResponder"/>"# + "\n" + #"<exit id="ex" userLabel="Exit" sceneMemberID="exit"/>"#)
        return try Harness.project([
            "App.xcodeproj/project.pbxproj": pbxproj,
            "App/Main.storyboard": XML.storyboard(initial: "home", XML.scene("home", attributes: kitScene
                ? #"customClass="KitRootViewController" customModule="Kit""# : #"customClass="HomeViewController""#), detail),
            "App/AppDelegate.swift": """
                import UIKit
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {}
                class HomeViewController: UIViewController {}
                class DetailViewController: UIViewController {}
                """,
        ])
    }

    @Test func anUnwindNoScannedClassImplementsIsAWarningWhenTheTargetLinksOnlyTheSDK() throws {
        let all = try RecallClassesTests.findings(try Self.app(linksKit: false))
        let found = all.first { $0.contains("[code-unknown-unwind]") }
        #expect(RecallClassesTests.level(found) == "warning", "\(all)")
    }

    @Test func anUnwindMayBeInAFrameworkTheScanDoesNotHold() throws {
        let all = try RecallClassesTests.findings(try Self.app(linksKit: true))
        let found = all.first { $0.contains("[code-unknown-unwind]") }
        #expect(RecallClassesTests.level(found) == "note", "\(all)")
        #expect(found?.contains("link 'Kit.framework', which sbmap did not scan") == true, "\(all)")
        #expect(found?.contains("UIKit") == false, "the SDK's frameworks hold none of the app's code: \(all)")
    }

    /// Issue 28, point 12: linking a product sbmap did not scan lowers the finding only when a scene on the way back
    /// may be of its code. Here every scene's class is the app's own, declared in scanned code: the action can be
    /// in none of Kit's classes on the stack, so it is a warning, as without Kit. A scene whose class no scanned code
    /// declares (and no module is written for) may be Kit's: a note.
    @Test func linkingAProductLowersOnlyWhenASceneOnTheWayBackMayBeItsCode() throws {
        let own = try RecallClassesTests.findings(try Self.app(linksKit: true, kitScene: false))
        #expect(RecallClassesTests.level(own.first { $0.contains("[code-unknown-unwind]") }) == "warning", "\(own)")
        let root = try Self.app(linksKit: true, kitScene: false)
        let storyboard = root.appendingPathComponent("App/Main.storyboard")
        let text = try String(contentsOf: storyboard, encoding: .utf8)
            .replacingOccurrences(of: #"customClass="HomeViewController""#, with: #"customClass="VendorRootController""#)
        try text.write(to: storyboard, atomically: true, encoding: .utf8)
        let undeclared = try RecallClassesTests.findings(root)
        #expect(RecallClassesTests.level(undeclared.first { $0.contains("[code-unknown-unwind]") }) == "note", "\(undeclared)")
        // A class the app declares whose superclass no scanned code declares (IBAnimatable's demo: `class
        // BorderViewController: AnimatableViewController`) may inherit the action: a note.
        let inherited = try Self.app(linksKit: true, kitScene: false)
        let code = inherited.appendingPathComponent("App/AppDelegate.swift")
        let swift = try String(contentsOf: code, encoding: .utf8)
            .replacingOccurrences(of: "class HomeViewController: UIViewController {}", with: "class HomeViewController: KitRootViewController {}")
        try swift.write(to: code, atomically: true, encoding: .utf8)
        let viaSuperclass = try RecallClassesTests.findings(inherited)
        #expect(RecallClassesTests.level(viaSuperclass.first { $0.contains("[code-unknown-unwind]") }) == "note", "\(viaSuperclass)")
    }

    /// Counter-case: when the run scans the project that builds Kit too, its code was read: a warning again.
    @Test func aFrameworkTheRunBuildsIsScannedCode() throws {
        let root = try Self.app(linksKit: true)
        let kit = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 56;
            \tobjects = {
            \t\tF1 = {isa = PBXFileReference; path = "Kit/Kit.swift"; sourceTree = SOURCE_ROOT; };
            \t\tP1 = {isa = PBXFileReference; explicitFileType = wrapper.framework; path = Kit.framework; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tB1 = {isa = PBXBuildFile; fileRef = F1; };
            \t\tC0 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Release; };
            \t\tS0 = {isa = PBXSourcesBuildPhase; files = (B1); };
            \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0); };
            \t\tT0 = {isa = PBXNativeTarget; buildConfigurationList = L0; buildPhases = (S0); name = Kit; productReference = P1; productType = "com.apple.product-type.framework"; };
            \t\tG0 = {isa = PBXGroup; children = (F1, P1); sourceTree = "<group>"; };
            \t\tX1 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (T0); };
            \t};
            \trootObject = X1;
            }
            """
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Kit/Kit.xcodeproj"), withIntermediateDirectories: true)
        try kit.write(to: root.appendingPathComponent("Kit/Kit.xcodeproj/project.pbxproj"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Kit/Kit"), withIntermediateDirectories: true)
        try "import UIKit\npublic final class KitView: UIView {}\n".write(to: root.appendingPathComponent("Kit/Kit/Kit.swift"), atomically: true, encoding: .utf8)
        let all = try RecallClassesTests.findings(root)
        let found = all.first { $0.contains("[code-unknown-unwind]") }
        #expect(RecallClassesTests.level(found) == "warning", "\(all)")
    }
}
