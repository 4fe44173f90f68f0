import Foundation
import Testing
import SBMapModel

/// Issue 28: what a pull request can break is resolved the way the app resolves it at run time, so that a gate
/// fails on each crash and on nothing else (points 3, 5, 7, 8, 10, 12, 13).
@Suite struct GateResolutionTests {
    static func findings(_ root: URL, _ arguments: [String] = ["check", "."]) throws -> [String] {
        try RecallClassesTests.findings(root, arguments)
    }

    static func level(_ line: String?) -> String? { RecallClassesTests.level(line) }

    /// A scratch repository: `before` committed, then `after` (files to write; an empty text removes the file).
    static func repository(_ before: [String: String], then after: [String: String]) throws -> URL {
        let root = try Harness.project(before)
        try DiffScratchTests.git(["init", "-q", "-b", "main"], in: root)
        try DiffScratchTests.git(["add", "."], in: root)
        try DiffScratchTests.git(["commit", "-q", "-m", "before"], in: root)
        for (path, text) in after {
            let url = root.appendingPathComponent(path)
            if text.isEmpty {
                try FileManager.default.removeItem(at: url)
            } else {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
        }
        try DiffScratchTests.git(["add", "-A"], in: root)
        try DiffScratchTests.git(["commit", "-q", "-m", "after"], in: root)
        return root
    }

    // MARK: Point 7: build settings in Info.plist values

    /// One app target whose Release configuration is based on `App/App.xcconfig`.
    static func projectWithXcconfig(plist: [(String, String)], xcconfig: String, resources: [String]) -> [String: String] {
        let base = RealAppShapesTests.pbxproj(
            targets: [(name: "Till", type: RealAppShapesTests.app, plist: "App/Info.plist", resources: resources, sources: [])],
            extraObjects: "\t\tFX = {isa = PBXFileReference; path = \"App/App.xcconfig\"; sourceTree = SOURCE_ROOT; };\n")
            .replacingOccurrences(of: "C0 = {isa = XCBuildConfiguration; buildSettings = {",
                                  with: "C0 = {isa = XCBuildConfiguration; baseConfigurationReference = FX; buildSettings = {")
        return ["App.xcodeproj/project.pbxproj": base, "App/App.xcconfig": xcconfig,
                "App/Info.plist": RealAppShapesTests.plist(plist)]
    }

    static let tillBoards: [String: String] = [
        "App/Base.lproj/Register.storyboard": XML.storyboard(initial: "r", XML.scene("r")),
        "App/Base.lproj/Till Launch.storyboard": XML.storyboard(initial: "l", XML.scene("l")),
    ]

    /// `$(INFOPLIST_KEY_UILaunchStoryboardName)` and `${MAIN_BOARD}` in the Info.plist take the target's values from
    /// its .xcconfig: the storyboards they name are entry points, and nothing is reported. Before, each was read
    /// literally: "names storyboard '$(…)', which does not exist", an error.
    @Test func infoPlistValuesExpandTheTargetsBuildSettings() throws {
        var files = Self.projectWithXcconfig(
            plist: [("UILaunchStoryboardName", "$(INFOPLIST_KEY_UILaunchStoryboardName)"), ("UIMainStoryboardFile", "${MAIN_BOARD}")],
            xcconfig: "INFOPLIST_KEY_UILaunchStoryboardName = Till Launch\nMAIN_BOARD = $(REGISTER_NAME)\nREGISTER_NAME = Register\n",
            resources: ["App/Base.lproj/Register.storyboard", "App/Base.lproj/Till Launch.storyboard"])
        files.merge(Self.tillBoards) { a, _ in a }
        let root = try Harness.project(files)
        let all = try Self.findings(root)
        #expect(all.allSatisfy { Self.level($0) == "note" && !$0.contains("$(") && !$0.contains("${") }, "\(all)")
        let json = try RealAppShapesTests.export(root)
        let boards = RealAppShapesTests.storyboards(json)
        // (The setting itself is the key: the plist's copy of it is the same key, counted once.)
        #expect(boards["App/Base.lproj/Till Launch.storyboard"]?.entryPoints == ["INFOPLIST_KEY_UILaunchStoryboardName @ App/App.xcconfig"], "\(boards)")
        #expect(boards["App/Base.lproj/Register.storyboard"]?.entryPoints == ["UIMainStoryboardFile @ App/Info.plist"], "\(boards)")
    }

    /// The expanded name is checked as a written one: a setting naming a storyboard that does not exist is an error;
    /// a setting no configuration or .xcconfig gives is a note, never an error.
    @Test func anExpandedNameIsCheckedAndAnUnknownSettingIsANote() throws {
        var files = Self.projectWithXcconfig(
            plist: [("UIMainStoryboardFile", "$(MAIN_BOARD)"), ("UILaunchStoryboardName", "$(LAUNCH_FROM_CI)")],
            xcconfig: "MAIN_BOARD = Regster\n",
            resources: ["App/Base.lproj/Register.storyboard", "App/Base.lproj/Till Launch.storyboard"])
        files.merge(Self.tillBoards) { a, _ in a }
        let all = try Self.findings(try Harness.project(files))
        let main = all.filter { $0.contains("UIMainStoryboardFile") }
        #expect(main.count == 1 && Self.level(main.first) == "error" && main[0].contains("'Regster'")
                && main[0].contains("[missing-entry-storyboard]"), "\(all)")
        let launch = all.filter { $0.contains("UILaunchStoryboardName") }
        #expect(launch.count == 1 && Self.level(launch.first) == "note" && launch[0].contains("'$(LAUNCH_FROM_CI)'")
                && launch[0].contains("cannot expand"), "\(all)")
    }

    /// What Xcode sets itself, and the simple modifiers.
    @Test func xcodesOwnSettingsAndModifiersExpand() {
        let settings = BuildSettingExpansion.withDefaults(["PRODUCT_NAME": "$(TARGET_NAME) Pro"], targetName: "Till 2")
        #expect(BuildSettingExpansion.expand("com.example.$(PRODUCT_NAME:rfc1034identifier)", with: settings) == "com.example.Till-2-Pro")
        #expect(BuildSettingExpansion.expand("$(PRODUCT_MODULE_NAME)", with: settings) == "Till_2_Pro")
        #expect(BuildSettingExpansion.expand("${TARGET_NAME:lower}$(inherited)", with: settings) == "till 2")
        #expect(BuildSettingExpansion.expand("$(UNSET)", with: settings) == nil)
        #expect(BuildSettingExpansion.expand("$(PRODUCT_NAME:base64)", with: settings) == nil)
        #expect(BuildSettingExpansion.expand("$(PRODUCT_NAME", with: settings) == nil)
        #expect(BuildSettingExpansion.expand("Price: $5", with: settings) == "Price: $5")
    }

    /// The gate: a pull request that moves the launch screen's name into the .xcconfig exits 0 with no error.
    @Test func aLaunchScreenNamedByABuildSettingPassesTheGate() throws {
        var before = Self.projectWithXcconfig(
            plist: [("UILaunchStoryboardName", "Till Launch"), ("UIMainStoryboardFile", "Register")], xcconfig: "SDKROOT = iphoneos\n",
            resources: ["App/Base.lproj/Register.storyboard", "App/Base.lproj/Till Launch.storyboard"])
        before.merge(Self.tillBoards) { a, _ in a }
        let after = Self.projectWithXcconfig(
            plist: [("UILaunchStoryboardName", "$(INFOPLIST_KEY_UILaunchStoryboardName)"), ("UIMainStoryboardFile", "Register")],
            xcconfig: "SDKROOT = iphoneos\nINFOPLIST_KEY_UILaunchStoryboardName = Till Launch\n",
            resources: ["App/Base.lproj/Register.storyboard", "App/Base.lproj/Till Launch.storyboard"])
        let root = try Self.repository(before, then: after)
        let run = try Harness.run(["diff", "HEAD~1", "HEAD"], in: root)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stderr.contains(": error:") && !run.stdout.contains(": error:"), "\(run.stdout)\(run.stderr)")
    }

    // MARK: Point 13: storyboards no target builds

    /// The app's Main.storyboard, with the cart's segue to the receipt named `segue`.
    static func cartBoard(segue: String) -> String {
        XML.storyboard(initial: "cart",
                       XML.scene("cart", attributes: #"customClass="CartViewController""#, body: XML.segue("g1", to: "receipt", identifier: segue)),
                       XML.scene("receipt", attributes: #"customClass="ReceiptViewController""#))
    }

    static func cartApp(segue: String) -> [String: String] {
        [
            "App.xcodeproj/project.pbxproj": RealAppShapesTests.pbxproj(targets: [(
                name: "Cart", type: RealAppShapesTests.app, plist: nil,
                resources: ["App/Base.lproj/Main.storyboard"], sources: ["App/Cart.swift"])]),
            "App/Base.lproj/Main.storyboard": cartBoard(segue: segue),
            // Xcode's localization export, committed: a copy of the storyboard that no target builds.
            "Localizations/fr.xcloc/Source Contents/App/Base.lproj/Main.storyboard": cartBoard(segue: "showReceipt"),
            "App/Cart.swift": """
                import UIKit
                class CartViewController: UIViewController {
                    func pay() { performSegue(withIdentifier: "showReceipt", sender: nil) }
                }
                class ReceiptViewController: UIViewController {}
                """,
        ]
    }

    /// A segue renamed in the built Main.storyboard while code performs the old name: the copy in an `.xcloc` export
    /// still has it, but no target builds the copy, so the call crashes. Before, the copy's segue answered for the class.
    @Test func aSegueOnlyAnUnbuiltCopyHasIsReported() throws {
        let all = try Self.findings(try Harness.project(Self.cartApp(segue: "showReceiptNow")))
        let found = all.filter { $0.contains("App/Cart.swift:3:") && $0.contains("[code-unknown-segue]") }
        #expect(found.count == 1 && Self.level(found.first) != "note", "\(all)")
        // The counter-case: the built storyboard has the segue: nothing.
        let clean = try Self.findings(try Harness.project(Self.cartApp(segue: "showReceipt")))
        #expect(clean.allSatisfy { !$0.contains("App/Cart.swift") }, "\(clean)")
    }

    // MARK: Point 3: helpers that name the storyboard and the ID after the class

    static let classNamedHelpers = """
        import UIKit
        extension UIViewController {
            static func instantiateFromStoryboard() -> Self {
                UIStoryboard(name: String(describing: self), bundle: nil).instantiateViewController(withIdentifier: String(describing: self)) as! Self
            }
        }
        extension UIViewController {
            static func loadFromMainStoryboard<T: UIViewController>() -> T {
                let storyboard = UIStoryboard(name: "Main", bundle: .main)
                return storyboard.instantiateViewController(withIdentifier: String(describing: self)) as! T
            }
        }
        extension UIStoryboard {
            func instantiate<T: UIViewController>(_ type: T.Type) -> T {
                instantiateViewController(withIdentifier: String(describing: T.self)) as! T
            }
        }
        """

    static func walletApp() -> [String: String] {
        [
            "App/Main.storyboard": XML.storyboard(initial: "home",
                XML.scene("home", attributes: #"customClass="HomeViewController""#),
                XML.scene("profile", attributes: #"customClass="ProfileVC" storyboardIdentifier="ProfileVC""#),
                XML.scene("settings", attributes: #"customClass="SettingsVC" storyboardIdentifier="SettingsVC""#)),
            "App/ReceiptVC.storyboard": XML.storyboard(initial: "receipt",
                XML.scene("receipt", attributes: #"customClass="ReceiptVC" storyboardIdentifier="ReceiptVC""#)),
            "App/WalletVC.storyboard": XML.storyboard(initial: "wallet", XML.scene("wallet", attributes: #"customClass="WalletVC""#)),
            "App/Cards.storyboard": XML.storyboard(initial: "cover",
                XML.scene("cover"), XML.scene("card", attributes: #"customClass="CardVC" storyboardIdentifier="CardVC""#)),
            "App/Helpers.swift": classNamedHelpers,
            "App/Screens.swift": """
                import UIKit
                import Reusable
                class ReceiptVC: UIViewController {}
                class ProfileVC: UIViewController {}
                class SettingsVC: UIViewController {}
                final class WalletVC: UIViewController, StoryboardBased {}
                final class CardVC: UIViewController, StoryboardSceneBased {
                    static let sceneStoryboard = UIStoryboard(name: "Cards", bundle: nil)
                }
                """,
            "App/Home.swift": """
                import UIKit
                class HomeViewController: UIViewController {
                    func open() {
                        show(ReceiptVC.instantiateFromStoryboard(), sender: nil)
                        let board = UIStoryboard(name: "Main", bundle: nil)
                        show(board.instantiate(ProfileVC.self), sender: nil)
                        show(WalletVC.instantiate(), sender: nil)
                        show(CardVC.instantiate(), sender: nil)
                        show(SettingsVC.loadFromMainStoryboard() as SettingsVC, sender: nil)
                    }
                }
                """,
        ]
    }

    /// Each helper style resolves to the storyboard and the scene it computes: no finding on the healthy app, and a
    /// code link from the caller to each scene.
    @Test func classNamedHelpersResolveToTheirComputedNames() throws {
        let root = try Harness.project(Self.walletApp())
        let all = try Self.findings(root)
        #expect(all.allSatisfy { !$0.contains("App/Home.swift") }, "\(all)")
        let json = try RealAppShapesTests.export(root)
        let code = (json["edges"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "code" }
            .compactMap { ($0["to"] as? String)?.split(separator: "#").last.map(String.init) }
        #expect(Set(code) == ["receipt", "profile", "wallet", "card", "settings"], "\(code)")
    }

    /// Renaming the storyboard file or the ID that a helper computes from the class crashes the call: an error at
    /// the call, for each of the three styles. Before, the call was linked to whichever scene had the class, and
    /// stayed resolved.
    @Test func renamingWhatAClassNamedHelperComputesIsAnError() throws {
        let cases: [(rename: (inout [String: String]) -> Void, line: Int, code: String)] = [
            ({ $0["App/old_ReceiptVC.storyboard"] = $0.removeValue(forKey: "App/ReceiptVC.storyboard") }, 4, "code-unknown-storyboard"),
            ({ $0["App/Main.storyboard"] = $0["App/Main.storyboard"]!.replacingOccurrences(of: #"storyboardIdentifier="ProfileVC""#, with: #"storyboardIdentifier="Profile""#) },
             6, "code-unknown-identifier"),
            ({ $0["App/Wallet.storyboard"] = $0.removeValue(forKey: "App/WalletVC.storyboard") }, 7, "code-unknown-storyboard"),
            ({ $0["App/Cards.storyboard"] = $0["App/Cards.storyboard"]!.replacingOccurrences(of: #"storyboardIdentifier="CardVC""#, with: #"storyboardIdentifier="Card""#) },
             8, "code-unknown-identifier"),
            ({ $0["App/Main.storyboard"] = $0["App/Main.storyboard"]!.replacingOccurrences(of: #"storyboardIdentifier="SettingsVC""#, with: #"storyboardIdentifier="Settings""#) },
             9, "code-unknown-identifier"),
            // The storyboard the helper names by a literal: at the call too (and at the helper's own line, as before).
            ({ $0["App/Home.storyboard"] = $0.removeValue(forKey: "App/Main.storyboard") }, 9, "code-unknown-storyboard"),
        ]
        for (rename, line, code) in cases {
            var files = Self.walletApp()
            rename(&files)
            let all = try Self.findings(try Harness.project(files))
            let found = all.filter { $0.contains("App/Home.swift:\(line):") }
            #expect(found.count == 1 && Self.level(found.first) == "error" && found[0].contains("[\(code)]"), "line \(line): \(all)")
        }
    }

    /// Objective-C: a category method naming both after `NSStringFromClass(self)`, sent to the class.
    @Test func anObjectiveCClassNamedHelperIsFollowed() throws {
        func app(id: String) -> [String: String] {
            [
                "App/Main.storyboard": XML.storyboard(initial: "home", XML.scene("home", attributes: #"customClass="HomeViewController""#)),
                "App/ReceiptViewController.storyboard": XML.storyboard(initial: "receipt",
                    XML.scene("receipt", attributes: #"customClass="ReceiptViewController" storyboardIdentifier="\#(id)""#)),
                "App/Home.m": """
                    #import <UIKit/UIKit.h>
                    @implementation UIViewController (Storyboard)
                    + (instancetype)instantiateFromStoryboard {
                        UIStoryboard *storyboard = [UIStoryboard storyboardWithName:NSStringFromClass(self) bundle:nil];
                        return [storyboard instantiateViewControllerWithIdentifier:NSStringFromClass(self)];
                    }
                    @end
                    @implementation HomeViewController
                    - (void)open {
                        [self showViewController:[ReceiptViewController instantiateFromStoryboard] sender:nil];
                    }
                    @end
                    @implementation ReceiptViewController
                    @end
                    """,
            ]
        }
        let healthy = try Self.findings(try Harness.project(app(id: "ReceiptViewController")))
        #expect(healthy.allSatisfy { !$0.contains("App/Home.m:10:") }, "\(healthy)")
        let renamed = try Self.findings(try Harness.project(app(id: "Receipt")))
        let found = renamed.filter { $0.contains("App/Home.m:10:") }
        #expect(found.count == 1 && Self.level(found.first) == "error" && found[0].contains("'ReceiptViewController'")
                && found[0].contains("[code-unknown-identifier]"), "\(renamed)")
    }

    /// The gate: a pull request that renames a class-named helper's storyboard exits 1.
    @Test func renamingAClassNamedHelpersStoryboardFailsTheGate() throws {
        var after = Self.walletApp()
        after["App/old_ReceiptVC.storyboard"] = after["App/ReceiptVC.storyboard"]
        after["App/ReceiptVC.storyboard"] = ""
        let root = try Self.repository(Self.walletApp(), then: after)
        let run = try Harness.run(["diff", "HEAD~1", "HEAD"], in: root)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect((run.stdout + run.stderr).contains("ReceiptVC"), "\(run.stdout)\(run.stderr)")
    }

    // MARK: Point 5: bundles named by identifier

    /// An app and a framework, Kit, whose bundle identifier is `com.example.$(PRODUCT_NAME:rfc1034identifier)` and
    /// which holds Vault.storyboard.
    static func vaultApp(code: [String: String]) -> [String: String] {
        let project = RealAppShapesTests.pbxproj(targets: [
            (name: "App", type: RealAppShapesTests.app, plist: nil, resources: ["App/Main.storyboard"], sources: Array(code.keys).sorted()),
            (name: "Kit", type: "com.apple.product-type.framework", plist: nil, resources: ["Kit/Vault.storyboard"], sources: []),
        ]).replacingOccurrences(of: "C1 = {isa = XCBuildConfiguration; buildSettings = {",
                                with: #"C1 = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = "com.example.$(PRODUCT_NAME:rfc1034identifier)"; "#)
        var files = code
        files["App.xcodeproj/project.pbxproj"] = project
        files["App/Main.storyboard"] = XML.storyboard(initial: "home", XML.scene("home", attributes: #"customClass="HomeViewController""#,
                                                                          body: XML.segue("toOther", to: "other")),
                                                      XML.scene("other", attributes: #"customClass="OtherViewController""#))
        files["Kit/Vault.storyboard"] = XML.storyboard(initial: "vault", XML.scene("vault"))
        return files
    }

    /// `[NSBundle bundleWithIdentifier:FRAMEWORK_ID]` and `Bundle(identifier: kitID)`, whose identifier is Kit's
    /// (after its `$(…)` is expanded), are Kit's bundle: a name Kit has is found, a name it lacks is an error, as for
    /// any target's own bundle. Before, each was "a foreign bundle", a note.
    @Test func aBundleNamedByATargetsIdentifierIsThatTargetsBundle() throws {
        let files = Self.vaultApp(code: [
            "App/Home.m": """
                #import <UIKit/UIKit.h>
                #define FRAMEWORK_ID @"com.example.Kit"
                @implementation HomeViewController
                - (void)open {
                    UIStoryboard *a = [UIStoryboard storyboardWithName:@"Vault" bundle:[NSBundle bundleWithIdentifier:FRAMEWORK_ID]];
                    UIStoryboard *b = [UIStoryboard storyboardWithName:@"Vaults" bundle:[NSBundle bundleWithIdentifier:FRAMEWORK_ID]];
                }
                @end
                """,
            "App/Other.swift": """
                import UIKit
                let kitID = "com.example.Kit"
                final class OtherViewController: UIViewController {
                    func open() {
                        _ = UIStoryboard(name: "Vualt", bundle: Bundle(identifier: kitID))
                        _ = UIStoryboard(name: "Vault", bundle: Bundle(identifier: "com.example.Kit"))
                        _ = UIStoryboard(name: "Elsewhere", bundle: Bundle(identifier: "com.vendor.SDK"))
                    }
                }
                """,
        ])
        let all = try Self.findings(try Harness.project(files))
        #expect(all.allSatisfy { !$0.contains("App/Home.m:5:") && !$0.contains("App/Other.swift:6:") }, "\(all)")
        let objc = all.filter { $0.contains("App/Home.m:6:") }
        #expect(objc.count == 1 && Self.level(objc.first) == "error" && objc[0].contains("'Vaults'") && objc[0].contains("Kit"), "\(all)")
        let swift = all.filter { $0.contains("App/Other.swift:5:") }
        #expect(swift.count == 1 && Self.level(swift.first) == "error" && swift[0].contains("'Vualt'"), "\(all)")
        // Another bundle, which no scanned target is: a note, as before.
        let vendor = all.filter { $0.contains("App/Other.swift:7:") }
        #expect(vendor.count == 1 && Self.level(vendor.first) == "note", "\(all)")
    }

    // MARK: Point 8: default arguments no caller takes

    static let identityHelper = """
        import UIKit
        enum IdentityScreens {
            static func make(_ id: String? = nil, from storyboard: String = "MyIdentity") -> UIViewController {
                let board = UIStoryboard(name: storyboard, bundle: nil)
                guard let id = id else { return board.instantiateInitialViewController() ?? UIViewController() }
                return board.instantiateViewController(withIdentifier: id)
            }
        }
        """

    static func identityApp(calls: String) -> [String: String] {
        [
            "App/Main.storyboard": XML.storyboard(initial: "home", XML.scene("home", attributes: #"customClass="HomeViewController""#)),
            // No initial scene: only scenes by ID.
            "App/MyIdentity.storyboard": XML.storyboard(
                XML.scene("passport", attributes: #"storyboardIdentifier="passport""#),
                XML.scene("licence", attributes: #"storyboardIdentifier="licence""#)),
            "App/Identity.swift": identityHelper,
            "App/Home.swift": """
                import UIKit
                class HomeViewController: UIViewController {
                    func open() {
                \(calls)
                    }
                }
                """,
        ]
    }

    /// Every caller passes an ID: the helper's initial-scene branch runs with no call, so its defaults are not
    /// checked (before: an error, "with the default values of make(_:from:)"). A caller that takes the defaults makes
    /// them checked, and the `?? UIViewController()` fallback makes a storyboard without an initial scene a warning,
    /// not a crash.
    @Test func defaultsAreCheckedOnlyWhenACallerTakesThem() throws {
        let passing = try Self.findings(try Harness.project(Self.identityApp(calls: """
                    show(IdentityScreens.make("passport"), sender: nil)
                    show(IdentityScreens.make("licence"), sender: nil)
            """)))
        #expect(passing.allSatisfy { Self.level($0) == "note" }, "\(passing)")
        let taking = try Self.findings(try Harness.project(Self.identityApp(calls: """
                    show(IdentityScreens.make("passport"), sender: nil)
                    show(IdentityScreens.make(), sender: nil)
            """)))
        let initial = taking.filter { $0.contains("App/Identity.swift:5:") && $0.contains("initial") }
        #expect(initial.count == 1 && Self.level(initial.first) == "warning" && initial[0].contains("fallback"), "\(taking)")
        #expect(taking.allSatisfy { Self.level($0) != "error" }, "\(taking)")
    }

    // MARK: Point 10: stale copies of a scene

    static func detailsApp(ids: [String]) -> [String: String] {
        let calls = ids.map { #"        _ = storyboard?.instantiateViewController(withIdentifier: "\#($0)")"# }.joined(separator: "\n")
        return [
            "App/Main.storyboard": XML.storyboard(initial: "home",
                XML.scene("home", attributes: #"customClass="HomeViewController""#),
                // The copy left behind when the screen moved to Details.storyboard: nothing leads to it.
                XML.scene("old", attributes: #"customClass="DetailsViewController""#)),
            "App/Details.storyboard": XML.storyboard(initial: "nav",
                XML.scene("nav", element: "navigationController",
                          body: XML.segue("r1", to: "details", kind: "relationship").replacingOccurrences(of: #"kind="relationship""#, with: #"kind="relationship" relationship="rootViewController""#)),
                XML.scene("details", attributes: #"customClass="DetailsViewController""#),
                XML.scene("history", attributes: #"storyboardIdentifier="History""#),
                XML.scene("notes", attributes: #"storyboardIdentifier="Notes""#)),
            "App/Details.swift": """
                import UIKit
                class HomeViewController: UIViewController {}
                class DetailsViewController: UIViewController {
                    func open() {
                \(calls)
                    }
                }
                """,
        ]
    }

    /// `self.storyboard` in a class whose live scene is in Details.storyboard and whose stale copy in Main.storyboard
    /// nothing leads to: IDs that Details has give no error (before: one each, for Main), only a note naming the
    /// stale copy; an ID Details lacks stays an error.
    @Test func aStaleCopyOfTheScenesStoryboardDoesNotJudgeTheCall() throws {
        let all = try Self.findings(try Harness.project(Self.detailsApp(ids: ["History", "Notes", "Sharing"])))
        #expect(all.filter { $0.contains("App/Details.swift:5:") || $0.contains("App/Details.swift:6:") }
            .allSatisfy { Self.level($0) == "note" && $0.contains("stale copy") }, "\(all)")
        #expect(all.contains { $0.contains("App/Details.swift:5:") && $0.contains("stale copy") }, "\(all)")
        let missing = all.filter { $0.contains("App/Details.swift:7:") && Self.level($0) == "error" }
        #expect(missing.count == 1 && missing[0].contains("'Sharing'") && missing[0].contains("'Details'"), "\(all)")
    }
}
