import UIKit

let trophy = UIImage(named: "trophy")
