import UIKit

let tvBrand = UIImage(named: "brand")
