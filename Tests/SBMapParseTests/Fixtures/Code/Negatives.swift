import UIKit

class QuietViewController: UIViewController {
    func nothing() {
        // let vc = UIStoryboard(name: "Commented", bundle: nil).instantiateViewController(withIdentifier: "X")
        /* performSegue(withIdentifier: "BlockComment", sender: nil)
           /* nested */ UIStoryboard(name: "StillComment", bundle: nil) */
        let s = "UIStoryboard(name: \"InsideAString\", bundle: nil)"
        let t = """
            storyboard?.instantiateViewController(withIdentifier: "InMultiline")
            """
        let u = #"performSegue(withIdentifier: "InRaw", sender: nil)"#
        _ = (s, t, u)
    }

    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
        return identifier != "Nope"
    }

    override func performSegue(withIdentifier identifier: String, sender: Any?) {
        super.performSegue(withIdentifier: identifier, sender: sender)
    }
}
