import UIKit
import SwiftUI

class HomeViewController: UIViewController {
    @IBAction func openProfile() {
        let profile = ProfileViewController(nibName: "Profile", bundle: nil)
        navigationController?.pushViewController(profile, animated: true)
    }
}

class DetailViewController: UIViewController {}

class ProfileViewController: UIViewController {}

/// The profile as a colleague sees it.
class ColleagueProfileViewController: ProfileViewController {
    init() { super.init(nibName: "Profile", bundle: nil) }
    required init?(coder: NSCoder) { fatalError() }

    override func viewDidLoad() {
        super.viewDidLoad()
        let badge = BadgeViewController()
        addChild(badge)
    }
}

/// A badge drawn over a profile.
class BadgeViewController: UIViewController {}

/// Everything the user has read, newest first.
class HistoryViewController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UINib(nibName: "FeedCell", bundle: nil), forCellReuseIdentifier: "cell")
    }
}

class AboutViewController: UIViewController {}

class FeedCell: UITableViewCell {}

/// Not a view controller: no screen, whatever code makes one.
final class Analytics: NSObject {}

struct SettingsView: View {
    var body: some View { Text("Settings") }
}
