import UIKit

/// The books the reader saved, laid out in code: no storyboard and no xib.
final class LibraryViewController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Library"
    }
}
