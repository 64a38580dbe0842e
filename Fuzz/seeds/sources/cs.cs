UIImage.FromBundle ("a"); UIImage.FromFile ($"b{c}.png"); new UIImage (@"c""d"); Tall ("e"); FromBundle16x9 ("f" + g);
