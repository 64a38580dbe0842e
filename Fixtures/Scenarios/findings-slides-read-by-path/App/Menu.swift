import UIKit

let badge = UIImage(named: "Badge")
