import UIKit

enum Icons {
    static let close = "close-button"
}

func icon(_ name: String) -> UIImage? {
    UIImage(named: name)
}

final class Toolbar {
    let back = icon("back-arrow")
    let close = UIImage(named: Icons.close)
    let logo: UIImage = .partnerLogo

    var previewName: String { "AppIcon-\(appearance)-preview" }
    var appearance = "Dark"
}
