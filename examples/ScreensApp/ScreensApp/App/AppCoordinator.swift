import SwiftUI
import UIKit

/// Builds the app's tab bar in code and opens every screen that is not a segue: the storyboard holds one scene, the
/// other screens come from xibs, from code and from SwiftUI.
final class AppCoordinator {
    private let window: UIWindow
    private let tabs = UITabBarController()

    init(window: UIWindow) {
        self.window = window
    }

    func start() {
        let home = UIStoryboard(name: "Home", bundle: nil).instantiateViewController(withIdentifier: "Home") as! HomeViewController
        home.coordinator = self
        let library = LibraryViewController()
        let profile = makeProfile()
        tabs.viewControllers = [UINavigationController(rootViewController: home), library, profile]
        window.rootViewController = tabs
        window.makeKeyAndVisible()
    }

    /// The profile tab, from ProfileViewController.xib, named when it is made.
    func makeProfile() -> ProfileViewController {
        ProfileViewController(nibName: "ProfileViewController", bundle: nil)
    }

    /// An article, pushed on Home's navigation stack. UIKit finds DetailViewController.xib by the class's name.
    func showDetail(from home: HomeViewController) {
        let detail = DetailViewController()
        home.navigationController?.pushViewController(detail, animated: true)
    }

    /// The settings, a SwiftUI view, presented over the tabs.
    func showSettings() {
        let settings = UIHostingController(rootView: SettingsView())
        tabs.present(settings, animated: true)
    }
}
