extension ImageResolver {
    /// Which launch image `device` shows and how the app looks there: ``LaunchResolver``.
    public func resolveLaunch(on device: DeviceQuery, languages: [String] = []) -> Resolution {
        LaunchResolver(images: self).resolve(on: device, languages: languages)
    }
}

/// Which launch image a device shows and how the app looks there, from the Info.plist
/// (`UILaunchStoryboardName`, `UILaunchScreen`, `UILaunchImages`, `UILaunchImageFile`), the catalog's launch image
/// sets and the files (ios-image-lookup.md, "Launch images").
public struct LaunchResolver: Sendable {
    /// The app's images, whose lookup rules launch image names follow.
    public let images: ImageResolver

    public init(images: ImageResolver) {
        self.images = images
    }

    private var info: AppInfo? { images.info }

    public func resolve(on device: DeviceQuery, languages: [String] = []) -> Resolution {
        if let compatible = images.compatibilityDevice(for: device) {
            var resolution = resolve(on: compatible, languages: languages)
            if case .launch(_, let why) = resolution.reason { resolution.reason = .launch(.compatibilityMode, why) }
            resolution.remarks.insert(
                .iPhoneAppOnIPad(device: device.name ?? "an iPad", scale: compatible.scale, bounds: compatible.bounds),
                at: 0)
            return resolution
        }
        var search = ImageResolver.Search(index: images, languages: languages)
        let ios = device.iosVersion
        func answer(_ file: ScannedImage?, _ presentation: LaunchPresentation, _ why: LaunchReason) -> Resolution {
            Resolution(
                device: device, request: nil, mode: .uikit, file: file?.path,
                bundlePath: file == nil ? nil : search.foundBundlePath, scale: file?.name.scale,
                pointSize: file?.pointSize, tried: search.tried, reason: .launch(presentation, why),
                remarks: search.notes)
        }

        if let storyboard = info?.launchStoryboardName[device.idiom], ios.map({ $0 >= OSVersion(8, 0) }) ?? true {
            return answer(nil, .native, .storyboard(storyboard))
        }
        if info?.launchScreenIdioms.contains(device.idiom) == true, ios.map({ $0 >= OSVersion(14, 0) }) ?? true {
            return answer(nil, .native, .launchScreenKey)
        }
        if !images.launchSets.isEmpty, ios.map({ $0 >= OSVersion(7, 0) }) ?? true {
            var best: (minimum: OSVersion, path: String)?
            for set in images.launchSets {
                for (entry, path) in set.presentEntries {
                    guard let slot = LaunchImageSlot(catalogEntry: entry), slot.idiom == device.idiom,
                        slot.points == device.bounds,
                        slot.scale == device.scale,
                        slot.isLandscape == (device.idiom == .pad && device.orientation.isLandscape)
                    else { continue }
                    let minimum = entry.minimumSystemVersion.flatMap(OSVersion.init) ?? OSVersion(0, 0)
                    if let ios, minimum > ios { continue }
                    search.tried.append(path)
                    if best == nil || minimum > best!.minimum { best = (minimum, path) }
                }
            }
            guard let best, let found = images.catalogImages[best.path] else {
                return answer(nil, fallback(for: device), .noCatalogSlot)
            }
            // The slot's scale, not the file name's, is the image's scale.
            return checked(found.atScale(device.scale), device: device, answer: answer, source: .catalogSet)
        }
        if let entries = info?.launchImages[device.idiom], ios.map({ $0 >= OSVersion(7, 0) }) ?? true {
            guard let entry = Self.bestEntry(entries, for: device) else {
                return answer(nil, fallback(for: device), .noLaunchImagesEntry)
            }
            let found = find(entry.name, on: device, search: &search)
            guard let found else {
                return answer(nil, fallback(for: device), .entryWithoutFile(entry.name))
            }
            return checked(found, device: device, answer: answer, source: .launchImagesEntry(entry.name, entry.size))
        }

        let base = LaunchImages.legacyBase(for: device.idiom, info: info)
        let fromInfoPlist = info?.launchImageFile[device.idiom] != nil
        if device.idiom == .pad {
            for name in Self.padNames(base: base, orientation: device.orientation) {
                if let found = find(name, on: device, search: &search) {
                    return checked(
                        found, device: device, answer: answer,
                        source: .legacyName(base, fromInfoPlist: fromInfoPlist, through: .padOrientationFallback))
                }
            }
            return answer(
                nil, fallback(for: device),
                .noLegacyImage(.legacyName(base, fromInfoPlist: fromInfoPlist, through: nil)))
        }
        if DeviceCatalog.threePointFiveInch.isShown(idiom: device.idiom, points: device.bounds, scale: device.scale) {
            let found = find(base, on: device, search: &search)
            return answer(
                found, .native,
                found == nil
                    ? .everyAppFits : .shows(.legacyName(base, fromInfoPlist: fromInfoPlist, through: nil)))
        }
        if device.isFourInchPhone {
            if let found = search.find(base + DeviceCatalog.tallSuffix + "~iphone.png", scale: tallScale)
                ?? search.find(base + DeviceCatalog.tallSuffix + ".png", scale: tallScale)
            {
                return checked(
                    found, device: device, answer: answer,
                    source: .legacyName(base, fromInfoPlist: fromInfoPlist, through: .tallVariant))
            }
            let shown = find(base, on: device, search: &search)
            return answer(shown, .letterboxed, .noTallVariant(base: base))
        }
        let shown =
            search.find(base + DeviceCatalog.tallSuffix + ".png", scale: tallScale)
            ?? find(base, on: device, search: &search)
        return answer(shown, fallback(for: device), .filesAloneNotEnough)
    }

    /// Launch images are shown only at their exact size; otherwise iOS treats the screen as unsupported.
    private func checked(
        _ found: ScannedImage, device: DeviceQuery,
        answer: (ScannedImage?, LaunchPresentation, LaunchReason) -> Resolution, source: LaunchImageSource
    ) -> Resolution {
        let isPad = device.idiom == .pad
        let slot =
            isPad
            ? LaunchImageSlot.legacyPad(
                isLandscape: device.orientation.isLandscape, scale: device.scale, points: device.bounds)
            : LaunchImageSlot(idiom: device.idiom, points: device.bounds, isLandscape: false, scale: device.scale)
        let expected = slot.pixelSize
        // Landscape phone launch images (736h and later) are landscape-shaped.
        let landscape = PixelSize(width: expected.height, height: expected.width)
        let accepted = slot.acceptedPixelSizes + (device.orientation.isLandscape && !isPad ? [landscape] : [])
        guard let size = found.facts.pixelSize, accepted.contains(size) else {
            return answer(
                found, fallback(for: device),
                .wrongSize(fileName: found.fileName, source, actual: found.facts.pixelSize, expected: expected))
        }
        return answer(found, .native, .showsFile(found.fileName, source))
    }

    private func fallback(for device: DeviceQuery) -> LaunchPresentation {
        DeviceCatalog.presentationWithoutLaunchImage(idiom: device.idiom, bounds: device.bounds)
    }

    /// The file for a launch image name, by the scale and device rules.
    private func find(_ name: String, on device: DeviceQuery, search: inout ImageResolver.Search) -> ScannedImage? {
        for scale in stride(from: device.scale, through: 1, by: -1) {
            for candidate in ImageResolver.candidates(
                base: name, ext: "png", scale: scale, device: device.idiom.deviceModifier)
            {
                if let found = search.find(candidate, scale: scale) { return found }
            }
        }
        return nil
    }

    /// The scale of the 4-inch screen's launch image, `-568h@2x`.
    private var tallScale: Int { DeviceCatalog.fourInch.scales.lowerBound }

    /// iPad orientation fallbacks: PortraitUpsideDown → Portrait → plain; LandscapeLeft/Right → Landscape → plain.
    static func padNames(base: String, orientation: InterfaceOrientation) -> [String] {
        switch orientation {
        case .portrait: ["\(base)-Portrait", base]
        case .portraitUpsideDown: ["\(base)-PortraitUpsideDown", "\(base)-Portrait", base]
        case .landscapeLeft: ["\(base)-LandscapeLeft", "\(base)-Landscape", base]
        case .landscapeRight: ["\(base)-LandscapeRight", "\(base)-Landscape", base]
        }
    }

    /// The reference's emulation: entries for the screen's portrait size and orientation whose
    /// minimum OS is not above the device's; the highest minimum OS, then the exact orientation.
    static func bestEntry(_ entries: [LaunchImageEntry], for device: DeviceQuery) -> LaunchImageEntry? {
        func matches(_ entry: LaunchImageEntry) -> Bool {
            guard entry.size == device.bounds else { return false }
            if let minimum = entry.minimumOSVersion, let ios = device.iosVersion, minimum > ios { return false }
            switch (entry.orientation, device.orientation) {
            case (.portrait, .portrait), (.portraitUpsideDown, .portraitUpsideDown): return true
            case (.portrait, .portraitUpsideDown): return true
            case (.landscape, .landscapeLeft), (.landscape, .landscapeRight): return true
            case (.landscapeLeft, .landscapeLeft), (.landscapeRight, .landscapeRight): return true
            // Phones before iOS 8 launched in portrait whatever the orientation.
            case (.portrait, _) where device.idiom == .phone: return true
            default: return false
            }
        }
        return entries.filter(matches).max { lhs, rhs in
            let left = lhs.minimumOSVersion ?? OSVersion(0, 0)
            let right = rhs.minimumOSVersion ?? OSVersion(0, 0)
            if left != right { return left < right }
            return exact(lhs) == false && exact(rhs)
        }
        func exact(_ entry: LaunchImageEntry) -> Bool { entry.orientation == device.orientation.launchOrientation }
    }
}
