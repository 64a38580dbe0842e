import UIKit

let logo = UIImage(named: "logo")
let cover = UIImage(named: "Docs/cover")
