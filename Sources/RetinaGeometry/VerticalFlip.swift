/// The mapping between the y axis of an unflipped view (origin at the bottom, y growing upward, as
/// in AppKit's screen and window coordinates) and a flipped one (origin at the top, y growing
/// downward) of height `height` points.
///
/// A *coordinate* (a point, or an edge) flips to `height − y`. A *rectangle* flips by its far edge:
/// its new origin is `height − maxY`. A *pixel row* is addressed by its origin, its smallest y; the
/// row whose origin is `y` spans `y … y + pixelWidth`, so its origin in the other space is
/// `height − y − pixelWidth`, one pixel away from the flipped coordinate.
///
/// The flip keeps the pixel grid only when the view's height is a whole number of pixels; the
/// initialiser reports any other height instead of rounding it.
///
/// ```swift
/// let screen = try VerticalFlip(height: 900, grid: PixelGrid(scale: 2))
/// screen.flippedY(0)          // 900: the bottom edge of the screen, measured from the top
/// screen.flippedRowOrigin(0)  // 899.5: the origin of the bottom pixel row, measured from the top
/// ```
public struct VerticalFlip: Sendable, Hashable {
    /// The height of the view, in points. A whole number of pixels.
    public let height: Double
    /// The pixel grid of the screen the view is on.
    public let grid: PixelGrid

    /// Creates the flip of a view of the given height on a screen with the given pixel grid.
    ///
    /// - Throws: ``HeightOffPixelGrid`` when `height` is not at least one pixel, or when
    ///   `height * grid.scale` is not a whole number of pixels (within
    ///   ``PixelGrid/snapTolerance``): every flipped edge would then be off the grid, even where the
    ///   unflipped edge is on it.
    public init(height: Double, grid: PixelGrid) throws(HeightOffPixelGrid) {
        // The height is stored exactly on the grid, so that row origins flip onto the grid.
        let alignedHeight = grid.round(height)
        guard grid.isAligned(height), alignedHeight > 0 else {
            throw HeightOffPixelGrid(height: height, scale: grid.scale)
        }
        self.height = alignedHeight
        self.grid = grid
    }

    /// The coordinate `y` (a point, or a horizontal edge) seen from the other space: `height − y`.
    ///
    /// Flipping twice gives `y` back.
    public func flippedY(_ y: Double) -> Double {
        height - y
    }

    /// The point seen from the other space; x is unchanged.
    public func flipped(_ point: ViewPoint) -> ViewPoint {
        ViewPoint(x: point.x, y: flippedY(point.y))
    }

    /// The rectangle seen from the other space: its origin becomes `height − maxY`; x and the size
    /// are unchanged.
    ///
    /// Using `height − y` for the origin instead would move the rectangle by its own height.
    public func flipped(_ rect: ViewRect) -> ViewRect {
        ViewRect(x: rect.x, y: height - rect.maxY, width: rect.width, height: rect.height)
    }

    /// `y` limited to the origins of the view's pixel rows: `0 … height − pixelWidth`.
    ///
    /// `height` itself is the far edge of the last row, not the origin of any row. NaN stays NaN.
    public func clampedToRowOrigins(_ y: Double) -> Double {
        let lastRowOrigin = height - grid.pixelWidth
        if y < 0 { return 0 }
        if y > lastRowOrigin { return lastRowOrigin }
        return y
    }

    /// The origin, in the other space, of the pixel row that contains `y`: the screen-point to
    /// flipped-view conversion with the one-pixel correction.
    ///
    /// `y` is first clamped with ``clampedToRowOrigins(_:)`` and floored to its row's origin. The
    /// result is `height − rowOrigin − pixelWidth`, so on a 900-point-high screen at 2x the row
    /// origins 0 … 899.5 become 899.5 … 0, not the 900 … 0.5 that ``flippedY(_:)`` gives.
    ///
    /// AppKit documents the y of `NSEvent.locationInWindow` as starting "from a base of 1, and not
    /// 0": such a y names the row's far edge rather than its origin, so subtract one
    /// ``PixelGrid/pixelWidth`` from it before passing it here (or use ``flippedY(_:)`` directly).
    public func flippedRowOrigin(_ y: Double) -> Double {
        guard !y.isNaN else { return y }
        let rowOrigin = grid.floor(clampedToRowOrigins(y))
        return grid.round(height - rowOrigin - grid.pixelWidth)
    }
}

extension VerticalFlip {
    /// The error thrown when a view's height is not a whole number of device pixels, or is not a
    /// height at all.
    public struct HeightOffPixelGrid: Error, Hashable, CustomStringConvertible {
        /// The rejected height, in points.
        public let height: Double
        /// The scale of the grid it was checked against.
        public let scale: Double

        public var description: String {
            guard height.isFinite, height * scale >= 0.5 else {
                return "the view height must be at least one pixel (\(1 / scale) pt at scale \(scale)), got \(height)"
            }
            return "the view height \(height) pt is \(height * scale) pixels at scale \(scale), "
                + "not a whole number: flipped edges would fall off the pixel grid"
        }
    }
}
