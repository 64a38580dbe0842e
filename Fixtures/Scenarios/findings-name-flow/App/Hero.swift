import SwiftUI

struct HeroView: View {
    var body: some View {
        VStack {
            Image(.heroImage)
            Image(uiImage: Asset.Icons.star.image)
            Image(uiImage: R.image.tabBarHome()!)
        }
    }
}
