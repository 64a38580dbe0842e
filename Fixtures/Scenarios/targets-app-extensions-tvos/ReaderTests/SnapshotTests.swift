import UIKit

let fixture = UIImage(named: "fixture-only")
