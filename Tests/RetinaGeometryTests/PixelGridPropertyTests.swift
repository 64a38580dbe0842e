import PropertyBased
import RetinaGeometry
import Testing

/// Offsets from a pixel boundary, in pixels, that probe the tolerance and the ties. The exact
/// tolerance is left out: after a division by an inexact scale a value there may land on either
/// side of it, and the properties hold on both sides anyway.
let offsetsNearBoundaries: [Double] = [
    0, Hair.within, -Hair.within, Hair.beyond, -Hair.beyond, 0.5, 0.5 + Hair.within, 0.5 - Hair.within,
    0.5 + Hair.beyond, 0.5 - Hair.beyond, 0.25, 0.999,
]

/// A coordinate near a pixel boundary or a tie, on the given grid.
func coordinate(pixel: Int, offset: Double, on grid: PixelGrid) -> Double {
    (Double(pixel) + offset) / grid.scale
}

@Suite("Pixel grid properties")
struct PixelGridPropertyTests {
    /// How far a snapped value may lie on the wrong side of the original: the snap tolerance,
    /// converted to points.
    static func slack(_ grid: PixelGrid) -> Double {
        PixelGrid.snapTolerance / grid.scale
    }

    @Test("floor, ceil and round land on the grid")
    func resultsLieOnTheGrid() async {
        await propertyCheck(input: Gen<TestScale>.case, Gen.double(in: -5000...5000)) { scale, x in
            let grid = try scale.grid()
            for result in [
                grid.floor(x), grid.ceil(x), grid.round(x), grid.round(x, tieBreak: .towardNegativeInfinity),
            ] {
                #expect(grid.isAligned(result))
                if scale != .native2608 {
                    let pixels = result * grid.scale
                    #expect(pixels == pixels.rounded(), "exactly on the grid at an integer scale")
                }
            }
        }
    }

    @Test("floor ≤ x ≤ ceil, a pixel apart at most, with round one of the two")
    func floorAndCeilBracketTheValue() async {
        await propertyCheck(input: Gen<TestScale>.case, Gen.double(in: -5000...5000)) { scale, x in
            let grid = try scale.grid()
            let slack = Self.slack(grid)
            let (floor, ceil, round) = (grid.floor(x), grid.ceil(x), grid.round(x))
            #expect(floor <= x + slack)
            #expect(x - slack <= ceil)
            #expect(floor <= ceil)
            #expect(ceil - floor <= grid.pixelWidth * (1 + 1e-9))
            #expect(round == floor || round == ceil)
        }
    }

    @Test("near boundaries and ties: floor ≤ x ≤ ceil within the tolerance, round picks the nearer")
    func bracketsValuesNearBoundaries() async {
        await propertyCheck(
            input: Gen<TestScale>.case,
            Gen.int(in: -3000...3000),
            Gen.element(of: offsetsNearBoundaries)
        ) { scale, pixel, offset in
            let grid = try scale.grid()
            let x = coordinate(pixel: pixel, offset: offset ?? 0, on: grid)
            let slack = Self.slack(grid)
            #expect(grid.floor(x) <= x + slack)
            #expect(x - slack <= grid.ceil(x))
            let round = grid.round(x)
            let distance = (round - x).magnitude
            #expect(distance <= grid.pixelWidth / 2 + slack, "round goes to the nearer boundary")
        }
    }

    @Test("floor, ceil and round are idempotent")
    func snappingIsIdempotent() async {
        await propertyCheck(
            input: Gen<TestScale>.case,
            Gen.int(in: -3000...3000),
            Gen.element(of: offsetsNearBoundaries + [0.1, 0.37, 0.62])
        ) { scale, pixel, offset in
            let grid = try scale.grid()
            let x = coordinate(pixel: pixel, offset: offset ?? 0, on: grid)
            #expect(grid.floor(grid.floor(x)) == grid.floor(x))
            #expect(grid.ceil(grid.ceil(x)) == grid.ceil(x))
            #expect(grid.round(grid.round(x)) == grid.round(x))
            #expect(grid.floor(grid.ceil(x)) == grid.ceil(x), "an aligned value never moves")
            #expect(grid.ceil(grid.floor(x)) == grid.floor(x), "an aligned value never moves")
        }
    }

    @Test("a value within the tolerance of a grid line snaps to it in every direction")
    func noiseNeverMovesAWholePixel() async {
        await propertyCheck(
            input: Gen<TestScale>.case,
            Gen.int(in: -3000...3000),
            Gen.double(in: -Hair.within...Hair.within)
        ) { scale, pixel, noise in
            let grid = try scale.grid()
            let x = coordinate(pixel: pixel, offset: noise, on: grid)
            let line = Double(pixel)
            expectPixel(grid.floor(x), line, scale: grid.scale)
            expectPixel(grid.ceil(x), line, scale: grid.scale)
            expectPixel(grid.round(x), line, scale: grid.scale)
            #expect(grid.isAligned(x))
        }
    }
}
