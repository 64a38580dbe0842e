/// An asset catalog entry that names a file the set does not have: the slot ships empty.
///
/// Lint: the set's Contents.json, naming the file and the slot.
struct CatalogMissingFile: Rule {
    static let description = RuleDescription(
        id: "catalog-missing-file",
        severity: .warning,
        summary: "A catalog entry names a file that does not exist.",
        rationale: """
            Xcode warns "The file … for the image set … does not exist" and ships the slot empty: the device \
            that needs it falls back to another scale, or shows nothing.
            """,
        triggeringExamples: [
            RuleExample(
                [.image("A.xcassets/star.imageset/star.png", 20, 20)],
                catalog: [
                    CatalogSet(
                        folder: "A.xcassets/star.imageset",
                        entries: [
                            .init(filename: "star.png", scale: "1x"), .init(filename: "star@2x.png", scale: "2x"),
                        ])
                ],
                flagged: "A.xcassets/star.imageset/Contents.json")
        ],
        nonTriggeringExamples: [
            RuleExample(
                [.image("A.xcassets/star.imageset/star.png", 20, 20)],
                catalog: [
                    CatalogSet(
                        folder: "A.xcassets/star.imageset",
                        entries: [.init(filename: "star.png", scale: "1x"), .init(scale: "2x")])
                ])
        ]
    )

    func findings(in inventory: Inventory) -> [Finding] {
        inventory.catalogSets.flatMap { set in
            set.entries.compactMap { entry in
                guard case .missing(let name) = set.file(for: entry) else { return nil }
                return finding(set.contentsPath, Self.missing(name, set: set, entry: entry))
            }
        }
    }
}

extension CatalogMissingFile {
    fileprivate static func missing(_ name: String, set: CatalogSet, entry: CatalogEntry) -> String {
        "The file \"\(name)\" for the \(set.kind.rawValue) \"\(set.name)\" (slot \(entry.slotDescription)) does not exist. "
            + "Add it, or clear the entry's filename."
    }
}
