import UIKit

public struct Country {
    public let code: String
    public var flag: UIImage? { UIImage(named: code.lowercased(), in: .module, with: nil) }
}
