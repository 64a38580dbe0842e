/// A device as a user writes it: a model name, or scale, bounds and idiom; shared by the
/// command line and `--batch` requests.
public struct DeviceSpecification: Sendable {
    public var model: String?
    public var scale: Int?
    /// `320x568` (or `320×568`).
    public var bounds: String?
    public var idiom: String?
    public var orientation: String?
    public var ios: String?

    public init(
        model: String? = nil, scale: Int? = nil, bounds: String? = nil, idiom: String? = nil,
        orientation: String? = nil, ios: String? = nil
    ) {
        self.model = model
        self.scale = scale
        self.bounds = bounds
        self.idiom = idiom
        self.orientation = orientation
        self.ios = ios
    }

    public struct Invalid: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// The device, or what is wrong with the specification.
    public func query() throws(Invalid) -> DeviceQuery {
        let orientation = try parse(
            orientation, InterfaceOrientation.init, default: .portrait, what: "orientation",
            allowed: InterfaceOrientation.allCases.map(\.rawValue))
        var iosVersion: OSVersion?
        if let ios {
            guard let version = OSVersion(ios) else {
                throw Invalid(description: "iOS version '\(ios)' is not a version such as 7.0")
            }
            iosVersion = version
        }
        if let model {
            guard scale == nil, bounds == nil, idiom == nil else {
                throw Invalid(description: "give a device by name or by scale and bounds, not both")
            }
            guard let query = DeviceQuery(model: model, orientation: orientation, iosVersion: iosVersion) else {
                throw Invalid(
                    description:
                        "no device named '\(model)'\(DeviceCatalog.didYouMean(model)); `tallcheck devices` lists them")
            }
            return query
        }
        guard let scale, let bounds else {
            throw Invalid(description: "give a device: a name (\"iPhone 5\"), or a scale and bounds (2 and 320x568)")
        }
        guard (1...3).contains(scale) else { throw Invalid(description: "scale must be 1, 2 or 3, not \(scale)") }
        let numbers = bounds.split(whereSeparator: { $0 == "x" || $0 == "×" || $0 == "," }).compactMap {
            Double($0.trimmingSpaces)
        }
        guard numbers.count == 2, numbers.allSatisfy({ $0 > 0 && $0.isFinite }) else {
            throw Invalid(description: "bounds must be WIDTHxHEIGHT in points, such as 320x568, not '\(bounds)'")
        }
        let idiom = try parse(
            idiom, Idiom.init, default: .phone, what: "idiom", allowed: Idiom.allCases.map(\.rawValue))
        return DeviceQuery(
            idiom: idiom, scale: scale, bounds: PointSize(width: numbers[0], height: numbers[1]),
            orientation: orientation,
            iosVersion: iosVersion)
    }

    private func parse<T>(_ text: String?, _ make: (String) -> T?, default value: T, what: String, allowed: [String])
        throws(Invalid) -> T
    {
        guard let text else { return value }
        guard let parsed = make(text.lowercased()) else {
            throw Invalid(description: "\(what) must be one of \(allowed.joined(separator: ", ")), not '\(text)'")
        }
        return parsed
    }
}
