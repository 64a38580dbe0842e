import UIKit

func flag(for code: String) -> UIImage? {
    UIImage(named: "flag_\(code)")
}
let badge = UIImage(named: "Badge")
