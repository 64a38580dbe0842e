import UIKit
import DesignKit

let logo = UIImage(named: "logo")
