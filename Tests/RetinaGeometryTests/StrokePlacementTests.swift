import RetinaGeometry
import Testing

@Suite("Stroke placement")
struct StrokePlacementTests {
    // A hairline is one pixel wide: 1, 1/2, 1/3 and 1/2.608 points. Moved off a grid line by half
    // its width, it covers exactly that one pixel.
    static let hairlines: [(scale: Double, width: Double, offset: Double)] = [
        (1, 1, 0.5), (2, 0.5, 0.25), (3, 1.0 / 3, 1.0 / 6), (2.608, 1 / 2.608, 0.5 / 2.608),
    ]

    @Test("a hairline is one pixel, offset by half a pixel", arguments: hairlines)
    func hairline(scale: Double, width: Double, offset: Double) throws {
        let grid = try PixelGrid(scale: scale)
        #expect(grid.hairlineWidth == width)
        #expect(grid.strokeOffset(forLineWidth: grid.hairlineWidth) == offset)
    }

    @Test("a 1-pixel line placed with the offset covers exactly one pixel", arguments: TestScale.allCases)
    func onePixelLineCoversOnePixel(_ scale: TestScale) throws {
        let grid = try scale.grid()
        let center = grid.strokeCenter(startingAt: 10, lineWidth: grid.hairlineWidth)
        let half = grid.hairlineWidth / 2
        let start = (center - half) * grid.scale
        let end = (center + half) * grid.scale
        let firstPixel = (10 * grid.scale).rounded()
        #expect((start - firstPixel).magnitude < 1e-9)
        #expect((end - (firstPixel + 1)).magnitude < 1e-9)
    }

    @Test("a 1-pixel line centred on a grid line straddles two pixels", arguments: TestScale.allCases)
    func onePixelLineOnTheGridIsBlurry(_ scale: TestScale) throws {
        let grid = try scale.grid()
        let gridLine = grid.round(10)
        #expect(!grid.isAligned(gridLine - grid.hairlineWidth / 2))
        #expect(!grid.isAligned(gridLine + grid.hairlineWidth / 2))
    }

    @Test(
        "line widths become whole pixels, at least one",
        arguments: [
            (2.0, 0.3, 0.5), (2.0, 0.1, 0.5), (2.0, 0.75, 1.0), (2.0, 1.0, 1.0), (3.0, 1.0, 1.0),
            (3.0, 0.5, 2.0 / 3), (1.0, 0.2, 1.0), (1.0, 2.5, 3.0), (2.608, 1.0, 3 / 2.608),
        ])
    func wholePixelLineWidth(scale: Double, width: Double, whole: Double) throws {
        #expect(try PixelGrid(scale: scale).wholePixelLineWidth(width) == whole)
    }

    @Test("a 1 pt line at 2x covers two whole pixels")
    func twoPixelLine() throws {
        let grid = try PixelGrid(scale: 2)
        let center = grid.strokeCenter(startingAt: 10.1, lineWidth: 1)
        #expect(center == 10.5)
        #expect(grid.isAligned(center - 0.5) && grid.isAligned(center + 0.5))
    }

    @Test("NaN line widths stay NaN")
    func nanWidth() throws {
        #expect(try PixelGrid(scale: 2).wholePixelLineWidth(.nan).isNaN)
    }
}
