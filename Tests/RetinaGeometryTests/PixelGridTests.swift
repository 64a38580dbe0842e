import RetinaGeometry
import Testing

/// One coordinate and where floor, ceil and round must put it, as pixel boundaries.
struct RoundingExample: Sendable, CustomTestStringConvertible {
    let scale: Double
    let x: Double
    let floor: Double
    let ceil: Double
    let round: Double
    let why: String

    var testDescription: String { "\(x) at \(scale)x: \(why)" }
}

@Suite("Pixel grid")
struct PixelGridTests {
    // Expected values are pixel indices worked out by hand from `x * scale`: floor and ceil of that
    // product, and round with ties toward +∞; a product within 2⁻¹³ of an integer counts as the
    // integer, and within 2⁻¹³ of a half-integer as a tie.
    static let roundingExamples: [RoundingExample] = [
        // 1x
        .init(scale: 1, x: 0, floor: 0, ceil: 0, round: 0, why: "the origin"),
        .init(scale: 1, x: 0.3, floor: 0, ceil: 1, round: 0, why: "inside a pixel"),
        .init(scale: 1, x: 1.7, floor: 1, ceil: 2, round: 2, why: "inside a pixel, nearer the top"),
        .init(scale: 1, x: 0.5, floor: 0, ceil: 1, round: 1, why: "a tie goes toward +∞"),
        .init(scale: 1, x: -0.5, floor: -1, ceil: 0, round: 0, why: "a negative tie goes toward +∞, not away from 0"),
        .init(scale: 1, x: -2.5, floor: -3, ceil: -2, round: -2, why: "a negative tie goes toward +∞"),
        .init(scale: 1, x: -0.3, floor: -1, ceil: 0, round: 0, why: "a negative value inside a pixel"),
        .init(scale: 1, x: 7 + Hair.within, floor: 7, ceil: 7, round: 7, why: "a hair above a grid line"),
        .init(scale: 1, x: 7 - Hair.within, floor: 7, ceil: 7, round: 7, why: "a hair below a grid line"),
        .init(scale: 1, x: 7 + Hair.atTolerance, floor: 7, ceil: 7, round: 7, why: "exactly the tolerance above"),
        .init(scale: 1, x: 7 - Hair.atTolerance, floor: 7, ceil: 7, round: 7, why: "exactly the tolerance below"),
        .init(scale: 1, x: 7 + Hair.beyond, floor: 7, ceil: 8, round: 7, why: "beyond the tolerance above"),
        .init(scale: 1, x: 7 - Hair.beyond, floor: 6, ceil: 7, round: 7, why: "beyond the tolerance below"),
        .init(scale: 1, x: 0.5 - Hair.within, floor: 0, ceil: 1, round: 1, why: "a hair below a tie is the tie"),
        .init(scale: 1, x: 0.5 + Hair.within, floor: 0, ceil: 1, round: 1, why: "a hair above a tie is the tie"),
        .init(scale: 1, x: 0.5 - Hair.beyond, floor: 0, ceil: 1, round: 0, why: "beyond the tolerance below a tie"),
        .init(scale: 1, x: -0.5 - Hair.within, floor: -1, ceil: 0, round: 0, why: "a negative near-tie is the tie"),
        // 2x
        .init(scale: 2, x: 0.25, floor: 0, ceil: 1, round: 1, why: "half a pixel: a tie"),
        .init(scale: 2, x: 0.75, floor: 1, ceil: 2, round: 2, why: "one and a half pixels: a tie"),
        .init(scale: 2, x: 0.1, floor: 0, ceil: 1, round: 0, why: "a fifth of a pixel"),
        .init(scale: 2, x: 10.3, floor: 20, ceil: 21, round: 21, why: "20.6 pixels"),
        .init(scale: 2, x: -0.25, floor: -1, ceil: 0, round: 0, why: "a negative tie"),
        .init(scale: 2, x: -0.3, floor: -1, ceil: 0, round: -1, why: "-0.6 pixels"),
        .init(scale: 2, x: 899.5, floor: 1799, ceil: 1799, round: 1799, why: "the last row of a 900 pt screen"),
        .init(scale: 2, x: 0.00001, floor: 0, ceil: 0, round: 0, why: "0.00002 pixels: noise above 0"),
        .init(scale: 2, x: 3 + Hair.within / 2, floor: 6, ceil: 6, round: 6, why: "a hair above, in pixels"),
        .init(scale: 2, x: 3 + Hair.beyond / 2, floor: 6, ceil: 7, round: 6, why: "beyond the tolerance, in pixels"),
        // 3x
        .init(scale: 3, x: 100.666666666669, floor: 302, ceil: 302, round: 302, why: "302.000000000007 pixels"),
        .init(scale: 3, x: 100.666666666664, floor: 302, ceil: 302, round: 302, why: "301.999999999992 pixels"),
        .init(scale: 3, x: 1.0 / 6, floor: 0, ceil: 1, round: 1, why: "half a pixel, inexact: a tie"),
        .init(scale: 3, x: 0.5, floor: 1, ceil: 2, round: 2, why: "1.5 pixels: a tie"),
        .init(scale: 3, x: -0.5, floor: -2, ceil: -1, round: -1, why: "-1.5 pixels: a tie toward +∞"),
        .init(scale: 3, x: 1.0 / 3, floor: 1, ceil: 1, round: 1, why: "one pixel, inexact"),
        .init(scale: 3, x: 0.3333, floor: 1, ceil: 1, round: 1, why: "0.9999 pixels: within the tolerance"),
        .init(scale: 3, x: 0.333, floor: 0, ceil: 1, round: 1, why: "0.999 pixels: beyond the tolerance"),
        .init(scale: 3, x: 0.1, floor: 0, ceil: 1, round: 0, why: "0.3 pixels"),
        // 2.608
        .init(scale: 2.608, x: 1, floor: 2, ceil: 3, round: 3, why: "2.608 pixels"),
        .init(scale: 2.608, x: 10, floor: 26, ceil: 27, round: 26, why: "26.08 pixels"),
        .init(scale: 2.608, x: 0.5, floor: 1, ceil: 2, round: 1, why: "1.304 pixels"),
        .init(scale: 2.608, x: -1, floor: -3, ceil: -2, round: -3, why: "-2.608 pixels"),
        .init(scale: 2.608, x: 25 / 2.608, floor: 25, ceil: 25, round: 25, why: "a grid line computed by division"),
        .init(scale: 2.608, x: 2.5 / 2.608, floor: 2, ceil: 3, round: 3, why: "a tie computed by division"),
        .init(scale: 2.608, x: 1440, floor: 3755, ceil: 3756, round: 3756, why: "3755.52 pixels"),
    ]

    @Test("floor, ceil and round land on the expected pixel boundaries", arguments: roundingExamples)
    func roundsToPixelBoundaries(_ example: RoundingExample) throws {
        let grid = try PixelGrid(scale: example.scale)
        expectPixel(grid.floor(example.x), example.floor, scale: example.scale, "floor")
        expectPixel(grid.ceil(example.x), example.ceil, scale: example.scale, "ceil")
        expectPixel(grid.round(example.x), example.round, scale: example.scale, "round")
    }

    @Test("100.666666666669 at 3x ceils to 302/3, not 303/3")
    func ceilIgnoresFloatingPointNoise() throws {
        let grid = try PixelGrid(scale: 3)
        #expect(100.666666666669 * 3 > 302, "the product really is noisy")
        #expect(grid.ceil(100.666666666669) == 302.0 / 3)
    }

    @Test(
        "ties toward −∞ when asked, as a flipped space needs",
        arguments: [
            (2.0, 0.25, 0.0), (2.0, 0.75, 1.0), (1.0, 0.5, 0.0), (1.0, -0.5, -1.0), (3.0, 0.5, 1.0),
            (3.0, 1.0 / 6, 0.0), (1.0, 0.5 + Hair.within, 0.0), (1.0, 0.3, 0.0), (1.0, 0.7, 1.0),
        ])
    func roundsTiesDown(scale: Double, x: Double, pixels: Double) throws {
        let grid = try PixelGrid(scale: scale)
        expectPixel(grid.round(x, tieBreak: .towardNegativeInfinity), pixels, scale: scale)
    }

    @Test(
        "the pixel width is one over the scale",
        arguments: [(1.0, 1.0), (2.0, 0.5), (3.0, 1.0 / 3), (2.608, 1 / 2.608)])
    func pixelWidth(scale: Double, width: Double) throws {
        #expect(try PixelGrid(scale: scale).pixelWidth == width)
    }

    @Test(
        "isAligned accepts grid lines and values within the tolerance only",
        arguments: [
            (1.0, 3.0, true), (1.0, 3.5, false), (2.0, 0.5, true), (2.0, 0.25, false), (2.0, -899.5, true),
            (3.0, 1.0 / 3, true), (3.0, 0.3333333, true), (3.0, 0.333, false), (2.608, 1 / 2.608, true),
            (2.608, 1.0, false), (2.608, 652 / 2.608, true), (1.0, 7 + Hair.atTolerance, true),
            (1.0, 7 + Hair.beyond, false), (1.0, 7 - Hair.beyond, false),
        ])
    func isAligned(scale: Double, x: Double, aligned: Bool) throws {
        #expect(try PixelGrid(scale: scale).isAligned(x) == aligned)
    }

    @Test("NaN stays NaN and is never aligned", arguments: TestScale.allCases)
    func nanPassesThrough(_ scale: TestScale) throws {
        let grid = try scale.grid()
        #expect(grid.floor(.nan).isNaN)
        #expect(grid.ceil(.nan).isNaN)
        #expect(grid.round(.nan).isNaN)
        #expect(grid.round(.nan, tieBreak: .towardNegativeInfinity).isNaN)
        #expect(!grid.isAligned(.nan))
    }

    @Test("infinities pass through and are never aligned", arguments: TestScale.allCases)
    func infinitiesPassThrough(_ scale: TestScale) throws {
        let grid = try scale.grid()
        #expect(grid.floor(.infinity) == .infinity)
        #expect(grid.ceil(-.infinity) == -.infinity)
        #expect(grid.round(.infinity) == .infinity)
        #expect(!grid.isAligned(.infinity))
        #expect(!grid.isAligned(-.infinity))
    }

    @Test("points snap per coordinate")
    func pointsSnapPerCoordinate() throws {
        let grid = try PixelGrid(scale: 2)
        let point = ViewPoint(x: 10.3, y: -0.25)
        #expect(grid.floor(point) == ViewPoint(x: 10, y: -0.5))
        #expect(grid.ceil(point) == ViewPoint(x: 10.5, y: 0))
        #expect(grid.round(point) == ViewPoint(x: 10.5, y: 0))
        #expect(!grid.isAligned(point))
        #expect(grid.isAligned(grid.round(point)))
    }

    @Test("a scale no screen can have is rejected", arguments: [0.0, -2.0, .nan, .infinity, -.infinity])
    func rejectsInvalidScale(_ scale: Double) {
        #expect(throws: PixelGrid.InvalidScale.self) { try PixelGrid(scale: scale) }
    }

    @Test("the invalid-scale error says what was wrong")
    func invalidScaleMessage() {
        let error = #expect(throws: PixelGrid.InvalidScale.self) { try PixelGrid(scale: -2) }
        #expect(error?.description == "the scale must be a finite number greater than zero, got -2.0")
    }
}
