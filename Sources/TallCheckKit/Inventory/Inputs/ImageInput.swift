/// Loose image files, by extension in any case, probed on all cores together with the image
/// files other inputs found (catalog sets): what each file really is, is the probe's business.
public struct ImageInput: InputScanner {
    public init() {}

    public func claims(fileNamed name: String) -> Bool { ImageFormat.hasImageExtension(name) }

    public func scan(_ files: [FoundFile], options: ScanOptions, into facts: inout ScanFacts) {
        let probe = ImageProbe(depth: options.probeDepth)
        // One probe pass over loose and catalog images; probing and parsing names both run on all cores.
        facts.images += (files + facts.embeddedImageFiles).concurrentMap { file in
            ScannedImage(
                path: file.displayPath,
                facts: probe.probe(found: file))
        }
        facts.embeddedImageFiles = []
    }
}

extension SourceTreeWalker {
    /// A walker that keeps image files only, as `inspect` walks.
    public init(skipsNonSourceFolders: Bool = false, followsSymbolicLinks: Bool = false) {
        self.init(
            claims: [ImageInput()], skipsNonSourceFolders: skipsNonSourceFolders,
            followsSymbolicLinks: followsSymbolicLinks)
    }
}

extension SourceTree {
    /// The image files the walk found: names ending in an image extension, in any case,
    /// sorted by path.
    public var images: [FoundFile] {
        claims.firstIndex { $0 is ImageInput }.map { claimed[$0] } ?? []
    }
}
