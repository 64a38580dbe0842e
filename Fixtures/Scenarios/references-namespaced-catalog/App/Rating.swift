import SwiftUI

struct Rating: View {
    var body: some View {
        Image("Icons/star")
        Image("star")
    }
}
