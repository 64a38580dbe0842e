/// A `Contents.json` that cannot be read or is not valid JSON of the expected shape.
///
/// Lint: the Contents.json, with the JSON error.
struct CatalogMalformed: Rule {
    static let description = RuleDescription(
        id: "catalog-malformed",
        severity: .error,
        summary: "An asset catalog Contents.json is unreadable or invalid.",
        rationale: """
            Xcode cannot compile a set whose Contents.json does not parse: the build fails or the images go \
            missing. Usually a merge conflict left in the file.
            """,
        triggeringExamples: [
            RuleExample(
                [],
                catalogProblems: [
                    CatalogProblem(
                        path: "A.xcassets/star.imageset/Contents.json", reason: "invalid JSON: unexpected character")
                ],
                flagged: "A.xcassets/star.imageset/Contents.json")
        ],
        nonTriggeringExamples: [
            RuleExample(
                [.image("A.xcassets/star.imageset/star.png", 20, 20)],
                catalog: [
                    CatalogSet(folder: "A.xcassets/star.imageset", entries: [.init(filename: "star.png", scale: "1x")])
                ])
        ]
    )

    func findings(in inventory: Inventory) -> [Finding] {
        inventory.catalogProblems.map { finding($0.path, Self.malformed($0)) }
    }
}

extension CatalogMalformed {
    fileprivate static func malformed(_ problem: CatalogProblem) -> String {
        "\(problem.path) cannot be used: \(problem.reason). Fix the JSON; the rest of the catalog was checked."
    }
}
