/// The tool's version, as reports give it.
public enum TallCheckVersion {
    public static let current = "0.1.0"
}
