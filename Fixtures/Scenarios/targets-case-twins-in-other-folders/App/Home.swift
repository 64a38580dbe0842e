import UIKit

let logo = UIImage(named: "logo")
let help = UIImage(named: "Help/img/Logo")
