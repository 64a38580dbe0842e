import UIKit

enum Theme {
    static var dark = false
    static func heroImageName() -> String {
        dark ? "hero-dark" : "hero-light"
    }
    // Its screen is gone: nothing calls it.
    static func legacyBannerImageName() -> String { "legacy-banner" }
}

enum Promo {
    static let spring = "promo-banner-spring"
    static let summer = "promo-banner-summer"
    static let autumn = "promo-banner-autumn"
}

final class HeroViewController: UIViewController {
    @IBOutlet weak var heroView: UIImageView!
    @IBOutlet weak var badgeView: UIImageView!

    override func viewDidLoad() {
        super.viewDidLoad()
        heroView.image = UIImage(named: Theme.heroImageName())
    }
}
