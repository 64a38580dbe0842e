import SwiftUI

let on = Image("vpn-on")
let mark = Image("wordmark")
