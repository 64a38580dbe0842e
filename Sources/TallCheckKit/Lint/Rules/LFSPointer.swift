/// An image that is a Git LFS pointer: the repository stores it in LFS and this checkout never
/// fetched it, so nothing about the image can be checked.
///
/// Lint: the pointer file, with how to fetch it.
struct LFSPointer: Rule {
    static let description = RuleDescription(
        id: "lfs-pointer",
        severity: .note,
        summary: "An image file that is a Git LFS pointer: it was not checked out, so it was not checked.",
        rationale: """
            Git LFS keeps large files out of the repository and leaves a small text pointer in their place until \
            `git lfs pull` fetches them. A CI job that clones without LFS sees only pointers: they are not broken \
            images, but TallCheck cannot see their pixels. Fetch the LFS objects before linting (actions/checkout: \
            `lfs: true`) so that these images are checked too.
            """,
        triggeringExamples: [
            RuleExample(
                [RuleExample.File(path: "Hero@2x.png", facts: ImageFacts(format: .unknown, problem: .lfsPointer))],
                flagged: "Hero@2x.png")
        ],
        nonTriggeringExamples: [
            RuleExample([.image("Hero@2x.png", 200, 200)]),
            RuleExample([.corrupt("Broken.png", "IDAT: CRC error")]),
        ]
    )

    func findings(in inventory: Inventory) -> [Finding] {
        inventory.allImages.compactMap { image in
            image.facts.problem == .lfsPointer ? finding(image.path, Self.notCheckedOut(image)) : nil
        }
    }
}

extension LFSPointer {
    fileprivate static func notCheckedOut(_ image: ScannedImage) -> String {
        "\(image.fileName) is a Git LFS pointer, not the image: it was not checked out, so it was not checked. "
            + "Run git lfs pull (in CI, check out with LFS) and lint again."
    }
}
