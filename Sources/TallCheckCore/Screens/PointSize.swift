/// A size in points.
public struct PointSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `320×568`, without decimals for whole numbers.
    public var description: String { "\(formatPoints(width))×\(formatPoints(height))" }

    /// The pixel size at `scale`, when it is whole.
    public func pixels(atScale scale: Int) -> PixelSize {
        PixelSize(width: wholePixels(width * Double(scale)), height: wholePixels(height * Double(scale)))
    }

    /// The largest point size any screen or icon slot has, with room to spare: sizes read from
    /// files (Info.plist, Contents.json) beyond it are refused, so pixel arithmetic cannot overflow.
    static let largestPlausible: Double = 100_000
}

/// Points × scale rounded to whole pixels; values no `Int` can hold (which parsing refuses
/// anyway) clamp instead of trapping.
package func wholePixels(_ value: Double) -> Int {
    guard value.isFinite else { return 0 }
    return Int(min(max(value.rounded(), -1e15), 1e15))
}

/// A number of points as people write it: `568`, `43.5`, `43.67`.
package func formatPoints(_ value: Double) -> String {
    if value == value.rounded() { return String(Int(value)) }
    let hundredths = (value * 100).rounded() / 100
    return String(hundredths)
}
