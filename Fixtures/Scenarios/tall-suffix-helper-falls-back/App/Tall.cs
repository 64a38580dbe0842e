using UIKit;

public static class Tall
{
    public static UIImage FromBundle16x9 (string name)
    {
        var tall = UIImage.FromFile (name.Replace (".png", "-568h@2x.png"));
        return tall ?? UIImage.FromBundle (name);
    }
}
