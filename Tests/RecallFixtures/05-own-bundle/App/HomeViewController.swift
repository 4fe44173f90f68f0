import UIKit

class HomeViewController: UIViewController {
    static func make() -> UIViewController {
        UIStoryboard(name: "Mian", bundle: Bundle(for: HomeViewController.self)).instantiateInitialViewController()!
    }

    func showOther() {
        let storyboard = UIStoryboard(name: "Main", bundle: Bundle(for: type(of: self)))
        present(storyboard.instantiateViewController(withIdentifier: "Hom"), animated: true)
    }
}
