/// A launch image whose pixel size is not the one its name (or its `UILaunchImages` entry)
/// implies, or one named so that iOS ignores it. iOS shows a launch image only at its exact
/// size; otherwise the app runs letterboxed or zoomed on that device.
///
/// Lint: the launch image file, with its size and the size its slot needs.
struct LaunchImageSize: Rule {
    static let description = RuleDescription(
        id: "launch-image-size",
        severity: .error,
        summary: "A launch image's pixel size differs from the one its name or UILaunchImages entry requires.",
        rationale: """
            iOS decides whether an app supports a screen by its launch image: Default-568h@2x.png must be \
            exactly 640×1136 px, or the app runs letterboxed on 4-inch iPhones. A size that is nearly right \
            (640×1096, with the status bar subtracted) is not accepted, and Default-568h.png without @2x is \
            ignored.
            """,
        triggeringExamples: [
            RuleExample(
                [.image("A.xcassets/LaunchImage.launchimage/tall.png", 640, 1096)],
                catalog: [
                    CatalogSet(
                        folder: "A.xcassets/LaunchImage.launchimage",
                        entries: [
                            .init(
                                filename: "tall.png", idiom: "iphone", scale: "2x", subtype: "retina4",
                                orientation: "portrait")
                        ])
                ],
                flagged: "A.xcassets/LaunchImage.launchimage/tall.png"),
            RuleExample(
                [.image("A.xcassets/LaunchImage.launchimage/plus-landscape.png", 1242, 2208)],
                catalog: [
                    CatalogSet(
                        folder: "A.xcassets/LaunchImage.launchimage",
                        entries: [
                            .init(
                                filename: "plus-landscape.png", idiom: "iphone", scale: "3x", subtype: "736h",
                                orientation: "landscape")
                        ])
                ],
                flagged: "A.xcassets/LaunchImage.launchimage/plus-landscape.png"),
            RuleExample([.image("Default-568h@2x.png", 640, 1096)], flagged: "Default-568h@2x.png"),
            RuleExample([.image("Default@2x.png", 640, 920)], flagged: "Default@2x.png"),
            RuleExample([.image("Default-568h.png", 320, 568)], flagged: "Default-568h.png"),
            RuleExample(
                [.image("Default-Landscape@2x~ipad.png", 1536, 2048)], flagged: "Default-Landscape@2x~ipad.png"),
            RuleExample(
                [.image("Splash-568h@2x.png", 640, 1096)],
                info: AppInfo(path: "Info.plist", launchImageFile: [.phone: "Splash"]),
                flagged: "Splash-568h@2x.png"),
            RuleExample(
                [.image("LaunchImage-800-667h@2x.png", 640, 1136)],
                info: AppInfo(
                    path: "Info.plist",
                    launchImages: [
                        .phone: [
                            LaunchImageEntry(name: "LaunchImage-800-667h", size: PointSize(width: 375, height: 667))
                        ]
                    ]),
                flagged: "LaunchImage-800-667h@2x.png"),
        ],
        nonTriggeringExamples: [
            // to-status-bar iPad slots are 20 pt shorter: 768×1004 and 1024×748 at 1x.
            RuleExample(
                [
                    .image("A.xcassets/LaunchImage.launchimage/p.png", 768, 1004),
                    .image("A.xcassets/LaunchImage.launchimage/l.png", 1024, 748),
                ],
                catalog: [
                    CatalogSet(
                        folder: "A.xcassets/LaunchImage.launchimage",
                        entries: [
                            .init(
                                filename: "p.png", idiom: "ipad", scale: "1x", orientation: "portrait",
                                extent: "to-status-bar"),
                            .init(
                                filename: "l.png", idiom: "ipad", scale: "1x", orientation: "landscape",
                                extent: "to-status-bar"),
                        ])
                ]),
            RuleExample([
                .image("Default.png", 320, 480), .image("Default@2x.png", 640, 960),
                .image("Default-568h@2x.png", 640, 1136),
            ]),
            RuleExample([
                .image("Default-Portrait~ipad.png", 768, 1004), .image("Default-Landscape@2x~ipad.png", 2048, 1536),
            ]),
            RuleExample([.image("Default-Landscape-736h@3x.png", 2208, 1242)]),
            // Not a launch image once UILaunchImageFile names another base.
            RuleExample(
                [.image("Default-568h@2x.png", 640, 1096)],
                info: AppInfo(path: "Info.plist", launchImageFile: [.phone: "Splash"])),
        ]
    )

    func findings(in inventory: Inventory) -> [Finding] {
        guard inventory.launches else { return [] }
        /// Whether a launch image can show on `idiom` on some iOS the app runs: not when a launch
        /// storyboard (iOS 8) or `UILaunchScreen` (iOS 14) covers every one from the deployment target.
        func imagesShow(on idiom: Idiom) -> Bool {
            guard let info = inventory.info else { return true }
            if info.launchStoryboardName[idiom] != nil, inventory.deploymentTarget >= OSVersion(8, 0) { return false }
            return !(info.launchScreenIdioms.contains(idiom) && inventory.deploymentTarget >= OSVersion(14, 0))
        }
        return inventory.allImages.compactMap { image in
            if let problem = inventory.launchImages.problem(for: image) {
                guard imagesShow(on: image.name.device == .ipad ? .pad : .phone) else { return nil }
                return finding(image.path, Self.ignored(image, problem))
            }
            guard let slot = inventory.launchImages.slot(for: image), imagesShow(on: slot.idiom),
                let size = image.facts.pixelSize,
                size != slot.pixelSize, !slot.alsoAccepted.contains(size)
            else { return nil }
            return finding(
                image.path,
                Self.wrongSize(
                    image, size: size, slot: slot, entry: inventory.launchImages.entries[image.path],
                    catalogEntry: inventory.launchImages.catalogEntries[image.path]))
        }
    }
}

extension LaunchImageSize {
    fileprivate static func wrongSize(
        _ image: ScannedImage, size: PixelSize, slot: LaunchImageSlot, entry: LaunchImageEntry?,
        catalogEntry: CatalogEntry?
    ) -> String {
        let expected = slot.pixelSize
        let source =
            entry.map {
                "its UILaunchImages entry (\($0.size) pt" + ($0.orientation.isLandscape ? ", landscape)" : ")")
            }
            ?? catalogEntry.map { "its catalog slot \($0.slotDescription)" }
        var message =
            "\(image.fileName) is \(size) px; as the launch image for \(slot.devices) "
            + "(\(slot.points) pt @\(slot.scale)x\(slot.isLandscape ? ", landscape" : "")"
            + "\(source.map { ", from \($0)" } ?? "")) it must be \(expected) px."
        let statusBar = 20 * slot.scale
        if slot.idiom == .phone, !slot.isLandscape, size.width == expected.width,
            expected.height - size.height == statusBar
        {
            message +=
                " It is \(statusBar) px short: the status bar seems to have been subtracted, which iOS does not accept."
        } else if size.width == expected.height, size.height == expected.width {
            message += " It is rotated: width and height are swapped."
        }
        message += slot.isFourInchPhone ? " Until it is \(expected) px the app runs letterboxed on these phones." : ""
        return message + " Make it \(expected) px."
    }

    fileprivate static func ignored(_ image: ScannedImage, _ problem: LaunchImageNameProblem) -> String {
        "\(image.fileName) is named as a launch image, but \(reason(problem.kind))."
            + (problem.suggestedName.map { " Rename it to \($0)." } ?? "")
    }

    fileprivate static func reason(_ kind: LaunchImageNameProblem.Kind) -> String {
        switch kind {
        case .noSuchCatalogSlot(let slot): "its slot (\(slot)) is no screen iOS has"
        case .noSuchScreen(let idiom, let size, let scale):
            "no \(idiom.deviceName) shows a \(size) pt launch image at @\(scale)x"
        case .noSuchScale(.pad, let scale): "no iPad uses @\(scale)x launch images"
        case .noSuchScale(.phone, let scale): "no 3.5-inch iPhone uses @\(scale)x launch images"
        case .noSuchScale(let idiom, let scale): "no \(idiom.deviceName) uses @\(scale)x launch images"
        case .noSuchHeight(let height): "no iPhone has a -\(height)h launch image"
        case .heightAtOtherScale(let height, let scale):
            "a -\(height)h launch image is used only at @\(scale)x, so iOS ignores this one"
        }
    }
}
