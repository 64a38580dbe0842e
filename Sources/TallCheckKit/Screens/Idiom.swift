/// What kind of device: the user-interface idiom.
public enum Idiom: String, Sendable, Hashable, CaseIterable, Codable {
    case phone, pad

    /// The file-name device modifier that selects this idiom.
    public var deviceModifier: DeviceModifier { self == .phone ? .iphone : .ipad }
}
