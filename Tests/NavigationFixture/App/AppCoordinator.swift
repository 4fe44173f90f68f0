import UIKit
import SwiftUI

/// Starts the app and moves between its screens.
final class AppCoordinator {
    let window: UIWindow
    let tabs = UITabBarController()
    let navigation = UINavigationController()

    init(window: UIWindow) {
        self.window = window
    }

    func start() {
        let home = UINavigationController(rootViewController: HomeViewController())
        tabs.viewControllers = [home, makeHistory(), UIHostingController(rootView: SettingsView())]
        window.rootViewController = tabs
        window.makeKeyAndVisible()
    }

    func showDetail() {
        let detail = DetailViewController()
        navigation.pushViewController(detail, animated: true)
    }

    func showColleague() {
        navigation.present(UINavigationController(rootViewController: ColleagueProfileViewController()), animated: true)
    }

    func showAbout(from host: UIViewController) {
        host.show(AboutViewController(), sender: self)
    }

    func makeHistory() -> HistoryViewController {
        HistoryViewController(style: .plain)
    }
}
