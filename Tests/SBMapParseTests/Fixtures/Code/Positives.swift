import UIKit

// §7.1 load + by identifier, Swift 3+; a call split over lines.
final class HomeViewController: UIViewController {
    func showSettings() {
        let vc = UIStoryboard(name: "Settings", bundle: nil)
            .instantiateViewController(withIdentifier: "SettingsRoot")
        present(vc, animated: true)
    }

    // Pitfall 7: self.storyboard / storyboard?, identifier on the next line (GoMap).
    func showDetail() {
        let detail = storyboard?.instantiateViewController(
            withIdentifier: "Detail")
        _ = detail
        _ = self.storyboard!.instantiateViewController(identifier: "Detail", creator: { coder in nil })
    }

    // Pitfall 6: a local constant, and a local storyboard.
    func showLog() {
        let identifier = "Log"
        let sb = UIStoryboard.init(name: "Main", bundle: .main)
        _ = sb.instantiateViewController(withIdentifier: identifier)
        _ = sb.instantiateInitialViewController()
    }

    func go() {
        performSegue(withIdentifier: "showDetail", sender: self)
        self.performSegue(withIdentifier: SegueIdentifier.confirmBid.rawValue, sender: nil)
    }

    @IBAction func unwindToHome(segue: UIStoryboardSegue) {}
    @IBAction func unwindHere(_ unwindSegue: UIStoryboardSegue) {}
}

// Pitfall 3: String enums, with and without raw values.
enum SegueIdentifier: String {
    case confirmBid = "Confirm Bid"
    case showDetail
}

// Pitfall 2: nested constants, used through a dotted path from another file.
struct MainStoryboard {
    static let name = "Main"
    struct Identifiers {
        static let emptyViewController = "emptyViewController"
    }
}

// Pitfall 4: a helper that returns a storyboard.
extension UIStoryboard {
    static var add: UIStoryboard { UIStoryboard(name: "Add", bundle: nil) }
}

// Swift 2 era spellings.
class LegacyController: UIViewController {
    func old() {
        let vc = storyboard?.instantiateViewControllerWithIdentifier(MainStoryboard.Identifiers.emptyViewController)
        _ = vc
        performSegueWithIdentifier("legacySegue", sender: self)
    }
}
