using UIKit;

public class Screen
{
    public static UIImage Logo () { return UIImage.FromBundle ("Images/logo"); }
}
