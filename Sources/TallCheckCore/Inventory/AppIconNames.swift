/// Which loose images are app icons: the files the Info.plist lists (`CFBundleIconFile`,
/// `CFBundleIconFiles`, `CFBundleIcons`), matched by file name whatever folder an entry writes
/// (Xamarin Studio wrote `Resources/icon-57.png` for a file the project copies to the bundle's
/// top); and the names iOS looks for by convention at the bundle's top (`Icon.png`,
/// `Icon-72.png`, `Icon-Small-50@2x.png`, `Icon-60@2x.png`; actool's loose `AppIcon60x60@2x.png`)
/// when they land there. An `Icon.png` in a folder the app keeps (`images/Icon.png`) is no app
/// icon: iOS never looks there.
///
/// App icons follow their own size table (the app-icon rules), not the @2x/@3x scale rules.
package struct AppIconNames: Sendable {
    /// Base names the Info.plist lists, without their folders.
    private let listed: Set<String>

    package init(info: AppInfo?) {
        listed = Set(
            (info?.iconFiles ?? []).map { entry in
                let name = entry.split(separator: "/").last.map(String.init) ?? entry
                return ImageName(fileName: name).base
            })
    }

    /// Whether `image` is an app icon, in `bundle` (where it lands decides a conventional name).
    package func contains(_ image: ScannedImage, in bundle: BundleModel) -> Bool {
        let base = image.name.base
        if !listed.isEmpty, listed.contains(base) { return true }
        guard Self.isConventional(base) else { return false }
        let placements = bundle.placements(of: image.path)
        return placements.isEmpty || placements.contains { !$0.bundlePath.utf8.contains(UInt8(ascii: "/")) }
    }

    /// Whether an asset whose every file shares `base` is an app icon: one of its files is.
    package func contains(base: String, images: [ScannedImage], in bundle: BundleModel) -> Bool {
        // Asked of every asset: most names are neither listed nor conventional.
        guard listed.contains(base) || Self.isConventional(base) else { return false }
        return images.contains { contains($0, in: bundle) }
    }

    /// `Icon`, `Icon-` followed by sizes and the words Apple's icon names use (`Icon-72`,
    /// `Icon-Small-50`, `Icon-60`, `Icon-App-40x40`, `Icon-Spotlight-40`), `AppIcon…`, or
    /// `iTunesArtwork`.
    static func isConventional(_ base: String) -> Bool {
        // Asked of every image: most names start with neither letter.
        switch base.utf8.first {
        case UInt8(ascii: "I"):
            guard base.hasASCIIPrefix("Icon") else { return false }
            if base == "Icon" { return true }
            guard base.hasASCIIPrefix("Icon-") else { return false }
            return base.dropFirst(5).split(separator: "-", omittingEmptySubsequences: false).allSatisfy { part in
                conventionalWords.contains(String(part))
                    || !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "x" || $0 == ".") }
                        && part.first?.isNumber == true
            }
        case UInt8(ascii: "A"): return base.hasASCIIPrefix("AppIcon")
        // iTunes's artwork for an ad hoc or enterprise install (512 and 1024 px), read by name
        // from the bundle's root by iTunes and the device's install sheet, never by the app's
        // code (Apple's QA1686).
        case UInt8(ascii: "i"): return base == "iTunesArtwork"
        default: return false
        }
    }

    private static let conventionalWords: Set<String> = [
        "Small", "App", "Spotlight", "Settings", "Notification", "Marketing", "iPad", "iPhone", "Store",
    ]
}
