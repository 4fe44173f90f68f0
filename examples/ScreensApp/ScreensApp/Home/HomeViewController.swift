import UIKit

/// Today's articles, the first tab. Tapping one opens its detail; the gear opens the settings.
final class HomeViewController: UIViewController {
    weak var coordinator: AppCoordinator?

    @IBAction func openArticle(_ sender: Any) {
        coordinator?.showDetail(from: self)
    }

    @IBAction func openSettings(_ sender: Any) {
        coordinator?.showSettings()
    }
}
