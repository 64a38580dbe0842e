/// How `resolve` picks a file.
public enum ResolveMode: String, Sendable, Hashable, CaseIterable {
    /// UIKit's rules for `UIImage(named:)` (ios-image-lookup.md).
    case uikit
    /// The common `-568h@2x` convention: on a tall phone, `<name>-568h@2x.<ext>` first.
    case tallSuffix = "tall-suffix"
    /// The same convention in a helper whose tall branch does not fall back (it loads the
    /// `-568h@2x` file with `FromFile` and returns what it gets): without that file, nil on a
    /// tall phone.
    case tallSuffixWithoutFallback = "tall-suffix-without-fallback"
}

/// The answer to "which file does this device load for this name?", or "how does the app
/// launch there?": data; `ResolutionText.swift` puts it into words.
public struct Resolution: Sendable, Hashable {
    public var device: DeviceQuery
    /// The name asked for; nil for a launch question.
    public var request: String?
    public var mode: ResolveMode
    /// The file that loads, relative to the scanned folder; nil when none does.
    public var file: String?
    /// Where that file sits in the built app (`Levels/map1.png`); nil for catalog images, which
    /// are compiled into `Assets.car`.
    public var bundlePath: String? = nil
    /// The scale of the file that loaded (not necessarily the screen's).
    public var scale: Int?
    /// Pixels ÷ scale.
    public var pointSize: PointSize?
    /// Every candidate considered, in order.
    public var tried: [String]
    /// Why this file, or none.
    public var reason: ResolutionReason
    /// Surprises worth knowing: files iOS would not find, case mismatches.
    public var remarks: [ResolutionNote]

    /// Whether the answer rests only on documented or well-attested behaviour; a finding built
    /// on an uncertain answer is at most a warning.
    public var isCertain: Bool {
        !reason.isUncertain && !remarks.contains(where: ReferenceMatrix.isUncertain)
    }

    /// For launch questions: how the app's screen looks.
    public var presentation: LaunchPresentation? {
        if case .launch(let presentation, _) = reason { presentation } else { nil }
    }
}

/// Why a name resolved as it did.
public enum ResolutionReason: Sendable, Hashable {
    /// The tall-suffix convention found the `-568h@2x` variant on a tall phone.
    case tallSuffix(variant: String)
    /// UIKit's scale order found a loose file at `foundScale` (below the screen's: upscaled).
    case scaleOrder(foundScale: Int)
    /// Only a file above the screen's scale exists; it is downscaled (observed, not documented).
    case higherScaleOnly(foundScale: Int)
    /// The name carries its own scale (`@2x`): that file, at that scale.
    case namedScale(Int)
    /// Nothing matches: `UIImage(named:)` returns nil.
    case noFile
    /// No loose file matches a name with an extension, and an image set has the name without
    /// it: whether UIKit finds the set is not documented (docs/names-with-extensions.md).
    case uncertainCatalogName(set: String)
    /// An asset catalog image set's entry, in the slot described.
    case catalogEntry(slot: String, isRetina4: Bool)
    /// A set's single unscaled entry, which serves every scale: a PDF or SVG (`vector`), or a
    /// bitmap marked single-scale.
    case singleScaleEntry(slot: String, vector: Bool)
    /// A custom symbol set (`.symbolset`): a vector template drawn at any size and scale.
    case symbolImage(set: String)
    /// The image set of that name has no file for the device.
    case emptyCatalogSet(folder: String)
    /// A launch question: how the app looks, and why.
    case launch(LaunchPresentation, LaunchReason)
}

extension ResolutionReason {
    /// Whether the answer rests on behaviour Apple does not document, so a finding built on it
    /// is at most a warning.
    public var isUncertain: Bool {
        if case .uncertainCatalogName = self { return true }
        return false
    }
}

/// Why the app launches as it does on a device.
public enum LaunchReason: Sendable, Hashable {
    /// `UILaunchStoryboardName` names a storyboard: native everywhere.
    case storyboard(String)
    /// `UILaunchScreen` (iOS 14) describes the launch screen: native everywhere.
    case launchScreenKey
    /// The catalog's launch image sets have no filled slot for the screen.
    case noCatalogSlot
    /// `UILaunchImages` has no entry for the screen and orientation.
    case noLaunchImagesEntry
    /// A `UILaunchImages` entry matches, but no file for its name exists.
    case entryWithoutFile(String)
    /// No file for the legacy launch image name exists.
    case noLegacyImage(LaunchImageSource)
    /// The 3.5-inch screen, which every app supports, with no launch image.
    case everyAppFits
    /// A launch image shows; the file is named by the source.
    case shows(LaunchImageSource)
    /// This file shows, found through the source.
    case showsFile(String, LaunchImageSource)
    /// The file found has the wrong size (or none readable), so iOS does not accept it.
    case wrongSize(fileName: String, LaunchImageSource, actual: PixelSize?, expected: PixelSize)
    /// A 4-inch phone without a `-568h@2x` launch image: letterboxed.
    case noTallVariant(base: String)
    /// Later phones need `UILaunchImages` entries or a storyboard, not just files.
    case filesAloneNotEnough
}

/// Where a launch image was found.
public enum LaunchImageSource: Sendable, Hashable {
    case catalogSet
    /// A `UILaunchImages` entry: its name and size in points.
    case launchImagesEntry(String, PointSize)
    /// A legacy name: `UILaunchImageFile`'s base, or `Default`, possibly through a variant.
    case legacyName(String, fromInfoPlist: Bool, through: LegacyVariant?)

    public enum LegacyVariant: Sendable, Hashable {
        /// iPad orientation fallbacks (`-Portrait`, `-Landscape`).
        case padOrientationFallback
        /// The `-568h@2x` name.
        case tallVariant
    }
}

/// Something surprising found while resolving.
public enum ResolutionNote: Sendable, Hashable {
    /// A file matches only when case is ignored.
    case caseMismatch(path: String, wanted: String)
    /// A file was probably meant to have the wanted name.
    case misnamed(path: String, wanted: String)
    /// Only a file above the screen's scale exists.
    case onlyHigherScale(screenScale: Int)
    /// A loose file with the name of an image set, which wins.
    case shadowedBySet(loosePath: String, set: String)
    /// A file of that base name is in the app, at another bundle path: ask for `askFor`.
    case elsewhereInBundle(path: String, bundlePath: String, askFor: String)
    /// A file of that base name is in the tree but not in the app.
    case notShipped(path: String, why: String)
    /// Asset catalog names carry no extension.
    case extensionOnCatalogName(set: String)
    /// An API that looks only in asset catalogs (SwiftUI's `Image`) would find this loose file
    /// only through `UIImage(named:)`.
    case looseFileForCatalogAPI(path: String)
    /// An image set of that name is in a catalog of the tree that this app does not compile.
    case setNotCompiled(set: String, folder: String)
    /// A tall-suffix helper without a fallback found no `-568h@2x` file on a tall phone.
    case tallBranchWithoutFallback(variant: String)
    /// `imageWithContentsOfFile:` was given a name without an extension.
    case fileNeedsExtension(wanted: String)
    /// The name is a set's inside a group that provides a namespace: ask with the group.
    case namespacedSet(set: String)
    /// The name is an app icon set's, which `UIImage(named:)` does not load (iOS 18 release
    /// notes, 130491812) and SwiftUI never finds.
    case appIconSet(set: String)
    /// A file of the name for the other idiom only (`~ipad`).
    case otherDevice(path: String, modifier: String)
    /// The app runs on iPhone only: on an iPad it runs in compatibility mode, as an iPhone of
    /// `bounds` at `scale`, and loads iPhone images.
    case iPhoneAppOnIPad(device: String, scale: Int, bounds: PointSize)
    /// A file of the name with another extension: `imageNamed:` adds `.png` only.
    case otherExtension(path: String, askFor: String)
}
