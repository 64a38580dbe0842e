using UIKit;

public static class Tall
{
    public static UIImage FromBundle16x9 (string name)
    {
        if (UIScreen.MainScreen.Bounds.Height * UIScreen.MainScreen.Scale >= 1136)
            return UIImage.FromFile (name.Replace (".png", "-568h@2x.png"));
        return UIImage.FromBundle (name);
    }
}
