import UIKit

let title = "Home"
