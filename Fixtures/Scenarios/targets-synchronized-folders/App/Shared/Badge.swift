import UIKit

let badge = UIImage(named: "badge")
