/// A file name whose modifiers iOS will not match: out of order (`a~ipad@2x.png`,
/// `Default@2x-568h.png`) or in the wrong case (`@2X`, `~iPad`, `-568H`, `.PNG`).
///
/// Lint: the file, with the name iOS would match.
struct MisnamedVariant: Rule {
    static let description = RuleDescription(
        id: "misnamed-variant",
        severity: .warning,
        summary: "A file name's modifiers are out of order or in the wrong case, so iOS never finds the file.",
        rationale: """
            iOS builds the names it looks for as <name>[-568h][-Orientation][@2x][~device].png, \
            case-sensitively on the device. Button~ipad@2x.png or Icon@2X.png are never found: the app shows \
            the 1x image scaled up, or nothing. The simulator on a case-insensitive disk may hide the second \
            kind.
            """,
        triggeringExamples: [
            RuleExample([.image("Button~ipad@2x.png", 88, 88)], flagged: "Button~ipad@2x.png"),
            RuleExample([.image("Default@2x-568h.png", 640, 1136)], flagged: "Default@2x-568h.png"),
            RuleExample([.image("Icon@2X.png", 88, 88)], flagged: "Icon@2X.png"),
            RuleExample([.image("Tab~iPad.png", 30, 30)], flagged: "Tab~iPad.png"),
            RuleExample(
                [.image("Default@2x.png", 640, 960), .image("Default-568H@2x.png", 640, 1136)],
                flagged: "Default-568H@2x.png", severities: [.warning]),
            RuleExample([.image("Photo@2x.PNG", 88, 88)], flagged: "Photo@2x.PNG"),
            RuleExample([.image("Arrow@1x.png", 20, 20)], flagged: "Arrow@1x.png"),
            RuleExample([.image("fsarrow@2x.png", 40, 40), .image("fsarrow@3.png", 60, 60)], flagged: "fsarrow@3.png"),
        ],
        nonTriggeringExamples: [
            RuleExample([.image("Button@2x~ipad.png", 88, 88), .image("Default-568h@2x.png", 640, 1136)]),
            RuleExample([.image("LaunchImage-800-Portrait-736h@3x.png", 1242, 2208)]),
            RuleExample([.image("my-icon-60.png", 60, 60), .image("photo.jpg", 60, 60, format: .jpeg)]),
        ]
    )

    func findings(in inventory: Inventory) -> [Finding] {
        inventory.looseImages.compactMap { image in
            let name = image.name
            guard !name.isMatchable else { return nil }
            let wrongCase = name.misspelledModifiers.map(\.text)
            let extensionCase = name.pathExtension != name.pathExtension.lowercased()
            var message = Self.misnamed(image, wrongCase: wrongCase, extensionCase: extensionCase)
            if let slot = inventory.launchImages.unmatchedSlot(for: image) {
                message += Self.launchImageNeverShown(slot)
            }
            return finding(image.path, message)
        }
    }
}

extension MisnamedVariant {
    /// What a launch image that iOS cannot find causes.
    fileprivate static func launchImageNeverShown(_ slot: LaunchImageSlot) -> String {
        " As the launch image for \(slot.devices) it is never shown"
            + (slot.isFourInchPhone ? ": the app runs letterboxed there until it is renamed." : ".")
    }

    fileprivate static func misnamed(_ image: ScannedImage, wrongCase: [String], extensionCase: Bool) -> String {
        var reasons: [String] = []
        if !image.name.isInMatchingOrder {
            reasons.append("its modifiers are out of order (launch modifiers, then the scale, then the device)")
        }
        let noX = wrongCase.filter { $0.hasPrefix("@") && !$0.lowercased().hasSuffix("x") }
        if !noX.isEmpty {
            reasons.append("a scale modifier needs its x (\(noX.map { "\($0) is \($0)x" }.joined(separator: ", ")))")
        }
        let spelled = wrongCase.filter { $0.lowercased() != "@1x" && !noX.contains($0) }
        if !spelled.isEmpty {
            reasons.append("modifiers are case-sensitive (\(spelled.joined(separator: ", ")))")
        }
        if wrongCase.contains(where: { $0.lowercased() == "@1x" }) {
            reasons.append("iOS has no @1x modifier: a 1x file has none")
        }
        if extensionCase {
            reasons.append("the extension is case-sensitive on the device (.\(image.name.pathExtension))")
        }
        return
            "iOS never finds \(image.fileName): \(reasons.joined(separator: "; ")). Rename it to \(image.name.canonicalFileName)."
    }
}
