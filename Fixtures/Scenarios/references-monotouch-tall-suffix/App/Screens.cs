using UIKit;

public static class Screens
{
    // The seed's helper: name-568h@2x.png on a tall phone, else name.png.
    public static UIImage FromBundle16x9 (string name) { return UIImage.FromBundle (name); }
    public static UIImage Background () { return FromBundle16x9 ("Background"); }
    public static UIImage Menu () { return FromBundle16x9 ("Menu"); }
}
