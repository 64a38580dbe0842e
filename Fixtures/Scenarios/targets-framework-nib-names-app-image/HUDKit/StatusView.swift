import UIKit

final class StatusView: UIView {}
