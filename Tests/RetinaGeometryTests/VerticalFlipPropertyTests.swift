import PropertyBased
import RetinaGeometry
import Testing

/// Offsets that keep clear of the exact tolerance boundary: the flipped value is computed
/// separately, and right at the boundary rounding noise may put it on the other side.
let offsetsClearOfTheTolerance: [Double] = [
    0, Hair.within, -Hair.within, 0.5, 0.5 + Hair.within, 0.5 - Hair.within, 0.5 + 2 * Hair.beyond,
    0.5 - 2 * Hair.beyond, 0.1, 0.37, 0.62, 0.999,
]

@Suite("Vertical flip properties")
struct VerticalFlipPropertyTests {
    /// A view of `rows` whole pixel rows, and a rectangle inside it built from pixel indices.
    static func setUp(
        _ scale: TestScale,
        rows: Int,
        _ minY: Int,
        _ heightPixels: Int,
        _ offsets: [Double?]
    ) throws -> (PixelGrid, VerticalFlip, ViewRect) {
        let grid = try scale.grid()
        let view = try VerticalFlip(height: grid.points(fromPixels: Double(rows)), grid: grid)
        let o = offsets.map { $0 ?? 0 }
        let rect = rectangle(
            minX: minY, minY: minY, widthPixels: heightPixels, heightPixels: heightPixels,
            offsets: (o[0], o[1], o[2], o[3]), on: grid)
        return (grid, view, rect)
    }

    static let views = zip(
        Gen<TestScale>.case,
        Gen.int(in: 1...4000),
        Gen.int(in: -100...4000),
        Gen.int(in: 0...300),
        Gen.element(of: offsetsClearOfTheTolerance).array(of: 4)
    )

    @Test("flipping twice gives the coordinate, point and rectangle back")
    func flipIsAnInvolution() async {
        await propertyCheck(input: Self.views) { scale, rows, minY, height, offsets in
            let (_, view, rect) = try Self.setUp(scale, rows: rows, minY, height, offsets)
            // H − (H − y) is exact except for the rounding of the inner subtraction.
            let noise = 4 * Swift.max(view.height, rect.maxY.magnitude).ulp
            #expect((view.flippedY(view.flippedY(rect.y)) - rect.y).magnitude <= noise)
            let point = ViewPoint(x: rect.x, y: rect.maxY)
            let twice = view.flipped(view.flipped(point))
            #expect(twice.x == point.x && (twice.y - point.y).magnitude <= noise)
            let rectTwice = view.flipped(view.flipped(rect))
            #expect(rectTwice.x == rect.x && rectTwice.width == rect.width && rectTwice.height == rect.height)
            #expect((rectTwice.y - rect.y).magnitude <= 2 * noise)
        }
    }

    @Test("on the grid at 1x and 2x, flipping twice is exact")
    func flipOfGridValuesIsExact() async {
        await propertyCheck(input: Gen.int(in: 1...4000), Gen.int(in: -4000...8000), Gen.bool) { rows, pixel, at2x in
            let grid = try PixelGrid(scale: at2x ? 2 : 1)
            let view = try VerticalFlip(height: grid.points(fromPixels: Double(rows)), grid: grid)
            let y = grid.points(fromPixels: Double(pixel))
            #expect(view.flippedY(view.flippedY(y)) == y)
            #expect(view.flippedRowOrigin(view.flippedRowOrigin(y)) == view.clampedToRowOrigins(y))
        }
    }

    @Test("nearest in the flipped space, with the flipped option, lands on the same pixels as nearest directly")
    func flippedNearestMatchesDirectNearest() async {
        await propertyCheck(input: Self.views) { scale, rows, minY, height, offsets in
            let (grid, view, rect) = try Self.setUp(scale, rows: rows, minY, height, offsets)
            let direct = grid.align(rect, .allEdgesNearest)
            let viaFlipped = view.flipped(grid.align(view.flipped(rect), .allEdgesNearest.flipped))
            #expect(pixelIndex(viaFlipped.minY, on: grid) == pixelIndex(direct.minY, on: grid))
            #expect(pixelIndex(viaFlipped.maxY, on: grid) == pixelIndex(direct.maxY, on: grid))
            #expect(pixelIndex(viaFlipped.minX, on: grid) == pixelIndex(direct.minX, on: grid))
            #expect(pixelIndex(viaFlipped.maxX, on: grid) == pixelIndex(direct.maxX, on: grid))

            let y = rect.minY
            let roundedDirectly = grid.round(y)
            let roundedFlipped = view.flippedY(grid.round(view.flippedY(y), tieBreak: .towardNegativeInfinity))
            #expect(pixelIndex(roundedFlipped, on: grid) == pixelIndex(roundedDirectly, on: grid))
        }
    }

    @Test("row origins flip onto row origins of the view")
    func rowOriginsStayAddressable() async {
        await propertyCheck(input: Gen<TestScale>.case, Gen.int(in: 1...4000), Gen.double(in: -100...4100)) {
            scale, rows, pixels in
            let grid = try scale.grid()
            let view = try VerticalFlip(height: grid.points(fromPixels: Double(rows)), grid: grid)
            let origin = view.flippedRowOrigin(grid.points(fromPixels: pixels))
            #expect(grid.isAligned(origin))
            #expect(origin >= 0)
            #expect(pixelIndex(origin, on: grid) <= Double(rows - 1))
        }
    }
}
