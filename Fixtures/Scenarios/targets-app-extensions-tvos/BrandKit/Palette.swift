import UIKit

let palette = UIImage(named: "palette", in: .main, compatibleWith: nil)
