import UIKit
import Kingfisher
import AlamofireImage

final class ProfileViewController: UIViewController {
    @IBOutlet weak var avatarView: UIImageView!
    @IBOutlet weak var coverView: UIImageView!
    @IBOutlet weak var badgeView: UIImageView!

    func show(_ profile: Profile) {
        if let url = profile.avatarURL, let avatar = avatarView {
            ImageLoader.loadImage(with: url, into: avatar)
        }
        coverView?.kf.setImage(with: profile.coverURL)
        badgeView.af.setImage(withURL: profile.badgeURL)
    }
}
