import UIKit

class NewReviewViewController: UIViewController {
    // firebase/quickstart-ios firestore/FirestoreExample/NewReviewViewController.swift: the storyboard is a parameter
    // whose default value is a literal load
    static func fromStoryboard(_ storyboard: UIStoryboard = UIStoryboard(name: "Main", bundle: nil))
        -> NewReviewViewController {
        let controller = storyboard
            .instantiateViewController(
                withIdentifier: "NewReview"
            ) as! NewReviewViewController
        return controller
    }
}
