import UIKit

final class MenuView: UIView {
    let button = UIImageView(image: UIImage(named: "Button"))
    let banner = UIImageView(image: UIImage(named: "Banner"))
    let photo = UIImageView(image: UIImage(named: "Photo"))

    func icon(size: Int) -> UIImage? {
        UIImage(named: "Icon-\(size)")
    }
}
