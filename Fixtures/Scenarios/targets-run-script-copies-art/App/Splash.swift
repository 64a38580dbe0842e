import UIKit

let logo = UIImage(named: "logo")
let brand = UIImage(named: "branding-splash-logo")
let back = UIImage(named: "branding-splash-background")
