using System.IO;
using UIKit;

public static class Tall
{
    static string tallMagic = "-568h@2x";

    public static bool IsTall {
        get {
            return UIDevice.CurrentDevice.UserInterfaceIdiom == UIUserInterfaceIdiom.Phone
                && UIScreen.MainScreen.Bounds.Height * UIScreen.MainScreen.Scale >= 1136;
        }
    }

    public static UIImage FromBundle16x9 (string path)
    {
        if (IsTall) {
            var folder = Path.GetDirectoryName (path);
            var file = Path.GetFileNameWithoutExtension (path) + tallMagic + Path.GetExtension (path);
            return UIImage.FromFile (Path.Combine (folder, file));
        }
        return UIImage.FromBundle (path);
    }
}
