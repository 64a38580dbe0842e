using UIKit;

public class TilingView : UIView
{
    public string ImageName = "Frog";

    UIImage Tile (float scale, int col, int row)
    {
        string path = String.Format ("/Image/ImageTiles/{0}_{1}_{2}_{3}.png", ImageName, (int)(scale * 1000), col, row);
        return UIImage.FromFile (path);
    }

    UIImage Placeholder (string name)
    {
        var p = String.Format ("/Image/PlaceholderImages/{0}_Placeholder", name);
        return UIImage.FromBundle (p + ".png");
    }
}
