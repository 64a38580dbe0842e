using UIKit;

public class HeaderView : UIImageView
{
    public HeaderView () : base (Tall.FromBundle16x9 ("Images/Header.png")) { }
}
