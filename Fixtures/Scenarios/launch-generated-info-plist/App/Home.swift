import SwiftUI

struct Home: View {
    var body: some View { Image("logo") }
}
