import UIKit

class DynamicController: UIViewController {
    func open(name: String, prefix: String) {
        _ = UIStoryboard(name: name, bundle: nil)
        _ = UIStoryboard(name: "\(prefix)Main", bundle: nil)
        _ = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: makeID())
        var changing = "A"
        changing = "B"
        performSegue(withIdentifier: changing, sender: nil)
    }
    func makeID() -> String { "x" }
}
