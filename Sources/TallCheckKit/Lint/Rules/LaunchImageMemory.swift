/// A launch screen whose images decode to more memory than iOS 14 and later allow it: the
/// system gives up and shows a black screen.
///
/// Lint: once per launch storyboard, on its line that names the largest image, for the device
/// class where its images weigh most; once per launch image file over the limit.
struct LaunchImageMemory: Rule {
    /// The limit `splashboardd` states in its log: "Estimated size (29900800) is over limit
    /// (25000000)" (docs/launch-screen-memory.md).
    static let limit = 25_000_000

    static let description = RuleDescription(
        id: "launch-image-memory",
        severity: .error,
        summary: "A launch screen whose images decode to more than the 25 MB iOS 14 and later allow: it shows black.",
        rationale: """
            Since iOS 14 the system (splashboardd) renders the launch screen from the launch storyboard \
            and refuses when the images it shows decode to more than 25,000,000 bytes, about 4 bytes a \
            pixel: the device log says "Estimated size (…) is over limit (25000000)", and the user sees a \
            black screen instead. Xcode 14 and later warn "The launch screen exceeds the memory limit and \
            may not display during app launch". Apple documents no number; the limit here is the one the \
            system's own log states (docs/launch-screen-memory.md has the evidence). TallCheck adds up, \
            for every device class the app supports, width × height × 4 of the file each image view of the \
            launch storyboard loads there (a PDF at its size in points times the scale), and checks every \
            launch image on its own. The classic case is one 2732×2732 splash image at @3x (29.9 MB): \
            2500×2500 (25.0 MB) is the largest square that fits, 2400×2400 leaves room.
            """,
        triggeringExamples: [
            example(
                [
                    .image("Splash.png", 2732, 2732), .image("Splash@2x.png", 2732, 2732),
                    .image("Splash@3x.png", 2732, 2732),
                ], flagged: "App/LaunchScreen.storyboard")
        ],
        nonTriggeringExamples: [
            example([
                .image("Splash.png", 800, 800), .image("Splash@2x.png", 1600, 1600),
                .image("Splash@3x.png", 2400, 2400),
            ]),
            // Another storyboard's images are not the launch screen's.
            example([.image("Poster@3x.png", 4000, 4000)], storyboard: "App/Main.storyboard", image: "Poster"),
        ]
    )

    /// An iPhone app for iOS 14 whose launch screen is `LaunchScreen`, with one image view.
    private static func example(
        _ files: [RuleExample.File], storyboard: String = "App/LaunchScreen.storyboard", image: String = "Splash",
        flagged: String? = nil
    ) -> RuleExample {
        RuleExample(
            files, info: AppInfo(path: "Info.plist", launchStoryboardName: [.phone: "LaunchScreen"]),
            deploymentTarget: OSVersion(14, 0),
            references: [
                ImageReference.example(storyboard, 12, image, api: "imageView image", lookup: .interfaceBuilder)
            ], flagged: flagged)
    }

    func findings(in inventory: Inventory) -> [Finding] {
        guard inventory.launches else { return [] }
        return storyboardFindings(inventory) + launchImageFindings(inventory)
    }

    /// The images of each launch storyboard, added up on each device class it is shown on.
    private func storyboardFindings(_ inventory: Inventory) -> [Finding] {
        guard let names = inventory.info?.launchStoryboardName, !names.isEmpty else { return [] }
        let devices = SupportedDevices(inventory).representatives
        let images = Dictionary(inventory.allImages.map { ($0.path, $0) }) { first, _ in first }
        var resolver: ImageResolver?
        var findings: [Finding] = []
        // What a view draws at launch: its image or background, not a button's highlighted or
        // selected state (and the resource list IB keeps for names no attribute gives).
        let drawn = inventory.references.filter { reference in
            reference.lookup == .interfaceBuilder
                && [" image", " backgroundImage", " resource"].contains { reference.api.hasSuffix($0) }
        }
        let byFile = Dictionary(grouping: drawn, by: \.path)
        for (path, references) in byFile.sorted(by: { $0.key < $1.key }) {
            let idioms = Set(names.filter { Self.storyboardName(of: path) == $0.value }.keys)
            guard !idioms.isEmpty else { continue }
            let resolving = resolver ?? ImageResolver(inventory)
            resolver = resolving
            var worst: (device: String, total: Int, parts: [(ImageReference, String, Int)])?
            for device in devices where idioms.contains(device.device.idiom) {
                // One image view per reference: the same file in two views decodes twice.
                var parts: [(ImageReference, String, Int)] = []
                for reference in references {
                    guard let name = reference.literalName else { continue }
                    let file = resolving.resolve(name, on: device.device).file
                    guard let file, let image = images[file], let bytes = Self.decodedBytes(image, device.device.scale)
                    else { continue }
                    parts.append((reference, file, bytes))
                }
                let total = parts.reduce(0) { $0 + $1.2 }
                // The class, not its first model: the iPhone 6 Plus stands for the 8 Plus too, and
                // an app for iOS 16 runs on the one and not the other.
                if total > (worst?.total ?? 0) { worst = (device.shortDescription, total, parts) }
            }
            guard let worst, worst.total > Self.limit else { continue }
            let largest = worst.parts.max { $0.2 < $1.2 }!
            // A vector image's size is its natural size rasterized at the screen's scale, which is
            // what Xcode renders for a single-scale PDF or SVG; whether the launch screen draws it
            // at that size or at its view's is not documented: without vectors over the limit, the
            // total is certain.
            let rasters = worst.parts.filter { images[$0.1]?.facts.format.isVector != true }.reduce(0) { $0 + $1.2 }
            let certain = rasters > Self.limit
            var message = Self.storyboard(path, device: worst.device, total: worst.total, parts: worst.parts)
            if !certain {
                message +=
                    " Uncertain: the total counts vector images (PDF, SVG) at their natural size, as Xcode "
                    + "rasterizes single-scale ones; if the system draws them at their views' size, it is smaller."
            }
            var finding = finding(
                path, message, related: Array(Set(worst.parts.map(\.1))).sorted(),
                severity: certain ? Self.description.severity : .warning)
            finding.line = largest.0.line
            finding.column = largest.0.column
            findings.append(finding)
        }
        return findings
    }

    /// Launch image files, each shown alone.
    private func launchImageFindings(_ inventory: Inventory) -> [Finding] {
        var findings: [Finding] = []
        // The launch image sets' folders once (an app has one or none), not every set for every image.
        let launchSetFolders = inventory.catalogSets.filter { $0.kind == .launchImage }.map { $0.folder + "/" }
        let launchFiles = inventory.allImages.filter { image in
            inventory.launchImages.slot(for: image) != nil || launchSetFolders.contains { image.path.hasPrefix($0) }
        }
        for image in launchFiles {
            guard let bytes = Self.decodedBytes(image, image.name.scale), bytes > Self.limit else { continue }
            findings.append(finding(image.path, Self.launchImage(image, bytes: bytes)))
        }
        return findings
    }

    /// What iOS allocates to show the image: 4 bytes a pixel; a PDF rendered at its size times
    /// the scale. Nil for a file the probe refused (its header may claim any size).
    static func decodedBytes(_ image: ScannedImage, _ scale: Int) -> Int? {
        guard image.facts.isValid else { return nil }
        if let size = image.facts.pixelSize { return size.decodedBytes }
        if let points = image.facts.vectorSize {
            let pixels = (points.width * Double(scale)).rounded(.up) * (points.height * Double(scale)).rounded(.up)
            return pixels.isFinite && pixels < 1e15 ? Int(pixels) * 4 : Int.max
        }
        return nil
    }

    /// `LaunchScreen` for `App/Base.lproj/LaunchScreen.storyboard`.
    static func storyboardName(of path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".storyboard", ".xib"] where last.hasSuffix(suffix) {
            return String(last.dropLast(suffix.count))
        }
        return last
    }
}

extension LaunchImageMemory {
    fileprivate static func storyboard(
        _ path: String, device: String, total: Int, parts: [(ImageReference, String, Int)]
    ) -> String {
        let listed = parts.sorted { $0.2 > $1.2 }.prefix(3).map { part in
            "\(part.1.split(separator: "/").last ?? "") \(byteCountText(part.2))"
        }
        return "the launch screen's images decode to \(byteCountText(total)) (\(total) bytes) on \(device) "
            + "(\(listed.joined(separator: ", "))\(parts.count > 3 ? ", …" : "")), over the 25,000,000 bytes "
            + "iOS 14 and later allow: the system shows a black screen instead. Use smaller images "
            + "(width × height × 4 bytes; a 2400×2400 @3x image is 23 MB) or fewer of them."
    }

    fileprivate static func launchImage(_ image: ScannedImage, bytes: Int) -> String {
        "\(image.fileName) decodes to \(byteCountText(bytes)) (\(image.facts.pixelSize.map { "\($0) px" } ?? "its size") × 4 bytes), "
            + "over the 25,000,000 bytes iOS 14 and later allow a launch screen: the system may show a black "
            + "screen instead. No device's launch image needs more than 2732×2048 (22.4 MB)."
    }
}
