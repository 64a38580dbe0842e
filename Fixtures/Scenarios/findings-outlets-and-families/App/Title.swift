import UIKit

func titleBadge() -> UIView {
    let badgeView = UIImageView()
    badgeView.image = UIImage(named: "badge")
    badgeView.sizeToFit()
    return badgeView
}

final class SettingsCell: UITableViewCell {
    @IBOutlet var gearView: UIImageView!

    func fill() {
        gearView?.image = UIImage(named: "gear")
    }
}
