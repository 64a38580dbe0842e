import UIKit

let logo = UIImage(named: "logo")
let meal = UIImage(named: "Pre-Meal")
let bolus = UIImage(named: "bolus")
let workout = UIImage(named: "workout-symbol")
