/// One place in the app's code or Interface Builder files that asks for an image by name.
///
/// Every scanner (Swift, Objective-C, C#, storyboards and xibs) produces these, so checking
/// and reporting need not know which language a reference came from.
public struct ImageReference: Sendable, Hashable {
    /// What the code asks for.
    public enum Name: Sendable, Hashable {
        /// A name fixed in the code: `"Badge"`, `"photo.jpg"`, `"Icons/star"`.
        case literal(String)
        /// A name built at run time (`"flag_\(code)"`): never reported missing; the images it can
        /// match count as used.
        case pattern(NamePattern)
        /// A generated accessor (`UIImage(resource: .heroImage)`, `Asset.Icons.star.image`,
        /// `R.image.star()`): the identifiers, mapped back to a catalog set by the generator's
        /// naming rules when the inventory is known.
        case symbol(AssetSymbol)
    }

    /// The source file, relative to the scanned folder, escaped for display.
    public var path: String
    /// 1-based.
    public var line: Int
    /// 1-based, in UTF-8 bytes, as compilers count columns.
    public var column: Int
    public var name: Name
    /// The API as people write it: `UIImage(named:)`, `imageNamed:`, `UIImage.FromBundle`,
    /// `storyboard image`.
    public var api: String
    /// How iOS looks the name up.
    public var lookup: ImageLookup
    /// UIKit's rules, or the `-568h@2x` tall-suffix convention (`FromBundle16x9`).
    public var mode: ResolveMode
    /// The code names a bundle other than the main one (`Bundle(for:)`, `Bundle.module`): its
    /// images may live elsewhere, so a name not found here is not reported.
    public var inOtherBundle: Bool
    /// The name was read where it may not be an image (an Interface Builder element TallCheck
    /// does not know): it keeps an image from being called unused, and is never reported missing.
    public var keepsOnly: Bool
    /// An Interface Builder view the code may give another image: one it holds an outlet to, or
    /// a cell's template. A missing name there may never show: at most a warning.
    public var codeMayReplace = false
    /// An Interface Builder view whose outlet the code gives an image (`comboImage?.image = …`):
    /// its name here is a placeholder. Joined across files after each file's scan (``OutletFlows``).
    public var codeSetsImage = false
    /// The view is one an image-loading library fills from a URL, setting its image at once to
    /// the library's placeholder (``OutletFacts/Assignment/replacesAtOnce``): its name here is
    /// Interface Builder's preview, never shown.
    public var loaderClearsImage = false
    /// Where it is shown, the image is drawn at its view's size, never its own: SwiftUI's
    /// `.resizable()`, an Interface Builder image view of a fixed size. Sub-point size findings
    /// do not show there.
    public var drawnScaled = false
    /// The size of the view that draws it scaled, when constraints of the view's own (or a
    /// frame nothing resizes) fix it: a variant made exactly that size draws 1:1 there.
    public var viewSize: ViewSize? = nil
    /// The bundle is `Bundle.module`: a Swift package target's own resource bundle.
    public var inModuleBundle = false
    /// The platforms its line is compiled for (`#if os(macOS)`); nil for every platform.
    public var platforms: Set<Platform>? = nil

    public init(
        path: String, line: Int, column: Int, name: Name, api: String, lookup: ImageLookup,
        mode: ResolveMode = .uikit, inOtherBundle: Bool = false, keepsOnly: Bool = false
    ) {
        self.keepsOnly = keepsOnly
        self.path = path
        self.line = line
        self.column = column
        self.name = name
        self.api = api
        self.lookup = lookup
        self.mode = mode
        self.inOtherBundle = inOtherBundle
    }

    /// The reference as a target of `platform` sees it: a name in code not compiled for the
    /// platform keeps its image from being called unused (the directive may be misread), and is
    /// never reported missing.
    public func compiled(for platform: Platform) -> ImageReference {
        guard let platforms, !platforms.contains(platform) else { return self }
        var excluded = self
        excluded.keepsOnly = true
        return excluded
    }

    /// A storyboard's or xib's `<resources>` entry that no view of the file names: metadata
    /// Interface Builder left behind, which draws nothing.
    public var isInterfaceBuilderMetadata: Bool { lookup == .interfaceBuilder && api.hasSuffix(" resource") }

    /// The fixed name, if the code fixes one.
    public var literalName: String? {
        if case .literal(let name) = name { name } else { nil }
    }

    /// `flag_*`, `Badge` or `.heroImage`, for reports.
    public var shownName: String { name.shown }
}

/// How an API finds the file for a name (image-references.md).
public enum ImageLookup: String, Sendable, Hashable {
    /// `imageNamed:` and everything built on it: asset catalogs first, then loose files, PNG
    /// assumed without an extension, the screen's scale and device picked.
    case named
    /// `imageWithContentsOfFile:`: a loose file by its path, extension required, the `@2x` file
    /// picked by the screen; asset catalogs are not searched.
    case file
    /// SwiftUI's `Image("…")`: asset catalogs only, as far as the evidence goes.
    case catalog
    /// A storyboard or xib: `imageNamed:` when the nib loads, as far as the evidence goes.
    case interfaceBuilder
}

/// A name with parts only known at run time: `flag_*` for `"flag_\(code)"`.
public struct NamePattern: Sendable, Hashable, CustomStringConvertible {
    /// The fixed text between the unknown parts; an unknown part sits between each two.
    public var pieces: [String]

    /// `["flag_", ""]` is `flag_*`.
    public init(pieces: [String]) {
        self.pieces = pieces.count >= 2 ? pieces : (pieces.first.map { [$0, ""] } ?? ["", ""])
    }

    /// A pattern from parts that are either fixed text or unknown (nil).
    public init(parts: [String?]) {
        var pieces = [""]
        var lastWasUnknown = false
        for part in parts {
            if let text = part {
                pieces[pieces.count - 1] += text
                lastWasUnknown = false
            } else if !lastWasUnknown {
                pieces.append("")
                lastWasUnknown = true
            }
        }
        self.init(pieces: pieces)
    }

    /// Whether there is any fixed text at all: `*` alone matches every name and says nothing.
    public var isInformative: Bool { pieces.contains { !$0.isEmpty } }

    public var description: String { pieces.joined(separator: "*") }

    /// Whether `name` can be what the code builds at run time.
    public func matches(_ name: String) -> Bool {
        // Most names fail on the first piece: check it before building anything.
        guard name.utf8.starts(with: pieces[0].utf8) else { return false }
        let text = Array(name.utf8)
        let fixed = pieces.map { Array($0.utf8) }
        guard fixed.count >= 2 else { return text == fixed.first }
        guard text.starts(with: fixed[0]), text.count >= fixed[0].count + fixed[fixed.count - 1].count,
            text.suffix(fixed[fixed.count - 1].count).elementsEqual(fixed[fixed.count - 1])
        else { return false }
        // Middle pieces, each at its first place after the last: greedy is exact for `*` globs.
        var position = fixed[0].count
        let end = text.count - fixed[fixed.count - 1].count
        for piece in fixed.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = Self.firstIndex(of: piece, in: text, from: position, before: end) else { return false }
            position = found + piece.count
        }
        return position <= end
    }

    private static func firstIndex(of piece: [UInt8], in text: [UInt8], from start: Int, before end: Int) -> Int? {
        guard end - start >= piece.count else { return nil }
        for index in start...(end - piece.count) where text[index..<(index + piece.count)].elementsEqual(piece) {
            return index
        }
        return nil
    }
}

/// A generated asset accessor, by the generator that writes it.
public struct AssetSymbol: Sendable, Hashable, CustomStringConvertible {
    public enum Generator: String, Sendable, Hashable {
        /// Xcode 15's generated asset symbols: `ImageResource.heroImage`, `.heroImage`.
        case xcode
        /// SwiftGen's `xcassets` templates: `Asset.Icons.star`.
        case swiftGen
        /// R.swift: `R.image.icons.star`.
        case rSwift
    }

    public var generator: Generator
    /// The identifiers after the generator's root, outermost first: `["Icons", "star"]`.
    public var path: [String]

    public init(generator: Generator, path: [String]) {
        self.generator = generator
        self.path = path
    }

    public var description: String {
        switch generator {
        case .xcode: "." + path.joined(separator: ".")
        case .swiftGen: "Asset." + path.joined(separator: ".")
        case .rSwift: "R.image." + path.joined(separator: ".")
        }
    }
}
