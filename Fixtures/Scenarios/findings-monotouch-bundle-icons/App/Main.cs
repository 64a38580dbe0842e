using UIKit;

public static class Application { }
