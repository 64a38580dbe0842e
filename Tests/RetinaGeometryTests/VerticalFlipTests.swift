import RetinaGeometry
import Testing

@Suite("Vertical flip")
struct VerticalFlipTests {
    // A 1440×900 pt screen at 2x has 1800 pixel rows with origins 0, 0.5, … 899.5 (bottom-up).
    // Flipped as coordinates they become 900 … 0.5: one pixel off, since a row's origin is its
    // smallest y in each space. The row-origin conversion subtracts that pixel: 899.5 … 0.
    static let fullScreenRows: [(y: Double, flippedY: Double, flippedRowOrigin: Double)] = [
        (0, 900, 899.5),
        (0.5, 899.5, 899),
        (1, 899, 898.5),
        (449.5, 450.5, 450),
        (450, 450, 449.5),
        (899, 1, 0.5),
        (899.5, 0.5, 0),
    ]

    @Test("full screen at 2x: row origins 0 … 899.5 flip to 899.5 … 0", arguments: fullScreenRows)
    func fullScreenAt2x(y: Double, flippedY: Double, flippedRowOrigin: Double) throws {
        let screen = try VerticalFlip(height: 900, grid: PixelGrid(scale: 2))
        #expect(screen.flippedY(y) == flippedY)
        #expect(screen.flippedRowOrigin(y) == flippedRowOrigin)
        #expect(screen.flippedRowOrigin(flippedRowOrigin) == y, "the row comes back")
    }

    @Test(
        "a pointer anywhere in a row, or off the screen, addresses a row that exists",
        arguments: [
            (899.7, 0.0), (0.3, 899.5), (450.2, 449.5), (900, 0), (1_000_000, 0), (-3, 899.5), (-0.0001, 899.5),
        ])
    func pointerCorrection(y: Double, flippedRowOrigin: Double) throws {
        let screen = try VerticalFlip(height: 900, grid: PixelGrid(scale: 2))
        #expect(screen.flippedRowOrigin(y) == flippedRowOrigin)
    }

    @Test(
        "clamping keeps row origins, 0 … H − pixelWidth",
        arguments: [
            (900.0, 899.5), (899.5, 899.5), (-0.1, 0), (450.25, 450.25), (0, 0),
        ])
    func clampsToRowOrigins(y: Double, clamped: Double) throws {
        let screen = try VerticalFlip(height: 900, grid: PixelGrid(scale: 2))
        #expect(screen.clampedToRowOrigins(y) == clamped)
    }

    @Test("a one-pixel row flips by its far edge, H − maxY", arguments: TestScale.allCases)
    func onePixelRowFlipsByItsFarEdge(_ scale: TestScale) throws {
        let grid = try scale.grid()
        // 250 pt is a whole number of pixels at every test scale (652 at 2.608).
        let view = try VerticalFlip(height: 250, grid: grid)
        let row = ViewRect(x: 0, y: grid.points(fromPixels: 10), width: 100, height: grid.pixelWidth)
        let flipped = view.flipped(row)
        let lastPixel = (250 * grid.scale).rounded()
        // Flipping is arithmetic, not alignment: the result is on the grid up to rounding noise.
        #expect((flipped.y * grid.scale - (lastPixel - 11)).magnitude < 1e-9, "the row's origin, seen from the top")
        #expect(flipped.height == row.height && flipped.x == row.x && flipped.width == row.width)
        let naive = view.flippedY(row.y)
        #expect((naive - flipped.y - row.height).magnitude < 1e-9, "H − y would be off by the row's height")
    }

    @Test("the full-screen rect flips onto itself")
    func fullScreenRectFlipsOntoItself() throws {
        let screen = try VerticalFlip(height: 900, grid: PixelGrid(scale: 2))
        let full = ViewRect(x: 0, y: 0, width: 1440, height: 900)
        #expect(screen.flipped(full) == full)
        #expect(screen.flipped(ViewPoint(x: 1439.5, y: 0.5)) == ViewPoint(x: 1439.5, y: 899.5))
    }

    @Test("rounding does not commute with flipping; the flipped tie-break restores it")
    func flippedTieBreak() throws {
        let grid = try PixelGrid(scale: 2)
        let screen = try VerticalFlip(height: 900, grid: grid)
        #expect(grid.round(0.25) == 0.5)
        #expect(screen.flippedY(grid.round(screen.flippedY(0.25))) == 0, "ties up in the flipped space: a pixel off")
        let viaFlipped = screen.flippedY(grid.round(screen.flippedY(0.25), tieBreak: .towardNegativeInfinity))
        #expect(viaFlipped == 0.5)
    }

    @Test(
        "a height that is not a whole number of pixels is reported, not rounded",
        arguments: [
            (2.608, 900.0), (2.0, 900.25), (3.0, 0.5), (1.0, 100.5),
        ])
    func rejectsHeightOffTheGrid(scale: Double, height: Double) throws {
        let grid = try PixelGrid(scale: scale)
        let error = #expect(throws: VerticalFlip.HeightOffPixelGrid.self) {
            try VerticalFlip(height: height, grid: grid)
        }
        #expect(error?.height == height && error?.scale == scale)
    }

    @Test("a height that is not at least one pixel is rejected", arguments: [0.0, -900, .nan, .infinity, 0.1])
    func rejectsNonHeights(_ height: Double) throws {
        let grid = try PixelGrid(scale: 2)
        #expect(throws: VerticalFlip.HeightOffPixelGrid.self) { try VerticalFlip(height: height, grid: grid) }
    }

    @Test("the off-grid error explains itself")
    func offGridMessage() throws {
        let grid = try PixelGrid(scale: 2)
        let error = #expect(throws: VerticalFlip.HeightOffPixelGrid.self) {
            try VerticalFlip(height: 900.25, grid: grid)
        }
        #expect(
            error?.description
                == "the view height 900.25 pt is 1800.5 pixels at scale 2.0, not a whole number: "
                + "flipped edges would fall off the pixel grid")
    }

    @Test("heights within the tolerance of a whole pixel count are accepted, stored on the grid")
    func acceptsNoisyHeight() throws {
        let grid = try PixelGrid(scale: 3)
        let view = try VerticalFlip(height: 100.666666666669, grid: grid)
        #expect(view.height == 302.0 / 3)
    }

    @Test("NaN passes through the flip")
    func nanPassesThrough() throws {
        let screen = try VerticalFlip(height: 900, grid: PixelGrid(scale: 2))
        #expect(screen.flippedY(.nan).isNaN)
        #expect(screen.flippedRowOrigin(.nan).isNaN)
        #expect(screen.clampedToRowOrigins(.nan).isNaN)
    }
}
