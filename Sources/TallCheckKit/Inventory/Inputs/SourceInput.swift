/// Source code and Interface Builder files, read for the image names they ask for
/// (``ImageReference``): Swift, Objective-C, C#, storyboards and xibs. Each file is read with a
/// bound and searched for its language's markers first; only files that can hold a reference
/// are parsed, on all cores.
///
/// Code the app does not own or ship is left out: `Pods/`, `Carthage/`, `node_modules/`,
/// `.build/` and `DerivedData/` (vendored), and test folders (`Tests/`, `FooTests/`,
/// `FooUITests/`), unless `included` names them.
public struct SourceInput: InputScanner {
    public init() {}

    static let extensions: Set<String> = ["swift", "m", "mm", "cs", "storyboard", "xib", "h", "pch"]

    /// Objective-C headers: read only for the names they spell (`#define kTab @"tab_home"`,
    /// `static NSString *const kStar = @"star";`), when `unused-image` is on.
    static func isHeader(_ path: String) -> Bool { path.hasSuffix(".h") || path.hasSuffix(".pch") }
    /// The largest source file read: far above real ones (8 KB is typical).
    static let maxBytes = 4 << 20
    static let vendoredFolders: Set<String> = ["Pods", "Carthage", "node_modules", ".build", "DerivedData"]

    public func claims(fileNamed name: String) -> Bool {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
        return Self.extensions.contains(String(name[name.index(after: dot)...]))
    }

    public func scan(_ files: [FoundFile], options: ScanOptions, into facts: inout ScanFacts) {
        read(files, options: options).add(to: &facts)
    }

    /// What the sources say, read without any other input's facts, so the scan can read them
    /// while it probes the images (``InventoryScanner``).
    public struct Found: Sendable {
        public var references: [ImageReference] = []
        /// Each file's code names, when the scan reads them (``ScanOptions/readsCodeNames``).
        public var codeNames: [String: [CodeName]] = [:]
        public var issues: [WalkIssue] = []
        public var fileCount = 0
        var cacheEntries: [String: ScanCache.Entry] = [:]
        var cacheHits = 0

        fileprivate mutating func add(_ read: Read, of path: String, readsNames: Bool) {
            references += read.references
            if readsNames, let names = read.names, !names.isEmpty { codeNames[path] = names }
        }

        func add(to facts: inout ScanFacts) {
            facts.references += references
            facts.codeNames.merge(codeNames) { _, new in new }
            facts.issues += issues
            facts.sourceFileCount += fileCount
            facts.cacheEntries.merge(cacheEntries) { _, new in new }
            facts.cacheHits += cacheHits
        }
    }

    public func read(_ files: [FoundFile], options: ScanOptions) -> Found {
        var found = Found()
        let explicitlyIncluded = !options.pathFilter.included.isEmpty
        let kept = files.filter { explicitlyIncluded || !Self.isVendoredOrTest($0.displayPath) }
        let csharp = CSharpReferenceScanner(
            tallSuffixFunctions: options.tallSuffixFunctions, withoutFallback: options.tallSuffixWithoutFallback)
        let cache = options.cache
        let readsNames = options.readsCodeNames
        let results = kept.concurrentMap(batchSize: 4) { file -> Outcome in
            // The stamp comes before the read: a file changed in between is read again next time.
            if Self.isHeader(file.displayPath), !readsNames { return .read(Read(references: [], names: nil), nil) }
            let stamp = cache == nil ? nil : ScanCache.Stamp(file.location)
            if let stamp, case .references(let known, let names)? = cache?.content(of: file.displayPath, stamp: stamp),
                names != nil || !readsNames
            {
                return .cached(Read(references: known, names: names), stamp)
            }
            let bytes: [UInt8]
            switch readRegularFile(file, limit: Self.maxBytes) {
            case .success(let read): bytes = read
            case .failure(let failure):
                return .issue(
                    WalkIssue(
                        path: file.displayPath, kind: .skipped,
                        message: "\(failure.message); the images it names are not checked"))
            }
            let path = file.displayPath
            switch path[path.index(after: path.lastIndex(of: ".")!)...] {
            case "swift":
                return .read(
                    Read(
                        references: SwiftReferenceScanner.references(in: bytes, path: path),
                        names: readsNames ? SwiftCodeNames.names(in: bytes) : nil), stamp)
            case "h", "pch":
                return .read(
                    Read(
                        references: [],
                        names: CodeName.names(
                            in: SourceTokenizer.tokens(bytes, dialect: .objectiveC, keepsIdentifiers: false),
                            dialect: .objectiveC)), stamp)
            case "m", "mm":
                return .read(
                    Read(
                        references: ObjectiveCReferenceScanner.references(in: bytes, path: path),
                        names: readsNames
                            ? CodeName.names(
                                in: SourceTokenizer.tokens(bytes, dialect: .objectiveC, keepsIdentifiers: false),
                                dialect: .objectiveC) : nil),
                    stamp)
            case "cs":
                return .read(
                    Read(
                        references: csharp.references(in: bytes, path: path),
                        names: readsNames
                            ? CodeName.names(
                                in: SourceTokenizer.tokens(bytes, dialect: .cSharp, keepsIdentifiers: false),
                                dialect: .cSharp)
                            : nil), stamp)
            default:
                do {
                    // Interface Builder files name images in attributes the reference scanner reads.
                    return .read(
                        Read(
                            references: try InterfaceBuilderReferenceScanner.references(in: bytes, path: path),
                            names: readsNames ? [] : nil), stamp)
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
        for (file, result) in zip(kept, results) {
            switch result {
            case .read(let read, let stamp):
                found.add(read, of: file.displayPath, readsNames: readsNames)
                if let stamp {
                    found.cacheEntries[file.displayPath] = ScanCache.Entry(
                        stamp: stamp, content: .references(read.references, names: read.names))
                }
            case .cached(let read, let stamp):
                found.add(read, of: file.displayPath, readsNames: readsNames)
                found.cacheEntries[file.displayPath] = ScanCache.Entry(
                    stamp: stamp, content: .references(read.references, names: read.names))
                found.cacheHits += 1
            case .issue(let issue): found.issues.append(issue)
            }
        }
        found.fileCount = kept.count
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

    /// What one file says.
    fileprivate struct Read: Sendable {
        var references: [ImageReference]
        var names: [CodeName]?
    }

    private enum Outcome: Sendable {
        case read(Read, ScanCache.Stamp?)
        case cached(Read, ScanCache.Stamp)
        case issue(WalkIssue)
    }

    /// Whether a path lies in a vendored folder: a dependency's files (`Pods/`, `Carthage/`).
    static func isVendored(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { vendoredFolders.contains(String($0)) }
    }

    /// Whether a path lies in a vendored or test folder.
    static func isVendoredOrTest(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { folder in
            vendoredFolders.contains(String(folder)) || folder == "Tests" || folder == "tests"
                || folder.hasSuffix("Tests") || folder.hasSuffix("Specs")
        }
    }
}
