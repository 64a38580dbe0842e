import UIKit

let shareLogo = UIImage(named: "share-logo")
