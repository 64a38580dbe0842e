/// A `Contents.json` that cannot be read or is not valid JSON of the expected shape, or a set
/// folder that has none.
///
/// Lint: the Contents.json (or where it should be), with the JSON error.
struct CatalogMalformed: Rule {
    static let description = RuleDescription(
        id: "catalog-malformed",
        severity: .error,
        summary: "An asset catalog Contents.json is unreadable, invalid or missing.",
        rationale: """
            Xcode cannot compile a set whose Contents.json does not parse: the build fails or the images go \
            missing. Usually a merge conflict left in the file. A set folder without a Contents.json says \
            nothing about which file fills which slot, so its files are not assigned: usually files copied \
            into the folder by hand or a Contents.json lost to a .gitignore.
            """,
        triggeringExamples: [
            RuleExample(
                [],
                catalogProblems: [
                    CatalogProblem(
                        path: "A.xcassets/star.imageset/Contents.json", reason: "invalid JSON: unexpected character")
                ],
                flagged: "A.xcassets/star.imageset/Contents.json"),
            RuleExample(
                [.image("A.xcassets/star.imageset/star.png", 20, 20)],
                catalogProblems: [
                    CatalogProblem(
                        path: "A.xcassets/star.imageset/Contents.json", reason: "the imageset has no Contents.json",
                        isMissing: true)
                ],
                flagged: "A.xcassets/star.imageset/Contents.json"),
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
        if problem.isMissing {
            let folder = problem.path.split(separator: "/").dropLast().joined(separator: "/")
            return "\(folder) has no Contents.json, so none of its files is assigned to a slot and the set may not "
                + "reach the app. Add the files to the set in Xcode, which writes Contents.json, and commit it."
        }
        return "\(problem.path) cannot be used: \(problem.reason). Fix the JSON; the rest of the catalog was checked."
    }
}
