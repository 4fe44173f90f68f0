import UIKit

enum SegueIdentifier: String {
    case showDetail
}

extension UIViewController {
    // a wrapper that forwards the identifier unchanged (artsy/eidolon's UIViewControllerExtensions.swift)
    func performSegue(_ identifier: SegueIdentifier) {
        self.performSegue(withIdentifier: identifier.rawValue, sender: self)
    }
}

class ListViewController: UIViewController {
    // defers the call and forwards it unchanged: it handles no identifier itself
    override func performSegue(withIdentifier identifier: String, sender: Any?) {
        DispatchQueue.main.async {
            super.performSegue(withIdentifier: identifier, sender: sender)
        }
    }

    func open() {
        performSegue(withIdentifier: "showDetail", sender: nil)
    }

    func openThroughWrapper() {
        performSegue(.showDetail)
    }
}

class DetailViewController: UIViewController {}
