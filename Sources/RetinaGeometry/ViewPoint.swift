/// A location in a view's coordinate space, in points.
///
/// It plays the part of `CGPoint`, which this module cannot use because it depends on nothing but
/// the standard library.
public struct ViewPoint: Sendable, Hashable {
    /// The horizontal coordinate, in points.
    public var x: Double
    /// The vertical coordinate, in points.
    public var y: Double

    /// Creates a point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

extension PixelGrid {
    /// The point whose coordinates are the floors of `point`'s coordinates on this grid.
    public func floor(_ point: ViewPoint) -> ViewPoint {
        ViewPoint(x: floor(point.x), y: floor(point.y))
    }

    /// The point whose coordinates are the ceilings of `point`'s coordinates on this grid.
    public func ceil(_ point: ViewPoint) -> ViewPoint {
        ViewPoint(x: ceil(point.x), y: ceil(point.y))
    }

    /// The grid point nearest to `point`, ties toward +∞ on both axes.
    public func round(_ point: ViewPoint) -> ViewPoint {
        ViewPoint(x: round(point.x), y: round(point.y))
    }

    /// Whether both coordinates of `point` lie on this grid.
    public func isAligned(_ point: ViewPoint) -> Bool {
        isAligned(point.x) && isAligned(point.y)
    }
}
