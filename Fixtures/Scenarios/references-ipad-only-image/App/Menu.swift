import UIKit

final class Menu {
    let badge = UIImage(named: "Badge")
    let star = UIImage(named: "Star")
    // UIImage(named: "Commented") and "UIImage(named: \"InAString\")" ask for nothing.
    let text = "UIImage(named: \"InAString\")"
}
