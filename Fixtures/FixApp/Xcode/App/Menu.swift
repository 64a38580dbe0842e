import UIKit

final class Menu {
    let images = [
        UIImage(named: "Avatar"), UIImage(named: "Star"), UIImage(named: "Arrow"), UIImage(named: "Welcome"),
        UIImage(named: "button"), UIImage(named: "Icon"), UIImage(named: "Levels/level1"),
    ]
}
