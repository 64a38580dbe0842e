/// How the device is held.
public enum InterfaceOrientation: String, Sendable, Hashable, CaseIterable {
    case portrait
    case portraitUpsideDown = "portrait-upside-down"
    case landscapeLeft = "landscape-left"
    case landscapeRight = "landscape-right"

    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }

    /// The launch-image orientation modifier that names exactly this orientation.
    public var launchOrientation: LaunchOrientation {
        switch self {
        case .portrait: .portrait
        case .portraitUpsideDown: .portraitUpsideDown
        case .landscapeLeft: .landscapeLeft
        case .landscapeRight: .landscapeRight
        }
    }
}

/// The device a question is asked about: a catalog class by model name, or numbers.
public struct DeviceQuery: Sendable, Hashable {
    /// The model name, as the catalog spells it; nil for a device given by numbers.
    public var name: String?
    public var idiom: Idiom
    public var scale: Int
    /// Portrait screen size in points.
    public var bounds: PointSize
    public var orientation: InterfaceOrientation
    /// The iOS version, where launch behaviour depends on it; nil means a current one.
    public var iosVersion: OSVersion?

    public init(
        name: String? = nil, idiom: Idiom, scale: Int, bounds: PointSize, orientation: InterfaceOrientation = .portrait,
        iosVersion: OSVersion? = nil
    ) {
        self.name = name
        self.idiom = idiom
        self.scale = scale
        self.bounds = bounds
        self.orientation = orientation
        self.iosVersion = iosVersion
    }

    /// A device by model name, ignoring case: `iPhone 5`, `ipod touch 5`, among `classes`.
    public init?(
        model: String, orientation: InterfaceOrientation = .portrait, iosVersion: OSVersion? = nil,
        in classes: [DeviceClass] = DeviceCatalog.all
    ) {
        let wanted = DeviceCatalog.spelledOut(model)
        guard let deviceClass = DeviceCatalog.deviceClass(named: model, in: classes),
            let spelled = deviceClass.models.first(where: { DeviceCatalog.spelledOut($0) == wanted })
        else { return nil }
        self.init(
            name: spelled, idiom: deviceClass.idiom, scale: deviceClass.scale, bounds: deviceClass.bounds,
            orientation: orientation, iosVersion: iosVersion)
    }

    /// `bounds.height × scale ≥ 1136` on a phone: the test apps' own tall-suffix helpers use for
    /// "a 4-inch or taller screen" (ios-image-lookup.md). Wider than ``isFourInchPhone``: it
    /// holds on every later phone too, where such helpers load their `-568h@2x` files.
    public var isTallPhone: Bool {
        idiom == .phone
            && bounds.height * Double(scale) >= Double(DeviceCatalog.fourInch.points.pixels(atScale: 2).height)
    }

    /// The 4-inch iPhone screen exactly (320×568 pt @2x): where iOS shows `-568h@2x` launch
    /// images and the catalog's `retina4` entries.
    public var isFourInchPhone: Bool {
        DeviceCatalog.fourInch.isShown(idiom: idiom, points: bounds, scale: scale)
    }

    var describedName: String {
        name ?? "a \(idiom.rawValue) of \(bounds) pt @\(scale)x"
    }
}
