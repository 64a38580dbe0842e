import UIKit

let home = UIImage(named: "tab-home")
