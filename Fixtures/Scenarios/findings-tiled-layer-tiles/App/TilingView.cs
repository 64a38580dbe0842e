using CoreAnimation;
using UIKit;

public class TilingView : UIView
{
    [Export ("layerClass")]
    public static Class LayerClass () { return new Class (typeof (CATiledLayer)); }

    UIImage Tile (float scale, int col, int row)
    {
        string path = String.Format ("Image/ImageTiles/Frog_{0}_{1}_{2}.png", (int)(scale * 1000), col, row);
        return UIImage.FromFile (path);
    }
}
