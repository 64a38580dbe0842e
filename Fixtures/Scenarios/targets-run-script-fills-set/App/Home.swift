import UIKit

let logo = UIImage(named: "wordmark")
let launch = UIImage(named: "launchscreen")
