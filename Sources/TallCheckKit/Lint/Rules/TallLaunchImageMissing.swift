/// An iPhone app that has launch images but none for the 4-inch screen (640×1136 px), so it
/// runs letterboxed on iPhone 5-class phones. Phones that run the app zoomed (no launch image
/// for 375×667 or 414×736 pt) are reported as notes.
///
/// Lint: the Info.plist, or the app's iPhone launch image when there is no Info.plist.
struct TallLaunchImageMissing: Rule {
    static let description = RuleDescription(
        id: "tall-launch-image-missing",
        severity: .error,
        summary: "An iPhone app with launch images has none for the 4-inch screen, so it runs letterboxed there.",
        rationale: """
            Without a 640×1136 launch image (Default-568h@2x.png, or a UILaunchImages entry for {320, 568}) \
            iOS runs the app at 320×480 points with black bars on 4-inch iPhones. A launch storyboard makes \
            the app native everywhere. iPhone 6 and 6 Plus class phones need UILaunchImages entries for \
            {375, 667} and {414, 736}, or they run the app zoomed; that is reported as a note when the app \
            uses UILaunchImages or targets iOS 8 or later.
            """,
        triggeringExamples: [
            RuleExample(
                [.image("Default.png", 320, 480), .image("Default@2x.png", 640, 960)], flagged: "Default@2x.png",
                severities: [.error]),
            // An iOS 8 app without UILaunchImages: letterboxed on 4-inch phones, zoomed on the 6 classes.
            RuleExample(
                [.image("Default@2x.png", 640, 960), .image("Default-667h@2x.png", 750, 1334)],
                deploymentTarget: OSVersion(8, 0),
                flagged: "Default@2x.png", severities: [.error, .note, .note]),
            RuleExample(
                [.image("Default@2x.png", 640, 960)],
                info: AppInfo(path: "Info.plist", deviceFamilies: [.phone, .pad]),
                flagged: "Info.plist"),
            // iOS looks for -568h case-sensitively: this one is never found.
            RuleExample(
                [.image("Default@2x.png", 640, 960), .image("Default-568H@2x.png", 640, 1136)],
                flagged: "Default@2x.png", severities: [.error]),
            // 4-inch ready, but without entries for the iPhone 6 classes: two notes.
            RuleExample(
                [.image("LaunchImage-568h@2x.png", 640, 1136)],
                info: AppInfo(
                    path: "Info.plist",
                    launchImages: [
                        .phone: [LaunchImageEntry(name: "LaunchImage-568h", size: PointSize(width: 320, height: 568))]
                    ]),
                flagged: "Info.plist", severities: [.note, .note]),
        ],
        nonTriggeringExamples: [
            RuleExample([.image("Default@2x.png", 640, 960), .image("Default-568h@2x.png", 640, 1136)]),
            RuleExample(
                [.image("Default@2x.png", 640, 960)],
                info: AppInfo(path: "Info.plist", launchStoryboardName: [.phone: "LaunchScreen"])),
            RuleExample(
                [.image("Default-Portrait~ipad.png", 768, 1024)],
                info: AppInfo(path: "Info.plist", deviceFamilies: [.pad])),
            RuleExample([.image("Images/Logo@2x.png", 100, 100)]),
        ]
    )

    /// The phones where a launch image alone is not enough: without a `UILaunchImages` entry
    /// the app runs zoomed there.
    private static let zoomedScreens = DeviceCatalog.launchScreens.filter {
        $0.idiom == .phone && $0.needsLaunchImagesEntry
    }

    func findings(in inventory: Inventory) -> [Finding] {
        guard inventory.launches, inventory.deviceFamilies.contains(.phone),
            inventory.info?.hasLaunchScreen(on: .phone, from: inventory.deploymentTarget) != true
        else {
            return []
        }
        let phoneLaunchImages = inventory.allImages.filter { inventory.launchImages.slot(for: $0)?.idiom == .phone }
        let entries = inventory.launchEntries(for: .phone)
        guard !phoneLaunchImages.isEmpty || !(entries?.isEmpty ?? true) else { return [] }
        let path =
            inventory.info?.path ?? (phoneLaunchImages.last { $0.name.scale == 2 } ?? phoneLaunchImages.last)!.path
        let related = phoneLaunchImages.map(\.path).filter { $0 != path }
        var findings: [Finding] = []
        let launchSet = inventory.catalogSets.first { $0.kind == .launchImage }?.name
        let source: LaunchSource = launchSet.map(LaunchSource.catalogSet) ?? (entries != nil ? .entries : .files)
        if !phoneLaunchImages.contains(where: { inventory.launchImages.slot(for: $0)?.isFourInchPhone == true }) {
            findings.append(finding(path, Self.letterboxed(source), related: related))
        }
        if entries != nil || inventory.deploymentTarget >= OSVersion(8, 0) {
            for zoomed in Self.zoomedScreens where !(entries ?? []).contains(where: { $0.size == zoomed.points }) {
                let byNameOnly = phoneLaunchImages.first {
                    inventory.launchImages.slot(for: $0)?.points == zoomed.points
                }
                findings.append(
                    finding(
                        path,
                        Self.zoomed(zoomed, source: source, byNameOnly: byNameOnly),
                        related: related, severity: .note))
            }
        }
        return findings
    }
}

extension TallLaunchImageMissing {
    /// Where the app's launch images come from, which decides the fix.
    fileprivate enum LaunchSource {
        case catalogSet(String)
        case entries
        case files
    }

    fileprivate static func letterboxed(_ source: LaunchSource) -> String {
        let fourInch = DeviceCatalog.fourInch
        let devices = DeviceCatalog.describe(idiom: .phone, bounds: fourInch.points, scale: fourInch.scales.upperBound)
        let fix =
            switch source {
            case .catalogSet(let name):
                "Fill the Retina 4 slot (iphone 2x retina4) of the launch image set \"\(name)\" with a 640×1136 px image"
            case .entries: "Add a UILaunchImages entry for {320, 568} with a 640×1136 px image"
            case .files: "Add Default-568h@2x.png at 640×1136 px"
            }
        return "The app has launch images but none for the 4-inch screen (640×1136 px), so it runs letterboxed on "
            + "\(devices). \(fix), or use a launch storyboard (UILaunchStoryboardName)."
    }

    fileprivate static func zoomed(_ screen: LaunchScreen, source: LaunchSource, byNameOnly: ScannedImage?) -> String {
        let (points, scale) = (screen.points, screen.scales.upperBound)
        let devices = DeviceCatalog.describe(idiom: .phone, bounds: points, scale: scale)
        let pixels = points.pixels(atScale: scale)
        let size = "{\(formatPoints(points.width)), \(formatPoints(points.height))} (\(pixels) px @\(scale)x)"
        if case .catalogSet(let name) = source {
            let slot = screen.catalogSubtype.map { "iphone \(scale)x \($0)" } ?? "iphone \(scale)x"
            return "The app runs zoomed on \(devices): the launch image set \"\(name)\" has no image for \(size). "
                + "Fill its slot (\(slot)), or use a launch storyboard."
        }
        var message = "The app runs zoomed on \(devices): no UILaunchImages entry for \(size)."
        if let byNameOnly {
            message += " \(byNameOnly.fileName) alone is not enough: iOS uses it only through such an entry."
        }
        return message + " Add the entry, or use a launch storyboard."
    }
}
