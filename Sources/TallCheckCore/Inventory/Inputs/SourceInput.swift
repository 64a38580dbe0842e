import Synchronization

/// Source code and Interface Builder files, read for the image names they ask for
/// (``ImageReference``): Swift, Objective-C, C#, storyboards, xibs and XAML. Each file is read with a
/// bound and searched for its language's markers first; only files that can hold a reference
/// are parsed, on all cores.
///
/// Code the app does not own or ship is left out: `Pods/`, `Carthage/`, `node_modules/`,
/// `.build/` and `DerivedData/` (vendored), and test folders (`Tests/`, `FooTests/`,
/// `FooUITests/`), unless `included` names them.
package struct SourceInput: InputScanner {
    package init() {}

    static let extensions: Set<String> = ["swift", "m", "mm", "cs", "storyboard", "xib", "h", "pch", "xaml"]

    /// Objective-C headers: read only for the names they spell (`#define kTab @"tab_home"`,
    /// `static NSString *const kStar = @"star";`), when `unused-image` is on.
    static func isHeader(_ path: String) -> Bool { path.hasSuffix(".h") || path.hasSuffix(".pch") }
    /// ``ReadLimits/sourceBytes``.
    static let maxBytes = ReadLimits.standard.sourceBytes
    static let vendoredFolders: Set<String> = ["Pods", "Carthage", "node_modules", ".build", "DerivedData"]

    package func claims(fileNamed name: String) -> Bool {
        // Asked of every file no image claim took: the extension's bytes, each compared with
        // the few of its length (no string made, no set hashed).
        var name = name
        return name.withUTF8 { bytes in
            guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return false }
            let suffix = UnsafeBufferPointer(rebasing: bytes[(dot + 1)...])
            return Self.extensionBytes.contains { $0.elementsEqual(suffix) }
        }
    }

    /// ``extensions`` as bytes.
    private static let extensionBytes = extensions.map { Array($0.utf8) }

    package func scan(_ files: [FoundFile], options: ScanOptions, into facts: inout ScanFacts) {
        read(files, options: options).add(to: &facts)
    }

    /// What the sources say, read without any other input's facts, so the scan can read them
    /// while it probes the images (``InventoryScanner``).
    package struct Found: Sendable {
        public var references: [ImageReference] = []
        /// Each file's code names, when the scan reads them (``ScanOptions/readsCodeNames``).
        public var codeNames: [String: [CodeName]] = [:]
        public var issues: [WalkIssue] = []
        public var fileCount = 0
        var cacheEntries: [String: ScanCache.Entry] = [:]
        /// Files not read: test and vendored code, headers when no code names are read.
        var unread: Set<String> = []
        var cacheHits = 0

        /// Names the code puts only into image views that scale them (``OutletFlows``), lower-cased.
        public var namesShownScaled: [String: Set<ViewSize>] = [:]
        /// Names only uncalled name functions return (``OutletFlows/uncalledNames``), lower-cased.
        public var namesOnlyUncalled: Set<String> = []
        public var codePassingNames: Set<String> = []
        fileprivate var outlets: [(path: String, facts: OutletFacts)] = []
        /// By file, the C# member reads the names' filter turned away, until ``CodeName/MemberRead/resolving(_:in:)``.
        fileprivate var memberReads: [String: [CodeName.MemberRead]] = [:]

        /// Joins the files' outlet facts: a storyboard image on a view the code gives an image is
        /// a placeholder; code that fills only scaled views draws scaled.
        fileprivate mutating func joinOutlets() {
            guard !outlets.isEmpty else { return }
            ObjectiveCClasses.narrow(&references, by: outlets)
            let flows = OutletFlows(outlets)
            outlets = []
            namesShownScaled = flows.scaledNames
            namesOnlyUncalled = flows.uncalledNames
            codePassingNames.formUnion(flows.passingNames)
            guard !flows.replacedPlaceholders.isEmpty || !flows.scaledLines.isEmpty else { return }
            for index in references.indices {
                let site = OutletFlows.Site(path: references[index].path, line: references[index].line)
                if references[index].lookup == .interfaceBuilder {
                    if flows.replacedPlaceholders.contains(site) { references[index].codeSetsImage = true }
                    if flows.clearedPlaceholders.contains(site) { references[index].loaderClearsImage = true }
                } else if let sizes = flows.scaledLines[site] {
                    references[index].drawnScaled = true
                    // One view's size, when every view it goes into has that one.
                    if sizes.count == 1 { references[index].viewSize = sizes.first }
                }
            }
        }

        fileprivate mutating func add(_ read: Read, of path: String, readsNames: Bool) {
            if !read.outlets.isEmpty { outlets.append((path, read.outlets)) }
            let room = SourceInput.maxReferences - references.count
            if read.references.count > room {
                // Files in the walk's order: the same tree keeps the same references.
                if room > 0 {
                    issues.append(
                        WalkIssue(
                            path: path, kind: .skipped,
                            message: "the run holds more than \(SourceInput.maxReferences) places that name an image; "
                                + "those from here on are not checked"))
                }
                references += read.references.prefix(max(0, room))
            } else {
                references += read.references
            }
            if readsNames, let names = read.names, !names.isEmpty { codeNames[path] = names }
            if !read.memberReads.isEmpty { memberReads[path] = read.memberReads }
        }

        func add(to facts: inout ScanFacts) {
            facts.references += references
            facts.codeNames.merge(codeNames) { _, new in new }
            facts.namesShownScaled.merge(namesShownScaled) { $0.union($1) }
            facts.namesOnlyUncalled.formUnion(namesOnlyUncalled)
            facts.codePassingNames.formUnion(codePassingNames)
            facts.issues += issues
            facts.sourceFileCount += fileCount
            facts.cacheEntries.merge(cacheEntries) { _, new in new }
            facts.cacheHits += cacheHits
            facts.unread.formUnion(unread)
        }
    }

    /// ``ReadLimits/imageReferences``.
    static let maxReferences = ReadLimits.standard.imageReferences

    package func read(_ files: [FoundFile], options: ScanOptions) -> Found {
        var found = Found()
        let explicitlyIncluded = !options.pathFilter.included.isEmpty
        let kept = files.filter { explicitlyIncluded || !Self.isVendoredOrTest($0.displayPath) }
        if options.cache != nil {
            found.unread = Set(
                files.lazy.map(\.displayPath).filter {
                    !explicitlyIncluded && Self.isVendoredOrTest($0) || Self.isHeader($0) && !options.readsCodeNames
                })
        }
        let csharp = CSharpReferenceScanner(
            tallSuffixFunctions: options.tallSuffixFunctions, withoutFallback: options.tallSuffixWithoutFallback)
        let cache = options.cache
        let readsNames = options.readsCodeNames
        let results = kept.concurrentMap(batchSize: 4) { file -> Outcome in
            // The stamp comes before the read: a file changed in between is read again next time.
            if Self.isHeader(file.displayPath), !readsNames { return .read(Read(references: [], names: nil), nil) }
            let stamp = cache == nil ? nil : file.stamp ?? ScanCache.Stamp(file.location)
            if let stamp,
                case .references(let known, let names, let outlets)? = cache?.content(
                    of: file.displayPath, stamp: stamp),
                names != nil || !readsNames
            {
                return .cached(Read(references: known, names: names, outlets: outlets), stamp)
            }
            return Self.read(file, stamp: stamp, options: options, csharp: csharp)
        }
        for (file, result) in zip(kept, results) {
            switch result {
            case .read(let read, let stamp):
                found.add(read, of: file.displayPath, readsNames: readsNames)
                if let note = read.note {
                    found.issues.append(WalkIssue(path: file.displayPath, kind: .skipped, message: note))
                    // Read in part: what the rest hands image APIs is not known.
                    found.codePassingNames.insert(file.displayPath)
                }
                if let stamp, read.note == nil {
                    found.cacheEntries[file.displayPath] = ScanCache.Entry(
                        stamp: stamp, content: .references(read.references, names: read.names, outlets: read.outlets))
                }
            case .cached(let read, let stamp):
                found.add(read, of: file.displayPath, readsNames: readsNames)
                found.cacheEntries[file.displayPath] = ScanCache.Entry(
                    stamp: stamp, content: .references(read.references, names: read.names, outlets: read.outlets))
                found.cacheHits += 1
            case .issue(let issue):
                found.issues.append(issue)
                // A code file not read may hand an image API a name it does not spell.
                if !file.displayPath.hasSuffix(".storyboard"), !file.displayPath.hasSuffix(".xib") {
                    found.codePassingNames.insert(file.displayPath)
                }
            }
        }
        found.fileCount = kept.count
        found.joinOutlets()
        CodeName.MemberRead.resolving(found.memberReads, in: &found.codeNames)
        found.memberReads = [:]
        // A helper defined without a fallback in one file makes its calls in every file strict.
        let definitions = found.references.filter { $0.api == CSharpReferenceScanner.definitionWithoutFallback }
        if !definitions.isEmpty {
            let strict = Set(definitions.compactMap(\.literalName))
            found.references = found.references.compactMap { reference in
                guard reference.api != CSharpReferenceScanner.definitionWithoutFallback else { return nil }
                guard reference.mode == .tallSuffix, strict.contains(reference.api) else { return reference }
                var strictReference = reference
                strictReference.mode = .tallSuffixWithoutFallback
                return strictReference
            }
        }
        return found
    }

    /// Files longer than this are scanned one at a time: a scanner's tokens and tables for a
    /// file of several MiB (hostile, or generated) take tens of MB, and two or three such files
    /// on all cores at once took a tree of every hostile shape to the 256 MB its bound allows
    /// (`Scripts/hostile-bounds`). Real source files are far shorter, and never wait.
    static let largeFileBytes = ReadLimits.standard.sourceScannedAloneBytes
    private static let largeFileLock = Mutex<Void>(())

    /// What one file says, read now.
    private static func read(
        _ file: FoundFile, stamp: ScanCache.Stamp?, options: ScanOptions, csharp: CSharpReferenceScanner
    ) -> Outcome {
        let bytes: [UInt8]
        switch readRegularFile(file, limit: Self.maxBytes) {
        case .success(let read): bytes = read
        case .failure(let failure):
            return .issue(
                WalkIssue(
                    path: file.displayPath, kind: .skipped,
                    message: "\(failure.message); the images it names are not checked"))
        }
        guard bytes.count > Self.largeFileBytes else {
            return scan(bytes, of: file, stamp: stamp, options: options, csharp: csharp)
        }
        return largeFileLock.withLock { _ in scan(bytes, of: file, stamp: stamp, options: options, csharp: csharp) }
    }

    /// What a reference's API says when its file draws a `CATiledLayer`: the tiles it loads are
    /// drawn into rects the zoom decides, never at their point size (``isInTiledLayer(_:)``).
    package static let tiledLayerMark = " (tiled layer)"

    /// The references of a file that uses `CATiledLayer`, marked so: its images are tiles.
    static func markingTiledLayers(_ references: [ImageReference], in bytes: [UInt8]) -> [ImageReference] {
        guard !references.isEmpty, bytes.containsBytes(Array("TiledLayer".utf8)) else { return references }
        return references.map { reference in
            var marked = reference
            marked.api += tiledLayerMark
            return marked
        }
    }

    /// Whether a reference comes from a file that draws a `CATiledLayer`.
    package static func isInTiledLayer(_ reference: ImageReference) -> Bool { reference.api.hasSuffix(tiledLayerMark) }

    /// What one file's bytes say.
    private static func scan(
        _ bytes: [UInt8], of file: FoundFile, stamp: ScanCache.Stamp?, options: ScanOptions,
        csharp: CSharpReferenceScanner
    ) -> Outcome {
        let readsNames = options.readsCodeNames
        let path = file.displayPath
        // By byte (a Character search from the end cost about 1,800 instructions a path).
        guard let dot = path.lastIndex(ofCharacterByte: UInt8(ascii: ".")) else {
            return .issue(WalkIssue(path: path, kind: .skipped, message: "not a source file by its name; not read"))
        }
        switch path[path.index(after: dot)...] {
        case "swift":
            guard let swiftSyntax = options.swiftSyntax else {
                return .issue(
                    WalkIssue(
                        path: path, kind: .skipped,
                        message:
                            "not read: Swift is parsed by TallCheckSwiftSyntax, which this scan was not given; "
                            + "the images it names are not checked"))
            }
            let scanned = swiftSyntax.references(inSwift: bytes, path: path)
            return .read(
                Read(
                    references: Self.markingTiledLayers(scanned.references, in: bytes), names: readsNames ? SwiftCodeNames.names(in: bytes, keeping: options.namesFilter) : nil,
                    outlets: OutletFacts.code(in: bytes, swift: true), note: scanned.note), stamp)
        case "h", "pch":
            // A macro may hand `imageNamed:` a name (`#define ICON(n) [UIImage imageNamed:n]`).
            var outlets = OutletFacts()
            outlets.passesNamesToLoaders = LoaderArguments.passesNames(in: bytes, dialect: .objectiveC)
            return .read(
                Read(
                    references: [],
                    names: CodeName.names(
                        in: SourceTokenizer.tokens(bytes, dialect: .objectiveC, keepsIdentifiers: false),
                        dialect: .objectiveC, keeping: options.namesFilter),
                    outlets: outlets), stamp)
        case "m", "mm":
            return .read(
                Read(
                    references: Self.markingTiledLayers(
                        ObjectiveCReferenceScanner.references(in: bytes, path: path), in: bytes),
                    names: readsNames
                        ? CodeName.markingResourceFiles(
                            CodeName.names(
                                in: SourceTokenizer.tokens(bytes, dialect: .objectiveC, keepsIdentifiers: false),
                                dialect: .objectiveC, keeping: options.namesFilter), in: bytes) : nil,
                    outlets: OutletFacts.code(in: bytes, swift: false)),
                stamp)
        case "cs":
            let names =
                readsNames
                ? CodeName.namesAndMemberReads(
                    in: SourceTokenizer.tokens(bytes, dialect: .cSharp), dialect: .cSharp, keeping: options.namesFilter)
                : nil
            let scanned = csharp.scan(bytes, path: path)
            var outlets = OutletFacts()
            outlets.passesNamesToLoaders = scanned.passesNames
            var read = Read(
                references: Self.markingTiledLayers(scanned.references, in: bytes), names: names?.names,
                outlets: outlets)
            read.memberReads = names?.memberReads ?? []
            return .read(read, stamp)
        case "xaml":
            var outlets = OutletFacts()
            outlets.passesNamesToLoaders = LoaderArguments.passesNames(inXAML: bytes)
            return .read(
                Read(
                    references: XAMLReferenceScanner.references(in: bytes, path: path), names: readsNames ? [] : nil,
                    outlets: outlets),
                stamp)
        default:
            do {
                // Interface Builder files name images in attributes the reference scanner reads.
                let scanned = try InterfaceBuilderReferenceScanner.scan(bytes, path: path)
                return .read(
                    Read(
                        references: scanned.references, names: readsNames ? [] : nil, outlets: scanned.outlets,
                        note: scanned.note),
                    stamp)
            } catch {
                return .issue(
                    WalkIssue(
                        path: path, kind: .skipped,
                        message:
                            "cannot be read as Interface Builder XML: \(error); the images it names are not checked"
                    ))
            }
        }
    }

    /// What a scan with `options` would cache for `file`, read now; nil when it is not cached
    /// (a header the scan does not read, a file it cannot read or that hit a limit).
    static func freshEntry(for file: FoundFile, stamp: ScanCache.Stamp, options: ScanOptions) -> ScanCache.Entry? {
        if isHeader(file.displayPath), !options.readsCodeNames { return nil }
        let csharp = CSharpReferenceScanner(
            tallSuffixFunctions: options.tallSuffixFunctions, withoutFallback: options.tallSuffixWithoutFallback)
        guard case .read(let read, _) = read(file, stamp: stamp, options: options, csharp: csharp), read.note == nil
        else { return nil }
        return ScanCache.Entry(
            stamp: stamp, content: .references(read.references, names: read.names, outlets: read.outlets))
    }

    /// What one file says.
    fileprivate struct Read: Sendable {
        var references: [ImageReference]
        var names: [CodeName]?
        var outlets = OutletFacts()
        /// A limit the file hit (not cached: a file over a limit is read again each run).
        var note: String? = nil
        /// The C# member reads the names' filter turned away (never cached: only a scan without
        /// a cache filters).
        var memberReads: [CodeName.MemberRead] = []
    }

    private enum Outcome: Sendable {
        case read(Read, ScanCache.Stamp?)
        case cached(Read, ScanCache.Stamp)
        case issue(WalkIssue)
    }

    /// Whether a path lies in a vendored folder: a dependency's files (`Pods/`, `Carthage/`).
    /// Asked of every finding.
    package static func isVendored(_ path: String) -> Bool {
        anyFolder(of: path, isVendoredFolder) ?? isVendoredByCharacters(path)
    }

    /// Whether a path lies in a library copied into the tree by hand (`Vendor/TUSafariActivity`,
    /// `ThirdParty/`) or prebuilt (`GoogleMaps.framework/Versions/A/Resources/GoogleMaps.bundle`,
    /// whose images its binary loads by names no source of the tree spells): its code is read,
    /// as the app compiles it, but its files, like a pod's, are upstream's to fix, and get no
    /// findings.
    package static func isCopiedLibrary(_ path: String) -> Bool {
        // Lower-cased only at a length one of the names has (asked for every finding).
        path.folders.contains {
            (copiedLibraryFolderLengths.contains($0.utf8.count) && copiedLibraryFolders.contains($0.lowercased()))
                || $0.hasSuffix(".framework") || $0.hasSuffix(".xcframework")
        }
    }

    /// The folder names a library copied by hand lives under, in lower case.
    static let copiedLibraryFolders: Set<String> = [
        "vendor", "vendors", "vendored", "thirdparty", "third party", "third_party", "third-party", "3rdparty",
    ]

    /// The lengths in bytes of ``copiedLibraryFolders``.
    private static let copiedLibraryFolderLengths = Set(copiedLibraryFolders.map(\.utf8.count))

    /// ``isVendored(_:)`` by the path's Characters: for paths beyond ASCII, and the test that
    /// compares the two.
    static func isVendoredByCharacters(_ path: String) -> Bool {
        path.folders.contains(where: isVendoredFolder)
    }

    /// Whether a folder's name is one of ``vendoredFolders``: by bytes, as the names are ASCII,
    /// which no other spelling equals (asked for every finding and source file).
    private static func isVendoredFolder(_ folder: Substring) -> Bool {
        vendoredFolders.contains { $0.utf8.count == folder.utf8.count && $0.utf8.elementsEqual(folder.utf8) }
    }

    /// The bytes of ``vendoredFolders``.
    private static let vendoredFolderBytes = vendoredFolders.map { Array($0.utf8) }

    private static func isVendoredFolder(_ folder: UnsafeBufferPointer<UInt8>) -> Bool {
        vendoredFolderBytes.contains { $0.count == folder.count && $0.elementsEqual(folder) }
    }

    /// Whether a path lies in a vendored or test folder. Asked of every source file and data file.
    static func isVendoredOrTest(_ path: String) -> Bool {
        anyFolder(of: path, isVendoredOrTestFolder) ?? isVendoredOrTestByCharacters(path)
    }

    /// Whether `matches` accepts a folder of an ASCII path (a name a slash follows), its bytes
    /// compared in place: splitting a path into substrings first cost about 7,000 instructions.
    /// Nil beyond ASCII, where a byte may join a slash into another Character: the folders are
    /// then split by Characters.
    private static func anyFolder(of path: String, _ matches: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool? {
        let inPlace = path.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            // Slashes at the end close no folder: the last name before them is the file's.
            var end = bytes.count
            while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            var start = 0
            for index in 0..<end where bytes[index] == UInt8(ascii: "/") {
                if index > start, matches(UnsafeBufferPointer(rebasing: bytes[start..<index])) { return true }
                start = index + 1
            }
            return false
        }
        if case .some(.some(let answer)) = inPlace { return answer }
        return nil
    }

    /// Whether a path lies in a test folder (``isTestFolder(_:)``).
    static func isTest(_ path: String) -> Bool {
        anyFolder(of: path, isTestFolder) ?? path.folders.contains { isTestFolder(characters: $0) }
    }

    /// One folder's ASCII name: a vendored folder, or a test folder.
    private static func isVendoredOrTestFolder(_ folder: UnsafeBufferPointer<UInt8>) -> Bool {
        isVendoredFolder(folder) || isTestFolder(folder)
    }

    /// One folder's ASCII name: `tests`, or a name ending in `Tests` or `Specs`.
    private static func isTestFolder(_ folder: UnsafeBufferPointer<UInt8>) -> Bool {
        if folder.elementsEqual("tests".utf8) { return true }
        guard folder.count >= 5 else { return false }
        let tail = folder[(folder.count - 5)...]
        return tail.elementsEqual("Tests".utf8) || tail.elementsEqual("Specs".utf8)
    }

    /// ``isVendoredOrTest(_:)`` by the path's Characters: for paths beyond ASCII, and the test
    /// that compares the two.
    static func isVendoredOrTestByCharacters(_ path: String) -> Bool {
        path.folders.contains { folder in isVendoredFolder(folder) || isTestFolder(characters: folder) }
    }

    /// ``isTestFolder(_:)`` of a folder by its Characters: `tests` by bytes; `Tests` is also a suffix.
    private static func isTestFolder(characters folder: Substring) -> Bool {
        folder.utf8.elementsEqual("tests".utf8) || folder.hasASCIISuffix("Tests") || folder.hasASCIISuffix("Specs")
    }
}
