import RetinaGeometry
import Testing

/// The scales every table and property runs at: Apple's three integer scales and a native scale
/// whose multiples are not exact in binary.
enum TestScale: CaseIterable, Sendable, CustomTestStringConvertible {
    case x1
    case x2
    case x3
    case native2608

    var value: Double {
        switch self {
        case .x1: 1
        case .x2: 2
        case .x3: 3
        case .native2608: 2.608
        }
    }

    func grid() throws -> PixelGrid { try PixelGrid(scale: value) }

    var testDescription: String { "\(value)x" }
}

/// A distance in pixels, given as a power of two so that `n + distance` is exact.
enum Hair {
    /// Half the snap tolerance: close enough to a grid line (or a tie) to count as on it.
    static let within = PixelGrid.snapTolerance / 2
    /// Exactly the snap tolerance: still counts as on the line.
    static let atTolerance = PixelGrid.snapTolerance
    /// Twice the snap tolerance: a real value off the line.
    static let beyond = PixelGrid.snapTolerance * 2
}

/// Expects `value` (points) to be the pixel boundary `pixels` device pixels from the origin.
///
/// At scales whose multiples are exact in binary (1, 2, 3) `value * scale` must be that integer
/// exactly: an aligned value is exactly on the grid. At 2.608, `pixels / 2.608` has no exact
/// representation, so a few units in the last place are allowed.
func expectPixel(
    _ value: Double,
    _ pixels: Double,
    scale: Double,
    _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let product = value * scale
    if scale == scale.rounded() {
        #expect(product == pixels, comment, sourceLocation: sourceLocation)
    } else {
        let allowed = 8 * Swift.max(1, pixels.magnitude).ulp
        #expect((product - pixels).magnitude <= allowed, comment, sourceLocation: sourceLocation)
    }
}

/// Expects a rectangle's four edges to be the given pixel boundaries.
func expectPixelEdges(
    _ rect: ViewRect,
    minX: Double,
    minY: Double,
    maxX: Double,
    maxY: Double,
    scale: Double,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectPixel(rect.minX, minX, scale: scale, "min x", sourceLocation: sourceLocation)
    expectPixel(rect.minY, minY, scale: scale, "min y", sourceLocation: sourceLocation)
    expectPixel(rect.width, maxX - minX, scale: scale, "width", sourceLocation: sourceLocation)
    expectPixel(rect.height, maxY - minY, scale: scale, "height", sourceLocation: sourceLocation)
}

/// The pixel boundary nearest to a value already on the grid, for comparing results across spaces.
func pixelIndex(_ value: Double, on grid: PixelGrid) -> Double {
    (value * grid.scale).rounded()
}
