using UIKit;

public static class Badge { public static UIImage Image () => UIImage.FromBundle ("Image/Badge"); }
