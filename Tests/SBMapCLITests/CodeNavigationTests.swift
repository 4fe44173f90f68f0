import Foundation
import Testing

/// Navigation made in code and SwiftUI roots (issue 32): a controller of a known class handed to a navigation call
/// draws an edge from the calling class's screens to that class's screen (its one scene, its xib screen, or a
/// screen made in code), labelled with the call; a hosted SwiftUI view is a screen of its own. A controller whose
/// class the code does not say, a class that is no view controller, a call no target compiles and a class of
/// another platform draw nothing.
@Suite struct CodeNavigationTests {
    static let classes = """
        import UIKit
        import SwiftUI
        class HomeViewController: UIViewController {}
        class DetailViewController: UIViewController {}
        class ProfileViewController: UIViewController {}
        class BaseViewController: UIViewController {}
        /// About the app.
        class AboutViewController: BaseViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                let child = ChildViewController()
                addChild(child)
            }
        }
        class ChildViewController: UIViewController {}
        class ListViewController: UITableViewController {}
        class FeedCell: UITableViewCell {}
        class Helper: NSObject {}
        // A stand-in for another platform (Provenance's AppKit shim): the framework's class all the same.
        open class UIAlertController: UIViewController {}
        struct SettingsView: View {
            var body: some View { Text("Settings") }
        }
        """

    static let coordinator = """
        import UIKit
        import SwiftUI
        final class AppCoordinator {
            let navigationController = UINavigationController()
            let tabs = UITabBarController()

            func start() {
                let home = UINavigationController(rootViewController: HomeViewController())
                tabs.viewControllers = [home, makeList(), UIHostingController(rootView: SettingsView())]
            }

            func showDetail() {
                let vc = DetailViewController()
                vc.title = "Detail"
                navigationController.pushViewController(vc, animated: true)
            }

            func showProfile() {
                navigationController.present(ProfileViewController(nibName: "Profile", bundle: nil), animated: true)
            }

            func showAbout(from host: UIViewController) {
                host.show(AboutViewController(), sender: self)
            }

            func makeList() -> ListViewController { ListViewController() }

            func unknown(_ vc: UIViewController, _ table: [String: UIViewController]) {
                navigationController.pushViewController(vc, animated: true)
                navigationController.pushViewController(table["x"]!, animated: true)
                var later = UIViewController()
                later = AboutViewController()
                navigationController.pushViewController(later, animated: true)
                navigationController.addChild(Helper())
                navigationController.pushViewController(UIViewController(), animated: true)
                navigationController.present(UIAlertController(), animated: true)
            }
        }
        """

    static func app(extra: [String: String] = [:]) throws -> URL {
        try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "h", XML.scene("h", attributes: #"customClass="HomeViewController""#)
                + XML.scene("d", attributes: #"customClass="DetailViewController""#)),
            "App/Views/Profile.xib": XibScreensTests.xib(owner: "ProfileViewController"),
            "App/Views/FeedCell.xib": XibScreensTests.xib(owner: nil, #"<tableViewCell id="c1" customClass="FeedCell" customModule="App"/>"#),
            "App/Classes.swift": classes,
            "App/AppCoordinator.swift": coordinator,
        ].merging(extra) { $1 })
    }

    static func export(_ folder: URL, _ extra: [String] = []) throws -> (nodes: [[String: Any]], edges: [[String: Any]], stderr: String) {
        let run = try Harness.run(["export", ".", "--no-config", "-o", "-"] + extra, in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let graph = try #require(try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any])
        return (try #require(graph["nodes"] as? [[String: Any]]), try #require(graph["edges"] as? [[String: Any]]), run.stderr)
    }

    /// The navigation edges, as `from → to call` lines (tabs with their place from 1), sorted.
    static func navigation(_ edges: [[String: Any]]) -> [String] {
        edges.compactMap { e -> String? in
            guard e["kind"] as? String == "code", let call = e["relationship"] as? String,
                  let from = e["from"] as? String, let to = e["to"] as? String else { return nil }
            let order = (e["order"] as? Int).map { " \($0 + 1)" } ?? ""
            return "\(from) → \(to) \(call)\(order)"
        }.sorted()
    }

    @Test func eachFormDrawsAnEdgeToTheClasssScreenLabelledWithTheCall() throws {
        let folder = try Self.app()
        let (nodes, edges, stderr) = try Self.export(folder)
        let profile = try #require(nodes.first { $0["role"] as? String == "xib-screen" }?["id"] as? String)
        #expect(Self.navigation(edges) == [
            "code:AboutViewController → code:ChildViewController child",
            "code:AppCoordinator → App/Main.storyboard#d push",
            "code:AppCoordinator → App/Main.storyboard#h tab 1",
            "code:AppCoordinator → code:AboutViewController show",
            "code:AppCoordinator → code:ListViewController tab 2",
            "code:AppCoordinator → swiftui:SettingsView tab 3",
            "code:AppCoordinator → \(profile) present",
        ].sorted())
        let roles = Dictionary(nodes.map { ($0["id"] as? String ?? "", $0["role"] as? String ?? "") }) { a, _ in a }
        #expect(roles["code:AboutViewController"] == "code-screen")
        #expect(roles["code:ChildViewController"] == "code-screen")
        #expect(roles["code:ListViewController"] == "code-screen")
        #expect(roles["code:AppCoordinator"] == "code", "a coordinator is no screen")
        let settings = try #require(nodes.first { $0["id"] as? String == "swiftui:SettingsView" })
        #expect(settings["role"] as? String == "swiftui-screen")
        #expect(settings["label"] as? String == "SettingsView (SwiftUI)")
        #expect(nodes.first { $0["id"] as? String == "code:AboutViewController" }?["doc"] as? String == "About the app.")
        #expect(stderr.contains("1 storyboard, 2 scenes, 1 xib screen, 3 code screens, 1 SwiftUI screen, 0 segues"), "\(stderr)")
    }

    @Test func aSplitViewsColumnsAreEdgesLabelledWithTheColumn() throws {
        let pbxproj = RealAppShapesTests.pbxproj(targets: [(
            name: "App", type: RealAppShapesTests.app, plist: nil,
            resources: ["Main.storyboard", "Views/Profile.xib"],
            sources: ["Classes.swift", "AppCoordinator.swift", "Split.swift"])])
        let folder = try Self.app(extra: [
            "App/App.xcodeproj/project.pbxproj": pbxproj,
            "App/Split.swift": """
                import UIKit
                final class SplitCoordinator {
                    func start(splitViewController: UISplitViewController, vc: UIViewController) {
                        splitViewController.viewControllers = [HomeViewController(), ProfileViewController()]
                        let split = UISplitViewController(style: .doubleColumn)
                        split.setViewController(AboutViewController(), for: .primary)
                        split.setViewController(UINavigationController(rootViewController: DetailViewController()), for: .secondary)
                        split.setViewController(vc, for: .supplementary)
                        split.setViewController(Helper(), for: .supplementary)
                    }
                }
                """,
            "App/DeadSplit.swift": """
                import UIKit
                final class DeadSplit {
                    func start(split: UISplitViewController) {
                        split.setViewController(ChildViewController(), for: .primary)
                        split.viewControllers = [ChildViewController()]
                    }
                }
                """,
        ])
        let (nodes, edges, _) = try Self.export(folder)
        let profile = try #require(nodes.first { $0["role"] as? String == "xib-screen" }?["id"] as? String)
        #expect(Self.navigation(edges).filter { $0.hasPrefix("code:SplitCoordinator") } == [
            "code:SplitCoordinator → App/Main.storyboard#d secondary",
            "code:SplitCoordinator → App/Main.storyboard#h split 1",
            "code:SplitCoordinator → code:AboutViewController primary",
            "code:SplitCoordinator → \(profile) split 2",
        ].sorted(), "\(Self.navigation(edges))")
        #expect(!Self.navigation(edges).contains { $0.hasPrefix("code:DeadSplit") }, "a file no target compiles draws nothing")
        let svg = try Harness.run(["render", ".", "--no-config", "-o", "-", "--format", "svg"], in: folder)
        #expect(svg.stdout.contains(">split 2<") && svg.stdout.contains(">primary<"), "edges say the column")
    }

    @Test func aControllerOfUnknownClassANonControllerAndAFrameworkClassDrawNothing() throws {
        let folder = try Self.app()
        let (nodes, edges, _) = try Self.export(folder)
        let ids = Set(nodes.compactMap { $0["id"] as? String })
        #expect(!ids.contains("code:Helper"))
        #expect(!ids.contains("code:UIViewController"))
        #expect(!ids.contains("code:UIAlertController"), "a framework's name is the framework's class")
        #expect(!ids.contains { $0.contains("FeedCell") }, "a table cell's nib is no screen")
        // `later` is a `var`, `vc` a parameter, `table["x"]` an element: one edge to About only (the `show`).
        #expect(Self.navigation(edges).filter { $0.contains("→ code:AboutViewController") } == ["code:AppCoordinator → code:AboutViewController show"])
        let check = try Harness.run(["check", ".", "--no-config"], in: folder)
        #expect(check.status == 0, "navigation is no finding: \(check.stderr)")
        #expect(!check.stderr.contains("warning:") && !check.stderr.contains("error:"), "\(check.stderr)")
    }

    @Test func aCallNoTargetCompilesDrawsNothing() throws {
        let pbxproj = RealAppShapesTests.pbxproj(targets: [(
            name: "App", type: RealAppShapesTests.app, plist: nil,
            resources: ["Main.storyboard", "Views/Profile.xib"], sources: ["Classes.swift", "AppCoordinator.swift"])])
        let folder = try Self.app(extra: [
            "App/App.xcodeproj/project.pbxproj": pbxproj,
            "App/Dead.swift": """
                import UIKit
                class DeadRouter {
                    func go(_ nav: UINavigationController) { nav.pushViewController(ChildViewController(), animated: true) }
                }
                """,
        ])
        let (nodes, edges, _) = try Self.export(folder)
        #expect(!nodes.contains { $0["id"] as? String == "code:DeadRouter" })
        #expect(!Self.navigation(edges).contains { $0.hasPrefix("code:DeadRouter") })
        #expect(Self.navigation(edges).contains("code:AppCoordinator → App/Main.storyboard#d push"), "the built code still links")
    }

    @Test func anIOSOnlyClassPushedFromMacOSCodeDrawsNothing() throws {
        let folder = try Self.app(extra: ["App/Mac/MacWindow.swift": """
            import AppKit
            class MacWindowController: NSWindowController {
                func open() {
                    contentViewController?.presentAsSheet(AboutViewController())
                    contentViewController?.presentAsSheet(PreferencesViewController())
                }
            }
            class PreferencesViewController: NSViewController {}
            """])
        let (_, edges, _) = try Self.export(folder)
        let mac = Self.navigation(edges).filter { $0.hasPrefix("code:MacWindowController") }
        #expect(mac == ["code:MacWindowController → code:PreferencesViewController present"], "\(mac)")
    }

    @Test func objectiveCPushesAndPresentsToo() throws {
        let folder = try Self.app(extra: ["App/Legacy.m": """
            #import <UIKit/UIKit.h>
            @implementation LegacyRouter
            - (void)open {
                [self.navigationController pushViewController:[[DetailViewController alloc] init] animated:YES];
                AboutViewController *about = [[AboutViewController alloc] init];
                [self presentViewController:about animated:YES completion:nil];
            }
            @end
            """])
        let (_, edges, _) = try Self.export(folder)
        #expect(Self.navigation(edges).filter { $0.hasPrefix("code:LegacyRouter") } == [
            "code:LegacyRouter → App/Main.storyboard#d push", "code:LegacyRouter → code:AboutViewController present",
        ], "\(Self.navigation(edges))")
    }

    /// A C function's local, handed to `presentViewController:` (ScreensApp's `SBShowProfile`): an edge from the
    /// file's code node, as its other links have.
    @Test func objectiveCCFunctionsNavigateFromTheirFile() throws {
        let folder = try Self.app(extra: ["App/ShareHelper.m": """
            #import <UIKit/UIKit.h>
            void SBShowAbout(UIViewController *presenter) {
                AboutViewController *about = [[AboutViewController alloc] init];
                [presenter presentViewController:about animated:YES completion:nil];
            }
            """])
        let (_, edges, _) = try Self.export(folder)
        #expect(Self.navigation(edges).filter { $0.hasPrefix("code:ShareHelper.m") } == [
            "code:ShareHelper.m → code:AboutViewController present",
        ], "\(Self.navigation(edges))")
    }

    @Test func objectiveCRootsTabsAndNavigationControllersDrawEdges() throws {
        let folder = try Self.app(extra: ["App/AppDelegate.m": """
            #import <UIKit/UIKit.h>
            @implementation LegacyAppDelegate
            - (void)start:(UIViewController *)vc {
                UINavigationController *nav = [[UINavigationController alloc] initWithRootViewController:[[HomeViewController alloc] init]];
                self.window.rootViewController = nav;
                self.tabBarController.viewControllers = @[[DetailViewController new], vc, [Helper new], [AboutViewController new]];
                [nav setViewControllers:@[[ChildViewController new]] animated:YES];
                self.window.rootViewController = vc;
            }
            @end
            """])
        let (_, edges, _) = try Self.export(folder)
        #expect(Self.navigation(edges).filter { $0.hasPrefix("code:LegacyAppDelegate") } == [
            "code:LegacyAppDelegate → App/Main.storyboard#d tab 1",
            "code:LegacyAppDelegate → App/Main.storyboard#h root",
            "code:LegacyAppDelegate → code:AboutViewController tab 4",
            "code:LegacyAppDelegate → code:ChildViewController stack 1",
        ], "\(Self.navigation(edges))")
    }

    /// A tab bar controller subclass in Objective-C setting its own controllers: tabs, by the superclass its
    /// `@interface` names (its name says nothing).
    @Test func objectiveCSelfReceiversAreReadFromTheInterfacesSuperclass() throws {
        let folder = try Self.app(extra: ["App/MainController.m": """
            #import <UIKit/UIKit.h>
            @interface MainController : UITabBarController
            @end
            @implementation MainController
            - (void)viewDidLoad {
                [super viewDidLoad];
                [self setViewControllers:@[[DetailViewController new], [AboutViewController new]] animated:NO];
            }
            @end
            """])
        let (_, edges, _) = try Self.export(folder)
        #expect(Self.navigation(edges).filter { $0.hasPrefix("code:MainController") } == [
            "code:MainController → App/Main.storyboard#d tab 1", "code:MainController → code:AboutViewController tab 2",
        ], "\(Self.navigation(edges))")
    }

    @Test func screensStoryboardsLeavesNavigationOffTheMap() throws {
        let folder = try Self.app()
        let (nodes, edges, stderr) = try Self.export(folder, ["--screens", "storyboards"])
        #expect(Self.navigation(edges).isEmpty)
        #expect(!nodes.contains { ["code-screen", "swiftui-screen"].contains($0["role"] as? String ?? "") })
        #expect(!stderr.contains("code screen"), "\(stderr)")
    }

    @Test func theOutputsDrawTheNewScreensAndTheirCalls() throws {
        let folder = try Self.app()
        let svg = try Harness.run(["render", ".", "--no-config", "-o", "-", "--format", "svg"], in: folder)
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(svg.stdout.contains(#"class="node scene code&#45;screen""#))
        #expect(svg.stdout.contains(#"class="node scene swiftui&#45;screen""#))
        #expect(svg.stdout.contains("Screen made in code") && svg.stdout.contains("SwiftUI screen"), "the legend names both")
        #expect(svg.stdout.contains(">tab 3<") && svg.stdout.contains(">push<"), "edges say the call")
        #expect(svg.stdout.contains("SettingsView (SwiftUI)"))
        let mermaid = try Harness.run(["render", ".", "--no-config", "-o", "-", "--format", "mermaid"], in: folder)
        #expect(mermaid.stdout.contains("SettingsView") && mermaid.stdout.contains("SwiftUI") && mermaid.stdout.contains("AboutViewController"), "\(mermaid.stdout)")
        let markdown = try Harness.run(["render", ".", "--no-config", "-o", "-", "--format", "markdown"], in: folder)
        #expect(markdown.stdout.contains("3 code screens") && markdown.stdout.contains("1 SwiftUI screen"), "\(markdown.stdout)")
        let again = try Harness.run(["render", ".", "--no-config", "-o", "-", "--format", "svg"], in: folder)
        #expect(again.stdoutBytes == svg.stdoutBytes, "deterministic")
    }

    /// `Tests/NavigationFixture`: the fixture app of issue 32 (its README says what it holds), mapped whole.
    @Test func theFixtureAppMapsEveryForm() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("NavigationFixture")
        let (nodes, edges, stderr) = try Self.export(fixture)
        let profile = "App/Views/Profile.xib#-1"
        #expect(Self.navigation(edges) == [
            "App/Main.storyboard#home → \(profile) push",
            "code:AppCoordinator → App/Main.storyboard#detail push",
            "code:AppCoordinator → App/Main.storyboard#home tab 1",
            "code:AppCoordinator → code:AboutViewController show",
            "code:AppCoordinator → code:ColleagueProfileViewController present",
            "code:AppCoordinator → code:HistoryViewController tab 2",
            "code:AppCoordinator → swiftui:SettingsView tab 3",
            "code:ColleagueProfileViewController → code:BadgeViewController child",
        ].sorted(), "\(Self.navigation(edges))")
        // The xib screen, loaded three ways: a push from the home scene, the subclass's super.init, and (no screen)
        // the cell's nib.
        let nibLinks = edges.filter { $0["to"] as? String == profile }.compactMap { $0["via"] as? String }.sorted()
        #expect(nibLinks == ["init(nibName:bundle:)", "init(nibName:bundle:)", "pushViewController(_:animated:)"], "\(nibLinks)")
        #expect(!nodes.contains { ($0["id"] as? String ?? "").contains("FeedCell") || ($0["id"] as? String ?? "").contains("DeepLinkRouter") })
        #expect(nodes.first { $0["id"] as? String == "code:HistoryViewController" }?["doc"] as? String == "Everything the user has read, newest first.")
        #expect(stderr.contains("1 storyboard, 2 scenes, 1 xib screen, 4 code screens, 1 SwiftUI screen, 0 segues"), "\(stderr)")
        #expect(!stderr.contains("warning:") && !stderr.contains("error:"), "\(stderr)")
    }

    @Test func aDiffShowsAScreenAddedInCode() throws {
        let root = try Harness.project([:])
        let fm = FileManager.default
        for side in ["base", "head"] {
            let app = try Self.app(extra: side == "base" ? [:] : ["App/More.swift": """
                import UIKit
                class NewsViewController: UIViewController {}
                extension AppCoordinator {
                    func showNews() { navigationController.pushViewController(NewsViewController(), animated: true) }
                }
                """])
            try fm.moveItem(at: app.appendingPathComponent("App"), to: root.appendingPathComponent(side))
        }
        let run = try Harness.run(["diff", "base", "head", "--summary", "-", "--fail-on", "never"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("| code screens | 3 | 4 | 1 | 0 |"), "\(run.stdout)")
    }
}
