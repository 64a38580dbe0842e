using UIKit;

public static class Home { public static UIImage Logo () => UIImage.FromBundle ("logo"); }
