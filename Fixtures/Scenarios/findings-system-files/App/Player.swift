import SwiftUI

struct PlayerBadge: View {
    var body: some View { Image("waveform.badge") }
}

// Xcode's complication template loads the set's images through its namespace.
let circular = UIImage(named: "Complication/Circular")
