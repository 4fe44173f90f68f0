import Foundation
import Testing

/// A representable that embeds a view controller in SwiftUI (issue 32): its links are drawn from the SwiftUI
/// screens that show it (a hosted view whose body, or a view it calls, calls the representable), labelled `embed`.
/// A representable no hosted view reaches keeps its links on its own code node; nothing here is a finding.
@Suite struct SwiftUIEmbeddingTests {
    static let views = """
        import SwiftUI
        import UIKit
        /// The app's settings. Shown from the coordinator.
        struct SettingsView: View {
            var body: some View {
                NavigationStack {
                    List {
                        AccountRow()
                        NavigationLink(destination: AboutScreen()) { Text("About") }
                    }
                }
            }
        }
        struct AccountRow: View {
            var body: some View { NavigationLink("Profile") { ProfileScreen() } }
        }
        /// Loads the profile scene from its storyboard.
        struct ProfileScreen: UIViewControllerRepresentable {
            func makeUIViewController(context: Context) -> ProfileViewController {
                UIStoryboard(name: "Profile", bundle: nil).instantiateViewController(withIdentifier: "Profile") as! ProfileViewController
            }
            func updateUIViewController(_ controller: ProfileViewController, context: Context) {}
        }
        struct AboutScreen: UIViewControllerRepresentable {
            func makeUIViewController(context: Context) -> AboutViewController { AboutViewController() }
            func updateUIViewController(_ controller: AboutViewController, context: Context) {}
        }
        // Shown by no hosted view: its link stays on its own node.
        struct OrphanScreen: UIViewControllerRepresentable {
            func makeUIViewController(context: Context) -> some UIViewController {
                UIStoryboard(name: "Profile", bundle: nil).instantiateViewController(withIdentifier: "Profile")
            }
            func updateUIViewController(_ controller: UIViewController, context: Context) {}
        }
        // Returns a framework class: nothing to draw.
        struct MailScreen: UIViewControllerRepresentable {
            func makeUIViewController(context: Context) -> UIViewController { UIViewController() }
            func updateUIViewController(_ controller: UIViewController, context: Context) {}
        }
        // duckduckgo's shape: a framework controller, while another representable's maker returns an app class.
        struct ShareScreen: UIViewControllerRepresentable {
            func makeUIViewController(context: UIViewControllerRepresentableContext<ShareScreen>) -> UIActivityViewController {
                UIActivityViewController(activityItems: [], applicationActivities: nil)
            }
            func updateUIViewController(_ controller: UIActivityViewController, context: Context) {}
        }
        struct HelpView: View {
            var body: some View { VStack { MailScreen(); ShareScreen() } }
        }
        """

    static let classes = """
        import UIKit
        import SwiftUI
        class ProfileViewController: UIViewController {}
        class AboutViewController: UIViewController {}
        final class AppCoordinator {
            func start(window: UIWindow) {
                window.rootViewController = UIHostingController(rootView: SettingsView())
            }
            func help(from host: UIViewController) {
                host.present(UIHostingController(rootView: HelpView()), animated: true)
            }
        }
        """

    static func app(extra: [String: String] = [:]) throws -> URL {
        try Harness.project([
            "App/Profile.storyboard": XML.storyboard(initial: "p", XML.scene("p", attributes: #"customClass="ProfileViewController" storyboardIdentifier="Profile""#)),
            "App/Views.swift": views,
            "App/Classes.swift": classes,
        ].merging(extra) { $1 })
    }

    @Test func aRepresentablesLinksStartAtTheSwiftUIScreensThatShowIt() throws {
        let folder = try Self.app()
        let (nodes, edges, stderr) = try CodeNavigationTests.export(folder)
        #expect(CodeNavigationTests.navigation(edges) == [
            "code:AppCoordinator → swiftui:HelpView present",
            "code:AppCoordinator → swiftui:SettingsView root",
            // Through AccountRow, a view SettingsView calls, to the representable's storyboard scene.
            "swiftui:SettingsView → App/Profile.storyboard#p embed",
            // A representable that makes a class with no scene: that class's screen made in code.
            "swiftui:SettingsView → code:AboutViewController embed",
        ], "\(CodeNavigationTests.navigation(edges))")
        let ids = Set(nodes.compactMap { $0["id"] as? String })
        #expect(!ids.contains("code:ProfileScreen"), "the link is drawn from the screen, not the representable")
        #expect(!ids.contains("code:AccountRow") && !ids.contains("code:MailScreen") && !ids.contains("code:UIViewController"))
        // The orphan keeps its link, as before.
        #expect(edges.contains { $0["from"] as? String == "code:OrphanScreen" && $0["to"] as? String == "App/Profile.storyboard#p" })
        let roles = Dictionary(nodes.map { ($0["id"] as? String ?? "", $0["role"] as? String ?? "") }) { a, _ in a }
        #expect(roles["code:AboutViewController"] == "code-screen")
        // A SwiftUI screen says what it is for, as a class's screen does.
        #expect(nodes.first { $0["id"] as? String == "swiftui:SettingsView" }?["doc"] as? String == "The app's settings.")
        #expect(!stderr.contains("warning:") && !stderr.contains("error:"), "\(stderr)")
        let svg = try Harness.run(["render", ".", "--no-config", "-o", "-", "--format", "svg"], in: folder)
        #expect(svg.stdout.contains(">embed<"), "the edge says how the scene is shown")
        // On the overview, a link from a SwiftUI screen is drawn as made in code, not as one between storyboards.
        let overview = try Harness.run(["render", ".", "--no-config", "--view", "overview", "-o", "-", "--format", "svg"], in: folder)
        let edge = try #require(overview.stdout.range(of: #"<g id="overview&#45;edge&#45;swiftui&#45;SettingsView&#45;code&#45;AboutViewController[^"]*" class="[^"]*""#,
                                                      options: .regularExpression))
        #expect(overview.stdout[edge].hasSuffix(#"class="edge aggregate code""#), "\(overview.stdout[edge])")
    }

    @Test func withOnlyStoryboardsTheRepresentableKeepsItsOwnLink() throws {
        let folder = try Self.app()
        let (nodes, edges, _) = try CodeNavigationTests.export(folder, ["--screens", "storyboards"])
        #expect(CodeNavigationTests.navigation(edges).isEmpty)
        #expect(edges.contains { $0["from"] as? String == "code:ProfileScreen" && $0["to"] as? String == "App/Profile.storyboard#p" })
        #expect(!nodes.contains { $0["role"] as? String == "swiftui-screen" })
    }

    @Test func aHostingCallNoTargetCompilesShowsNothing() throws {
        let pbxproj = RealAppShapesTests.pbxproj(targets: [(
            name: "App", type: RealAppShapesTests.app, plist: nil,
            resources: ["Profile.storyboard"], sources: ["Views.swift"])])
        let folder = try Self.app(extra: ["App/App.xcodeproj/project.pbxproj": pbxproj])
        let (_, edges, _) = try CodeNavigationTests.export(folder)
        #expect(CodeNavigationTests.navigation(edges).isEmpty, "Classes.swift, which hosts the views, is compiled by no target")
        #expect(edges.contains { $0["from"] as? String == "code:ProfileScreen" })
    }

    @Test func viewsThatCallEachOtherEndTheWalk() throws {
        let folder = try Self.app(extra: ["App/Loop.swift": """
            import SwiftUI
            struct LoopA: View { var body: some View { LoopB() } }
            struct LoopB: View { var body: some View { VStack { LoopA(); ProfileScreen() } } }
            final class LoopHost { func go(_ nav: UINavigationController) { nav.pushViewController(UIHostingController(rootView: LoopA()), animated: true) } }
            """])
        let (_, edges, _) = try CodeNavigationTests.export(folder)
        #expect(CodeNavigationTests.navigation(edges).contains("swiftui:LoopA → App/Profile.storyboard#p embed"))
    }

    /// duckduckgo's shape: a subclass of `UIHostingController<AnyView>` that sets its root in its initialiser, and a
    /// subclass whose generic argument names its root.
    @Test func aHostingControllersSubclassHostsItsRootView() throws {
        let folder = try Self.app(extra: ["App/Classes.swift": """
            import UIKit
            import SwiftUI
            class ProfileViewController: UIViewController {}
            class AboutViewController: UIViewController {}
            final class SettingsHostingController: UIHostingController<AnyView> {
                init() {
                    super.init(rootView: AnyView(EmptyView()))
                    self.rootView = AnyView(SettingsView())
                }
            }
            final class HelpHostingController: UIHostingController<HelpView> {}
            final class Router {
                func settings(_ nav: UINavigationController) { nav.pushViewController(SettingsHostingController(), animated: true) }
            }
            """])
        let (nodes, edges, _) = try CodeNavigationTests.export(folder)
        #expect(CodeNavigationTests.navigation(edges) == [
            "code:HelpHostingController → swiftui:HelpView root",
            "code:Router → code:SettingsHostingController push",
            "code:SettingsHostingController → swiftui:SettingsView root",
            "swiftui:SettingsView → App/Profile.storyboard#p embed",
            "swiftui:SettingsView → code:AboutViewController embed",
        ], "\(CodeNavigationTests.navigation(edges))")
        #expect(!nodes.contains { ($0["id"] as? String)?.contains("EmptyView") == true }, "a framework view is no screen")
    }

    /// Every representable declares `makeUIViewController(context:)`: another type's says nothing of this one's. A
    /// representable making a framework controller embeds nothing, though one other maker in the app returns an app
    /// class (duckduckgo's `ActivityViewController` beside `QuickLookPreviewView`).
    @Test func aMakerIsReadOnlyInTheRepresentableThatDeclaresIt() throws {
        let folder = try Harness.project([
            "App/Views.swift": """
                import SwiftUI
                import UIKit
                class PreviewViewController: UIViewController {}
                struct ShareScreen: UIViewControllerRepresentable {
                    func makeUIViewController(context: Context) -> UIActivityViewController {
                        UIActivityViewController(activityItems: [], applicationActivities: nil)
                    }
                }
                struct PreviewScreen: UIViewControllerRepresentable {
                    func makeUIViewController(context: Context) -> PreviewViewController { PreviewViewController() }
                }
                struct ShareView: View { var body: some View { ShareScreen() } }
                final class Host { func go(_ nav: UINavigationController) { nav.pushViewController(UIHostingController(rootView: ShareView()), animated: true) } }
                """,
            "App/Main.storyboard": XML.storyboard(initial: "m", XML.scene("m")),
        ])
        let (_, edges, _) = try CodeNavigationTests.export(folder)
        #expect(CodeNavigationTests.navigation(edges) == ["code:Host → swiftui:ShareView push"], "\(CodeNavigationTests.navigation(edges))")
    }

    /// A SwiftUI app opens with the views its scenes call: each is a screen, drawn from the app, and what they show
    /// is drawn from them. A framework scene (`WindowGroup`, `Settings`) is no screen.
    @Test func aSwiftUIAppsScenesAreItsFirstScreens() throws {
        let folder = try Self.app(extra: [
            "App/Classes.swift": "import UIKit\nclass ProfileViewController: UIViewController {}\nclass AboutViewController: UIViewController {}\n",
            "App/ReaderApp.swift": """
                import SwiftUI
                @main
                struct ReaderApp: App {
                    var body: some Scene {
                        WindowGroup { SettingsView() }
                        Settings { HelpView() }
                    }
                }
                """,
        ])
        let (_, edges, _) = try CodeNavigationTests.export(folder)
        #expect(CodeNavigationTests.navigation(edges) == [
            "code:ReaderApp → swiftui:HelpView root",
            "code:ReaderApp → swiftui:SettingsView root",
            "swiftui:SettingsView → App/Profile.storyboard#p embed",
            "swiftui:SettingsView → code:AboutViewController embed",
        ], "\(CodeNavigationTests.navigation(edges))")
    }

    /// Two apps of one repository, each with its own `Row`: the walk from the first app's view follows the first app's
    /// `Row`, which shows no representable, never the second's, which does.
    @Test func aViewOfAnotherTargetIsAnotherView() throws {
        let pbxproj = RealAppShapesTests.pbxproj(targets: [
            (name: "First", type: RealAppShapesTests.app, plist: nil, resources: ["Profile.storyboard"],
             sources: ["First/Views.swift", "Shared.swift"]),
            (name: "Second", type: RealAppShapesTests.app, plist: nil, resources: ["Profile.storyboard"],
             sources: ["Second/Views.swift", "Shared.swift"]),
        ])
        let folder = try Harness.project([
            "App/App.xcodeproj/project.pbxproj": pbxproj,
            "App/Profile.storyboard": XML.storyboard(initial: "p", XML.scene("p", attributes: #"customClass="ProfileViewController" storyboardIdentifier="Profile""#)),
            "App/Shared.swift": """
                import SwiftUI
                import UIKit
                class ProfileViewController: UIViewController {}
                struct ProfileScreen: UIViewControllerRepresentable {
                    func makeUIViewController(context: Context) -> ProfileViewController {
                        UIStoryboard(name: "Profile", bundle: nil).instantiateViewController(withIdentifier: "Profile") as! ProfileViewController
                    }
                }
                """,
            "App/First/Views.swift": """
                import SwiftUI
                struct Row: View { var body: some View { Text("first") } }
                struct Home: View { var body: some View { Row() } }
                final class FirstHost { func go(_ nav: UINavigationController) { nav.pushViewController(UIHostingController(rootView: Home()), animated: true) } }
                """,
            "App/Second/Views.swift": """
                import SwiftUI
                struct Row: View { var body: some View { ProfileScreen() } }
                """,
        ])
        let (_, edges, _) = try CodeNavigationTests.export(folder)
        #expect(CodeNavigationTests.navigation(edges) == ["code:FirstHost → swiftui:Home push"], "\(CodeNavigationTests.navigation(edges))")
        #expect(edges.contains { $0["from"] as? String == "code:ProfileScreen" }, "no screen of the first app shows it")
    }

    /// What a SwiftUI view's own code does (a button presenting a controller, a storyboard scene loaded) starts at the
    /// screens that show the view, with its call; only a representable's links say `embed`.
    @Test func aShownViewsOwnNavigationStartsAtItsScreens() throws {
        let folder = try Self.app(extra: ["App/Help.swift": """
            import SwiftUI
            import UIKit
            extension HelpView {
                var contact: some View { Button("Contact") { present() } }
                func present() {
                    let root = UIApplication.shared.windows.first!.rootViewController!
                    root.present(AboutViewController(), animated: true)
                    _ = UIStoryboard(name: "Profile", bundle: nil).instantiateViewController(withIdentifier: "Profile")
                }
            }
            """])
        let (_, edges, _) = try CodeNavigationTests.export(folder)
        let fromHelp = edges.filter { $0["from"] as? String == "swiftui:HelpView" }
            .map { "\($0["to"] as? String ?? "") \($0["relationship"] as? String ?? "-")" }.sorted()
        // (An extension of the view is the view's code too.)
        #expect(fromHelp == ["App/Profile.storyboard#p -", "code:AboutViewController present"], "\(fromHelp)")
        #expect(!edges.contains { $0["from"] as? String == "code:HelpView" })
    }
}
