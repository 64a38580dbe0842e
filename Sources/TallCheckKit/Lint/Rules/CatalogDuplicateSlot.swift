/// Two entries of a catalog set for the same slot: which one Xcode keeps is undefined.
///
/// Lint: the set's Contents.json, naming the slot and the files.
struct CatalogDuplicateSlot: Rule {
    static let description = RuleDescription(
        id: "catalog-duplicate-slot",
        severity: .warning,
        summary: "Two entries of a catalog set fill the same slot.",
        rationale: """
            Two entries with the same idiom, scale, subtype and traits compete for one slot; Xcode keeps one \
            of them, and the other image never ships. Usually a hand-edited or merged Contents.json.
            """,
        triggeringExamples: [
            RuleExample(
                [
                    .image("A.xcassets/star.imageset/a@2x.png", 40, 40),
                    .image("A.xcassets/star.imageset/b@2x.png", 40, 40),
                ],
                catalog: [
                    CatalogSet(
                        folder: "A.xcassets/star.imageset",
                        entries: [.init(filename: "a@2x.png", scale: "2x"), .init(filename: "b@2x.png", scale: "2x")])
                ],
                flagged: "A.xcassets/star.imageset/Contents.json")
        ],
        nonTriggeringExamples: [
            RuleExample(
                [
                    .image("A.xcassets/star.imageset/a@2x.png", 40, 40),
                    .image("A.xcassets/star.imageset/b@2x.png", 40, 40),
                ],
                catalog: [
                    CatalogSet(
                        folder: "A.xcassets/star.imageset",
                        entries: [
                            .init(filename: "a@2x.png", scale: "2x"),
                            .init(filename: "b@2x.png", idiom: "iphone", scale: "2x", subtype: "retina4"),
                        ])
                ]),
            // Localized entries: one slot per locale.
            RuleExample(
                [
                    .image("A.xcassets/flag.imageset/en@2x.png", 40, 40),
                    .image("A.xcassets/flag.imageset/fr@2x.png", 40, 40),
                ],
                catalog: [
                    CatalogSet(
                        folder: "A.xcassets/flag.imageset",
                        entries: ["en", "fr"].map { language in
                            var entry = CatalogEntry(filename: "\(language)@2x.png", scale: "2x")
                            entry.locale = language
                            return entry
                        })
                ]),
            // An empty entry beside a filled one: nothing competes.
            RuleExample(
                [.image("A.xcassets/star.imageset/a@2x.png", 40, 40)],
                catalog: [
                    CatalogSet(
                        folder: "A.xcassets/star.imageset",
                        entries: [.init(filename: "a@2x.png", scale: "2x"), .init(scale: "2x")])
                ]),
        ]
    )

    func findings(in inventory: Inventory) -> [Finding] {
        inventory.catalogSets.flatMap { set -> [Finding] in
            let groups = Dictionary(grouping: set.entries, by: \.slotKey)
            return set.entries.map(\.slotKey).uniqued().compactMap { key in
                // Two files for one slot: an empty entry beside a filled one ships nothing twice.
                guard let entries = groups[key], entries.filter({ $0.filename != nil }).count > 1 else { return nil }
                return finding(set.contentsPath, Self.duplicate(entries, set: set))
            }
        }
    }
}

extension CatalogDuplicateSlot {
    fileprivate static func duplicate(_ entries: [CatalogEntry], set: CatalogSet) -> String {
        let files = entries.map { $0.filename.map { "\"\($0)\"" } ?? "an empty entry" }.joined(separator: ", ")
        return
            "The \(set.kind.rawValue) \"\(set.name)\" has \(entries.count) entries for the slot \(entries[0].slotDescription): "
            + "\(files). Only one ships; remove the others."
    }
}
