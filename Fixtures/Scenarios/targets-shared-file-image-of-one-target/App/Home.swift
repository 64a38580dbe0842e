import UIKit

let title = Config().wordmark
