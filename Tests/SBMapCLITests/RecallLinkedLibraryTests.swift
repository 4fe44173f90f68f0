import Foundation
import Testing

/// Issue 20, class 4: code compiled only into a library target (a static library, a framework) runs in each app
/// that links it, so its `self.storyboard` and scene-class look-ups see the app's storyboards.
@Suite struct RecallLinkedLibraryTests {
    enum Link { case frameworksPhase, targetDependency, none }

    /// An app (Main.storyboard, AppDelegate.swift) and a library `Core` (HomeViewController.swift, whose class the
    /// app's initial scene has), linked as `link` says.
    static func project(link: Link, libraryType: String = "com.apple.product-type.library.static") throws -> URL {
        let phase = link == .frameworksPhase ? "B0_2" : ""
        let dependency = link == .targetDependency ? "D0" : ""
        let pbxproj = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 56;
            \tobjects = {
            \t\tF1 = {isa = PBXFileReference; path = "App/Main.storyboard"; sourceTree = SOURCE_ROOT; };
            \t\tF2 = {isa = PBXFileReference; path = "App/AppDelegate.swift"; sourceTree = SOURCE_ROOT; };
            \t\tF3 = {isa = PBXFileReference; path = "Core/HomeViewController.swift"; sourceTree = SOURCE_ROOT; };
            \t\tP1 = {isa = PBXFileReference; explicitFileType = archive.ar; path = libCore.a; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tB0_0 = {isa = PBXBuildFile; fileRef = F1; };
            \t\tB0_1 = {isa = PBXBuildFile; fileRef = F2; };
            \t\tB0_2 = {isa = PBXBuildFile; fileRef = P1; };
            \t\tB1_0 = {isa = PBXBuildFile; fileRef = F3; };
            \t\tC0_0 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Release; };
            \t\tC1_0 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Release; };
            \t\tR0 = {isa = PBXResourcesBuildPhase; files = (B0_0); };
            \t\tS0 = {isa = PBXSourcesBuildPhase; files = (B0_1); };
            \t\tK0 = {isa = PBXFrameworksBuildPhase; files = (\(phase)); };
            \t\tS1 = {isa = PBXSourcesBuildPhase; files = (B1_0); };
            \t\tD0 = {isa = PBXTargetDependency; target = T1; };
            \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0_0); };
            \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1_0); };
            \t\tT0 = {isa = PBXNativeTarget; buildConfigurationList = L0; buildPhases = (S0, R0, K0); dependencies = (\(dependency)); name = App; productType = "com.apple.product-type.application"; };
            \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (S1); name = Core; productReference = P1; productType = "\(libraryType)"; };
            \t\tG0 = {isa = PBXGroup; children = (F1, F2, F3, P1); sourceTree = "<group>"; };
            \t\tX1 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (T0, T1); };
            \t};
            \trootObject = X1;
            }
            """
        return try Harness.project([
            "App.xcodeproj/project.pbxproj": pbxproj,
            "App/Main.storyboard": XML.storyboard(initial: "home",
                XML.scene("home", attributes: #"customClass="HomeViewController""#),
                XML.scene("det", attributes: #"customClass="DetailViewController" storyboardIdentifier="Detail""#)),
            "App/AppDelegate.swift": """
                import UIKit
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {}
                class DetailViewController: UIViewController {}
                """,
            "Core/HomeViewController.swift": """
                import UIKit
                class HomeViewController: UIViewController {
                    func openDetail() {
                        show(storyboard!.instantiateViewController(withIdentifier: "Detial"), sender: nil)
                    }
                }
                """,
        ])
    }

    /// A library the app links (its product in the app's frameworks phase, or a target dependency on it): the
    /// library's class is the app's initial scene, so `self.storyboard` is Main, and an ID no scene of Main has is
    /// an error, as in the app's own code.
    @Test(arguments: [(Link.frameworksPhase, "com.apple.product-type.library.static"),
                      (Link.targetDependency, "com.apple.product-type.framework")])
    func aLinkedLibrarysCodeSeesTheAppsStoryboards(link: Link, type: String) throws {
        let all = try RecallClassesTests.findings(try Self.project(link: link, libraryType: type))
        let found = RecallClassesTests.finding(all, at: "Core/HomeViewController.swift:4:")
        #expect(RecallClassesTests.level(found) == "error", "\(all)")
        #expect(found?.contains("'Detial', which no scene of 'Main' has") == true && found?.contains("did you mean 'Detail'") == true,
                "\(all)")
    }

    /// Counter-case: a library no app links is not the app's code; its `self.storyboard` stays unknown (a note),
    /// and the ID no storyboard has stays the warning it was.
    @Test func aLibraryNoAppLinksStaysAsItWas() throws {
        let all = try RecallClassesTests.findings(try Self.project(link: .none))
        let here = all.filter { $0.contains("Core/HomeViewController.swift:4:") }
        #expect(here.contains { $0.contains(": note: ") && $0.contains("no scanned scene has class 'HomeViewController'") }, "\(all)")
        #expect(!here.contains { $0.contains(": error: ") }, "\(all)")
    }
}
