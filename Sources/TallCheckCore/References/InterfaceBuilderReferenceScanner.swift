import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The images a storyboard or xib (XML) names, with their lines (image-references.md,
/// "Storyboard / xib XML"): the attributes ``imageAttributes`` lists on the elements that show
/// an image, an image-typed user-defined runtime attribute, and the `<resources><image name=…>`
/// list, which IB writes for the same names: metadata, not a request (a resource no attribute
/// in the file names keeps its image but is never reported missing). SF Symbols (`catalog="system"`) are not the app's images.
///
/// An image-like attribute on an element the table does not know keeps an image from being
/// called unused but is never reported missing; `accessibilityTraits` (`image="YES"`) is a trait,
/// not a name.
///
/// A compiled storyboard (`.storyboardc`, `.nib`) is binary: there are no names to read.
package struct InterfaceBuilderReferenceScanner {
    /// What a reference's API says when its name may be a WatchKit animation's prefix (the
    /// pattern `name*` that keeps the numbered images; ``isAnimationPrefix(_:)``).
    package static let animationMark = " (animation)"

    /// Whether a reference is the numbered images of a WatchKit animation, by its name's prefix.
    package static func isAnimationPrefix(_ reference: ImageReference) -> Bool { reference.api.hasSuffix(animationMark) }

    /// ``ReadLimits/interfaceBuilderOutlets``.
    static let maxOutlets = ReadLimits.standard.interfaceBuilderOutlets
    /// ``ReadLimits/imageNameBytes``.
    static let maxNameBytes = ReadLimits.standard.imageNameBytes
    /// The attributes that name an image, by the element that shows it, as Interface Builder
    /// writes them in document format 3.0 (iOS, tvOS and WatchKit storyboards and xibs;
    /// docs/targets-and-platforms-facts.md cites the readers that agree).
    static let imageAttributes: [String: [String]] = [
        "imageView": ["image", "highlightedImage"],
        // A button's images are per state: `<state key="normal" image="…" backgroundImage="…"/>`.
        "state": ["image", "backgroundImage"],
        // WatchKit buttons and groups, and UIKit buttons' configurations (Xcode 13).
        "button": ["image", "backgroundImage"],
        "group": ["backgroundImage"],
        // A WatchKit interface controller's background: `<controller backgroundImage="bg.png">`.
        "controller": ["backgroundImage"],
        "buttonConfiguration": ["image", "background"],
        "imageReference": ["image"],
        "barButtonItem": ["image", "landscapeImage", "largeContentSizeImage"],
        "tabBarItem": ["image", "selectedImage", "landscapeImage", "largeContentSizeImage"],
        "navigationBar": ["backIndicatorImage", "backIndicatorTransitionMaskImage", "shadowImage", "backgroundImage"],
        "tabBar": ["backgroundImage", "selectionIndicatorImage", "shadowImage"],
        "toolbar": ["backgroundImage", "shadowImage"],
        "searchBar": ["backgroundImage", "scopeBarBackgroundImage"],
        "slider": ["minimumValueImage", "maximumValueImage", "thumbImage"],
        "segment": ["image"],
        "progressView": ["progressImage", "trackImage"],
        "textField": ["background", "disabledBackground"],
        "tableViewCell": ["image"],
        "collectionViewCell": ["image"],
    ]
    /// Attributes that name an image on most elements that have them, looked for on elements
    /// the table does not know.
    static let likelyAttributes = ["image", "backgroundImage", "highlightedImage", "selectedImage", "landscapeImage"]
    /// Elements whose image-like attributes are flags, not names.
    static let notImages: Set<String> = ["accessibilityTraits", "accessibility", "traits"]

    enum Failure: Error, CustomStringConvertible {
        case notInterfaceBuilder(String)

        var description: String {
            switch self {
            case .notInterfaceBuilder(let reason): reason
            }
        }
    }

    static func references(in source: [UInt8], path: String) throws(Failure) -> [ImageReference] {
        try scan(source, path: path).references
    }

    /// The file's references, and its outlet image views (``OutletFacts``).
    static func scan(_ source: [UInt8], path: String) throws(Failure) -> (
        references: [ImageReference], outlets: OutletFacts, note: String?
    ) {
        if let refusal = XMLPrecheck.refusal(source) { throw .notInterfaceBuilder(refusal) }
        let reader = ImageAttributeReader(source: source)
        let parser = XMLParser(data: Data(source))
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        let parsed = parser.parse()
        if let tooDeep = reader.tooDeep { throw .notInterfaceBuilder(tooDeep) }
        reader.fixPendingViews()
        guard parsed, parser.parserError == nil else {
            throw .notInterfaceBuilder(
                "not well-formed XML: " + (parser.parserError.map { "\($0.localizedDescription)" } ?? "unknown error"))
        }
        // A `<resources>` image that holds its own pixels (`<mutableData
        // key="keyedArchiveRepresentation">`, as Xcode stores an image pasted into a button) is the
        // document's own: its name (`button:aQB-Vr-ObR:image`) is no bundle lookup.
        let embedded = reader.embeddedImages
        if !embedded.isEmpty { reader.found.removeAll { embedded.contains($0.name) } }
        let fromAttributes = Set(reader.found.filter { !$0.isResource }.map(\.name))
        let api = path.hasSuffix(".xib") ? "xib" : "storyboard"
        let references = reader.found.filter { !$0.isResource || !fromAttributes.contains($0.name) }.map { found in
            // A `<resources>` entry no view of the file names is metadata IB left behind: it
            // loads nothing, so it is never reported missing (it still keeps the image).
            var reference = ImageReference(
                path: path, line: found.line, column: found.column, name: .literal(found.name),
                api: "\(api) \(found.attribute)", lookup: .interfaceBuilder,
                keepsOnly: found.keepsOnly || found.isResource)
            // The code holds the view (an outlet), or the view is a cell's template the code fills
            // in: the image may be a placeholder it replaces before anyone sees it.
            reference.codeMayReplace =
                found.inTemplate || found.elementID.map { reader.outletDestinations.contains($0) } == true
            reference.drawnScaled = found.drawnScaled
            reference.viewSize = found.viewSize
            return reference
        }
        // A WatchKit name that may be an animation's prefix keeps the numbered images too
        // (`LoadingIndicator` plays `LoadingIndicator1` … `LoadingIndicator30`).
        + reader.found.filter { $0.mayBeAnimation && !$0.isResource }.map { found in
            ImageReference(
                path: path, line: found.line, column: found.column, name: .pattern(NamePattern(parts: [found.name, nil])),
                api: "\(api) \(found.attribute)" + animationMark, lookup: .interfaceBuilder, keepsOnly: true)
        }
        var outlets = OutletFacts()
        for (property, destination, owner) in reader.outlets {
            guard let view = reader.imageViewsByID[destination] else { continue }
            outlets.imageViews.append(
                OutletFacts.ImageView(
                    property: property, scaled: view.scaled, lines: view.lines, size: view.size, owner: owner))
        }
        // The view as its own class's `self`.
        for (id, customClass) in reader.classedImageViews {
            guard let view = reader.imageViewsByID[id] else { continue }
            outlets.imageViews.append(
                OutletFacts.ImageView(
                    property: OutletFacts.ImageView.itself, scaled: view.scaled, lines: view.lines, size: view.size,
                    owner: customClass))
        }
        let note = reader.overlongName.map { overlong in
            "its `\(overlong.attribute)` value on line \(overlong.line) is \(overlong.bytes) bytes, longer than any "
                + "image name (at most \(maxNameBytes)); it was not read as one, and the rest of the file was"
        }
        return (references, outlets, note)
    }
}

private final class ImageAttributeReader: NSObject, XMLParserDelegate {
    struct Found {
        var name: String
        var attribute: String
        var line: Int
        var column: Int
        var isResource: Bool
        /// Read from an element the table does not know: a name, probably, but not surely shown.
        var keepsOnly = false
        /// The `id` of the element that names it.
        var elementID: String? = nil
        /// Inside a table or collection view cell: a template the code fills in.
        var inTemplate = false
        /// On an image view of a fixed width and height that scales its image to fit or fill.
        var drawnScaled = false
        /// That view's size, when its constraints give it.
        var viewSize: ViewSize? = nil
        /// A WatchKit group's or image's name, which may be an animation's prefix: WatchKit
        /// plays `name0`, `name1`, … when the images are numbered.
        var mayBeAnimation = false
    }

    /// The document's `targetRuntime` is WatchKit's.
    var isWatchKit = false

    /// The image views open, each with its `id`, whether its content mode scales, the range of
    /// ``found`` it named and whether constraints of its own fix its width, its height and the
    /// ratio of the two. A button is read as one too: its background images (`<state
    /// backgroundImage=…>`) fill its bounds, as an image view that scales to fill draws.
    private var imageViews: [ImageViewBeingRead] = []
    private struct ImageViewBeingRead {
        var id: String?
        var scales: Bool
        var found: Range<Int>
        /// A button: only the names of its background images are drawn at its size, and the
        /// names its `<state>` elements give are known at its end.
        var isButton = false
        var width = false
        var height = false
        var aspect = false
        /// The constants of equal width and height constraints, and the aspect's width ÷ height.
        var widthConstant: Double?
        var heightConstant: Double?
        var ratio: Double?

        /// Aspect-fit: the image is drawn within the view, whatever its own size.
        var fits = false
        /// Laid out by its frame and autoresizing mask, not constraints: a `fixedFrame` view, or
        /// any view of a document that does not use Auto Layout.
        var framed = false
        /// `<rect key="frame">`, and the sides its autoresizing mask lets the container resize.
        var frame: PointSize?
        var widthSizable = false
        var heightSizable = false

        /// The sides a frame nothing resizes sets.
        private var frameWidth: Double? { framed && !widthSizable ? frame?.width : nil }
        private var frameHeight: Double? { framed && !heightSizable ? frame?.height : nil }

        /// Fixed by its constraints: both sides, or one and the ratio of the two; or by a frame
        /// nothing resizes; or, for an aspect-fit view, one side of a set size, which the image is
        /// fitted within.
        var isFixed: Bool {
            let width = width || frameWidth != nil
            let height = height || frameHeight != nil
            return width && height || aspect && (width || height)
                || fits && ((widthConstant ?? frameWidth) != nil || (heightConstant ?? frameHeight) != nil)
        }

        /// Its size, when equal constraints and the ratio, or its frame, give it.
        var size: ViewSize? {
            let points: PointSize? =
                switch (widthConstant ?? frameWidth, heightConstant ?? frameHeight, ratio) {
                case (let width?, let height?, _): PointSize(width: width, height: height)
                case (let width?, nil, let ratio?) where ratio > 0: PointSize(width: width, height: width / ratio)
                case (nil, let height?, let ratio?): PointSize(width: height * ratio, height: height)
                // Aspect-fit within one side of a set size: the other is 0, no bound.
                case (let width?, nil, nil) where fits: PointSize(width: width, height: 0)
                case (nil, let height?, nil) where fits: PointSize(width: 0, height: height)
                default: nil
                }
            return points.map { ViewSize($0, fits: fits) }
        }
    }
    /// The document uses Auto Layout (`useAutolayout="YES"`): its views without `fixedFrame` are
    /// laid out by constraints, not their frames.
    private var usesAutoLayout = false

    /// An IB3-era archive's image view (`<object class="IBUIImageView">`), read from the
    /// values its object holds: `NSFrame` (or `NSFrameSize`), `NSvFlags`, whose autoresizing bits
    /// 2 and 16 let its container resize its width and height, and `IBUIContentMode` (0 scale to
    /// fill, 1 aspect-fit, 2 aspect-fill; absent: 0).
    private struct ArchiveViewBeingRead {
        /// The depth of its `<object>` element.
        var depth: Int
        var firstFound: Int
        var frame: PointSize?
        var flags = 0
        var contentMode = 0

        mutating func read(_ key: String, _ text: String) {
            switch key {
            case "NSFrame", "NSFrameSize":
                // `{{20, 20}, {75, 75}}` or `{75, 75}`: the last two numbers.
                let numbers = text.split(whereSeparator: { "{}, ".contains($0) }).compactMap { Double($0) }
                if numbers.count >= 2, let width = numbers.dropLast().last, let height = numbers.last, width > 0,
                    height > 0, width < PointSize.largestPlausible, height < PointSize.largestPlausible
                {
                    frame = PointSize(width: width, height: height)
                }
            case "NSvFlags": flags = Int(text.trimmingSpaces) ?? 0
            case "IBUIContentMode": contentMode = Int(text.trimmingSpaces) ?? 0
            default: break
            }
        }

        /// The size it draws its images at, when its mode scales and nothing resizes it.
        var size: ViewSize? {
            guard (0...2).contains(contentMode), let frame else { return nil }
            let fits = contentMode == 1
            let width = flags & 2 == 0 ? frame.width : 0
            let height = flags & 16 == 0 ? frame.height : 0
            guard width > 0 && height > 0 || fits && (width > 0 || height > 0) else { return nil }
            return ViewSize(width: width, height: height, fits: fits)
        }
    }
    private static let archiveViewKeys: Set<String> = ["NSFrame", "NSFrameSize", "NSvFlags", "IBUIContentMode"]
    private var archiveViews: [ArchiveViewBeingRead] = []
    private var finishedArchiveViews: [(view: ArchiveViewBeingRead, firstFound: Int, endFound: Int)] = []
    /// The key and text of an archive view's value being read.
    private var archiveText: (key: String, text: String)?
    /// An archive that holds layout constraints (Xcode 4.5's Auto Layout): frames say nothing.
    private var archiveHasConstraints = false

    private func archiveObjectStarted(_ objectClass: String) {
        if objectClass.hasSuffix("LayoutConstraint") { archiveHasConstraints = true }
        if objectClass == "IBUIImageView", archiveViews.count < Self.maxDepth {
            archiveViews.append(ArchiveViewBeingRead(depth: elements.count, firstFound: found.count))
        }
    }

    /// Each image view with an `id`: whether it draws its images scaled, and their lines.
    var imageViewsByID: [String: (scaled: Bool, lines: [Int], size: ViewSize?)] = [:]
    /// `<outlet property=… destination=…>`, in document order; at most ``maxOutlets``.
    var outlets: [(property: String, destination: String, owner: String)] = []
    /// Image views of a class of the app's (`customClass="NetworkImageView"`), by `id`: what that
    /// class's code does with `self.image` it does to these. At most ``maxOutlets``.
    var classedImageViews: [(id: String, customClass: String)] = []
    static let maxOutlets = InterfaceBuilderReferenceScanner.maxOutlets
    private static let scalingModes: Set<String> = ["scaleToFill", "scaleAspectFit", "scaleAspectFill"]
    /// The elements read as views that draw their images scaled (``ImageViewBeingRead``).
    private static let scalingViews: Set<String> = ["imageView", "button"]

    /// The `destination` of every `<outlet>`: views the code holds.
    var outletDestinations: Set<String> = []
    private static let templates: Set<String> = [
        "tableViewCell", "collectionViewCell", "collectionReusableView", "tableViewHeaderFooterView",
    ]

    let source: [UInt8]
    var found: [Found] = []
    var tooDeep: String?
    /// The first value where a name was expected but that is longer than any name: the attribute,
    /// its length in bytes and the line the element ends on.
    var overlongName: (attribute: String, bytes: Int, line: Int)?
    private var elements: [String] = []
    /// The text of an `NSResourceName` string being read, and where it started.
    private var resourceName: String?
    private var resourceLine = 0
    /// Byte offsets where each line starts, built on first use.
    private lazy var lineStarts: [Int] = {
        var starts = [0]
        for (offset, byte) in source.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        return starts
    }()

    init(source: [UInt8]) {
        self.source = source
    }

    /// ``ReadLimits/interfaceBuilderDepth``.
    static let maxDepth = ReadLimits.standard.interfaceBuilderDepth
    /// The longest attribute value taken for an image name.
    static let maxNameBytes = InterfaceBuilderReferenceScanner.maxNameBytes

    /// The names of `<resources>` images whose pixels the document holds.
    var embeddedImages: Set<String> = []
    /// The name of the `<resources>` image being read.
    private var imageResourceName: String?

    /// Scaling image views their own constraints do not fix: their container's may.
    private var pendingViews: [ImageViewBeingRead] = []
    /// The sides of each view (by `id`) that required, equal constraints tie to another view:
    /// ``Pin``'s bits.
    private var pins: [String: UInt8] = [:]
    private enum Pin {
        static let leading: UInt8 = 1
        static let trailing: UInt8 = 2
        static let top: UInt8 = 4
        static let bottom: UInt8 = 8
        static let width: UInt8 = 16
        static let height: UInt8 = 32

        static func bit(_ attribute: String?) -> UInt8 {
            switch attribute {
            case "leading", "left", "leadingMargin", "leftMargin": leading
            case "trailing", "right", "trailingMargin", "rightMargin": trailing
            case "top", "topMargin": top
            case "bottom", "bottomMargin": bottom
            case "width": width
            case "height": height
            default: 0
            }
        }
    }

    /// A required, equal constraint between two views (`firstItem` left out: the view whose
    /// `<constraints>` hold it) ties a side of each.
    private func pin(_ attributes: [String: String]) {
        guard (attributes["relation"] ?? "equal") == "equal", (attributes["priority"] ?? "1000") == "1000",
            elements.count >= 3, let second = attributes["secondItem"],
            let first = attributes["firstItem"] ?? parentIDs[parentIDs.count - 3], first != second
        else { return }
        for (item, attribute) in [(first, attributes["firstAttribute"]), (second, attributes["secondAttribute"])] {
            let bit = Pin.bit(attribute)
            guard bit != 0, pins[item] != nil || pins.count < Self.maxPinnedViews else { continue }
            pins[item, default: 0] |= bit
        }
    }
    /// Views whose pins are kept.
    static let maxPinnedViews = 4 * maxOutlets

    /// After the document: a scaling image view whose container ties both its sides in one
    /// direction (leading and trailing, or its width to another's) and the other direction too, or
    /// the other by its aspect ratio, is drawn at the size the layout gives it, not the image's.
    /// A self-sizing cell may yet take its height from the image: then the finding its size
    /// would have given is not made.
    func fixPendingViews() {
        if !archiveHasConstraints {
            for (view, first, end) in finishedArchiveViews {
                guard let size = view.size, first <= end, end <= found.count else { continue }
                for index in first..<end {
                    found[index].drawnScaled = true
                    found[index].viewSize = size
                }
            }
        }
        finishedArchiveViews = []
        for view in pendingViews {
            guard let id = view.id else { continue }
            let tied = pins[id] ?? 0
            func has(_ bits: UInt8) -> Bool { tied & bits == bits }
            let horizontal = view.width || has(Pin.width) || has(Pin.leading | Pin.trailing)
            let vertical = view.height || has(Pin.height) || has(Pin.top | Pin.bottom)
            guard horizontal && vertical || view.aspect && (horizontal || vertical) else { continue }
            for index in view.found where !view.isButton || found[index].attribute == "backgroundImage" {
                found[index].drawnScaled = true
            }
            imageViewsByID[id]?.scaled = true
        }
        pendingViews = []
    }

    /// The `id` of each open element (nil for those without one), for a button's `<state image=…>`.
    private var parentIDs: [String?] = []
    /// The `customClass` of each open element (nil for those without one): an outlet's owner.
    private var customClasses: [String?] = []

    /// The first error refuses the file: nothing after it is read (FoundationXML also keeps
    /// alive every error object it makes, so a hostile file of many errors would pile them up).
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        parser.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append(name)
        parentIDs.append(attributes["id"])
        customClasses.append(attributes["customClass"])
        if name == "document" {
            if attributes["targetRuntime"]?.lowercased().contains("watchkit") == true { isWatchKit = true }
            usesAutoLayout = attributes["useAutolayout"] == "YES"
        }
        if elements.count > Self.maxDepth {
            tooDeep = "elements nested more than \(Self.maxDepth) levels deep"
            parser.abortParsing()
            return
        }
        // An IB3-era xib names an image as `<string key="NSResourceName">gear.png</string>` inside
        // an `NSCustomResource` object: its text, read as it comes.
        if name == "string", attributes["key"] == "NSResourceName" {
            resourceName = ""
            resourceLine = parser.lineNumber
            return
        }
        if name == "outlet" || name == "outletCollection", let destination = attributes["destination"] {
            outletDestinations.insert(destination)
            if let property = attributes["property"], outlets.count < Self.maxOutlets {
                // `<object customClass="Cell"><connections><outlet …>`: the object's class holds it.
                let owner = elements.count >= 3 && elements[elements.count - 2] == "connections"
                    ? customClasses[customClasses.count - 3] ?? "" : ""
                outlets.append((property, destination, owner))
            }
        }
        // `<imageView><constraints><constraint firstAttribute="width" constant="…"/>`: a size of its own.
        // `secondItem` the view itself, width to height: an aspect ratio, which makes either a size.
        if name == "constraint", elements.count >= 3, elements[elements.count - 2] == "constraints" {
            pin(attributes)
        }
        if name == "mutableData", attributes["key"] == "keyedArchiveRepresentation", elements.count >= 3,
            elements[elements.count - 2] == "image", elements[elements.count - 3] == "resources",
            let image = imageResourceName, embeddedImages.count < Self.maxOutlets
        {
            embeddedImages.insert(image)
        }
        if name == "image", elements.count >= 2, elements[elements.count - 2] == "resources" {
            imageResourceName = attributes["name"]
        }
        if name == "constraint", elements.count >= 3, elements[elements.count - 2] == "constraints",
            Self.scalingViews.contains(elements[elements.count - 3]), !imageViews.isEmpty
        {
            let last = imageViews.count - 1
            let constant =
                (attributes["relation"] ?? "equal") == "equal" ? attributes["constant"].flatMap(Double.init) : nil
            if attributes["secondItem"] == nil {
                switch attributes["firstAttribute"] {
                case "width":
                    imageViews[last].width = true
                    imageViews[last].widthConstant = constant
                case "height":
                    imageViews[last].height = true
                    imageViews[last].heightConstant = constant
                default: break
                }
            } else if attributes["secondItem"] == imageViews[last].id,
                Set([attributes["firstAttribute"], attributes["secondAttribute"]]) == ["width", "height"]
            {
                imageViews[last].aspect = true
                // `multiplier="3:2"` or `"1.5"`: first ÷ second.
                let parts = (attributes["multiplier"] ?? "1").split(separator: ":").compactMap { Double($0) }
                let multiplier = parts.count == 2 && parts[1] != 0 ? parts[0] / parts[1] : parts.first ?? 1
                if multiplier > 0 {
                    imageViews[last].ratio = attributes["firstAttribute"] == "width" ? multiplier : 1 / multiplier
                }
            }
        }
        // `<imageView><rect key="frame" …/><autoresizingMask …/>`: the frame, and what resizes it.
        if elements.count >= 2, Self.scalingViews.contains(elements[elements.count - 2]), !imageViews.isEmpty {
            let last = imageViews.count - 1
            if name == "rect", attributes["key"] == "frame",
                let width = attributes["width"].flatMap(Double.init), let height = attributes["height"].flatMap(Double.init),
                width > 0, height > 0, width < PointSize.largestPlausible, height < PointSize.largestPlausible
            {
                imageViews[last].frame = PointSize(width: width, height: height)
            }
            if name == "autoresizingMask", attributes["key"] == "autoresizingMask" {
                imageViews[last].widthSizable = attributes["widthSizable"] == "YES"
                imageViews[last].heightSizable = attributes["heightSizable"] == "YES"
            }
        }
        if name == "object", let objectClass = attributes["class"] { archiveObjectStarted(objectClass) }
        if let key = attributes["key"], let last = archiveViews.indices.last,
            elements.count == archiveViews[last].depth + 1, Self.archiveViewKeys.contains(key)
        {
            archiveText = (key, "")
        }
        let firstFound = found.count
        defer {
            if name == "imageView" {
                imageViews.append(
                    ImageViewBeingRead(
                        id: attributes["id"],
                        scales: Self.scalingModes.contains(attributes["contentMode"] ?? "scaleToFill"),
                        found: firstFound..<found.count, fits: attributes["contentMode"] == "scaleAspectFit",
                        framed: attributes["fixedFrame"] == "YES" || !usesAutoLayout))
            } else if name == "button" {
                imageViews.append(
                    ImageViewBeingRead(
                        id: attributes["id"], scales: true, found: firstFound..<firstFound, isButton: true,
                        framed: attributes["fixedFrame"] == "YES" || !usesAutoLayout))
            }
        }
        guard attributes["catalog"] != "system", !InterfaceBuilderReferenceScanner.notImages.contains(name) else {
            return
        }
        let isResource = name == "image" && elements.dropLast().last == "resources"
        let known = InterfaceBuilderReferenceScanner.imageAttributes[name]
        var wanted = isResource ? ["name"] : known ?? InterfaceBuilderReferenceScanner.likelyAttributes
        // `<userDefinedRuntimeAttribute type="image" keyPath="icon" value="star"/>`: an @IBInspectable image.
        if name == "userDefinedRuntimeAttribute" {
            wanted = attributes["type"] == "image" ? ["value"] : []
        }
        for attribute in wanted {
            // Image names are short: a value of kilobytes names nothing (and would cost each rule).
            guard let value = attributes[attribute], !value.isEmpty else { continue }
            guard value.utf8.count <= Self.maxNameBytes else {
                if overlongName == nil { overlongName = (attribute, value.utf8.count, parser.lineNumber) }
                continue
            }
            // A flag such as image="YES" on an unknown element names no image.
            if known == nil, !isResource, ["YES", "NO"].contains(value) { continue }
            let (line, column) = position(of: attribute, endingLine: parser.lineNumber)
            found.append(
                Found(
                    name: value, attribute: isResource ? "resource" : attribute, line: line, column: column,
                    isResource: isResource,
                    keepsOnly: known == nil && !isResource && name != "userDefinedRuntimeAttribute",
                    elementID: attributes["id"] ?? (name == "state" ? parentIDs.dropLast().last ?? nil : nil),
                    inTemplate: elements.contains(where: Self.templates.contains),
                    mayBeAnimation: isWatchKit && (name == "group" || name == "image" || name == "button")))
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let (key, text) = archiveText, text.utf8.count < 64 { archiveText = (key, text + string) }
        guard let name = resourceName, name.utf8.count < 1024 else { return }
        resourceName = name + string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if let (key, text) = archiveText, let last = archiveViews.indices.last,
            elements.count == archiveViews[last].depth + 1
        {
            archiveViews[last].read(key, text)
            archiveText = nil
        }
        if name == "object", let last = archiveViews.indices.last, elements.count == archiveViews[last].depth {
            let view = archiveViews.removeLast()
            if finishedArchiveViews.count < Self.maxOutlets {
                finishedArchiveViews.append((view, firstFound: view.firstFound, found.count))
            }
        }
        elements.removeLast()
        parentIDs.removeLast()
        let customClass = customClasses.removeLast()
        if name == "button", var view = imageViews.popLast() {
            // `UIButton` draws a background image filling its bounds (`backgroundRect(forBounds:)`).
            view.found = view.found.lowerBound..<found.count
            let backgrounds = view.found.filter { found[$0].attribute == "backgroundImage" }
            if view.isFixed {
                for index in backgrounds {
                    found[index].drawnScaled = true
                    found[index].viewSize = view.size
                }
            } else if !backgrounds.isEmpty, view.id != nil, pendingViews.count < Self.maxOutlets {
                pendingViews.append(view)
            }
        }
        if name == "imageView", let view = imageViews.popLast() {
            let scaled = view.scales && view.isFixed
            let size = scaled ? view.size : nil
            if scaled {
                for index in view.found {
                    found[index].drawnScaled = true
                    found[index].viewSize = size
                }
            }
            if let id = view.id, imageViewsByID.count < Self.maxOutlets {
                imageViewsByID[id] = (scaled, view.found.map { found[$0].line }, size)
                if let customClass { classedImageViews.append((id, customClass)) }
                // Its container's constraints, read later, may yet fix it.
                if view.scales, !scaled, pendingViews.count < Self.maxOutlets { pendingViews.append(view) }
            }
        }
        if name == "string", let resource = resourceName?.trimmingSpaces {
            resourceName = nil
            // Kept, never reported missing: what the old archive's loader does with the name is not modelled.
            if !resource.isEmpty, resource.utf8.count < 1024 {
                found.append(
                    Found(
                        name: resource, attribute: "NSResourceName", line: max(resourceLine, 1), column: 1,
                        isResource: false, keepsOnly: true))
            }
        }
    }

    /// The line and column of ` attribute="` at or before the line the parser stands on (the
    /// start tag's end); the parser's own line when the text is not found.
    private func position(of attribute: String, endingLine: Int) -> (Int, Int) {
        let needle = Array(" \(attribute)=\"".utf8)
        var line = min(max(endingLine, 1), lineStarts.count)
        // Start tags IB writes span one line; look back a few for hand-wrapped ones.
        for _ in 0..<8 where line >= 1 {
            let start = lineStarts[line - 1]
            let end = line < lineStarts.count ? lineStarts[line] : source.count
            if let offset = Self.firstOffset(of: needle, in: source[start..<end]) {
                return (line, offset - start + 2)
            }
            line -= 1
        }
        return (max(endingLine, 1), 1)
    }

    private static func firstOffset(of needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        var index = bytes.startIndex
        while index + needle.count <= bytes.endIndex {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
