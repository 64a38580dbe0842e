import SwiftUI

struct PlayerBadge: View {
    var body: some View { Image("waveform.badge") }
}
