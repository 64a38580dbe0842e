/// The example app under `Fixtures/ExampleApp`, the README's quick start runs on: a small
/// iOS source tree with the mistakes TallCheck exists to find. This list is its only source;
/// `Scripts/make-fixtures` writes the files from it.
enum ExampleApp {
    struct File {
        var path: String
        var bytes: [UInt8]
        /// What `inspect --verify` must report for it.
        var verify: ProbeOutcome
        /// What header-only `inspect` must report, when it differs.
        var header: ProbeOutcome? = nil
    }

    static let folder = "Fixtures/ExampleApp"

    /// Code that asks for the images by name, for the device matrix (`tallcheck references`,
    /// the HTML report): every name it asks for exists, so it adds no finding.
    static let sources: [(path: String, text: String)] = [
        (
            "Sources/MenuView.swift",
            """
            import UIKit

            final class MenuView: UIView {
                let button = UIImageView(image: UIImage(named: "Button"))
                let banner = UIImageView(image: UIImage(named: "Banner"))
                let photo = UIImageView(image: UIImage(named: "Photo"))

                func icon(size: Int) -> UIImage? {
                    UIImage(named: "Icon-\\(size)")
                }
            }

            """
        )
    ]

    static let files: [File] = [
        File(
            path: "Default.png",
            bytes: PNGBuilder(width: 320, height: 480, colorType: 2, paint: Art.launch(320, 480)).encoded(),
            verify: .valid(width: 320, height: 480)),
        File(
            path: "Default@2x.png",
            bytes: PNGBuilder(width: 640, height: 960, colorType: 2, paint: Art.launch(640, 960)).encoded(),
            verify: .valid(width: 640, height: 960)),
        // The status bar's 40 pixels subtracted: the app would run letterboxed on 4-inch iPhones.
        File(
            path: "Default-568h@2x.png",
            bytes: PNGBuilder(width: 640, height: 1096, colorType: 2, paint: Art.launch(640, 1096)).encoded(),
            verify: .valid(width: 640, height: 1096)),
        File(
            path: "Images/Button.png", bytes: PNGBuilder(width: 44, height: 44, paint: Art.button(44, 44)).encoded(),
            verify: .valid(width: 44, height: 44)),
        File(
            path: "Images/Button@2x.png", bytes: PNGBuilder(width: 88, height: 88, paint: Art.button(88, 88)).encoded(),
            verify: .valid(width: 88, height: 88)),
        // Four pixels short of 3 × 44: a narrower button on @3x phones, and blurry in a 44-pt view.
        File(
            path: "Images/Button@3x.png",
            bytes: PNGBuilder(width: 128, height: 132, paint: Art.button(128, 132)).encoded(),
            verify: .valid(width: 128, height: 132)),
        // Copied out of a built app: most tools cannot open it.
        File(
            path: "Images/Icon-60@2x.png",
            bytes: PNGBuilder(width: 120, height: 120, cgbi: true, paint: Art.icon(120, 120)).encoded(),
            verify: .valid(width: 120, height: 120)),
        File(
            path: "Images/Photo@2x.png", bytes: minimalJPEG(width: 640, height: 400),
            verify: .valid(width: 640, height: 400)),
        // A half-downloaded asset: its header is fine, its image data ends early.
        File(
            path: "Images/Banner@2x.png",
            bytes: truncated(PNGBuilder(width: 300, height: 100, noisy: true), inside: "IDAT", after: 5000),
            verify: .invalid("truncated"), header: .valid(width: 300, height: 100)),
    ]
}

/// The example app's pictures, drawn at any size so every scale of an image shows the same
/// thing: what the HTML report's thumbnails and launch previews show.
enum Art {
    typealias Paint = @Sendable (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)

    /// A blue sky fading to white, a white sun, and a progress bar.
    static func launch(_ width: Int, _ height: Int) -> Paint {
        { x, y in
            let u = Double(x) / Double(width)
            let v = Double(y) / Double(height)
            let sun = (u - 0.5) * (u - 0.5) + (v - 0.38) * (v - 0.38) * Double(height * height) / Double(width * width)
            if sun < 0.12 * 0.12 || (v > 0.8 && v < 0.82 && u > 0.3 && u < 0.7) { return (255, 255, 255, 255) }
            return (UInt8(40 + 130 * v), UInt8(110 + 110 * v), UInt8(200 + 50 * v), 255)
        }
    }

    /// A blue round button with a white ring, on transparency.
    static func button(_ width: Int, _ height: Int) -> Paint {
        { x, y in
            let dx = (Double(x) + 0.5) / Double(width) - 0.5
            let dy = (Double(y) + 0.5) / Double(height) - 0.5
            let r = (dx * dx + dy * dy).squareRoot()
            if r > 0.48 { return (0, 0, 0, 0) }
            if r > 0.3 && r < 0.36 { return (255, 255, 255, 255) }
            return (0, 122, 255, 255)
        }
    }

    /// An orange rounded square with a white dot: pure colours, so a swapped channel shows.
    static func icon(_ width: Int, _ height: Int) -> Paint {
        { x, y in
            let dx = abs((Double(x) + 0.5) / Double(width) - 0.5)
            let dy = abs((Double(y) + 0.5) / Double(height) - 0.5)
            let corner = max(dx - 0.3, 0) * max(dx - 0.3, 0) + max(dy - 0.3, 0) * max(dy - 0.3, 0)
            if corner > 0.2 * 0.2 { return (0, 0, 0, 0) }
            if dx * dx + dy * dy < 0.15 * 0.15 { return (255, 255, 255, 255) }
            return (255, 149, 0, 255)
        }
    }
}
