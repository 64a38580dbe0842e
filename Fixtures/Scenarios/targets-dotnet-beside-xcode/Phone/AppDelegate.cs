using UIKit;

public class Screens
{
    public static UIImage Logo () { return UIImage.FromBundle ("logo"); }
    public static UIImage Camera () { return UIImage.FromBundle ("camera"); }
}
