import UIKit

let cone = UIImage(named: "LaunchCone") ?? UIImage(named: "cone")
let gone = UIImage(named: "gone") ?? UIImage()
