import UIKit

let logo = UIImage(named: "logo")
