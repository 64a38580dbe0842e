import UIKit

let logo = UIImage(named: "logo")
func lockImage() -> UIImage? {
    if #available(iOS 13.0, *) {
        return UIImage(systemName: "lock.rotation")
    } else {
        return UIImage(named: "lock.rotation")
    }
}
