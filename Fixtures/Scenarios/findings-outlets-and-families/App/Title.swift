import UIKit

func titleBadge() -> UIView {
    let badgeView = UIImageView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    badgeView.image = UIImage(named: "badge")
    return badgeView
}

final class SettingsCell: UITableViewCell {
    @IBOutlet var gearView: UIImageView!

    func fill() {
        gearView?.image = UIImage(named: "gear")
    }
}
