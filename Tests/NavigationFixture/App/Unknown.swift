import UIKit

/// Controllers whose class the code does not say: no edge, and no guess.
final class DeepLinkRouter {
    var routes: [String: UIViewController] = [:]

    func open(_ controller: UIViewController, on navigation: UINavigationController) {
        navigation.pushViewController(controller, animated: true)
        if let found = routes["settings"] {
            navigation.pushViewController(found, animated: true)
        }
        navigation.pushViewController(routes["about"]!, animated: true)
        var next = UIViewController()
        next = AboutViewController()
        navigation.present(next, animated: true)
        navigation.addChild(UIViewController())
    }
}
