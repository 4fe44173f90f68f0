import UIKit

/// The reader's account: sign-in state and subscription, laid out in code.
final class AccountViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Account"
    }
}
