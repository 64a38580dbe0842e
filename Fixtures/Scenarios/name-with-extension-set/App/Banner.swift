import UIKit

let banner = UIImage(named: "banner.png")
let photo = UIImage(named: "photo.jpg")
