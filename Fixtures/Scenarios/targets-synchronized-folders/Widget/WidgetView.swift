import SwiftUI

struct StatusView: View {
    var body: some View {
        Image("vpn-on")
        Image(uiImage: UIImage(named: "star") ?? UIImage())
    }
}
