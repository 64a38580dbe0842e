/// Which loose images are app icons: names starting with `Icon` or `AppIcon` (Xcode's and
/// Apple's sample names), and the files the Info.plist lists in `CFBundleIconFiles`.
///
/// App icons follow their own size table (the app-icon rules), not the @2x/@3x scale rules.
package struct AppIconNames: Sendable {
    /// Base names the Info.plist lists.
    private let listed: Set<String>

    package init(info: AppInfo?) {
        listed = Set((info?.iconFiles ?? []).map { ImageName(fileName: $0).base })
    }

    package func contains(base: String) -> Bool {
        // Asked of every image: most names start with neither letter, and most apps list none.
        switch base.utf8.first {
        case UInt8(ascii: "I"): if base.hasASCIIPrefix("Icon") { return true }
        case UInt8(ascii: "A"): if base.hasASCIIPrefix("AppIcon") { return true }
        default: break
        }
        return !listed.isEmpty && listed.contains(base)
    }
}
