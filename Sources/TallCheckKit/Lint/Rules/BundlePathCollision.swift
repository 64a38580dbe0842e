/// Two files of the tree that the project copies to the same path in the app: Xcode stops the
/// build ("Multiple commands produce …"), or, in older Xcodes, one silently replaces the other.
///
/// Lint: the first file, with the others related.
struct BundlePathCollision: Rule {
    static let description = RuleDescription(
        id: "bundle-path-collision",
        severity: .error,
        summary: "Two files land on the same path in the built app.",
        rationale: """
            Xcode copies the files of groups flat into the app, so two files with one name in different groups \
            land on the same bundle path: the build fails with "Multiple commands produce", or one file replaces \
            the other, and a name loads whichever won. Only paths a project file decides are checked; without \
            one, same-named files in different folders may be folder references and are each checked on their own.
            """,
        triggeringExamples: [
            RuleExample(
                [.image("App/Icons/gear.png", 20, 20), .image("App/Legacy/gear.png", 22, 22)],
                bundlePaths: ["App/Icons/gear.png": "gear.png", "App/Legacy/gear.png": "gear.png"],
                flagged: "App/Icons/gear.png")
        ],
        nonTriggeringExamples: [
            RuleExample(
                [.image("App/Icons/gear.png", 20, 20), .image("App/Levels/gear.png", 22, 22)],
                bundlePaths: ["App/Icons/gear.png": "gear.png", "App/Levels/gear.png": "Levels/gear.png"]),
            RuleExample([.image("A/gear.png", 20, 20), .image("B/gear.png", 22, 22)]),
        ]
    )

    func findings(in inventory: Inventory) -> [Finding] {
        inventory.bundle.collisions.map { collision in
            finding(
                collision.files[0], Self.collides(collision.bundlePath, files: collision.files),
                related: Array(collision.files.dropFirst()))
        }
    }
}

extension BundlePathCollision {
    fileprivate static func collides(_ bundlePath: String, files: [String]) -> String {
        "\(files.joined(separator: " and ")) all land on \(bundlePath) in the app: Xcode fails with \"Multiple "
            + "commands produce …\", or one silently replaces the other. Rename one, or keep its folder with a "
            + "folder reference."
    }
}
