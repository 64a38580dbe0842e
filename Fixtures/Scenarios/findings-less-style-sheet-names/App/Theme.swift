import UIKit

let theme = "default"
