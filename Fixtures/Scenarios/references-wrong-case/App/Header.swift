import UIKit

let wrong = UIImage(named: "Icon")
let right = UIImage(named: "icon")
