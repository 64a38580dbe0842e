import UIKit

let poster = UIImage(named: "poster")
let badge = UIImage(named: "badge")
