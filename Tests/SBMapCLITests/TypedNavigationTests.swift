import Foundation
import Testing

/// Navigation with controllers whose class the code states without making them in the call (issue 32): a local
/// whose declaration writes its class, a cast, a `var` never set again, a property of the calling type. What the
/// code does not say (a `var` set again, a property declared twice with different classes, a framework class, a
/// protocol, a factory that returns `UIViewController`, a closure's result, a generic) draws nothing, and no edge
/// joins two platforms. Fixtures: `CodeNavigationTests.app`.
@Suite struct TypedNavigationTests {
    static func edges(from type: String, _ extra: [String: String]) throws -> (edges: [String], nodes: Set<String>) {
        let folder = try CodeNavigationTests.app(extra: extra)
        let (nodes, edges, _) = try CodeNavigationTests.export(folder)
        let check = try Harness.run(["check", ".", "--no-config"], in: folder)
        #expect(check.status == 0 && !check.stderr.contains("warning:") && !check.stderr.contains("note:"),
                "navigation is no finding: \(check.stderr)")
        return (CodeNavigationTests.navigation(edges).filter { $0.hasPrefix("code:\(type) ") },
                Set(nodes.compactMap { $0["id"] as? String }))
    }

    @Test func aDeclaredTypeACastAVarNeverSetAgainAndAPropertyDrawTheirClasssEdge() throws {
        let (edges, _) = try Self.edges(from: "TypedCoordinator", ["App/Typed.swift": """
            import UIKit
            final class TypedCoordinator {
                let navigationController = UINavigationController()
                private let child = ChildViewController()
                lazy var about: AboutViewController = { AboutViewController() }()
                var home: HomeViewController!

                func start(container: Container, any: Any) {
                    let detail: DetailViewController = container.resolve()
                    navigationController.pushViewController(detail, animated: true)
                    if let profile = any as? ProfileViewController {
                        navigationController.present(profile, animated: true)
                    }
                    navigationController.show(self.about, sender: nil)
                    navigationController.addChild(child)
                    var list = ListViewController()
                    list.title = "List"
                    navigationController.setViewControllers([list, home], animated: false)
                }
            }
            """])
        #expect(edges == [
            "code:TypedCoordinator → App/Main.storyboard#d push",
            "code:TypedCoordinator → App/Main.storyboard#h stack 2",
            "code:TypedCoordinator → App/Views/Profile.xib#-1 present",
            "code:TypedCoordinator → code:AboutViewController show",
            "code:TypedCoordinator → code:ChildViewController child",
            "code:TypedCoordinator → code:ListViewController stack 1",
        ], "\(edges)")
    }

    @Test func aPropertyOfASuperclassIsFoundThere() throws {
        let (edges, _) = try Self.edges(from: "ChildCoordinator", ["App/Inherited.swift": """
            import UIKit
            class ParentCoordinator {
                let detail = DetailViewController()
            }
            final class ChildCoordinator: ParentCoordinator {
                func start(nav: UINavigationController) { nav.pushViewController(detail, animated: true) }
            }
            """])
        #expect(edges == ["code:ChildCoordinator → App/Main.storyboard#d push"], "\(edges)")
    }

    @Test func whatTheCodeDoesNotStateDrawsNothing() throws {
        let (edges, nodes) = try Self.edges(from: "VagueCoordinator", ["App/Vague.swift": """
            import UIKit
            protocol Screen: UIViewController {}
            final class VagueCoordinator {
                #if DEBUG
                let twice = DetailViewController()
                #else
                let twice: ProfileViewController
                #endif
                let picker = UIImagePickerController()
                var plain = AboutViewController()
                let shown = ChildViewController()

                func makeScreen() -> UIViewController { DetailViewController() }
                func makeProtocol() -> Screen { fatalError() }

                func start<T: UIViewController>(nav: UINavigationController, container: Container, any: Any, type: T.Type) {
                    nav.pushViewController(twice, animated: true)
                    nav.present(picker, animated: true)
                    nav.pushViewController(plain, animated: true)
                    var again = AboutViewController()
                    again = ChildViewController()
                    nav.pushViewController(again, animated: true)
                    let framework: UIViewController = container.resolve()
                    nav.pushViewController(framework, animated: true)
                    let screen: Screen = container.resolve()
                    nav.pushViewController(screen, animated: true)
                    nav.pushViewController(makeScreen(), animated: true)
                    nav.pushViewController(makeProtocol(), animated: true)
                    let made = { AboutViewController() }()
                    nav.pushViewController(made, animated: true)
                    let maker = { AboutViewController() }
                    nav.pushViewController(maker(), animated: true)
                    nav.pushViewController(any as! T, animated: true)
                    let generic: T = container.resolve()
                    nav.pushViewController(generic, animated: true)
                    [AboutViewController()].forEach { shown in nav.pushViewController(shown, animated: true) }
                }
            }
            """])
        #expect(edges.isEmpty, "\(edges)")
        #expect(!nodes.contains("code:Screen") && !nodes.contains("code:T") && !nodes.contains("code:UIImagePickerController"))
    }

    @Test func aClassOfAnotherPlatformDrawsNothing() throws {
        let (edges, _) = try Self.edges(from: "MacSheets", ["App/Mac/MacSheets.swift": """
            import AppKit
            class PreferencesViewController: NSViewController {}
            final class MacSheets: NSWindowController {
                let about = AboutViewController()
                let preferences = PreferencesViewController()
                func open(container: Container) {
                    let detail: DetailViewController = container.resolve()
                    contentViewController?.presentAsSheet(detail)
                    contentViewController?.presentAsSheet(about)
                    contentViewController?.presentAsSheet(self.preferences)
                }
            }
            """])
        #expect(edges == ["code:MacSheets → code:PreferencesViewController present"], "\(edges)")
    }
}
