import SwiftUI
import UIKit

public struct Badge: View {
    public var body: some View {
        Image("kit-badge", bundle: .module)
    }
}

public let arrow = UIImage(named: "kit-arrow", in: .module, with: nil)
public let sparkle = Image("kit-sparkle", bundle: .module)
// The app's own logo, from the main bundle: the package cannot know it.
public let hostLogo = UIImage(named: "logo")
