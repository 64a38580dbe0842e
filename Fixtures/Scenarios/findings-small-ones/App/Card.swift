import SwiftUI

let card = Image("card")
