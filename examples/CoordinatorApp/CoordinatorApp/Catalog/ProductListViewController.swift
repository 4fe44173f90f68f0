import UIKit

final class ProductListViewController: UITableViewController {
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        // The detail lives in the storyboard this controller came from.
        guard let detail = storyboard?.instantiateViewController(withIdentifier: "ProductDetail") else { return }
        navigationController?.pushViewController(detail, animated: true)
    }

    @IBAction func showFilters(_ sender: UIBarButtonItem) {
        performSegue(withIdentifier: "showFilters", sender: sender)
    }
}
