import UIKit

final class AvatarCell: UITableViewCell {
    @IBOutlet var avatar: UIImageView!
}
