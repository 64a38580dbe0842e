/// How the app's first screen looks on one supported device class, for the HTML report's
/// phone and tablet outlines: the launch question's answer, and the layouts the app keeps
/// inside each other when it is not native.
struct LaunchPreview: Sendable {
    /// A layout in points and how the next one sits inside it.
    struct Layer: Sendable {
        var size: PointSize
        /// `native`: the content fills it; `letterboxed`: the next layer is fitted inside with
        /// black bars; `zoomed`: the next layer is scaled up to its width.
        var presentation: LaunchPresentation
    }

    /// What the innermost layer shows.
    enum Content: Sendable {
        case image(ScannedImage)
        /// A launch storyboard, or the screen `UILaunchScreen` describes: what it is called.
        case storyboard(String)
        case nothing
    }

    var deviceClass: DeviceClass
    /// The device's own launch answer, for the caption.
    var resolution: Resolution
    /// From the screen inwards: a non-native app keeps a smaller screen's layout, which may
    /// itself be letterboxed (a phone that zooms the 4-inch layout, whose launch image is wrong).
    var layers: [Layer]
    var content: Content
    /// Whether a layout kept is inferred rather than documented (letterboxing on the iPhone X
    /// and later depends on the SDK the app was built with: ios-image-lookup.md).
    var isInferred: Bool

    var presentation: LaunchPresentation { layers[0].presentation }

    /// One preview for every device class the app supports, in catalog order.
    static func previews(of inventory: Inventory, resolver: ImageResolver) -> [LaunchPreview] {
        let classes = Set(SupportedDevices(inventory).representatives.flatMap(\.classes))
        return inventory.deviceClasses.filter { classes.contains($0) }.map { deviceClass in
            let device = DeviceQuery(
                name: deviceClass.models[0], idiom: deviceClass.idiom, scale: deviceClass.scale,
                bounds: deviceClass.bounds)
            let first = resolver.resolveLaunch(on: device)
            var layers: [Layer] = []
            var inferred = false
            var answer = first
            var bounds = deviceClass.bounds
            // Four layers at most: an iPhone X letterboxes the 375×667 layout, which zooms the
            // 4-inch one, which may be letterboxed to the 3.5-inch one.
            while layers.count < 4 {
                let presentation = answer.presentation ?? .native
                layers.append(Layer(size: bounds, presentation: presentation))
                guard presentation != .native else { break }
                let (inner, isInferred) = layout(idiom: deviceClass.idiom, bounds: bounds, presentation: presentation)
                inferred = inferred || isInferred
                // The smaller screen's own launch answer, at a scale it has.
                let screen = DeviceCatalog.launchScreens.first { $0.idiom == deviceClass.idiom && $0.points == inner }
                let scale = screen.map { min(max(deviceClass.scale, $0.scales.lowerBound), $0.scales.upperBound) }
                bounds = inner
                answer = resolver.resolveLaunch(
                    on: DeviceQuery(idiom: deviceClass.idiom, scale: scale ?? deviceClass.scale, bounds: inner))
            }
            let content: Content
            if case .launch(_, .storyboard(let name)) = answer.reason {
                content = .storyboard("launch storyboard \(name)")
            } else if case .launch(_, .launchScreenKey) = answer.reason {
                content = .storyboard("launch screen (UILaunchScreen)")
            } else if layers.last?.presentation == .native, Self.isShown(answer), let file = answer.file,
                let image = inventory.catalogImages[file] ?? inventory.allImages.first(where: { $0.path == file })
            {
                content = .image(image)
            } else {
                content = .nothing
            }
            return LaunchPreview(
                deviceClass: deviceClass, resolution: first, layers: layers, content: content, isInferred: inferred)
        }
    }

    /// Whether iOS shows the answer's file: not one it refused for its size, which the answer
    /// still names (an iPad's fallback is native, yet shows no image).
    private static func isShown(_ answer: Resolution) -> Bool {
        switch answer.reason {
        case .launch(_, .shows), .launch(_, .showsFile): true
        default: false
        }
    }

    /// The previews of an inventory's app, with a resolver that indexes only the launch names.
    static func previews(of inventory: Inventory) -> [LaunchPreview] {
        previews(of: inventory, resolver: ImageResolver(inventory, names: launchNames(of: inventory)))
    }

    /// Every name a launch question can look up: the legacy base of each idiom and the
    /// `UILaunchImages` entries' names.
    static func launchNames(of inventory: Inventory) -> Set<String> {
        var names: Set<String> = []
        for idiom in [Idiom.phone, .pad] {
            names.insert(LaunchImages.legacyBase(for: idiom, info: inventory.info))
            names.formUnion((inventory.info?.launchImages[idiom] ?? []).map(\.name))
        }
        return names
    }

    /// The layout a non-native app keeps: zoomed apps the 320×568 pt one (768×1024 on iPads),
    /// letterboxed 4-inch apps 320×480 (ios-image-lookup.md, "How tall support is decided");
    /// on later phones the 16:9 layout of their width is inferred.
    static func layout(idiom: Idiom, bounds: PointSize, presentation: LaunchPresentation) -> (PointSize, Bool) {
        if idiom == .pad { return (PointSize(width: 768, height: 1024), presentation == .letterboxed) }
        let fourInch = DeviceCatalog.fourInch.points
        if presentation == .zoomed { return (fourInch, false) }
        if bounds.height <= fourInch.height { return (DeviceCatalog.threePointFiveInch.points, false) }
        let wide = bounds.width >= 414
        return (PointSize(width: wide ? 414 : 375, height: wide ? 736 : 667), true)
    }
}
