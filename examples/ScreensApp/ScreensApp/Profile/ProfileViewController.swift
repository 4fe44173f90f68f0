import UIKit

/// The reader's account: name, avatar and sign-out.
final class ProfileViewController: UIViewController {
    @IBOutlet private var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        // A table cell's nib: a view, not a screen.
        tableView.register(UINib(nibName: "AvatarCell", bundle: nil), forCellReuseIdentifier: "Avatar")
    }
}
