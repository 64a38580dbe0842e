import SwiftUI

struct StatusView: View {
    var body: some View {
        Image("vpn-on")
        // The app's catalog does not ship in the widget's bundle.
        Image("logo")
    }
}
