import UIKit

/// Welcome → Sign In → Permissions, each scene instantiated by its storyboard ID.
final class OnboardingCoordinator {
    var onFinish: (() -> Void)?
    private let root: WelcomeViewController
    private let storyboard = UIStoryboard(name: "Onboarding", bundle: nil)

    init(root: WelcomeViewController) {
        self.root = root
    }

    func showSignIn(auth: AuthService) {
        // iOS 13's creator closure injects what the scene needs.
        let signIn = storyboard.instantiateViewController(identifier: "SignIn") { coder in
            SignInViewController(coder: coder, auth: auth)
        }
        root.navigationController?.pushViewController(signIn, animated: true)
    }

    func showPermissions() {
        let permissions = storyboard.instantiateViewController(
            withIdentifier: "Permissions"
        )
        root.navigationController?.pushViewController(permissions, animated: true)
    }
}
