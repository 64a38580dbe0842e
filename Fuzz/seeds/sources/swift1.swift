let a = UIImage(named: "Badge")
Image("x", bundle: .main)
let f = UIImage(named: "flag_\(c)")
#imageLiteral(resourceName: "L")
Asset.Icons.star.image
R.image.star()
