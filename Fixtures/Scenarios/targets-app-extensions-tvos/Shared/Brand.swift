import UIKit

// The brand mark, in the app and in the widget.
let brand = UIImage(named: "brand")
