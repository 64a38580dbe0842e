import UIKit

func configure(_ cell: PunishmentCell, banned: Bool) {
    cell.iconView.image = banned ? UIImage(named: "title-banned") : UIImage(named: "title-probation")
}
