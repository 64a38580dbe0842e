import UIKit

let introPath = Bundle.main.path(forResource: "Intro", ofType: "png")
let intro = introPath.flatMap { UIImage(contentsOfFile: $0) }
