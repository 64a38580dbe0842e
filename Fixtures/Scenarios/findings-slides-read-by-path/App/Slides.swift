import UIKit

let slides = ["slide-1.png", "slide-2.png"]

func slide(at index: Int) -> UIImage? {
    guard let url = Bundle.main.url(forResource: slides[index], withExtension: nil),
        let data = try? Data(contentsOf: url)
    else { return nil }
    return UIImage(data: data)
}
