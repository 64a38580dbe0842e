public static class Names
{
    public const string Title = "Beta";
}
