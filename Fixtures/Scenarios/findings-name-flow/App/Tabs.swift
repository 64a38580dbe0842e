import UIKit

enum Tab: String, CaseIterable {
    case home, profile

    var icon: UIImage? { UIImage(named: "tab-\(rawValue)") }
}

enum Setting: String {
    case notifications, privacy

    var image: UIImage? { UIImage(named: rawValue) }
}

enum Badge: String {
    case gold = "badge-gold"
}
