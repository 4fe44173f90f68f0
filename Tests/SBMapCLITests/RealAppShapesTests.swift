import Foundation
import Testing
import SBMapModel

/// Small projects shaped like what the real-app regression set (docs/real-apps.md) found; each was a false finding
/// at warning or error level before the rule it tests.
@Suite struct RealAppShapesTests {
    /// A project as Xcode writes it, cut down: one group per folder, build files, and the targets given.
    static func pbxproj(targets: [(name: String, type: String, plist: String?, resources: [String], sources: [String])],
                        extraObjects: String = "") -> String {
        var objects = ""
        var groupChildren: [String] = []
        var targetIDs: [String] = []
        var fileIDs: [String: String] = [:]
        func fileID(_ path: String) -> String {
            if let id = fileIDs[path] { return id }
            let id = "F\(fileIDs.count + 1)"
            fileIDs[path] = id
            objects += "\t\t\(id) = {isa = PBXFileReference; path = \"\(path)\"; sourceTree = SOURCE_ROOT; };\n"
            groupChildren.append(id)
            return id
        }
        for (t, target) in targets.enumerated() {
            var res: [String] = [], src: [String] = []
            for (k, path) in target.resources.enumerated() {
                let b = "BR\(t)_\(k)"
                objects += "\t\t\(b) = {isa = PBXBuildFile; fileRef = \(fileID(path)); };\n"
                res.append(b)
            }
            for (k, path) in target.sources.enumerated() {
                let b = "BS\(t)_\(k)"
                objects += "\t\t\(b) = {isa = PBXBuildFile; fileRef = \(fileID(path)); };\n"
                src.append(b)
            }
            let settings = target.plist.map { "INFOPLIST_FILE = \"\($0)\"; " } ?? ""
            objects += """
                \t\tR\(t) = {isa = PBXResourcesBuildPhase; files = (\(res.joined(separator: ", "))); };
                \t\tS\(t) = {isa = PBXSourcesBuildPhase; files = (\(src.joined(separator: ", "))); };
                \t\tC\(t) = {isa = XCBuildConfiguration; buildSettings = {\(settings)SDKROOT = iphoneos; }; name = Release; };
                \t\tL\(t) = {isa = XCConfigurationList; buildConfigurations = (C\(t)); };
                \t\tT\(t) = {isa = PBXNativeTarget; buildConfigurationList = L\(t); buildPhases = (S\(t), R\(t)); name = "\(target.name)"; productType = "\(target.type)"; };

                """
            targetIDs.append("T\(t)")
        }
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 56;
            \tobjects = {
            \(objects)\(extraObjects)\t\tG0 = {isa = PBXGroup; children = (\(groupChildren.joined(separator: ", "))); sourceTree = "<group>"; };
            \t\tX1 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (\(targetIDs.joined(separator: ", "))); };
            \t};
            \trootObject = X1;
            }

            """
    }

    static func plist(_ pairs: [(String, String)]) -> String {
        MultiAppRepositoryTests.plist(pairs)
    }

    static let app = "com.apple.product-type.application"

    /// Segues performed where they cannot crash: a class that implements performSegue itself, a call inside @try,
    /// and (beside them) a plain call and one on another object.
    static let routerSwift = """
        import UIKit
        class RouterViewController: UIViewController {
            override func performSegue(withIdentifier identifier: String, sender: Any?) {
                if identifier == "virtual" { route() } else { super.performSegue(withIdentifier: identifier, sender: sender) }
            }
            func route() {}
            func go() { performSegue(withIdentifier: "virtual", sender: nil) }
        }
        """
    static let safeM = """
        #import <UIKit/UIKit.h>
        @implementation SafeViewController
        - (void)go {
            @try {
                [self performSegueWithIdentifier:@"maybe" sender:nil];
            } @catch (NSException *e) {
            }
        }
        - (void)forward:(NSString *)identifier {
            [super performSegueWithIdentifier:identifier sender:nil];
        }
        @end
        """
    static let plainSwift = """
        import UIKit
        class PlainViewController: UIViewController {
            func go() { performSegue(withIdentifier: "nowhere", sender: nil) }
            func other(_ vc: UIViewController) { vc.performSegue(withIdentifier: "elsewhere", sender: nil) }
        }
        """

    /// Provenance commits Xcode projects CMake generated for its emulator cores; their targets name Info.plists in
    /// CMakeFiles folders that name Main and LaunchScreen. Nothing is taken from them.
    @Test func aCommittedCMakeProjectDeclaresNothing() throws {
        let cmake = Self.pbxproj(targets: [(name: "Play", type: Self.app, plist: "build/CMakeFiles/Play.dir/Info.plist", resources: [], sources: [])],
                                 extraObjects: "\t\tZ1 = {isa = PBXGroup; children = (); name = ALL_BUILD; sourceTree = \"<group>\"; };\n")
        let root = try Harness.project([
            "App.xcodeproj/project.pbxproj": Self.pbxproj(targets: [(name: "App", type: Self.app, plist: "App/Info.plist",
                                                                     resources: ["App/Main.storyboard"], sources: [])]),
            "App/Info.plist": Self.plist([("UIMainStoryboardFile", "Main")]),
            "App/Main.storyboard": XML.storyboard(initial: "a", XML.scene("a")),
            "Cores/Play/build/Play.xcodeproj/project.pbxproj": cmake,
            "Cores/Play/build/CMakeFiles/Play.dir/Info.plist": Self.plist([("UIMainStoryboardFile", "Main"), ("UILaunchStoryboardName", "LaunchScreen")]),
        ])
        let run = try Harness.run(["check", "."], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("warning:") && !run.stderr.contains("error:"), "\(run.stderr)")
        #expect(run.stderr.contains("generated by CMake"))
    }

    /// Provenance's package code loads `UIStoryboard(name: "Provenance", bundle: PVUIKit.BundleLoader.bundle)`: another
    /// target's bundle, where the storyboard is. Not a storyboard of another target by mistake.
    @Test func anExplicitBundleIsNotLimitedToTheCallersTargets() throws {
        let root = try Harness.project([
            "App.xcodeproj/project.pbxproj": Self.pbxproj(targets: [
                (name: "App", type: Self.app, plist: nil, resources: [], sources: ["App/Loader.swift"]),
                (name: "UIKitBundle", type: "com.apple.product-type.bundle", plist: nil, resources: ["UI/Provenance.storyboard"], sources: []),
            ]),
            "App/Loader.swift": """
                import UIKit
                enum Loader {
                    static func root() -> UIViewController? {
                        UIStoryboard(name: "Provenance", bundle: UIKitBundle.bundle).instantiateInitialViewController()
                    }
                    static func wrong() -> UIViewController? {
                        UIStoryboard(name: "Provenance", bundle: nil).instantiateInitialViewController()
                    }
                }
                """,
            "UI/Provenance.storyboard": XML.storyboard(initial: "r", XML.scene("r", attributes: #"customClass="RootViewController""#)),
        ])
        let run = try Harness.run(["check", "."], in: root)
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("warning:") || $0.contains("error:") }
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(lines.first?.contains("Loader.swift:7:") == true, "only the main-bundle load is outside the caller's targets")
    }

    /// duckduckgo/iOS's unit tests load `UIStoryboard(name: "Settings", bundle: nil)`: a hosted test runs inside the
    /// app, whose bundle holds Settings.storyboard.
    @Test func codeOnlyTestBundlesCompileFindsTheAppsStoryboards() throws {
        let root = try Harness.project([
            "App.xcodeproj/project.pbxproj": Self.pbxproj(targets: [
                (name: "App", type: Self.app, plist: nil, resources: ["App/Settings.storyboard"], sources: []),
                (name: "AppTests", type: "com.apple.product-type.bundle.unit-test", plist: nil, resources: [], sources: ["Tests/SettingsTests.swift"]),
            ]),
            "App/Settings.storyboard": XML.storyboard(initial: "s", XML.scene("s", attributes: #"storyboardIdentifier="Settings""#)),
            "Tests/SettingsTests.swift": """
                import XCTest
                final class SettingsTests: XCTestCase {
                    func testLoads() {
                        let vc = UIStoryboard(name: "Settings", bundle: nil).instantiateViewController(withIdentifier: "Settings")
                        XCTAssertNotNil(vc)
                    }
                }
                """,
        ])
        let run = try Harness.run(["check", "."], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("warning:"), "\(run.stderr)")
    }

    /// Provenance bundles `SaveStates~.storyboard`, a leftover copy whose reference names a storyboard that does not
    /// exist; nothing loads the copy, so whether the crash can happen is unknown: a warning, not an error.
    @Test func aBrokenLinkInAStoryboardNothingLoadsIsAWarning() throws {
        let root = try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "a", XML.scene("a", attributes: #"customClass="HomeViewController""#)),
            "App/Copy~.storyboard": XML.storyboard(initial: "c", XML.scene("c", body: XML.segue("cs", to: "r")),
                                                    XML.reference("r", storyboard: "Settings~iOS")),
            "App/Info.plist": Self.plist([("UIMainStoryboardFile", "Main")]),
            "App/Home.swift": "import UIKit\nfinal class HomeViewController: UIViewController {}\n",
        ])
        let run = try Harness.run(["check", "App"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("Copy~.storyboard") && run.stderr.contains("warning:"))
        #expect(run.stderr.contains("nothing scanned loads Copy~.storyboard"))
        // Without the sources, sbmap cannot tell what code loads: the finding stays an error.
        let noCode = try Harness.run(["check", "App", "--no-code"], in: root)
        #expect(noCode.status == 1)
    }

    /// Issue 11: `[self.storyboard instantiateViewControllerWithIdentifier:@"loadingFrame"]` in a class with a scene in
    /// an iPhone, an iPad and a tvOS storyboard became 9 edges, 3 of them right.
    @Test func selfStoryboardLinksEachSceneInsideItsOwnStoryboard() throws {
        let board = { (platform: String, id: String, withLoading: Bool) -> String in
            var scenes = [XML.scene("\(id)m", attributes: #"customClass="MenuViewController""#)]
            if withLoading { scenes.append(XML.scene("\(id)l", attributes: #"storyboardIdentifier="loadingFrame""#)) }
            return XML.storyboard(initial: "\(id)m", platform: platform, scenes.joined(separator: "\n"))
        }
        let root = try Harness.project([
            "App/iPhone.storyboard": board("iOS.CocoaTouch", "p", true),
            "App/iPad.storyboard": board("iOS.CocoaTouch", "d", true),
            "TV/TV.storyboard": board("AppleTV", "t", false),
            "Shared/MenuViewController.m": """
                #import <UIKit/UIKit.h>
                @implementation MenuViewController
                - (void)showLoading {
                    UIViewController *vc = [self.storyboard instantiateViewControllerWithIdentifier:@"loadingFrame"];
                    [self presentViewController:vc animated:YES completion:nil];
                }
                @end
                """,
        ])
        let run = try Harness.run(["export", ".", "-o", "-"], in: root)
        let json = try #require(try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any])
        let edges = (json["edges"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "code" }
            .map { "\($0["from"] as? String ?? "") -> \($0["to"] as? String ?? "")" }.sorted()
        #expect(edges == [
            "App/iPad.storyboard#dm -> App/iPad.storyboard#dl",
            "App/iPhone.storyboard#pm -> App/iPhone.storyboard#pl",
            "TV/TV.storyboard#tm -> code-target:TV#loadingFrame",
        ])
        // The storyboard without the scene is the finding, and only it.
        let check = try Harness.run(["check", "."], in: root)
        let errors = check.stderr.split(separator: "\n").filter { $0.contains("error:") }
        #expect(errors.count == 1 && errors[0].contains("'TV'"), "\(check.stderr)")
    }

    /// Issue 11: performSegue that cannot crash is a note at most.
    @Test func performSegueThatCannotCrashIsANoteAtMost() throws {
        let root = try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "a",
                XML.scene("a", attributes: #"customClass="RouterViewController""#),
                XML.scene("b", attributes: #"customClass="SafeViewController""#),
                XML.scene("c", attributes: #"customClass="PlainViewController""#)),
            "App/Router.swift": Self.routerSwift,
            "App/Safe.m": Self.safeM,
            "App/Plain.swift": Self.plainSwift,
        ])
        let run = try Harness.run(["check", "App"], in: root)
        let findings = run.stderr.split(separator: "\n").filter { $0.contains(": warning:") || $0.contains(": error:") || $0.contains(": note:") }
        let warnings = findings.filter { !$0.contains(": note:") }
        // The plain self call warns, and so does the call on another object: no storyboard has 'elsewhere', so it
        // crashes whatever the object is (a name that exists nowhere).
        #expect(warnings.count == 2 && warnings[0].contains("Plain.swift:3:") && warnings[1].contains("Plain.swift:4:")
                && warnings[1].contains("exists in no storyboard of the app"), "\(run.stderr)")
        #expect(findings.contains { $0.contains("Router.swift:7:") && $0.contains(": note:") && $0.contains("implements performSegue itself") })
        #expect(findings.contains { $0.contains("Safe.m:5:") && $0.contains(": note:") && $0.contains("@try") })
    }

    /// Issue 11: a class that creates its own scene (a factory) gets no self-loop, and a mark on its node.
    @Test func aFactoryOfTheClassesOwnSceneIsAMarkNotASelfLoop() throws {
        let root = try Harness.project([
            "App/Detail.storyboard": XML.storyboard(initial: "d",
                XML.scene("d", attributes: #"customClass="DetailViewController" storyboardIdentifier="Detail""#)),
            "App/Detail.swift": """
                import UIKit
                final class DetailViewController: UIViewController {
                    static func instantiate() -> DetailViewController {
                        UIStoryboard(name: "Detail", bundle: nil).instantiateViewController(withIdentifier: "Detail") as! DetailViewController
                    }
                }
                """,
        ])
        let run = try Harness.run(["export", "App", "-o", "-"], in: root)
        let json = try #require(try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any])
        let edges = (json["edges"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "code" }
        #expect(edges.isEmpty, "no self-loop: \(edges)")
        let node = (json["nodes"] as? [[String: Any]] ?? []).first { $0["id"] as? String == "App/Detail.storyboard#d" }
        let marks = node?["instantiatedBySelfAt"] as? [[String: Any]]
        #expect(marks?.first?["line"] as? Int == 4)
        let svg = try Harness.run(["render", "App", "-o", "-", "--format", "svg"], in: root)
        #expect(svg.stdout.contains("self&#45;instantiated") && svg.stdout.contains("Instantiated by its own class"))
    }

    /// element-ios keeps `ElementViewController`, whose `instantiateViewController(withIdentifier: "StartViewController")`
    /// names an ID `Main` no longer has; no storyboard and no code refers to the class, so it never runs.
    @Test func anErrorInAClassNothingRefersToIsAWarning() throws {
        let root = try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "h",
                XML.scene("h", attributes: #"customClass="HomeViewController" storyboardIdentifier="Home""#)),
            "App/Home.swift": """
                import UIKit
                final class HomeViewController: UIViewController {
                    func open() { present(UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Missing"), animated: true) }
                }
                """,
            "App/Leftover.swift": """
                //  Leftover.swift — Made With Flow.
                import UIKit
                public class LeftoverViewController: UIViewController {
                    func start() {
                        let board = UIStoryboard(name: "Main", bundle: nil)
                        present(board.instantiateViewController(withIdentifier: "StartViewController"), animated: true)
                    }
                }
                """,
        ])
        let run = try Harness.run(["check", "App"], in: root)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.contains { $0.contains("Home.swift:3:") && $0.contains(": error:") }, "a used class keeps its error: \(run.stderr)")
        #expect(lines.contains { $0.contains("Leftover.swift:6:") && $0.contains(": warning:") && $0.contains("nothing scanned refers to 'LeftoverViewController'") })
    }

    // MARK: The second round: NetNewsWire, WWDC, home-assistant

    /// NetNewsWire's local package RSCore has `UIStoryboard(name: "Settings", bundle: nil)` inside `#if os(iOS)`;
    /// the iOS app links the package and holds Settings.storyboard. `bundle: nil` is the main bundle, which is the
    /// app's whichever library the code is in: library code is not limited to the library's own (empty) bundle.
    /// A name no app holds still crashes, and is still an error.
    @Test func aLibrarysMainBundleLoadLooksInTheAppsBundle() throws {
        let helper = """
            #if os(iOS)
            import UIKit

            extension UIStoryboard {
                public static var settings: UIStoryboard {
                    UIStoryboard(name: "Settings", bundle: nil)
                }
                public static var gone: UIStoryboard {
                    UIStoryboard(name: "Preferences", bundle: nil)
                }
            }
            #endif
            """
        let root = try Harness.project([
            "App.xcodeproj/project.pbxproj": Self.pbxproj(targets: [
                (name: "App", type: Self.app, plist: "App/Info.plist", resources: ["App/Main.storyboard", "App/Settings.storyboard"],
                 sources: ["App/AppDelegate.swift"]),
                (name: "Kit", type: "com.apple.product-type.framework", plist: nil, resources: [], sources: ["Kit/Storyboards.swift"]),
            ]),
            "App/Info.plist": Self.plist([("UIMainStoryboardFile", "Main")]),
            "App/Main.storyboard": XML.storyboard(initial: "m", XML.scene("m")),
            "App/Settings.storyboard": XML.storyboard(initial: "s", XML.scene("s")),
            "App/AppDelegate.swift": "import UIKit\n@main final class AppDelegate: UIResponder, UIApplicationDelegate {}\n",
            "Kit/Storyboards.swift": helper.replacingOccurrences(of: "Preferences", with: "Settings"),
            "Modules/Core/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "Core",
                    platforms: [.macOS(.v14), .iOS(.v17)],
                    products: [.library(name: "Core", type: .dynamic, targets: ["Core"])],
                    targets: [.target(name: "Core")]
                )
                """,
            "Modules/Core/Sources/Core/UIStoryboard+Core.swift": helper,
        ])
        let run = try Harness.run(["check", "."], in: root)
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("warning:") || $0.contains("error:") }
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(lines.first?.contains("UIStoryboard+Core.swift:9:") == true && lines.first?.contains("error:") == true,
                "Preferences is in no bundle at all: \(run.stderr)")
        #expect(!run.stderr.contains("storyboard-not-in-target"), "\(run.stderr)")
    }

    /// A property list with nested dictionaries, written as Xcode writes it: `body` is the XML inside the top `<dict>`.
    static func plistXML(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>

        """
    }

    static func export(_ root: URL) throws -> [String: Any] {
        let run = try Harness.run(["export", ".", "-o", "-"], in: root)
        return try #require(try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any])
    }

    /// Each storyboard's path → the ids of the targets that hold it, and the files its entry points come from.
    static func storyboards(_ json: [String: Any]) -> [String: (targets: [String], entryPoints: [String])] {
        var result: [String: (targets: [String], entryPoints: [String])] = [:]
        for board in json["storyboards"] as? [[String: Any]] ?? [] {
            let entries = (board["entryPoints"] as? [[String: Any]] ?? []).map {
                "\($0["key"] as? String ?? "") @ \(($0["declaredAt"] as? [String: Any])?["path"] as? String ?? "")"
            }
            result[board["path"] as? String ?? ""] = (board["targets"] as? [String] ?? [], entries)
        }
        return result
    }

    /// insidegui/WWDC (Xcode 16): the storyboards sit in a synchronized folder that no target owns, and reach the
    /// app through an exception set for the app, which adds them: `/Localized/Main.storyboard` (the variant group
    /// Base.lproj/Main.storyboard) and `Preferences.storyboard`. sbmap gave "no target builds Main.storyboard".
    @Test
    func synchronizedFolderExceptionsAddFilesToATargetThatDoesNotOwnTheFolder() throws {
        let project = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 77;
            \tobjects = {
            \t\tSG1 /* Resources */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EX1 /* PBXFileSystemSynchronizedBuildFileExceptionSet */, ); explicitFileTypes = {}; explicitFolders = (); path = Resources; sourceTree = "<group>"; };
            \t\tSG2 /* Sources */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = Sources; sourceTree = "<group>"; };
            \t\tEX1 /* PBXFileSystemSynchronizedBuildFileExceptionSet */ = {
            \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
            \t\t\tmembershipExceptions = (
            \t\t\t\t/Localized/Main.storyboard,
            \t\t\t\tPreferences.storyboard,
            \t\t\t);
            \t\t\ttarget = T1 /* WWDC */;
            \t\t};
            \t\tG1 /* WWDC */ = {isa = PBXGroup; children = (SG1, SG2); path = WWDC; sourceTree = "<group>"; };
            \t\tG0 = {isa = PBXGroup; children = (G1); sourceTree = "<group>"; };
            \t\tT1 /* WWDC */ = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (); fileSystemSynchronizedGroups = (SG2 /* Sources */, ); name = WWDC; productType = "com.apple.product-type.application"; };
            \t\tC1 = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = WWDC/Resources/Info.plist; SDKROOT = macosx; }; name = Release; };
            \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
            \t\tX1 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (T1); };
            \t};
            \trootObject = X1;
            }

            """
        let mac = "MacOSX.Cocoa"
        let root = try Harness.project([
            "WWDC.xcodeproj/project.pbxproj": project,
            "WWDC/Resources/Info.plist": Self.plist([("NSMainStoryboardFile", "Main"), ("NSPrincipalClass", "NSApplication")]),
            "WWDC/Resources/Base.lproj/Main.storyboard": XML.storyboard(initial: "w", platform: mac,
                                                                        XML.scene("app", element: "application"),
                                                                        XML.scene("w", element: "windowController")),
            "WWDC/Resources/Preferences.storyboard": XML.storyboard(initial: "p", platform: mac, XML.scene("p", element: "windowController")),
            "WWDC/Sources/AppDelegate.swift": "import Cocoa\n@main final class AppDelegate: NSObject, NSApplicationDelegate {}\n",
        ])
        let run = try Harness.run(["check", "."], in: root)
        #expect(run.status == 0 && !run.stderr.contains("warning:"), "\(run.stderr)")
        let boards = Self.storyboards(try Self.export(root))
        #expect(boards["WWDC/Resources/Base.lproj/Main.storyboard"]?.targets == ["WWDC.xcodeproj#WWDC"])
        #expect(boards["WWDC/Resources/Preferences.storyboard"]?.targets == ["WWDC.xcodeproj#WWDC"])
        #expect(boards["WWDC/Resources/Base.lproj/Main.storyboard"]?.entryPoints == ["NSMainStoryboardFile @ WWDC/Resources/Info.plist"])
    }

    /// How the loader spells those exceptions: `/Localized/Dir/Main.storyboard` matches each localization of the
    /// variant group, in any `.lproj` folder, and nothing beside it.
    @Test func aLocalizedExceptionMatchesEveryLocalizationOfTheVariantGroup() {
        let entry = "App/Resources/NotificationContent/*.lproj/MainInterface.storyboard"
        #expect(TargetFolder.matches("App/Resources/NotificationContent/en.lproj/MainInterface.storyboard", entry))
        #expect(TargetFolder.matches("App/Resources/NotificationContent/Base.lproj/MainInterface.storyboard", entry))
        #expect(TargetFolder.matches("App/Resources/NotificationContent/fr.lproj/MainInterface.strings", entry))
        #expect(!TargetFolder.matches("App/Resources/NotificationContent/MainInterface.storyboard", entry))
        #expect(!TargetFolder.matches("App/Resources/NotificationContent/en.lproj/Other.storyboard", entry))
        #expect(!TargetFolder.matches("App/Resources/Other/en.lproj/MainInterface.storyboard", entry))
        let added = TargetFolder(path: "App/Resources", only: [entry, "App/Resources/Preferences.storyboard"])
        #expect(added.contains("App/Resources/Preferences.storyboard"))
        #expect(added.contains("App/Resources/NotificationContent/de.lproj/MainInterface.storyboard"))
        #expect(!added.contains("App/Resources/Info.plist"), "a folder another target owns adds only what the exceptions name")
        let owned = TargetFolder(path: "App/Resources", excluded: [entry])
        #expect(!owned.contains("App/Resources/NotificationContent/en.lproj/MainInterface.storyboard"))
        #expect(owned.contains("App/Resources/Info.plist"))
    }

    /// home-assistant/iOS (Xcode 16): the widget extension owns the synchronized folder Extensions and its exception
    /// set takes the notification extension's files out (`/Localized/NotificationContent/MainInterface.storyboard`,
    /// the variant group en.lproj/MainInterface.storyboard); the notification extension owns no folder, and its
    /// exception set puts the same files in. sbmap said MainInterface "is only in Extensions-Widgets".
    @Test
    func synchronizedFolderExceptionsMoveAFileFromTheOwnerToAnotherTarget() throws {
        let project = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 77;
            \tobjects = {
            \t\tSG1 /* Extensions */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EXN /* PBXFileSystemSynchronizedBuildFileExceptionSet */, EXW /* PBXFileSystemSynchronizedBuildFileExceptionSet */, ); explicitFileTypes = {}; explicitFolders = (); path = Extensions; sourceTree = "<group>"; };
            \t\tEXN /* PBXFileSystemSynchronizedBuildFileExceptionSet */ = {
            \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
            \t\t\tmembershipExceptions = (
            \t\t\t\t/Localized/NotificationContent/MainInterface.storyboard,
            \t\t\t\tNotificationContent/NotificationViewController.swift,
            \t\t\t);
            \t\t\ttarget = TN /* Extensions-NotificationContent */;
            \t\t};
            \t\tEXW /* PBXFileSystemSynchronizedBuildFileExceptionSet */ = {
            \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
            \t\t\tmembershipExceptions = (
            \t\t\t\t/Localized/NotificationContent/MainInterface.storyboard,
            \t\t\t\tNotificationContent/NotificationViewController.swift,
            \t\t\t\tNotificationContent/Resources/Info.plist,
            \t\t\t\tWidgets/Resources/Info.plist,
            \t\t\t);
            \t\t\ttarget = TW /* Extensions-Widgets */;
            \t\t};
            \t\tG1 /* Sources */ = {isa = PBXGroup; children = (SG1); path = Sources; sourceTree = "<group>"; };
            \t\tG0 = {isa = PBXGroup; children = (G1); sourceTree = "<group>"; };
            \t\tTN /* Extensions-NotificationContent */ = {isa = PBXNativeTarget; buildConfigurationList = LN; buildPhases = (); fileSystemSynchronizedGroups = (); name = "Extensions-NotificationContent"; productType = "com.apple.product-type.app-extension"; };
            \t\tTW /* Extensions-Widgets */ = {isa = PBXNativeTarget; buildConfigurationList = LW; buildPhases = (); fileSystemSynchronizedGroups = (SG1 /* Extensions */, ); name = "Extensions-Widgets"; productType = "com.apple.product-type.app-extension"; };
            \t\tCN = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = Sources/Extensions/NotificationContent/Resources/Info.plist; SDKROOT = iphoneos; }; name = Release; };
            \t\tCW = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = Sources/Extensions/Widgets/Resources/Info.plist; SDKROOT = iphoneos; }; name = Release; };
            \t\tLN = {isa = XCConfigurationList; buildConfigurations = (CN); };
            \t\tLW = {isa = XCConfigurationList; buildConfigurations = (CW); };
            \t\tX1 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (TN, TW); };
            \t};
            \trootObject = X1;
            }

            """
        let root = try Harness.project([
            "HomeAssistant.xcodeproj/project.pbxproj": project,
            "Sources/Extensions/NotificationContent/Resources/Info.plist": Self.plistXML("""
                <key>NSExtension</key>
                <dict>
                    <key>NSExtensionMainStoryboard</key>
                    <string>MainInterface</string>
                    <key>NSExtensionPointIdentifier</key>
                    <string>com.apple.usernotifications.content-extension</string>
                </dict>
                """),
            "Sources/Extensions/NotificationContent/en.lproj/MainInterface.storyboard": XML.storyboard(
                initial: "n", XML.scene("n", attributes: #"customClass="NotificationViewController""#)),
            "Sources/Extensions/NotificationContent/NotificationViewController.swift":
                "import UIKit\nimport UserNotificationsUI\nfinal class NotificationViewController: UIViewController, UNNotificationContentExtension {}\n",
            "Sources/Extensions/Widgets/Resources/Info.plist": Self.plist([("CFBundleName", "Widgets")]),
        ])
        let run = try Harness.run(["check", "."], in: root)
        #expect(run.status == 0 && !run.stderr.contains("warning:"), "\(run.stderr)")
        let boards = Self.storyboards(try Self.export(root))
        let board = boards["Sources/Extensions/NotificationContent/en.lproj/MainInterface.storyboard"]
        #expect(board?.targets == ["HomeAssistant.xcodeproj#Extensions-NotificationContent"], "taken out of the widget, put in the extension")
        #expect(board?.entryPoints == ["NSExtensionMainStoryboard @ Sources/Extensions/NotificationContent/Resources/Info.plist"])
    }

    /// Ranchero-Software/NetNewsWire sets every target's INFOPLIST_FILE and SDKROOT in .xcconfig files
    /// (`baseConfigurationReference`, and Xcode 16's `baseConfigurationReferenceAnchor` with a relative path into a
    /// synchronized folder), with `#include`s. sbmap read no platform and no Info.plist: the Mac app's
    /// NSMainStoryboardFile and the iOS app's launch screens were not entry points, and a wrong name there would
    /// go unreported (the plist is one no target uses).
    @Test
    func buildSettingsFromXcconfigFilesAreRead() throws {
        let project = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 77;
            \tobjects = {
            \t\tFX1 /* NetNewsWire_macapp_target.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = NetNewsWire_macapp_target.xcconfig; sourceTree = "<group>"; };
            \t\tGX /* xcconfig */ = {isa = PBXGroup; children = (FX1); path = xcconfig; sourceTree = "<group>"; };
            \t\tSX /* xcconfig */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = xcconfig2; sourceTree = "<group>"; };
            \t\tFM /* Main.storyboard */ = {isa = PBXFileReference; lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; };
            \t\tVM /* Main.storyboard */ = {isa = PBXVariantGroup; children = (FM); name = Main.storyboard; sourceTree = "<group>"; };
            \t\tFL /* LaunchScreen.storyboard */ = {isa = PBXFileReference; lastKnownFileType = file.storyboard; path = LaunchScreen.storyboard; sourceTree = "<group>"; };
            \t\tGM /* Mac */ = {isa = PBXGroup; children = (VM); path = Mac; sourceTree = "<group>"; };
            \t\tGI /* iOS */ = {isa = PBXGroup; children = (FL); path = iOS; sourceTree = "<group>"; };
            \t\tG0 = {isa = PBXGroup; children = (GX, SX, GM, GI); sourceTree = "<group>"; };
            \t\tBM = {isa = PBXBuildFile; fileRef = VM; };
            \t\tBL = {isa = PBXBuildFile; fileRef = FL; };
            \t\tRM = {isa = PBXResourcesBuildPhase; files = (BM); };
            \t\tRI = {isa = PBXResourcesBuildPhase; files = (BL); };
            \t\tTM /* NetNewsWire */ = {isa = PBXNativeTarget; buildConfigurationList = LM; buildPhases = (RM); name = NetNewsWire; productType = "com.apple.product-type.application"; };
            \t\tTI /* NetNewsWire-iOS */ = {isa = PBXNativeTarget; buildConfigurationList = LI; buildPhases = (RI); name = "NetNewsWire-iOS"; productType = "com.apple.product-type.application"; };
            \t\tCM = {isa = XCBuildConfiguration; baseConfigurationReference = FX1 /* NetNewsWire_macapp_target.xcconfig */; buildSettings = {}; name = Release; };
            \t\tCI = {isa = XCBuildConfiguration; baseConfigurationReferenceAnchor = SX /* xcconfig */; baseConfigurationReferenceRelativePath = NetNewsWire_iOSapp_target.xcconfig; buildSettings = {}; name = Release; };
            \t\tLM = {isa = XCConfigurationList; buildConfigurations = (CM); };
            \t\tLI = {isa = XCConfigurationList; buildConfigurations = (CI); };
            \t\tX1 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (TM, TI); };
            \t};
            \trootObject = X1;
            }

            """
        let root = try Harness.project([
            "NetNewsWire.xcodeproj/project.pbxproj": project,
            "xcconfig/NetNewsWire_macapp_target.xcconfig": "#include \"./common/NetNewsWire_macapp_target_common.xcconfig\"\n",
            "xcconfig/common/NetNewsWire_macapp_target_common.xcconfig": "SDKROOT = macosx;\nINFOPLIST_FILE = Mac/Resources/Info.plist\n",
            "xcconfig2/NetNewsWire_iOSapp_target.xcconfig": "SDKROOT = iphoneos\nINFOPLIST_FILE = iOS/Resources/Info.plist\n",
            "Mac/Resources/Info.plist": Self.plist([("NSMainStoryboardFile", "Main")]),
            "Mac/Base.lproj/Main.storyboard": XML.storyboard(initial: "w", platform: "MacOSX.Cocoa",
                                                             XML.scene("app", element: "application"),
                                                             XML.scene("w", element: "windowController")),
            "iOS/Resources/Info.plist": Self.plist([("UILaunchStoryboardName", "LaunchScreen")]),
            "iOS/LaunchScreen.storyboard": XML.storyboard(initial: "l", XML.scene("l")),
        ])
        let json = try Self.export(root)
        let targets = (json["targets"] as? [[String: Any]] ?? []).map { "\($0["name"] as? String ?? "") \($0["platforms"] as? [String] ?? []) \($0["infoPlist"] as? String ?? "-")" }
        #expect(targets == ["NetNewsWire [\"macos\"] Mac/Resources/Info.plist", "NetNewsWire-iOS [\"ios\"] iOS/Resources/Info.plist"])
        let boards = Self.storyboards(json)
        #expect(boards["Mac/Base.lproj/Main.storyboard"]?.entryPoints == ["NSMainStoryboardFile @ Mac/Resources/Info.plist"])
        #expect(boards["iOS/LaunchScreen.storyboard"]?.entryPoints == ["UILaunchStoryboardName @ iOS/Resources/Info.plist"])
        // The same app named by its absolute path (`sbmap check /path/to/App`): every path is spelled from `/`, and
        // the .xcconfig files are read all the same (they were not: no platform, no Info.plist, no entry point).
        let absolute = try Harness.run(["export", root.path, "-o", "-"], in: root)
        let other = try #require(try JSONSerialization.jsonObject(with: absolute.stdoutBytes) as? [String: Any])
        let prefix = root.path + "/"
        let absoluteTargets = (other["targets"] as? [[String: Any]] ?? []).map {
            "\($0["name"] as? String ?? "") \($0["platforms"] as? [String] ?? []) \(($0["infoPlist"] as? String ?? "-").replacingOccurrences(of: prefix, with: ""))"
        }
        #expect(absoluteTargets == targets, "\(absolute.stderr)")
    }

    /// realm-swift: the UI-test target SwiftUITests includes its host app's .xcconfig, and so uses the host's
    /// Info.plist, which names LaunchScreen; only the app copies LaunchScreen.storyboard. A test bundle has no launch
    /// screen and no main storyboard: its plist's keys declare nothing, and only the app is checked.
    @Test func aTestBundleUsingTheAppsInfoPlistDeclaresNoEntryPoints() throws {
        let root = try Harness.project([
            "Realm.xcodeproj/project.pbxproj": Self.pbxproj(targets: [
                (name: "SwiftUITestHost", type: Self.app, plist: "Tests/SwiftUITestHost/Info.plist",
                 resources: ["Tests/SwiftUITestHost/LaunchScreen.storyboard"], sources: []),
                (name: "SwiftUITests", type: "com.apple.product-type.bundle.ui-testing", plist: "Tests/SwiftUITestHost/Info.plist",
                 resources: [], sources: []),
            ]),
            "Tests/SwiftUITestHost/Info.plist": Self.plist([("UILaunchStoryboardName", "LaunchScreen")]),
            "Tests/SwiftUITestHost/LaunchScreen.storyboard": XML.storyboard(initial: "l", XML.scene("l")),
        ])
        let run = try Harness.run(["check", "."], in: root)
        #expect(run.status == 0 && !run.stderr.contains("warning:"), "\(run.stderr)")
        let boards = Self.storyboards(try Self.export(root))
        #expect(boards["Tests/SwiftUITestHost/LaunchScreen.storyboard"]?.entryPoints == ["UILaunchStoryboardName @ Tests/SwiftUITestHost/Info.plist"])
    }

    /// Provenance's App Store plists write `UILaunchStoryboardName = LaunchScreen.storyboard`, with the extension
    /// (the lookup takes it off); the finding is true, and its hint names the file once, not
    /// `LaunchScreen.storyboard.storyboard`.
    @Test func aKeyWrittenWithTheExtensionIsNamedOnceInTheHint() throws {
        let root = try Harness.project([
            "App.xcodeproj/project.pbxproj": Self.pbxproj(targets: [
                (name: "App", type: Self.app, plist: "App/App-Info.plist", resources: ["App/LaunchScreen.storyboard"], sources: []),
                (name: "App (AppStore)", type: Self.app, plist: "App/App-AppStore-Info.plist", resources: [], sources: []),
            ]),
            "App/App-Info.plist": Self.plist([("UILaunchStoryboardName", "LaunchScreen.storyboard")]),
            "App/App-AppStore-Info.plist": Self.plist([("UILaunchStoryboardName", "LaunchScreen.storyboard")]),
            "App/LaunchScreen.storyboard": XML.storyboard(initial: "l", XML.scene("l")),
        ])
        let run = try Harness.run(["check", "."], in: root)
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("warning:") || $0.contains("error:") }
        #expect(lines.count == 1 && lines[0].hasPrefix("App/App-AppStore-Info.plist:"), "\(run.stderr)")
        #expect(lines.first?.contains("add LaunchScreen.storyboard to") == true, "\(run.stderr)")
        #expect(!run.stderr.contains(".storyboard.storyboard"), "\(run.stderr)")
    }

    /// ChatSecure loads `UIStoryboard(name: "LumberjackConsole", bundle: Bundle(for: PTEConsoleLogger.self))`: the
    /// storyboard is in a CocoaPods dependency (a submodule; sbmap skips Pods), not in the scan. Whether that bundle
    /// has it is unknown, and loading a dependency's storyboard is no mistake: a note, not a warning. A main-bundle
    /// load of a name nothing has is still an error.
    @Test func aStoryboardFromAnUnscannedBundleIsANote() throws {
        let root = try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "l", XML.scene("l", attributes: #"customClass="LogListViewController""#)),
            "App/LogListViewController.swift": """
                import UIKit
                import LumberjackConsole

                final class LogListViewController: UIViewController {
                    func showConsole() {
                        guard let console = UIStoryboard.lumberjackConsole?.instantiateInitialViewController() else { return }
                        present(console, animated: true)
                    }
                    func showMissing() {
                        present(UIStoryboard(name: "Nowhere", bundle: nil).instantiateInitialViewController()!, animated: true)
                    }
                }

                private extension UIStoryboard {
                    static var lumberjackConsole: UIStoryboard? {
                        let bundle = Bundle(for: PTEConsoleLogger.self)
                        let storyboard = UIStoryboard(name: "LumberjackConsole", bundle: bundle)
                        return storyboard
                    }
                }
                """,
            "App/Settings.swift": """
                import UIKit
                extension UIStoryboard {
                    static let acknowledgements = UIStoryboard(name: "Acknowledgements", bundle: Bundle(for: AcknowledgementsKit.self))
                }
                final class SettingsViewController: UIViewController {
                    func showAcknowledgements() { present(UIStoryboard.acknowledgements.instantiateInitialViewController()!, animated: true) }
                }
                """,
        ])
        let run = try Harness.run(["check", "App"], in: root)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.contains { $0.contains("LogListViewController.swift:17:") && $0.contains(": note:") && $0.contains("LumberjackConsole") }, "\(run.stderr)")
        #expect(lines.contains { $0.contains("Settings.swift:3:") && $0.contains(": note:") && $0.contains("Acknowledgements") }, "\(run.stderr)")
        let failing = lines.filter { $0.contains(": warning:") || $0.contains(": error:") }
        #expect(failing.count == 1 && failing[0].contains("LogListViewController.swift:10:") && failing[0].contains(": error:"), "\(run.stderr)")
    }

    /// MonitorControl's main.swift loads its windows through a file-scope `private let storyboard = NSStoryboard(…)`:
    /// outside a type a bare `storyboard` is that constant, not `self.storyboard` (it gave six notes, no links).
    @Test func aFileScopeStoryboardConstantIsTheReceiver() throws {
        let root = try Harness.project([
            "App/Main.storyboard": XML.storyboard(platform: "MacOSX.Cocoa",
                XML.scene("p", element: "viewController", attributes: #"storyboardIdentifier="MainPrefsVC""#)),
            "App/main.swift": """
                import Cocoa
                private let storyboard = NSStoryboard(name: "Main", bundle: Bundle.main)
                let prefs = storyboard.instantiateController(withIdentifier: "MainPrefsVC") as? NSViewController
                let wrong = storyboard.instantiateController(withIdentifier: "Nope") as? NSViewController
                """,
        ])
        let run = try Harness.run(["check", "App"], in: root)
        #expect(!run.stderr.contains("code-dynamic"), "\(run.stderr)")
        #expect(run.stderr.contains("main.swift:4:") && run.stderr.contains("'Nope'"))
        #expect(run.stderr.contains("2 code links (1 unresolved)"))
    }
}
