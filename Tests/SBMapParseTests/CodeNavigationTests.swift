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

    /// A C function's body is a function's (ScreensApp's `SBShowProfile`): a local declared in it is found there, and
    /// nowhere else; its `NSString *` locals are no file constants. A class extension's ivars and an `NS_ENUM`'s
    /// braces are no function.
    @Test func objectiveCCFunctionsHaveLocalsAsMethodsDo() {
        let file = CodeFixtures.scan(source: """
            #import <UIKit/UIKit.h>
            @interface Router () {
                UIViewController *_held;
            }
            @end
            typedef NS_ENUM(NSInteger, Kind) {
                KindA,
            };
            NSString *const SBKey = @"key";
            void SBShowProfile(UIViewController *presenter) {
                NSString *title = @"Profile";
                ProfileViewController *profile = [[ProfileViewController alloc] initWithNibName:@"Profile" bundle:nil];
                [presenter presentViewController:profile animated:YES completion:nil];
            }
            static void SBShowOther(UIViewController *presenter) {
                [presenter presentViewController:profile animated:YES completion:nil];
                [presenter.navigationController pushViewController:[[AboutViewController alloc] init] animated:YES];
            }
            void Outer::show(UIViewController *presenter) {
                DetailViewController *detail = [DetailViewController new];
                [presenter showViewController:detail sender:nil];
            }
            """, language: .objectiveC)
        #expect(Self.uses(file) == [
            #"present type("ProfileViewController") presentViewController:animated:completion: 13"#,
            #"push type("AboutViewController") pushViewController:animated: 17"#,
            #"show type("DetailViewController") showViewController:sender: 21"#,
        ], "\(Self.uses(file))")
        #expect(file.navigations.allSatisfy { $0.enclosingType == [] })
        #expect(file.constants.map(\.path) == [["SBKey"]], "\(file.constants)")
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

    /// `self.viewControllers = @[…]`, `[self setViewControllers:…]` and `[self setViewControllers:… animated:]` read
    /// what they set from the superclass the class's `@interface` names (as Swift's `class X: UITabBarController`):
    /// tabs, a stack, a split view's columns; a class declared elsewhere keeps its name's reading.
    @Test func objectiveCReceiversOnSelfAreReadFromTheInterfacesSuperclass() {
        let file = CodeFixtures.scan(source: """
            @interface MainController : UITabBarController
            @end
            @implementation MainController
            - (void)viewDidLoad {
                self.viewControllers = @[[AViewController new]];
                [self setViewControllers:@[[BViewController new]] animated:NO];
                [self setViewControllers:@[[CViewController new]]];
            }
            @end
            @interface Flow : UINavigationController
            @end
            @interface Flow ()
            @end
            @implementation Flow
            - (void)viewDidLoad {
                self.viewControllers = @[[DViewController new]];
                [self setViewControllers:@[[EViewController new]] animated:NO];
            }
            @end
            @interface Columns : UISplitViewController
            @end
            @implementation Columns
            - (void)viewDidLoad {
                self.viewControllers = @[[FViewController new], [GViewController new]];
                [self setViewControllers:@[[HViewController new]]];
            }
            @end
            @implementation Elsewhere
            - (void)viewDidLoad {
                self.viewControllers = @[[IViewController new]];
                [self setViewControllers:@[[JViewController new]] animated:NO];
            }
            @end
            """, language: .objectiveC)
        #expect(Self.uses(file) == [
            #"tab 0 type("AViewController") viewControllers = 5"#,
            #"tab 0 type("BViewController") setViewControllers:animated: 6"#,
            #"tab 0 type("CViewController") setViewControllers: 7"#,
            #"stack 0 type("DViewController") viewControllers = 16"#,
            #"stack 0 type("EViewController") setViewControllers:animated: 17"#,
            #"split 0 type("FViewController") viewControllers = 24"#,
            #"split 1 type("GViewController") viewControllers = 24"#,
            #"split 0 type("HViewController") setViewControllers: 25"#,
            #"tab 0 type("IViewController") viewControllers = 30"#,
            #"stack 0 type("JViewController") setViewControllers:animated: 31"#,
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

    /// SwiftUI views, representables and the extensions of a SwiftUI file, with the type names each body calls; a
    /// nested view's calls are its own.
    @Test func swiftUITypesAreRecordedWithTheNamesTheirBodiesCall() {
        let file = CodeFixtures.scan(source: """
            import SwiftUI
            struct SettingsView: SwiftUI.View {
                var body: some View {
                    List { AccountRow(); NavigationLink(destination: ProfileScreen()) { Text("x") }.sheet { Help.Inner() } }
                }
                struct Footer: View { var body: some View { FooterText() } }
            }
            extension SettingsView { var header: some View { HeaderRow() } }
            struct ProfileScreen: UIViewControllerRepresentable {
                func makeUIViewController(context: Context) -> ProfileViewController { ProfileViewController() }
            }
            struct Model { func make() -> Thing { Thing() } }
            protocol Screen: View {}
            @main struct ReaderApp: App {
                var body: some Scene {
                    WindowGroup { HomeView().overlay { SplashView() } }
                    Window("About", id: "about") { NavigationView { AboutView() } }
                    Settings { SettingsView() }
                }
            }
            """)
        #expect(file.swiftUITypes.map { "\($0.path.joined(separator: ".")) \($0.kind.rawValue) \($0.uses.joined(separator: ","))" } == [
            // `Help.Inner()` is a member, not recorded: a nested type is called by its own name in its parent's body.
            "SettingsView view AccountRow,List,NavigationLink,ProfileScreen,Text",
            "SettingsView.Footer view FooterText",
            "SettingsView extension HeaderRow",
            "ProfileScreen representable ProfileViewController",
            // The scenes' content, not what a modifier adds (`.overlay { SplashView() }`).
            "ReaderApp app AboutView,HomeView,NavigationView,SettingsView",
        ])
        let plain = CodeFixtures.scan(source: "import UIKit\nextension Foo { func bar() { Baz() } }\nstruct V: View { var body: some View { Baz() } }\nstruct Plugin: App {}")
        #expect(plain.swiftUITypes.map(\.name) == ["V"], "an extension, and an `App`, count only in a file that imports SwiftUI")
    }

    /// A hosting controller's root: a subclass's generic argument, its `super.init(rootView:)` and `rootView =`, and a
    /// view erased by `AnyView(…)`; a local's `rootView`, a comparison and a framework view's name stay as they are read.
    @Test func aHostingControllersRootIsRecordedInEveryForm() {
        let file = CodeFixtures.scan(source: """
            import SwiftUI
            final class SettingsHost: UIHostingController<AnyView> {
                init() {
                    super.init(rootView: AnyView(SettingsView(model: .init())))
                    rootView = AnyView(OtherView())
                    if rootView == nil {}
                }
                func reset(_ host: UIHostingController<Text>) { host.rootView = Text("x") }
            }
            final class HelpHost: NSHostingController<HelpView> {
                init() { super.init(rootView: HelpView()) }
            }
            final class Plain: UIHostingController<AnyView> {}
            func make() -> UIViewController { UIHostingController(rootView: AnyView(AboutView())) }
            final class Menu {
                func settings(_ nav: UINavigationController) {
                    let view = PVSettingsView(menu: self)
                        .environmentObject(model)
                    let host = UIHostingController(rootView: view)
                    nav.present(UINavigationController(rootViewController: host), animated: true)
                    var later = OtherView()
                    later = ThirdView()
                    nav.pushViewController(UIHostingController(rootView: later), animated: true)
                }
            }
            """)
        #expect(Self.uses(file) == [
            "root hosting(\"SettingsView\") super.init(rootView:) 4",
            "root hosting(\"OtherView\") rootView = 5",
            // The generic argument and `super.init(rootView:)` name one root: recorded once.
            "root hosting(\"HelpView\") NSHostingController<HelpView> 10",
            // A local `let` bound to the view is followed; a `var` is not.
            "present hosting(\"PVSettingsView\") present(_:animated:) 20",
        ], "\(Self.uses(file))")
    }

    /// ChatSecure's shape: `if let vc = vc as? X { … }` binds `vc` in its block; after the block `vc` is the outer
    /// local again, whose class the cast does not say. A `guard let` binding stays.
    @Test func anIfLetCastCountsInItsBlockAlone() {
        let file = CodeFixtures.scan(source: """
            import UIKit
            final class Coordinator {
                func compose(_ nav: UINavigationController) {
                    let vc = theme.composeViewController()
                    if let vc = vc as? ComposeViewController, vc.isReady {
                        vc.delegate = self
                        nav.pushViewController(vc, animated: true)
                    }
                    nav.present(vc, animated: true)
                }
                func settings(_ nav: UINavigationController, _ any: UIViewController) {
                    guard let settings = any as? SettingsViewController else { return }
                    nav.present(settings, animated: true)
                }
            }
            """)
        #expect(Self.uses(file) == [
            "push type(\"ComposeViewController\") pushViewController(_:animated:) 7",
            // Line 9's `vc` is not known: the binding it names is out of scope (nothing drawn, never a guess).
            "present type(\"SettingsViewController\") present(_:animated:) 13",
        ], "\(Self.uses(file))")
    }
}
