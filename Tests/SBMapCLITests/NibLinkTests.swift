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
}
