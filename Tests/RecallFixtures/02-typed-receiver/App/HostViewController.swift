import UIKit

class HostViewController: UIViewController {
    var playerViewController: PlayerViewController!

    func showQueueFromProperty() {
        self.playerViewController.performSegue(withIdentifier: "showQueu", sender: nil)
    }

    func showQueueFromCast(_ top: UIViewController?) {
        if let player = top as? PlayerViewController {
            player.performSegue(withIdentifier: "showQueu", sender: nil)
        }
    }

    func showQueueFromInstantiated() {
        let player = storyboard!.instantiateViewController(withIdentifier: "Player") as! PlayerViewController
        player.performSegue(withIdentifier: "showQueu", sender: nil)
    }
}

class PlayerViewController: UIViewController {
    func later() {
        DispatchQueue.main.async { [weak self] in
            self?.performSegue(withIdentifier: "showQueu", sender: nil)
        }
        DispatchQueue.main.async { [weak self] in
            guard let strongSelf = self else { return }
            strongSelf.performSegue(withIdentifier: "showQueu", sender: nil)
        }
    }
}

class QueueViewController: UIViewController {}
