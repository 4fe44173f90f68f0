import UIKit

protocol TabViewOnboardingDelegate: UIViewController {}

class TabViewController: UIViewController, TabViewOnboardingDelegate {}
class DaxDialogViewController: UIViewController {}

final class OnboardingPresenter {
    // duckduckgo/iOS ContextualOnboardingPresenter.swift: the receiver is typed by a protocol only
    func present(in vc: TabViewOnboardingDelegate) {
        vc.performSegue(withIdentifier: "DaxDialog", sender: nil)
    }

    func instantiate(from storyboard: UIStoryboard) -> UIViewController {
        storyboard.instantiateViewController(withIdentifier: "DaxDialogue")
    }
}
