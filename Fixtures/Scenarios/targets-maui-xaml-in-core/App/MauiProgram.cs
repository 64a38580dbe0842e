namespace App;

public static class MauiProgram { }
