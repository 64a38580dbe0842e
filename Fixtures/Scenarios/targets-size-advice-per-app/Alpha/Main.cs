public static class Names
{
    public const string Logo = "Images/Logo.png";
    public static UIImage Load(string name) => UIImage.FromBundle(name);
}
