public static class Names
{
    public const string Logo = "Images/Logo.png";
}
