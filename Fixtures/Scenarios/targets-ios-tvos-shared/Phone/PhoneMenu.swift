import UIKit

let menuBadge = UIImage(named: "badge")
