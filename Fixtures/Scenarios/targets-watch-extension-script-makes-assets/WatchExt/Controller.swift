import WatchKit

let ring = UIImage(named: "ring")
