import SBMapModel
import Testing
@testable import SBMapParse

/// What the Swift reader records of navigation made in code (issue 32): the call, the controller as far as the code
/// says its class, the API and the place; what it cannot know (a parameter, a `var`, a dictionary's element) and what
/// is no navigation (a declaration, another method of the name) records nothing.
@Suite struct CodeNavigationParseTests {
    static func uses(_ file: LoadedCodeFile) -> [String] {
        file.navigations.map { n in
            "\(n.call.rawValue)\(n.order.map { " \($0)" } ?? "") \(n.controller) \(n.api) \(n.location.line)"
        }
    }

    @Test func eachFormIsRecordedWithItsController() {
        let file = CodeFixtures.scan(source: """
            import UIKit
            final class Coordinator {
                func start(window: UIWindow, nav: UINavigationController, tabs: UITabBarController) {
                    nav.pushViewController(DetailViewController(), animated: true)
                    let vc = ProfileViewController(nibName: "Profile", bundle: nil)
                    nav.present(vc, animated: true, completion: nil)
                    nav.show(self.makeAbout(), sender: self)
                    nav.showDetailViewController(Factory.makeList(), sender: nil)
                    window.rootViewController = UINavigationController(rootViewController: HomeViewController())
                    let home = UINavigationController(rootViewController: HomeViewController.init())
                    tabs.viewControllers = [home, UIHostingController(rootView: SettingsView().environmentObject(model))]
                    tabs.setViewControllers([A(), B()], animated: false)
                    nav.setViewControllers([C()], animated: false)
                    nav.addChild(ChildViewController())
                    let root = UINavigationController(rootViewController: RootViewController())
                    _ = root
                    present(UINavigationController(rootViewController: ModalViewController()), animated: true)
                }
                func makeAbout() -> AboutViewController { AboutViewController() }
                static func make() -> Self! { fatalError() }
                func title() -> String { "" }
            }
            """)
        #expect(Self.uses(file) == [
            #"push type("DetailViewController") pushViewController(_:animated:) 4"#,
            #"present type("ProfileViewController") present(_:animated:) 6"#,
            #"show factory(["makeAbout"]) show(_:sender:) 7"#,
            #"show factory(["Factory", "makeList"]) showDetailViewController(_:sender:) 8"#,
            #"root type("HomeViewController") rootViewController = 9"#,
            #"tab 0 type("HomeViewController") viewControllers = 11"#,
            #"tab 1 hosting("SettingsView") viewControllers = 11"#,
            #"tab 0 type("A") setViewControllers(_:animated:) 12"#,
            #"tab 1 type("B") setViewControllers(_:animated:) 12"#,
            #"stack 0 type("C") setViewControllers(_:animated:) 13"#,
            #"child type("ChildViewController") addChild(_:) 14"#,
            #"present type("ModalViewController") present(_:animated:) 17"#,
        ], "\(Self.uses(file))")
        #expect(file.navigations.allSatisfy { $0.enclosingType == ["Coordinator"] })
        #expect(file.factories.map { "\($0.path) \($0.type)" } == [#"["Coordinator", "makeAbout"] AboutViewController"#,
                                                                   #"["Coordinator", "make"] Self"#])
    }

    @Test func objectiveCFormsAreRecorded() {
        let file = CodeFixtures.scan(source: """
            @implementation Router
            - (void)other:(UIViewController *)vc {
                DetailViewController *detail = nil;
            }
            - (void)open:(UIViewController *)vc {
                [self.navigationController pushViewController:[[DetailViewController alloc] init] animated:YES];
                ProfileViewController *profile = [[ProfileViewController alloc] initWithNibName:@"Profile" bundle:nil];
                [self presentViewController:profile animated:YES completion:nil];
                [self showViewController:[AboutViewController new] sender:self];
                [self addChildViewController:[[ChildViewController alloc] init]];
                [self.navigationController pushViewController:vc animated:YES];
            }
            @end
            """, language: .objectiveC)
        #expect(Self.uses(file) == [
            #"push type("DetailViewController") pushViewController:animated: 6"#,
            #"present type("ProfileViewController") presentViewController:animated:completion: 8"#,
            #"show type("AboutViewController") showViewController:sender: 9"#,
            #"child type("ChildViewController") addChildViewController: 10"#,
        ], "\(Self.uses(file))")
        #expect(file.navigations.allSatisfy { $0.enclosingType == ["Router"] })
    }

    @Test func aSplitViewsColumnsAreRecordedByTheReceiversNameOrType() {
        let file = CodeFixtures.scan(source: """
            import UIKit
            final class Coordinator {
                func start(splitViewController: UISplitViewController, tabs: UITabBarController, other: UIViewController) {
                    splitViewController.viewControllers = [MasterViewController(), DetailViewController()]
                    let s = UISplitViewController(style: .doubleColumn)
                    s.setViewController(SidebarViewController(), for: .primary)
                    s.setViewController(ContentViewController(), for: .supplementary)
                    s.setViewController(UINavigationController(rootViewController: DetailViewController()), for: .secondary)
                    s.setViewController(CompactViewController(), for: .compact)
                    s.setViewController(other, for: .primary)
                    let columns = UISplitViewController()
                    columns.viewControllers = [A(), B()]
                    tabs.viewControllers = [C()]
                    navigationController?.viewControllers = [D()]
                }
            }
            final class ShareViewController: UINavigationController {
                override func viewDidLoad() {
                    viewControllers = [E()]
                }
            }
            final class Columns: UISplitViewController {
                override func viewDidLoad() {
                    self.viewControllers = [F(), G()]
                }
            }
            """)
        #expect(Self.uses(file) == [
            #"split 0 type("MasterViewController") viewControllers = 4"#,
            #"split 1 type("DetailViewController") viewControllers = 4"#,
            #"primary type("SidebarViewController") setViewController(_:for:) 6"#,
            #"supplementary type("ContentViewController") setViewController(_:for:) 7"#,
            #"secondary type("DetailViewController") setViewController(_:for:) 8"#,
            #"split 0 type("A") viewControllers = 12"#,
            #"split 1 type("B") viewControllers = 12"#,
            #"tab 0 type("C") viewControllers = 13"#,
            #"stack 0 type("D") viewControllers = 14"#,
            #"stack 0 type("E") viewControllers = 19"#,
            #"split 0 type("F") viewControllers = 24"#,
            #"split 1 type("G") viewControllers = 24"#,
        ], "\(Self.uses(file))")
    }

    @Test func objectiveCRootsTabsStacksAndNavigationControllersAreRecorded() {
        let file = CodeFixtures.scan(source: """
            @implementation AppDelegate
            - (void)start:(UIViewController *)vc {
                HomeViewController *home = [[HomeViewController alloc] init];
                self.window.rootViewController = home;
                UINavigationController *nav = [[UINavigationController alloc] initWithRootViewController:[ListViewController new]];
                self.tabBarController.viewControllers = @[nav, [[AViewController alloc] init], vc];
                [nav setViewControllers:@[[BViewController new]] animated:YES];
                [self.tabs setViewControllers:@[[CViewController new]] animated:NO];
                [[UINavigationController alloc] initWithRootViewController:[DViewController new]];
                [self presentViewController:[[UINavigationController alloc] initWithRootViewController:home] animated:YES completion:nil];
                self.window.rootViewController = vc;
                self.splitViewController.viewControllers = @[[EViewController new]];
            }
            @end
            """, language: .objectiveC)
        #expect(Self.uses(file) == [
            #"root type("HomeViewController") rootViewController = 4"#,
            #"tab 0 type("ListViewController") viewControllers = 6"#,
            #"tab 1 type("AViewController") viewControllers = 6"#,
            #"stack 0 type("BViewController") setViewControllers:animated: 7"#,
            #"tab 0 type("CViewController") setViewControllers:animated: 8"#,
            #"root type("DViewController") initWithRootViewController: 9"#,
            #"present type("HomeViewController") presentViewController:animated:completion: 10"#,
            #"split 0 type("EViewController") viewControllers = 12"#,
        ], "\(Self.uses(file))")
    }

    @Test func whatTheCodeDoesNotSayRecordsNothing() {
        let file = CodeFixtures.scan(source: """
            import UIKit
            class Router {
                var next: UIViewController?
                func present(_ vc: UIViewController, animated: Bool) {}
                func go(_ vc: UIViewController, table: [String: UIViewController], nav: UINavigationController) {
                    nav.pushViewController(vc, animated: true)
                    nav.pushViewController(table["x"]!, animated: true)
                    var later = UIViewController()
                    later = DetailViewController()
                    nav.pushViewController(later, animated: true)
                    nav.pushViewController(DetailViewController().child, animated: true)
                    show(message: "x")
                    nav.present(next!, animated: true)
                    let make = { DetailViewController() }
                    nav.pushViewController(make(), animated: true)
                    let next = storyboard!.instantiateViewController(withIdentifier: "Detail")
                    nav.pushViewController(next, animated: true)
                }
            }
            """)
        // `next` (before the local of that name) is the property: recorded by name, its class (`UIViewController`,
        // no class of the app) is the linker's to look up.
        #expect(Self.uses(file) == [#"present member("next") present(_:animated:) 13"#], "\(Self.uses(file))")
    }
}
