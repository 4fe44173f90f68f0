import UIKit

class ReviewsViewController: UIViewController {
    // firebase/quickstart-ios calls the helper with its default storyboard (issue 28, point 8: a default is checked
    // only when some call takes it)
    func addReview() {
        navigationController?.pushViewController(NewReviewViewController.fromStoryboard(), animated: true)
    }
}
