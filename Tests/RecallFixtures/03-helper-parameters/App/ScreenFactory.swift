import UIKit

final class ScreenFactory {
    func make(storyboardName: String, identifier: String) -> UIViewController {
        UIStoryboard(name: storyboardName, bundle: nil).instantiateViewController(withIdentifier: identifier)
    }
}

final class SecurityCoordinator {
    let screenFactory = ScreenFactory()

    func start() -> UIViewController {
        screenFactory.make(storyboardName: "Settings", identifier: "securty")
    }
}

class SecurityViewController: UIViewController {}
class RestaurantsViewController: UIViewController {}
