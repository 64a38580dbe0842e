using UIKit;

public class Screen
{
    public static UIImage Art () { return UIImage.FromBundle ("star"); }
}
