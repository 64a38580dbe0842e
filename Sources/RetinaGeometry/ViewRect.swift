/// A rectangle in a view's coordinate space, in points: an origin and a size.
///
/// It plays the part of `CGRect`. As with AppKit's `NSRect`, the rectangle is not standardised:
/// ``maxX`` is `x + width` even when the width is negative.
public struct ViewRect: Sendable, Hashable {
    /// The smallest x coordinate (for a non-negative width).
    public var x: Double
    /// The smallest y coordinate (for a non-negative height).
    public var y: Double
    /// The extent along the x axis, in points.
    public var width: Double
    /// The extent along the y axis, in points.
    public var height: Double

    /// Creates a rectangle from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Creates a rectangle from its edges.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The rectangle at the origin with zero width and height.
    public static let zero = ViewRect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge in an unflipped view: `x`.
    public var minX: Double { x }
    /// The bottom edge in an unflipped view (the top edge in a flipped one): `y`.
    public var minY: Double { y }
    /// The right edge: `x + width`.
    public var maxX: Double { x + width }
    /// The top edge in an unflipped view (the bottom edge in a flipped one): `y + height`.
    public var maxY: Double { y + height }

    /// Whether the rectangle encloses no area: its width or height is zero or negative.
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// Whether every edge of `other` lies within this rectangle's edges.
    public func contains(_ other: ViewRect) -> Bool {
        minX <= other.minX && other.maxX <= maxX && minY <= other.minY && other.maxY <= maxY
    }
}
