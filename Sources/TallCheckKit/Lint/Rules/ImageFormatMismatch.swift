/// A corrupt image (with the probe's reason), a PNG or JPEG cut off before its end, a file whose
/// content is not what its extension says, or an Apple CgBI PNG in a source tree.
///
/// Lint: the file, with what the probe found: an error when it is corrupt or unreadable, a
/// warning when it ends early (without `--verify`, which reads it all), is mislabelled or CgBI.
struct ImageFormatMismatch: Rule {
    static let description = RuleDescription(
        id: "image-format",
        severity: .error,
        summary:
            "A corrupt image (an error); a PNG or JPEG whose end is missing, an image whose content does not match its "
            + "extension, or a CgBI PNG in the sources (warnings).",
        rationale: """
            A truncated or corrupt PNG shows as blank. A PNG without its IEND chunk or a JPEG without its end marker \
            in its last bytes was most likely cut off while being copied or downloaded; every image's last bytes are \
            read, so this is found without --verify, which reads a PNG whole and says where it breaks. A loose JPEG named .png loads on the device but breaks \
            Xcode's PNG compression step and most tools; in an asset catalog actool reads files by their content, \
            so the app builds, but the name still misleads every other tool. A CgBI PNG was copied out of a built app: Xcode crushes it \
            again and most tools cannot open it; keep the original.
            """,
        triggeringExamples: [
            RuleExample([.corrupt("Broken@2x.png", "IDAT: CRC error")], flagged: "Broken@2x.png"),
            RuleExample([.image("Photo.png", 100, 100, format: .jpeg)], flagged: "Photo.png"),
            RuleExample([.image("Banner@2x.png", 640, 200, endIsMissing: true)], flagged: "Banner@2x.png"),
            RuleExample([.image("Hero.jpg", 1242, 600, format: .jpeg, endIsMissing: true)], flagged: "Hero.jpg"),
            RuleExample([.image("Icon@2x.png", 120, 120, cgbi: true)], flagged: "Icon@2x.png"),
            RuleExample(
                [.image("A.xcassets/star.imageset/star@2x.png", 40, 40, cgbi: true)],
                catalog: [
                    CatalogSet(
                        folder: "A.xcassets/star.imageset", entries: [.init(filename: "star@2x.png", scale: "2x")])
                ],
                flagged: "A.xcassets/star.imageset/star@2x.png"),
        ],
        nonTriggeringExamples: [
            RuleExample([.image("Photo.jpg", 100, 100, format: .jpeg), .image("Button.png", 10, 10)])
        ]
    )

    func findings(in inventory: Inventory) -> [Finding] {
        // Catalog images too: Xcode compiles a CgBI or corrupt file in a set just as it copies a loose one.
        inventory.allImages.compactMap { image in
            // A compiled catalog's rendition is no file: its name is its source's.
            if inventory.isCompiled(image) { return nil }
            if let problem = image.facts.problem {
                // A pointer left by Git LFS is not broken, only not checked out: lfs-pointer.
                if problem == .lfsPointer { return nil }
                return finding(image.path, Self.broken(image, problem))
            }
            if image.facts.endIsMissing { return finding(image.path, Self.cutOff(image), severity: .warning) }
            if let claimed = ImageFormat(fileExtension: image.name.pathExtension), claimed != image.facts.format {
                // actool reads a catalog's files by their content (a WebP named .png in an app icon
                // set builds and ships): there the name misleads tools and people, not the build.
                let message =
                    inventory.catalogImages[image.path] == nil
                    ? Self.mislabelled(image, claimed: claimed) : Self.mislabelledInCatalog(image)
                return finding(image.path, message, severity: .warning)
            }
            // In a built app, CgBI is what Xcode writes: only a source tree should not hold it.
            if image.facts.png?.isCgBI == true, inventory.bundle.source != .builtApp {
                return finding(image.path, Self.cgbi(image), severity: .warning)
            }
            return nil
        }
    }
}

extension ImageFormatMismatch {
    fileprivate static func broken(_ image: ScannedImage, _ problem: ImageProblem) -> String {
        switch problem {
        case .unreadable(let reason): "\(image.fileName) cannot be read: \(reason)."
        case .invalid(let reason): "\(image.fileName) is not a valid image: \(reason). It will show blank; replace it."
        case .lfsPointer: "\(image.fileName) is \(problem)."
        }
    }

    fileprivate static func cutOff(_ image: ScannedImage) -> String {
        let window = ImageProbe.tailWindow
        if image.facts.format == .png {
            return "\(image.fileName) ends without its PNG's end chunk (IEND) in its last \(window) bytes: it was most "
                + "likely cut off while being copied or downloaded, and iOS may draw part of it or nothing. Replace it "
                + "with a whole copy; lint --verify reads all of it and says where it breaks."
        }
        return "\(image.fileName) ends without its JPEG's end-of-image marker in its last \(window) bytes: it was most "
            + "likely cut off while being copied or downloaded, and iOS may draw its top part only. Open it to see; "
            + "if it is whole, something was appended after the picture (a phone's motion photo, say), which the app "
            + "ships for nothing."
    }

    fileprivate static func mislabelled(_ image: ScannedImage, claimed: ImageFormat) -> String {
        "\(image.fileName) is named .\(image.name.pathExtension) but is a \(image.facts.format.displayName) file. It may load on "
            + "the device, but Xcode's PNG step and other tools reject it. Convert it, or give it its real extension."
    }

    fileprivate static func mislabelledInCatalog(_ image: ScannedImage) -> String {
        "\(image.fileName) is named .\(image.name.pathExtension) but is a \(image.facts.format.displayName) file. actool "
            + "compiles catalog files by their content, so the app builds, but other tools and people take it for "
            + "what its name says. Convert it, or give it its real extension (and the set's Contents.json too)."
    }

    fileprivate static func cgbi(_ image: ScannedImage) -> String {
        "\(image.fileName) is an Apple CgBI PNG, copied out of a built app: most tools cannot open it and Xcode crushes it "
            + "again. Replace it with the original PNG."
    }
}
