import UIKit

func hourglassData() -> Data? {
    guard let url = Bundle.main.url(forResource: "Hourglass.png", withExtension: nil) else { return nil }
    return try? Data(contentsOf: url)
}
