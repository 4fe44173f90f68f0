import Foundation
import Testing

/// Links from code to xib screens (issue 32): each way code loads a nib by name links the calling type to the xib
/// screen of that name; a name no xib of the call's targets has is a finding (an error where the load crashes), with
/// letter case on its own and a near name as a hint; a cell's nib links nowhere and is no finding.
@Suite struct NibLinkTests {
    static let forms = """
        import UIKit
        class SpecialProfileViewController: ProfileViewController {
            init() { super.init(nibName: "Profile", bundle: nil) }
            // A declaration, and a name passed on: no link, no finding.
            override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
                super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
            }
        }
        class Router {
            func open() {
                let a = ProfileViewController(nibName: "Profile", bundle: nil)
                let b = UINib(nibName: "Profile", bundle: nil)
                let c = Bundle.main.loadNibNamed("Profile", owner: self, options: nil)
                let d = NSNib(nibNamed: "Profile", bundle: nil)
                let e = UINib.init(nibName: "Profile", bundle: nil)
            }
        }
        """

    static let objC = """
        @implementation LegacyRouter
        - (void)open {
            UIViewController *vc = [[ProfileViewController alloc] initWithNibName:@"Profile" bundle:nil];
        }
        @end
        """

    static func export(_ folder: URL) throws -> (nodes: [[String: Any]], edges: [[String: Any]]) {
        let run = try Harness.run(["export", ".", "--no-config", "-o", "-"], in: folder)
        let graph = try #require(try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any])
        return (try #require(graph["nodes"] as? [[String: Any]]), try #require(graph["edges"] as? [[String: Any]]))
    }

    @Test func eachFormLinksTheCallingTypeToTheXibScreen() throws {
        let folder = try XibScreensTests.app(extra: ["App/Forms.swift": Self.forms, "App/Legacy.m": Self.objC])
        let (nodes, edges) = try Self.export(folder)
        let profile = try #require(nodes.first { $0["role"] as? String == "xib-screen" && $0["customClass"] as? String == "ProfileViewController" })
        let id = try #require(profile["id"] as? String)
        let linked = edges.filter { $0["to"] as? String == id && $0["kind"] as? String == "code" }
        #expect(Set(linked.compactMap { $0["via"] as? String }) == [
            "init(nibName:bundle:)", "UINib(nibName:bundle:)", "loadNibNamed(_:owner:options:)", "NSNib(nibNamed:bundle:)",
            "initWithNibName:bundle:",
        ], "\(linked)")
        #expect(Set(linked.compactMap { $0["from"] as? String }) == ["code:SpecialProfileViewController", "code:Router", "code:LegacyRouter"])
        let check = try Harness.run(["check", ".", "--no-config"], in: folder)
        #expect(!check.stderr.contains("nib"), "\(check.stderr)")
    }

    @Test func aMissingNameIsAnErrorAtItsPlaceWithANearNameAndLetterCaseOnItsOwn() throws {
        let folder = try XibScreensTests.app(extra: ["App/Router.swift": """
            import UIKit
            let router = Router()
            class Router {
                func open() {
                    let a = ProfileViewController(nibName: "Profil", bundle: nil)
                    let b = UINib(nibName: "profile", bundle: nil)
                    let c = Bundle.main.loadNibNamed("Settings", owner: self, options: nil)
                    let d = NSNib(nibNamed: "Gone", bundle: nil)
                    let e = UINib(nibName: someName, bundle: nil)
                }
            }
            class OwnName: UITableViewCell {
                class func nib() -> UINib { UINib(nibName: String(describing: self), bundle: nil) }
                }
            }
            """])
        let run = try Harness.run(["check", ".", "--no-config"], in: folder)
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("nib") }
        #expect(lines.contains { $0.hasPrefix("App/Router.swift:5:17: error: init(nibName:bundle:) loads nib 'Profil', but no xib has that name; this call crashes the app (did you mean 'Profile'?) [code-unknown-nib]") }, "\(run.stderr)")
        #expect(lines.contains { $0.hasPrefix("App/Router.swift:6:17: error: UINib(nibName:bundle:) loads nib 'profile', but the file is 'Profile.xib'") && $0.hasSuffix("[case-mismatch]") }, "\(run.stderr)")
        #expect(lines.contains { $0.hasPrefix("App/Router.swift:7:") && $0.contains(": error: loadNibNamed(_:owner:options:) loads nib 'Settings'") }, "\(run.stderr)")
        // NSNib(nibNamed:) returns nil, and macOS apps ship compiled .nib bundles sbmap does not read: a note.
        #expect(lines.contains { $0.hasPrefix("App/Router.swift:8:17: note: NSNib(nibNamed:bundle:) loads nib 'Gone'") }, "\(run.stderr)")
        #expect(!run.stderr.contains("OwnName"), "a name that is the calling object's class is not checked")
        #expect(!run.stderr.contains("someName"), "a name that is not a constant is left alone")
        #expect(run.status != 0)
    }

    @Test func aCellsNibRegisteredWithUINibLinksNowhereAndIsNoFinding() throws {
        let folder = try XibScreensTests.app(extra: ["App/Feed.swift": """
            import UIKit
            class FeedViewController: UITableViewController {
                override func viewDidLoad() {
                    tableView.register(UINib(nibName: "FeedCell", bundle: nil), forCellReuseIdentifier: "cell")
                }
            }
            """])
        let run = try Harness.run(["check", ".", "--no-config"], in: folder)
        #expect(!run.stderr.contains("FeedCell"), "\(run.stderr)")
        let (_, edges) = try Self.export(folder)
        #expect(!edges.contains { ($0["via"] as? String) == "UINib(nibName:bundle:)" })
    }

    @Test func aNibOnlyAnotherTargetCopiesIsAWarningAndACallNoTargetCompilesIsAtMostANote() throws {
        let pbxproj = RealAppShapesTests.pbxproj(targets: [
            (name: "App", type: RealAppShapesTests.app, plist: nil, resources: ["Main.storyboard"], sources: ["Code.swift", "Router.swift"]),
            (name: "Widget", type: RealAppShapesTests.app, plist: nil, resources: ["Views/Profile.xib"], sources: []),
        ])
        let call = """
            import UIKit
            let instance = %@()
            class %@ {
                func open() { let a = ProfileViewController(nibName: "Profile", bundle: nil); let b = UINib(nibName: "Missing", bundle: nil) }
            }
            """
        let folder = try XibScreensTests.app(extra: [
            "App/App.xcodeproj/project.pbxproj": pbxproj,
            "App/Router.swift": call.replacingOccurrences(of: "%@", with: "Router"),
            "App/Unbuilt.swift": call.replacingOccurrences(of: "%@", with: "Unbuilt"),
        ])
        let run = try Harness.run(["check", ".", "--no-config"], in: folder)
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("nib") }
        #expect(lines.contains { $0.hasPrefix("App/Router.swift:4:27: warning: init(nibName:bundle:) loads nib 'Profile', but it is only in Widget (iOS), not in a target that compiles this file") }, "\(run.stderr)")
        #expect(lines.contains { $0.hasPrefix("App/Router.swift:4:") && $0.contains(": error: UINib(nibName:bundle:) loads nib 'Missing'") }, "\(run.stderr)")
        let unbuilt = lines.filter { $0.hasPrefix("App/Unbuilt.swift") }
        #expect(!unbuilt.isEmpty && unbuilt.allSatisfy { $0.contains(": note: ") }, "\(run.stderr)")
    }

    // MARK: The nib a view controller finds by its class's name

    static let implicitCode = """
        import UIKit
        class SettingsViewController: UIViewController {}
        class AccountViewController: UIViewController {}
        class PlainViewController: UIViewController {}
        class Router {
            func open() {
                let a = SettingsViewController()
                let b = AccountViewController(nibName: nil, bundle: nil)
                let c = PlainViewController()
                let d = ProfileViewController()
            }
        }
        """

    static func implicitApp(extra: [String: String] = [:]) throws -> URL {
        try XibScreensTests.app(extra: [
            "App/Views/SettingsView.xib": XibScreensTests.xib(owner: "SettingsViewController"),
            "App/Views/AccountViewController.xib": XibScreensTests.xib(owner: "AccountViewController"),
            "App/Router.swift": implicitCode,
        ].merging(extra) { $1 })
    }

    /// `SettingsViewController()` loads `SettingsView.xib` and `AccountViewController(nibName: nil, bundle: nil)`
    /// loads `AccountViewController.xib` (UIKit's rule for a nil nib name); a controller without such a nib makes
    /// its view in code (`PlainViewController`), and `Profile.xib` is not the nib of `ProfileViewController()`: no
    /// link and no finding for either.
    @Test func aControllerMadeWithoutANibNameLinksToTheNibNamedAfterItsClass() throws {
        let folder = try Self.implicitApp()
        let (nodes, edges) = try Self.export(folder)
        func screen(_ cls: String) throws -> String {
            try #require(nodes.first { $0["role"] as? String == "xib-screen" && $0["customClass"] as? String == cls }?["id"] as? String)
        }
        let fromRouter = edges.filter { $0["from"] as? String == "code:Router" && $0["kind"] as? String == "code" }
        let linked = Set(fromRouter.compactMap { e in (e["to"] as? String).map { "\($0) \(e["via"] as? String ?? "")" } })
        #expect(linked == ["\(try screen("SettingsViewController")) init()",
                           "\(try screen("AccountViewController")) init(nibName:bundle:)"], "\(fromRouter)")
        let check = try Harness.run(["check", ".", "--no-config"], in: folder)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(!check.stderr.contains("nib"), "\(check.stderr)")
    }

    /// The nib must be copied by a target that compiles the call, not only by another platform's target; a file no
    /// target compiles is linked as the explicit forms are there. Neither is ever a finding (the class may make its
    /// view in code).
    @Test func theImplicitNibCountsOnlyInTheTargetsOfTheCall() throws {
        var pbxproj = RealAppShapesTests.pbxproj(targets: [
            (name: "App", type: RealAppShapesTests.app, plist: nil,
             resources: ["Main.storyboard", "Views/SettingsView.xib"], sources: ["Code.swift", "Router.swift"]),
            (name: "Mac", type: RealAppShapesTests.app, plist: nil, resources: ["Views/AccountViewController.xib"], sources: []),
        ])
        pbxproj = pbxproj.replacingOccurrences(of: "C1 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos;",
                                               with: "C1 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = macosx;")
        #expect(pbxproj.contains("SDKROOT = macosx"))
        let folder = try Self.implicitApp(extra: [
            "App/App.xcodeproj/project.pbxproj": pbxproj,
            "App/Unbuilt.swift": "import UIKit\nclass Unbuilt { func open() { let a = SettingsViewController() } }\n",
        ])
        let (nodes, edges) = try Self.export(folder)
        let settings = try #require(nodes.first { $0["customClass"] as? String == "SettingsViewController" && $0["role"] as? String == "xib-screen" }?["id"] as? String)
        let account = try #require(nodes.first { $0["customClass"] as? String == "AccountViewController" && $0["role"] as? String == "xib-screen" }?["id"] as? String)
        let code = edges.filter { $0["kind"] as? String == "code" }
        #expect(code.contains { $0["from"] as? String == "code:Router" && $0["to"] as? String == settings })
        #expect(!code.contains { $0["to"] as? String == account }, "only the macOS target copies AccountViewController.xib: \(code)")
        // A file no target compiles links as the explicit forms do there (names looked up by platform alone).
        #expect(code.contains { $0["from"] as? String == "code:Unbuilt" && $0["to"] as? String == settings }, "\(code)")
        let check = try Harness.run(["check", ".", "--no-config"], in: folder)
        #expect(!check.stderr.contains("Router.swift"), "\(check.stderr)")
        #expect(!check.stderr.contains("Unbuilt.swift"), "\(check.stderr)")
    }

    // MARK: The same in Objective-C

    static let implicitObjC = """
        #import <UIKit/UIKit.h>
        @interface SettingsViewController : UIViewController
        @end
        @interface AccountViewController : UIViewController
        @end
        @interface NotesViewController : UITableViewController
        @end
        @interface PlainViewController : UIViewController
        @end
        @interface HelperObject : NSObject
        @end
        @implementation LegacyRouter
        - (void)open {
            SettingsViewController *a = [[SettingsViewController alloc] init];
            AccountViewController *b = [[AccountViewController alloc] initWithNibName:nil bundle:nil];
            NotesViewController *c = [NotesViewController new];
            PlainViewController *d = [[PlainViewController alloc] init];
            HelperObject *e = [HelperObject new];
            UIViewController *f = [[UIViewController alloc] init];
            ProfileViewController *g = [ProfileViewController new];
        }
        @end
        """

    static func implicitObjCApp(extra: [String: String] = [:]) throws -> URL {
        try XibScreensTests.app(extra: [
            "App/Views/SettingsView.xib": XibScreensTests.xib(owner: "SettingsViewController"),
            "App/Views/AccountViewController.xib": XibScreensTests.xib(owner: "AccountViewController"),
            "App/Views/NotesView.xib": XibScreensTests.xib(owner: "NotesViewController"),
            "App/Views/HelperObject.xib": XibScreensTests.xib(owner: "HelperObject"),
            "App/Views/UIView.xib": XibScreensTests.xib(owner: nil, #"<viewController id="u1"/>"#),
            "App/Legacy.m": implicitObjC,
        ].merging(extra) { $1 })
    }

    /// `[[X alloc] init]`, `[[X alloc] initWithNibName:nil bundle:nil]` and `[X new]` link to the nib UIKit finds by
    /// the class's name, as Swift's `X()` does. A controller without such a nib (`PlainViewController`), a class that
    /// is no view controller (`HelperObject`, whose xib is no screen), a framework class (`UIViewController`, even
    /// beside a `UIView.xib`) and a nib of another name (`Profile.xib` for `ProfileViewController`): no link, no finding.
    @Test func objectiveCControllersMadeWithoutANibNameLinkToTheNibNamedAfterTheirClass() throws {
        let folder = try Self.implicitObjCApp()
        let (nodes, edges) = try Self.export(folder)
        func screen(_ cls: String) throws -> String {
            try #require(nodes.first { $0["role"] as? String == "xib-screen" && $0["customClass"] as? String == cls }?["id"] as? String)
        }
        let fromRouter = edges.filter { $0["from"] as? String == "code:LegacyRouter" && $0["kind"] as? String == "code" }
        let linked = Set(fromRouter.compactMap { e in (e["to"] as? String).map { "\($0) \(e["via"] as? String ?? "")" } })
        #expect(linked == ["\(try screen("SettingsViewController")) init",
                           "\(try screen("AccountViewController")) initWithNibName:bundle:",
                           "\(try screen("NotesViewController")) new"], "\(fromRouter)")
        let check = try Harness.run(["check", ".", "--no-config"], in: folder)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(!check.stderr.contains("Legacy.m"), "\(check.stderr)")
    }

    /// As in Swift: the nib must be copied by a target that compiles the call, not only by another platform's
    /// target; a file no target compiles links as the explicit forms do there; neither is a finding.
    @Test func theObjectiveCImplicitNibCountsOnlyInTheTargetsOfTheCall() throws {
        var pbxproj = RealAppShapesTests.pbxproj(targets: [
            (name: "App", type: RealAppShapesTests.app, plist: nil,
             resources: ["Main.storyboard", "Views/SettingsView.xib"], sources: ["Code.swift", "Legacy.m"]),
            (name: "Mac", type: RealAppShapesTests.app, plist: nil, resources: ["Views/AccountViewController.xib"], sources: []),
        ])
        pbxproj = pbxproj.replacingOccurrences(of: "C1 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos;",
                                               with: "C1 = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = macosx;")
        #expect(pbxproj.contains("SDKROOT = macosx"))
        let folder = try Self.implicitObjCApp(extra: [
            "App/App.xcodeproj/project.pbxproj": pbxproj,
            "App/Unbuilt.m": "@implementation Unbuilt\n- (void)open { id a = [[SettingsViewController alloc] init]; }\n@end\n",
        ])
        let (nodes, edges) = try Self.export(folder)
        let settings = try #require(nodes.first { $0["customClass"] as? String == "SettingsViewController" && $0["role"] as? String == "xib-screen" }?["id"] as? String)
        let account = try #require(nodes.first { $0["customClass"] as? String == "AccountViewController" && $0["role"] as? String == "xib-screen" }?["id"] as? String)
        let code = edges.filter { $0["kind"] as? String == "code" }
        #expect(code.contains { $0["from"] as? String == "code:LegacyRouter" && $0["to"] as? String == settings })
        #expect(!code.contains { $0["to"] as? String == account }, "only the macOS target copies AccountViewController.xib: \(code)")
        #expect(code.contains { $0["from"] as? String == "code:Unbuilt" && $0["to"] as? String == settings }, "\(code)")
        let check = try Harness.run(["check", ".", "--no-config"], in: folder)
        #expect(!check.stderr.contains("Legacy.m"), "\(check.stderr)")
        #expect(!check.stderr.contains("Unbuilt.m"), "\(check.stderr)")
    }

    /// A window controller's nib, named in code: linked where it is another class's screen, checked with AppKit's
    /// outcome (a missing nib leaves the controller without a window: a note, with a near name).
    @Test func aWindowControllersNibNameIsCheckedAsANote() throws {
        let mac = "MacOSX.Cocoa"
        let folder = try Harness.project([
            "Mac/Preferences.xib": XibScreensTests.xib(owner: "PreferencesWindowController", runtime: mac),
            "Mac/About.xib": XibScreensTests.xib(owner: "AboutWindowController", runtime: mac),
            "Mac/Windows.swift": """
                import AppKit
                class PreferencesWindowController: NSWindowController {
                    override var windowNibName: NSNib.Name? { "Preferences" }
                }
                class AboutWindowController: NSWindowController {
                    override var windowNibName: NSNib.Name? { return "Abut" }
                }
                class AppDelegate {
                    func open() {
                        let about = AboutWindowController(windowNibName: "About")
                        let gone = NSWindowController(windowNibName: "Gone")
                        let prefs = PreferencesWindowController()
                    }
                }
                """,
        ])
        let (nodes, edges) = try Self.export(folder)
        let about = try #require(nodes.first { $0["customClass"] as? String == "AboutWindowController" && $0["role"] as? String == "xib-screen" }?["id"] as? String)
        let fromDelegate = edges.filter { $0["from"] as? String == "code:AppDelegate" && $0["kind"] as? String == "code" }
        #expect(fromDelegate.map { "\($0["to"] as? String ?? "") \($0["via"] as? String ?? "")" } == ["\(about) init(windowNibName:)"], "\(fromDelegate)")
        let run = try Harness.run(["check", ".", "--no-config"], in: folder)
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("nib") }
        #expect(lines.contains { $0.hasPrefix("Mac/Windows.swift:6:54: note: windowNibName loads nib 'Abut', but no xib has that name; the window controller gets no window") && $0.contains("did you mean 'About'") }, "\(run.stderr)")
        #expect(lines.contains { $0.hasPrefix("Mac/Windows.swift:11:20: note: init(windowNibName:) loads nib 'Gone'") }, "\(run.stderr)")
        #expect(!lines.contains { $0.hasPrefix("Mac/Windows.swift:3:") }, "the nib of its own class exists: \(run.stderr)")
        #expect(lines.count == 2, "a window controller made with no nib name is not checked: \(run.stderr)")
    }
}
