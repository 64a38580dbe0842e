#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One probed image, under the path reports show.
public struct InspectedImage: Sendable, Hashable {
    public var path: String
    public var facts: ImageFacts
    /// For a rendition of a compiled asset catalog (`path` is the catalog's), what it is.
    var rendition: CompiledCatalog.Rendition?

    public init(path: String, facts: ImageFacts) {
        self.path = path
        self.facts = facts
    }
}

/// The outcome of `tallcheck inspect`: every image found under the given paths, probed.
public struct Inspection: Sendable {
    public var images: [InspectedImage]
    /// Paths that were given but do not exist or cannot be read, and folders in the trees that
    /// could not be read.
    public var unreadablePaths: [WalkIssue]
    /// Entries left out on purpose, such as symbolic links leaving the tree.
    public var skippedEntries: [WalkIssue]
    /// The given paths that could not be read at all, as reports show them: the tool could not
    /// do what it was asked.
    public var unreadableArguments: [String]

    /// Finds the images under `paths` (files, or folders searched recursively) and probes them.
    /// A file given by path is probed whatever its name; in folders, only files with image
    /// extensions are.
    public init(paths: [String], probe: ImageProbe = ImageProbe(), followsSymbolicLinks: Bool = false) {
        var found: [FoundFile] = []
        var fileArguments: Set<Int> = []
        var issues: [WalkIssue] = []
        var unreadableArguments: [String] = []
        var archived: [InspectedImage] = []
        let walker = SourceTreeWalker(followsSymbolicLinks: followsSymbolicLinks)
        for path in paths {
            let shown = escapedForDisplay(path)
            var status = stat()
            guard FileSystemPath.withCString(path, { stat($0, &status) }) == 0 else {
                issues.append(WalkIssue(path: shown, kind: .unreadable, message: errnoDescription()))
                unreadableArguments.append(shown)
                continue
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                // A built app's compiled catalog, at its top.
                var status = stat()
                if FileSystemPath.withCString(path + "/Assets.car", { lstat($0, &status) }) == 0 {
                    let (renditions, issue) = Self.renditions(of: path + "/Assets.car", shown: shown + "/Assets.car")
                    archived += renditions
                    issues += issue.map { [$0] } ?? []
                }
                let tree = walker.walk(path)
                found += tree.images
                issues += tree.issues
                // The walk names the folder itself only when it could not open it.
                if tree.issues.contains(where: { $0.kind == .unreadable && $0.path == shown }) {
                    unreadableArguments.append(shown)
                }
            } else if AppArchive.isArchive(path) {
                // An .ipa: its app's images, read in place, under their paths in the archive.
                do {
                    let scan = try AppArchive.scan(ScanOptions(root: path))
                    // Under the archive's name, as a folder's images are under the folder's, so that
                    // two archives' images are told apart.
                    archived += scan.inventory.looseImages.map {
                        InspectedImage(path: shown + "/" + $0.path, facts: $0.facts)
                    }
                    archived += scan.renditions.map {
                        InspectedImage(catalog: shown + "/" + $0.catalog, rendition: $0.rendition)
                    }
                    issues += scan.issues.map { issue in
                        var issue = issue
                        issue.path = issue.path.isEmpty ? shown : shown + ": " + issue.path
                        return issue
                    }
                } catch {
                    issues.append(WalkIssue(path: shown, kind: .unreadable, message: error.description))
                    unreadableArguments.append(shown)
                }
            } else if path.lowercased().hasSuffix(".car") {
                // A compiled asset catalog given by path: its renditions.
                let (renditions, issue) = Self.renditions(of: path, shown: shown)
                archived += renditions
                if let issue {
                    issues.append(WalkIssue(path: shown, kind: .unreadable, message: issue.message))
                    unreadableArguments.append(shown)
                }
            } else {
                fileArguments.insert(found.count)
                found.append(FoundFile(location: FileSystemPath(path), displayPath: shown))
            }
        }
        let facts = found.concurrentMap { probe.probe(found: $0) }
        images = zip(found, facts).map { InspectedImage(path: $0.displayPath, facts: $1) } + archived
        for index in fileArguments.sorted() where facts[index].problem?.isUnreadable == true {
            unreadableArguments.append(found[index].displayPath)
        }
        unreadablePaths = issues.filter { $0.kind == .unreadable }
        skippedEntries = issues.filter { $0.kind == .skipped }
        self.unreadableArguments = unreadableArguments
    }

    /// The renditions of the compiled catalog at `path`, or why it could not be read.
    private static func renditions(of path: String, shown: String) -> ([InspectedImage], WalkIssue?) {
        switch CompiledCatalog.load(path) {
        case .success(let catalog):
            return (catalog.renditions.map { InspectedImage(catalog: shown, rendition: $0) }, nil)
        case .failure(let failure):
            return ([], WalkIssue(path: shown, kind: .skipped, message: "not readable: \(failure.message)"))
        }
    }

    /// 2 when a given path does not exist or cannot be read; else 1 when any image is invalid
    /// or unreadable, or a folder in a tree could not be read; else 0.
    public var exitCode: Int32 {
        if !unreadableArguments.isEmpty { return 2 }
        return unreadablePaths.isEmpty && images.allSatisfy(\.facts.isValid) ? 0 : 1
    }

    /// `{"images":[{"path":…,"format":…,"width":…,…}]}`, the shape other tools rely on.
    public var json: JSONValue {
        .object([("images", .array(images.map(\.json)))])
    }

    /// One line an image, then a summary line.
    public var textLines: [String] {
        let invalid = images.filter { !$0.facts.isValid }.count
        let noun = images.count == 1 ? "image" : "images"
        return images.map(\.textLine) + ["\(images.count) \(noun), \(images.count - invalid) valid, \(invalid) invalid"]
    }
}

extension InspectedImage {
    /// A rendition of the compiled catalog at `catalog`.
    init(catalog: String, rendition: CompiledCatalog.Rendition) {
        path = catalog
        facts = ImageFacts(
            format: ImageFormat(pixelFormat: rendition.pixelFormat),
            pixelSize: PixelSize(width: rendition.width, height: rendition.height))
        self.rendition = rendition
    }

    var json: JSONValue {
        if let rendition {
            // `{"path":"…/Assets.car","source":"Assets.car","name":"AppIcon","file":"Icon@2x.png",…}`
            return .object([
                ("path", .string(path)), ("source", .string("Assets.car")),
                ("name", .optional(rendition.asset, JSONValue.string)), ("file", .string(rendition.fileName)),
                ("pixelFormat", .optional(rendition.printablePixelFormat, JSONValue.string)),
                ("width", .int(rendition.width)), ("height", .int(rendition.height)), ("scale", .int(rendition.scale)),
                ("idiom", .int(rendition.idiom)), ("subtype", .int(rendition.subtype)),
                ("appearance", .int(rendition.appearance)), ("layout", .int(rendition.layout)),
                ("iconIndex", .optional(rendition.iconIndex, JSONValue.int)),
                (
                    "iconSizes",
                    rendition.layout == CompiledCatalog.multisizeLayout
                        ? .array(
                            rendition.iconSizes.map {
                                .object([
                                    ("width", .int($0.width)), ("height", .int($0.height)), ("index", .int($0.index)),
                                ])
                            }) : .null
                ),
                ("valid", .bool(true)), ("error", .null),
            ])
        }
        let png = facts.png
        var members: [(String, JSONValue)] = [
            ("path", .string(path)),
            ("format", .string(facts.format.rawValue)),
            ("width", .optional(facts.pixelSize?.width, JSONValue.int)),
            ("height", .optional(facts.pixelSize?.height, JSONValue.int)),
            ("bytes", .optional(facts.byteCount, JSONValue.int)),
            ("bitDepth", .optional(png?.bitDepth, JSONValue.int)),
            ("colorType", .optional(png?.colorType.name, JSONValue.string)),
            ("interlaced", .optional(png?.isInterlaced, JSONValue.bool)),
            ("cgbi", .bool(png?.isCgBI ?? false)),
            ("valid", .bool(facts.isValid)),
            ("error", .optional(facts.problem?.description, JSONValue.string)),
        ]
        // Vectors have no pixels: their size in points, when the probe found it.
        if facts.format.isVector {
            members.append(
                ("pointSize", .optional(facts.vectorSize) { .array([.double($0.width), .double($0.height)]) }))
        }
        return .object(members)
    }

    /// `Images/a@2x.png: 640×1136 png, 8-bit rgba` with what is wrong after it.
    var textLine: String {
        if let rendition {
            // Names from the catalog are escaped like paths: none can start a new line.
            let name = "\(path): \(rendition.asset.map(escapedForDisplay) ?? "(no name)")"
            if rendition.layout == CompiledCatalog.multisizeLayout {
                let sizes = rendition.iconSizes.map { "\($0.width)×\($0.height) pt (index \($0.index))" }
                return "\(name): app icon sizes, idiom \(rendition.idiom): " + sizes.joined(separator: ", ")
            }
            return
                "\(name) (\(escapedForDisplay(rendition.fileName))) \(rendition.width)×\(rendition.height) "
                + "@\(rendition.scale)x, idiom \(rendition.idiom)"
                + (rendition.subtype != 0 ? ", subtype \(rendition.subtype)" : "")
                + (rendition.appearance != 0 ? ", appearance \(rendition.appearance)" : "")
                + (rendition.iconIndex.map { ", icon index \($0)" } ?? "")
        }
        var parts: [String] = []
        if let size = facts.pixelSize { parts.append("\(size)") }
        if let points = facts.vectorSize { parts.append("\(points) pt") }
        var kind = facts.format.rawValue
        if let png = facts.png {
            kind += ", \(png.bitDepth)-bit \(png.colorType.name)"
            if png.isInterlaced { kind += ", interlaced" }
            if png.isCgBI { kind += ", CgBI (Apple-optimised, copied out of a built app?)" }
        }
        parts.append(kind)
        var line = "\(path): " + parts.joined(separator: " ")
        if let mislabel = mislabelNote { line += "; \(mislabel)" }
        if let problem = facts.problem { line += "; \(problem.isUnreadable ? "unreadable" : "invalid"): \(problem)" }
        return line
    }

    /// Says so when the name's extension claims another format than the bytes show.
    private var mislabelNote: String? {
        guard facts.format != .unknown, let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else {
            return nil
        }
        let ext = String(path[path.index(after: dot)...])
        guard let claimed = ImageFormat(fileExtension: ext), claimed != facts.format else { return nil }
        return "named .\(ext.lowercased()) but the contents are \(facts.format.rawValue)"
    }
}
