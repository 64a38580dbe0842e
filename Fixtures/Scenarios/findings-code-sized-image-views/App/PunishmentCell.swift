import UIKit

final class PunishmentCell: UITableViewCell {
    let iconView = UIImageView()

    override func layoutSubviews() {
        super.layoutSubviews()
        iconView.contentMode = .scaleAspectFit
        iconView.frame = CGRect(x: 8, y: 7, width: 44, height: 44)
    }
}
