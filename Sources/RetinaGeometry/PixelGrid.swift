/// The device-pixel grid of a screen, expressed in points.
///
/// A screen with a backing scale factor `scale` has `scale` device pixels per point, so its pixel
/// boundaries lie at the coordinates `n / scale` for every integer `n`. A coordinate is *on the
/// grid* when `x * scale` is an integer. Scales are 1, 2 and 3 on Apple's screens, and non-integer
/// native scales such as 2.608 appear when a display scales its rendering.
///
/// Every operation works in pixel units, as Yoga's `PixelGrid.cpp` does: it multiplies by the
/// scale, snaps to an integer, and divides back. Before it floors or ceils, it treats a value within
/// ``snapTolerance`` of a pixel boundary as lying on that boundary, so floating-point noise never
/// moves a value by a whole pixel:
///
/// ```swift
/// let grid = try PixelGrid(scale: 3)
/// grid.ceil(100.666666666669)  // 302 / 3, although 100.666666666669 * 3 == 302.000000000007
/// ```
///
/// Non-finite coordinates (NaN, ±infinity) pass through every operation unchanged.
public struct PixelGrid: Sendable, Hashable {
    /// How far, in pixels, a value may lie from a pixel boundary (or from a tie halfway between two
    /// boundaries) and still be treated as lying exactly on it.
    ///
    /// The value is 2⁻¹³ pixel (about 0.000122 pixel). It is the same order as Yoga's 1e-4 pixel, far
    /// above the rounding noise of `x * scale` for any coordinate a screen can show (a few units in
    /// the last place), and far below anything visible. A power of two makes the boundary itself
    /// exactly representable, so tests can pin values right at it. A value exactly at the tolerance
    /// counts as within it.
    public static let snapTolerance: Double = 1.0 / 8192

    /// The number of device pixels per point: the backing scale factor.
    public let scale: Double

    /// Creates the pixel grid of a screen with the given backing scale factor.
    ///
    /// - Parameter scale: Device pixels per point; finite and greater than zero.
    /// - Throws: ``InvalidScale`` when `scale` is zero, negative, NaN or infinite.
    public init(scale: Double) throws(InvalidScale) {
        guard scale.isFinite, scale > 0 else { throw InvalidScale(scale: scale) }
        self.scale = scale
    }

    /// The width of one device pixel, in points: `1 / scale`.
    ///
    /// This is also the width of the thinnest line the screen can draw; see ``hairlineWidth``.
    public var pixelWidth: Double { 1 / scale }

    /// The largest coordinate on the grid that is less than or equal to `x`.
    public func floor(_ x: Double) -> Double {
        points(fromPixels: Self.snapPixels(x * scale, .down))
    }

    /// The smallest coordinate on the grid that is greater than or equal to `x`.
    public func ceil(_ x: Double) -> Double {
        points(fromPixels: Self.snapPixels(x * scale, .up))
    }

    /// The coordinate on the grid nearest to `x`.
    ///
    /// - Parameters:
    ///   - x: A coordinate in points.
    ///   - tieBreak: Where a coordinate exactly halfway between two pixel boundaries goes. AppKit and
    ///     Yoga round ties toward +∞, the default; a flipped coordinate space rounds vertical ties
    ///     toward −∞ (see ``RectAlignment/isFlipped``). A coordinate within ``snapTolerance`` of a
    ///     tie is a tie.
    public func round(_ x: Double, tieBreak: TieBreak = .towardPositiveInfinity) -> Double {
        points(fromPixels: Self.snapPixels(x * scale, .nearest(tieBreak)))
    }

    /// Whether `x` lies on the grid, within ``snapTolerance``.
    ///
    /// NaN and infinite values are not on the grid.
    public func isAligned(_ x: Double) -> Bool {
        let pixels = x * scale
        guard pixels.isFinite else { return false }
        return (pixels - pixels.rounded()).magnitude <= Self.snapTolerance
    }

    /// The coordinate of the pixel boundary `pixels` device pixels from the origin: `pixels / scale`.
    ///
    /// At scales that are integers (or halves of integers) the result times the scale gives
    /// `pixels` back exactly. At a scale such as 2.608, whose multiples are not exact in binary, the
    /// product can differ from `pixels` by a few units in the last place; ``isAligned(_:)-(Double)`` still
    /// holds.
    public func points(fromPixels pixels: Double) -> Double {
        pixels / scale
    }

    /// Where a coordinate exactly halfway between two pixel boundaries is rounded to.
    public enum TieBreak: Sendable, Hashable, CaseIterable {
        /// Halfway values go to the larger boundary, as AppKit's `NSAlign…Nearest` options and Yoga do.
        case towardPositiveInfinity
        /// Halfway values go to the smaller boundary, as `NSAlignRectFlipped` does for vertical edges.
        case towardNegativeInfinity
    }

    /// How a value in pixel units is snapped to an integer.
    enum PixelRounding: Hashable {
        case down
        case up
        case nearest(TieBreak)
    }

    /// Rounds a value in pixel units to an integer: Yoga's `roundValueToPixelGrid`, with
    /// AppKit's tie handling.
    ///
    /// A value within ``snapTolerance`` of an integer is that integer, whatever the direction. For
    /// nearest rounding, a value within the tolerance of a half-integer is a tie and goes the way
    /// `tieBreak` says.
    static func snapPixels(_ pixels: Double, _ rounding: PixelRounding) -> Double {
        guard pixels.isFinite else { return pixels }
        let nearestBoundary = pixels.rounded()
        if (pixels - nearestBoundary).magnitude <= snapTolerance {
            return nearestBoundary
        }
        switch rounding {
        case .down:
            return pixels.rounded(.down)
        case .up:
            return pixels.rounded(.up)
        case .nearest(let tieBreak):
            let nearestHalf = (pixels * 2).rounded() / 2
            guard (pixels - nearestHalf).magnitude <= snapTolerance else {
                return nearestBoundary
            }
            switch tieBreak {
            case .towardPositiveInfinity: return nearestHalf.rounded(.up)
            case .towardNegativeInfinity: return nearestHalf.rounded(.down)
            }
        }
    }
}

extension PixelGrid {
    /// The error thrown when a pixel grid is asked for with a scale no screen can have.
    public struct InvalidScale: Error, Hashable, CustomStringConvertible {
        /// The rejected scale.
        public let scale: Double

        public var description: String {
            "the scale must be a finite number greater than zero, got \(scale)"
        }
    }
}
