import Foundation

/// The images this module ships, by the names the code asks for.
public enum Gallery {
    public static let names = ["Button", "Star"]

    /// The bundled file for a name at a scale, as UIImage(named:) would pick it on that screen.
    public static func url(for name: String, scale: Int) -> URL? {
        let suffix = scale == 1 ? "" : "@\(scale)x"
        return Bundle.module.url(forResource: "\(name)\(suffix)", withExtension: "png", subdirectory: "Images")
    }
}
