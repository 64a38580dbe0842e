import UIKit

let logo = UIImage(named: "logo")
let check = UIImage(named: "pod-check")
