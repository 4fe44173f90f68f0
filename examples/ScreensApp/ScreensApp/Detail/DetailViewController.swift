import UIKit

/// One article, read in full.
final class DetailViewController: UIViewController {
    @IBOutlet private var body: UITextView!
}
