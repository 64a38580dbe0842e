/// A tall-suffix helper (the seed's `FromBundle16x9`, or one `tall_suffix_functions` names)
/// asked for an image that has no `-568h@2x` file: on every tall phone it falls back to the
/// image made for 3.5-inch screens, which then sits short or stretched.
///
/// Lint: the source line, with the file tall phones get instead and the file to add.
struct TallSuffixFallback: MatrixRule {
    static let description = RuleDescription(
        id: "tall-suffix-fallback",
        severity: .warning,
        summary: "A tall-suffix helper asks for an image without its -568h@2x file.",
        rationale: """
            Helpers such as FromBundle16x9 load name-568h@2x.png on phones at least 1136 px tall and fall back to \
            name.png otherwise. Without the -568h@2x file every tall phone gets the 3.5-inch image, so the screen \
            it fills is 88 points short, or stretched by the layout. The helper was called because the image is \
            meant to fill a tall screen: add the variant, or call UIImage.FromBundle.
            """,
        triggeringExamples: [
            RuleExample(
                [.image("Menu.png", 320, 480), .image("Menu@2x.png", 640, 960)],
                references: [.example("Menu.cs", 8, "Menu", api: "FromBundle16x9", mode: .tallSuffix)],
                flagged: "Menu.cs")
        ],
        nonTriggeringExamples: [
            RuleExample(
                [.image("Menu.png", 320, 480), .image("Menu@2x.png", 640, 960), .image("Menu-568h@2x.png", 640, 1136)],
                references: [.example("Menu.cs", 8, "Menu", api: "FromBundle16x9", mode: .tallSuffix)])
        ]
    )

    func needsMatrix(_ inventory: Inventory) -> Bool { inventory.references.contains { $0.mode == .tallSuffix } }

    func findings(in inventory: Inventory, matrix: ReferenceMatrix) -> [Finding] {
        guard needsMatrix(inventory) else { return [] }
        let representatives = matrix.devices.representatives
        return matrix.rows.compactMap { row in
            guard row.reference.mode == .tallSuffix, let name = row.lookedUp else { return nil }
            let fallbacks = representatives.indices.filter { index in
                guard representatives[index].device.isTallPhone, let file = row.loads[index].file else { return false }
                if case .tallSuffix = row.loads[index].reason { return false }
                return !file.isEmpty
            }
            guard let first = fallbacks.first, let file = row.loads[first].file else { return nil }
            let (base, ext) = ImageResolver.split(name)
            return Finding(
                ruleID: Self.description.id, severity: Self.description.severity, path: row.reference.path,
                message: "\(row.reference.api)(\"\(name)\") finds no \(base)-568h@2x.\(ext): tall phones get \(file), "
                    + "made for 3.5-inch screens. Add \(base)-568h@2x.\(ext) (640×1136 px for a full screen).",
                related: [file], line: row.reference.line, column: row.reference.column)
        }
    }
}
