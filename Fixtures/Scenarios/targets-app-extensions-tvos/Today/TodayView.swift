import SwiftUI

struct TodayView: View {
    // The brand.
    var body: some View { Image("brand") }
}
