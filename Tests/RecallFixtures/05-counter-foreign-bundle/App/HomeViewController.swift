import UIKit

class HomeViewController: UIViewController {
    func showConsole() {
        let bundle = Bundle(path: Bundle.main.path(forResource: "LumberjackConsole", ofType: "bundle")!)
        let storyboard = UIStoryboard(name: "LumberjackConsole", bundle: bundle)
        present(storyboard.instantiateInitialViewController()!, animated: true)
    }
}
