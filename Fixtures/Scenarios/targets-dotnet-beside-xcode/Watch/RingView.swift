import SwiftUI

struct RingView: View {
    var body: some View { Image("ring") }
}
