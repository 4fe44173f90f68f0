import UIKit

/// Owns the window and decides which flow is on screen. The storyboards hold no segues between
/// flows: every hop below is made here, in code, which is why the storyboards alone show islands.
final class AppCoordinator {
    private let window: UIWindow
    private var onboarding: OnboardingCoordinator?
    private var checkout: CheckoutCoordinator?

    init(window: UIWindow) {
        self.window = window
    }

    func start() {
        let storyboard = UIStoryboard(name: StoryboardName.onboarding.rawValue, bundle: nil)
        guard let welcome = storyboard.instantiateInitialViewController() as? WelcomeViewController else { return }
        let coordinator = OnboardingCoordinator(root: welcome)
        coordinator.onFinish = { [weak self] in self?.showMainTabs() }
        onboarding = coordinator
        window.rootViewController = UINavigationController(rootViewController: welcome)
        window.makeKeyAndVisible()
    }

    /// The tab bar is built in code from each flow's storyboard, as in the tab-bar article.
    func showMainTabs() {
        let tabs = UITabBarController()
        let catalog = UIStoryboard(name: "Catalog", bundle: nil)
            .instantiateInitialViewController()!
        let cart = UIStoryboard.checkout.instantiateViewController(withIdentifier: Identifiers.cart)
        tabs.viewControllers = [catalog, UINavigationController(rootViewController: cart)]
        // UIStoryboard(name: "Cart", bundle: nil) held the cart before it moved to Checkout.
        window.rootViewController = tabs
        checkout = CheckoutCoordinator(cart: cart)
    }
}

enum StoryboardName: String {
    case onboarding = "Onboarding"
    case catalog = "Catalog"
    case checkout = "Checkout"
}

enum Identifiers {
    static let cart = "Cart"
    static let payment = "Payment"
}

extension UIStoryboard {
    static var checkout: UIStoryboard { UIStoryboard(name: StoryboardName.checkout.rawValue, bundle: nil) }
}
