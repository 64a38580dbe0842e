import UIKit

let toolbar = UIImage(named: "toolbar")
#if os(watchOS)
let crown = UIImage(named: "digital-crown")
#endif
#if targetEnvironment(macCatalyst)
let menuBar = UIImage(named: "menu-bar")
#endif
let gone = UIImage(named: "toolbar-old")
