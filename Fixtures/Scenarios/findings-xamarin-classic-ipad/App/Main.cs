using UIKit;

public class GalleryController : UIViewController
{
    public override void ViewDidLoad ()
    {
        View.AddSubview (new UIImageView (UIImage.FromBundle ("Background")));
    }
}
