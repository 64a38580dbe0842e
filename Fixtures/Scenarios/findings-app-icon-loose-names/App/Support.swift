import UIKit

let icon = UIImage(named: "AppIcon60x60")
let gone = UIImage(named: "AppIcon83.5x83.5")
