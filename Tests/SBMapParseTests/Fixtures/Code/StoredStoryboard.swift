import UIKit

// docs/input-format.md §7.3, pitfall 7, the other way round: `storyboard` is UIKit's property only when the
// enclosing type declares no member of that name. A coordinator's own `storyboard` property wins.

/// A stored property with a load by name: both spellings use it, with and without `self.`.
final class OnboardingCoordinator {
    private let storyboard = UIStoryboard(name: "Onboarding", bundle: nil)

    func showSignIn(auth: AuthService) {
        let signIn = storyboard.instantiateViewController(identifier: "SignIn") { coder in
            SignInViewController(coder: coder, auth: auth)
        }
        _ = self.storyboard.instantiateViewController(
            withIdentifier: "Permissions"
        )
    }
}

/// Used before it is declared, and declared in an extension as a computed property.
final class LateCoordinator {
    func start() { _ = storyboard.instantiateInitialViewController() }
}

extension LateCoordinator {
    var storyboard: UIStoryboard { UIStoryboard(name: "Settings", bundle: nil) }
}

/// Injected through the initializer: its value is not known here, so uses are dynamic, never UIKit's storyboard.
final class InjectedCoordinator {
    let storyboard: UIStoryboard

    init(storyboard: UIStoryboard) {
        self.storyboard = storyboard
    }

    func start() { _ = storyboard.instantiateViewController(withIdentifier: "Home") }
}

/// Inherited from a superclass.
class BaseFlow {
    lazy var storyboard = UIStoryboard(name: "Main", bundle: nil)
}

final class SubFlow: BaseFlow {
    func go() { _ = storyboard.instantiateViewController(withIdentifier: "Detail") }
}

/// A view controller declares no `storyboard`: `storyboard?` is the one it was loaded from, and a local of that
/// name wins inside its function only.
final class HomeViewController: UIViewController {
    func next() {
        _ = storyboard?.instantiateViewController(withIdentifier: "Detail")
        let storyboard = UIStoryboard(name: "Settings", bundle: nil)
        _ = storyboard.instantiateViewController(withIdentifier: "SettingsRoot")
        _ = self.storyboard?.instantiateViewController(withIdentifier: "Detail")
    }
}
