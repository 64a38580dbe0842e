/// A catalog entry whose `filename` leaves its set folder (`../`, an absolute path). The
/// file is never read.
///
/// Lint: the set's Contents.json, with the filename.
struct CatalogPathEscape: Rule {
    static let description = RuleDescription(
        id: "catalog-path-escape",
        severity: .error,
        summary: "A catalog entry's filename leaves its set folder.",
        rationale: """
            A filename such as ../../secret.png or /etc/hosts points outside the set. Xcode does not support \
            it, and a tool that followed it would read files it was never given; TallCheck never reads them.
            """,
        triggeringExamples: [
            RuleExample(
                [],
                catalog: [
                    CatalogSet(
                        folder: "A.xcassets/star.imageset", entries: [.init(filename: "../../star.png", scale: "1x")])
                ],
                flagged: "A.xcassets/star.imageset/Contents.json"),
            RuleExample(
                [],
                catalog: [
                    CatalogSet(
                        folder: "A.xcassets/star.imageset", entries: [.init(filename: "/etc/star.png", scale: "1x")])
                ],
                flagged: "A.xcassets/star.imageset/Contents.json"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                [.image("A.xcassets/star.imageset/star..png", 20, 20)],
                catalog: [
                    CatalogSet(folder: "A.xcassets/star.imageset", entries: [.init(filename: "star..png", scale: "1x")])
                ])
        ]
    )

    func findings(in inventory: Inventory) -> [Finding] {
        inventory.catalogSets.flatMap { set in
            set.entries.compactMap { entry in
                guard case .escapes(let name) = set.file(for: entry) else { return nil }
                return finding(set.contentsPath, Self.escapes(name, set: set))
            }
        }
    }
}

extension CatalogPathEscape {
    fileprivate static func escapes(_ name: String, set: CatalogSet) -> String {
        "The \(set.kind.rawValue) \"\(set.name)\" names \"\(name)\", which is outside its folder; it was not read. "
            + "Move the file into \(set.folder) and name it without a path."
    }
}
