import UIKit

struct Config {
    let wordmark = UIImage(named: "wordmark")
}
