import UIKit

let banner = UIImage(named: "banner.png")
