import UIKit

let backdrop = UIImage(named: "Backdrop")
let divider = UIImage(named: "Divider")?.resizableImage(withCapInsets: .zero)
let badge = UIImage(named: "Badge")
