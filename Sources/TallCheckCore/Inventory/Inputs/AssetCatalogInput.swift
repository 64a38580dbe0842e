/// Asset catalogs (`*.xcassets` folders): listed by the walk, not walked, and read by the
/// catalog reader; their image files go to the image probe with the loose ones.
package struct AssetCatalogInput: InputScanner {
    package init() {}

    package func claims(fileNamed name: String) -> Bool { false }
    package func claims(folderNamed name: String) -> Bool { name.hasSuffix(".xcassets") }
    /// Catalogs are read whole, whatever the globs say (as they always have been).
    package var obeysPathFilter: Bool { false }

    package func scan(_ files: [FoundFile], options: ScanOptions, into facts: inout ScanFacts) {
        for catalog in files.map(AssetCatalogReader.read) {
            facts.catalogSets += catalog.sets
            facts.catalogProblems += catalog.problems
            facts.embeddedImageFiles += catalog.imageFiles
            facts.symbolSets += catalog.symbolSets.map { SymbolSet(name: $0.name, folder: $0.folder) }
        }
    }
}
