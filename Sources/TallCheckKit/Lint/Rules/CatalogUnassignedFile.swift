/// An image file inside a catalog set that no entry names: Xcode's "unassigned child".
///
/// Lint: the file.
struct CatalogUnassignedFile: Rule {
    static let description = RuleDescription(
        id: "catalog-unassigned-file",
        severity: .warning,
        summary: "A file in a catalog set that no entry names.",
        rationale: """
            Xcode reports "The image set … has 1 unassigned child" and leaves the file out of the app. It is \
            usually the @2x or @3x someone dropped into the folder instead of the slot.
            """,
        triggeringExamples: [
            RuleExample(
                [
                    .image("A.xcassets/star.imageset/star.png", 20, 20),
                    .image("A.xcassets/star.imageset/star@2x.png", 40, 40),
                ],
                catalog: [
                    CatalogSet(folder: "A.xcassets/star.imageset", entries: [.init(filename: "star.png", scale: "1x")])
                ],
                flagged: "A.xcassets/star.imageset/star@2x.png")
        ],
        nonTriggeringExamples: [
            RuleExample(
                [
                    .image("A.xcassets/star.imageset/star.png", 20, 20),
                    .image("A.xcassets/star.imageset/star@2x.png", 40, 40),
                ],
                catalog: [
                    CatalogSet(
                        folder: "A.xcassets/star.imageset",
                        entries: [
                            .init(filename: "star.png", scale: "1x"), .init(filename: "star@2x.png", scale: "2x"),
                        ])
                ])
        ]
    )

    func findings(in inventory: Inventory) -> [Finding] {
        inventory.catalogSets.filter(\.hasReadableContents).flatMap { set -> [Finding] in
            let named = Set(set.entries.compactMap { $0.filename?.lowercased() })
            return set.fileNames.filter { !named.contains($0.lowercased()) }.map { file in
                finding(set.folder + "/" + file, Self.unassigned(file, set: set))
            }
        }
    }
}

extension CatalogUnassignedFile {
    fileprivate static func unassigned(_ file: String, set: CatalogSet) -> String {
        "\(file) is in the \(set.kind.rawValue) \"\(set.name)\" but no entry names it, so it is not in the app. "
            + "Assign it to its slot in Contents.json, or delete it."
    }
}
