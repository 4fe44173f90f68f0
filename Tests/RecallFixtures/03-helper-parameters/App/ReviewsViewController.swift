import UIKit

class ReviewsViewController: UIViewController {
    // firebase/quickstart-ios calls the helper with its default storyboard (a parameter's default is checked
    // only when some call takes it)
    func addReview() {
        navigationController?.pushViewController(NewReviewViewController.fromStoryboard(), animated: true)
    }
}
