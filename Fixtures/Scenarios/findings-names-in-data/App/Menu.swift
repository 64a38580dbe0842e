import UIKit

struct MenuItem: Decodable {
    let title: String
    let icon: String

    var image: UIImage? { UIImage(named: icon) }
}
