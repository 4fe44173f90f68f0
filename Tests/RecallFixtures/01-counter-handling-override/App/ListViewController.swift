import UIKit

class ListViewController: UIViewController {
    // handles "showDetail" itself: it never reaches UIKit
    override func performSegue(withIdentifier identifier: String, sender: Any?) {
        if identifier == "showDetail" {
            navigationController?.pushViewController(DetailViewController(), animated: true)
            return
        }
        super.performSegue(withIdentifier: identifier, sender: sender)
    }

    func open() {
        performSegue(withIdentifier: "showDetail", sender: nil)
    }
}

class DetailViewController: UIViewController {}
