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

    static let extensions: Set<String> = ["swift", "m", "mm", "cs", "storyboard", "xib"]
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
        public var issues: [WalkIssue] = []
        public var fileCount = 0
        var cacheEntries: [String: ScanCache.Entry] = [:]
        var cacheHits = 0

        func add(to facts: inout ScanFacts) {
            facts.references += references
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
        let results = kept.concurrentMap(batchSize: 4) { file -> Outcome in
            // The stamp comes before the read: a file changed in between is read again next time.
            let stamp = cache == nil ? nil : ScanCache.Stamp(file.location)
            if let stamp, case .references(let known)? = cache?.content(of: file.displayPath, stamp: stamp) {
                return .cached(known, stamp)
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
            case "swift": return .references(SwiftReferenceScanner.references(in: bytes, path: path), stamp)
            case "m", "mm": return .references(ObjectiveCReferenceScanner.references(in: bytes, path: path), stamp)
            case "cs": return .references(csharp.references(in: bytes, path: path), stamp)
            default:
                do {
                    return .references(try InterfaceBuilderReferenceScanner.references(in: bytes, path: path), stamp)
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
            case .references(let references, let stamp):
                found.references += references
                if let stamp {
                    found.cacheEntries[file.displayPath] = ScanCache.Entry(
                        stamp: stamp, content: .references(references))
                }
            case .cached(let references, let stamp):
                found.references += references
                found.cacheEntries[file.displayPath] = ScanCache.Entry(stamp: stamp, content: .references(references))
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

    private enum Outcome: Sendable {
        case references([ImageReference], ScanCache.Stamp?)
        case cached([ImageReference], ScanCache.Stamp)
        case issue(WalkIssue)
    }

    /// Whether a path lies in a vendored or test folder.
    static func isVendoredOrTest(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { folder in
            vendoredFolders.contains(String(folder)) || folder == "Tests" || folder == "tests"
                || folder.hasSuffix("Tests") || folder.hasSuffix("Specs")
        }
    }
}
