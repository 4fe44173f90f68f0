import Foundation
import Testing

/// Issue 20, recall at error: where the receiver and the target are known, a broken use is an error. A launch
/// storyboard without an initial scene that a target reads and bundles; `instantiateInitialViewController()` on a
/// named storyboard without one; a name that exists only in another project of the repository. Each with the
/// counter-case that stays a warning.
@Suite struct RecallAtErrorTests {
    typealias R = RecallClassesTests
    typealias E = RecallEntryPointTests

    static let main = XML.storyboard(initial: "h", XML.scene("h", attributes: #"customClass="HomeViewController""#))

    /// One app target `name` whose Info.plist is `App/Info.plist` and whose resources phase holds `files`.
    static func project(_ name: String, _ files: [String], plist: String = "App/Info.plist") -> String {
        E.pbxproj([(name: name, configurations: [(name: "Release", settings: "INFOPLIST_FILE = \(plist); SDKROOT = iphoneos; ", base: nil)],
                    resources: files)])
    }

    /// The launch screen is drawn from the launch storyboard's initial view controller: a target that reads the key
    /// and bundles the storyboard opens on a blank screen at every launch, an error. Where no project says which
    /// target reads the plist, it stays a warning (`RecallEntryPointTests.aLaunchStoryboardWithoutAnInitialScene`).
    @Test func aTargetsLaunchStoryboardWithoutAnInitialSceneIsAnError() throws {
        let root = try Harness.project([
            "App.xcodeproj/project.pbxproj": Self.project("App", ["App/Main.storyboard", "App/LaunchScreen.storyboard"]),
            "App/Main.storyboard": Self.main,
            "App/LaunchScreen.storyboard": XML.storyboard(XML.scene("l")),
            "App/Info.plist": E.plist(("UIMainStoryboardFile", "Main"), ("UILaunchStoryboardName", "LaunchScreen")),
        ])
        let all = try R.findings(root)
        let launch = R.finding(all, at: "App/Info.plist:8:")
        #expect(R.level(launch) == "error" && launch!.contains("missing-initial-scene") && launch!.contains("blank screen"), "\(all)")
    }

    /// `instantiateInitialViewController()` on a storyboard the call names, which has no initial scene, returns nil:
    /// an error. The counter-case: the same call in a class nothing refers to stays a warning, saying so.
    @Test func instantiatingTheInitialSceneOfAStoryboardWithoutOneIsAnError() throws {
        let root = try Harness.project([
            "App/Main.storyboard": Self.main,
            "App/Pay.storyboard": XML.storyboard(XML.scene("p", attributes: #"storyboardIdentifier="pay""#)),
            "App/Info.plist": E.plist(("UIMainStoryboardFile", "Main")),
            "App/HomeViewController.swift": """
                import UIKit
                final class HomeViewController: UIViewController {
                    func pay() {
                        present(UIStoryboard(name: "Pay", bundle: nil).instantiateInitialViewController()!, animated: true)
                    }
                }
                """,
            "App/Leftover.swift": """
                import UIKit
                final class Leftover: UIViewController {
                    func pay() {
                        present(UIStoryboard(name: "Pay", bundle: nil).instantiateInitialViewController()!, animated: true)
                    }
                }
                """,
        ])
        let all = try R.findings(root)
        let used = R.finding(all, at: "App/HomeViewController.swift:4:")
        #expect(R.level(used) == "error" && used!.contains("code-unknown-identifier") && used!.contains("returns nil"), "\(all)")
        let unused = R.finding(all, at: "App/Leftover.swift:4:")
        #expect(R.level(unused) == "warning" && unused!.contains("nothing scanned refers to 'Leftover'"), "\(all)")
    }

    /// A repository of several sample projects: a sample's plist and code name a storyboard that only another
    /// sample's project has. No build of this project has it: an error that names the other project. The
    /// counter-case: the storyboard is in the same project, only in another target (a build script or a pod may
    /// copy it): a warning, as before.
    @Test func aStoryboardOnlyInAnotherProjectIsAnError() throws {
        let root = try Harness.project([
            "A/A.xcodeproj/project.pbxproj": Self.project("A", ["App/Home.storyboard", "App/Loader.swift"]),
            "A/App/Home.storyboard": Self.main,
            "A/App/Info.plist": E.plist(("UIMainStoryboardFile", "Main"), ("UILaunchStoryboardName", "LaunchScreen")),
            "A/App/Loader.swift": """
                import UIKit
                final class HomeViewController: UIViewController {
                    func open() { present(UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController()!, animated: true) }
                }
                """,
            "B/B.xcodeproj/project.pbxproj": Self.project("B", ["App/Main.storyboard", "App/LaunchScreen.storyboard"]),
            "B/App/Main.storyboard": XML.storyboard(initial: "h", XML.scene("h")),
            "B/App/LaunchScreen.storyboard": XML.storyboard(initial: "l", XML.scene("l")),
            "B/App/Info.plist": E.plist(("UIMainStoryboardFile", "Main"), ("UILaunchStoryboardName", "LaunchScreen")),
            "C/C.xcodeproj/project.pbxproj": E.pbxproj([
                (name: "C1", configurations: [(name: "Release", settings: "INFOPLIST_FILE = App/Info.plist; SDKROOT = iphoneos; ", base: nil)],
                 resources: ["App/Home.storyboard"]),
                (name: "C2", configurations: [(name: "Release", settings: "INFOPLIST_FILE = Other/Info.plist; SDKROOT = iphoneos; ", base: nil)],
                 resources: ["Other/Settings.storyboard"]),
            ]),
            "C/App/Home.storyboard": XML.storyboard(initial: "h", XML.scene("h")),
            "C/App/Info.plist": E.plist(("UIMainStoryboardFile", "Settings")),
            "C/Other/Settings.storyboard": XML.storyboard(initial: "s", XML.scene("s")),
            "C/Other/Info.plist": E.plist(("UIMainStoryboardFile", "Settings")),
        ])
        let all = try R.findings(root)
        for place in ["A/App/Info.plist:6:", "A/App/Info.plist:8:", "A/App/Loader.swift:3:"] {
            let finding = R.finding(all, at: place)
            #expect(R.level(finding) == "error" && finding!.contains("storyboard-not-in-target")
                    && finding!.contains("exists only in another project (B/B.xcodeproj)"), "\(place): \(all)")
        }
        let sameProject = R.finding(all, at: "C/App/Info.plist:6:")
        #expect(R.level(sameProject) == "warning" && sameProject!.contains("it is only in C2"), "\(all)")
    }

    /// One project, a macOS app and a tvOS app: the Mac app's key and code name a storyboard only the tvOS app has.
    /// A Mac build cannot load a tvOS storyboard: an error that says for which platform it exists. (The same
    /// platform in another target of the project stays a warning: `aStoryboardOnlyInAnotherProjectIsAnError`.)
    @Test func aStoryboardOnlyForAnotherPlatformIsAnError() throws {
        let root = try Harness.project([
            "Demo.xcodeproj/project.pbxproj": E.pbxproj([
                (name: "MacDemo", configurations: [(name: "Release", settings: "INFOPLIST_FILE = Mac/Info.plist; SDKROOT = macosx; ", base: nil)],
                 resources: ["Mac/Window.storyboard", "Mac/AppDelegate.swift"]),
                (name: "TVDemo", configurations: [(name: "Release", settings: "INFOPLIST_FILE = TV/Info.plist; SDKROOT = appletvos; ", base: nil)],
                 resources: ["TV/Main.storyboard"]),
            ]),
            "Mac/Window.storyboard": XML.storyboard(initial: "w", platform: "MacOSX.Cocoa", XML.scene("w", element: "viewController",
                                                                             attributes: #"customClass="WindowController""#)),
            "Mac/Info.plist": E.plist(("NSMainStoryboardFile", "Main")),
            "Mac/AppDelegate.swift": """
                import AppKit
                final class WindowController: NSViewController {
                    func open() { _ = NSStoryboard(name: "Main", bundle: nil).instantiateInitialController() }
                }
                """,
            "TV/Main.storyboard": XML.storyboard(initial: "t", platform: "AppleTV", XML.scene("t")),
            "TV/Info.plist": E.plist(("UIMainStoryboardFile", "Main")),
        ])
        let all = try R.findings(root)
        for place in ["Mac/Info.plist:6:", "Mac/AppDelegate.swift:3:"] {
            let finding = R.finding(all, at: place)
            #expect(R.level(finding) == "error" && finding!.contains("storyboard-not-in-target")
                    && finding!.contains("exists only for tvOS"), "\(place): \(all)")
        }
    }
}
