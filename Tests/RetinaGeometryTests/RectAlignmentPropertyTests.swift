import PropertyBased
import RetinaGeometry
import Testing

/// A rectangle whose edges sit near pixel boundaries and ties: each edge is a pixel index plus its
/// own offset (min x, min y, max x, max y), so every edge is exactly as near a boundary as its
/// offset says. Edges that cross are swapped: the properties are about rectangles with a
/// non-negative size.
func rectangle(
    minX: Int,
    minY: Int,
    widthPixels: Int,
    heightPixels: Int,
    offsets: (Double, Double, Double, Double),
    on grid: PixelGrid
) -> ViewRect {
    let left = (Double(minX) + offsets.0) / grid.scale
    let bottom = (Double(minY) + offsets.1) / grid.scale
    let right = (Double(minX + widthPixels) + offsets.2) / grid.scale
    let top = (Double(minY + heightPixels) + offsets.3) / grid.scale
    return ViewRect(
        minX: Swift.min(left, right),
        minY: Swift.min(bottom, top),
        maxX: Swift.max(left, right),
        maxY: Swift.max(bottom, top)
    )
}

/// Generates rectangles at every test scale, with edges on, near and between pixel boundaries.
let rectangles = zip(
    Gen<TestScale>.case,
    Gen.int(in: -2000...2000),
    Gen.int(in: -2000...2000),
    Gen.int(in: 0...400),
    Gen.int(in: 0...400),
    Gen.element(of: offsetsNearBoundaries + [0.1, 0.37, 0.62]).array(of: 4)
)

/// Alignments covering every kind of axis, flipped and not.
let someAlignments: [RectAlignment] = [
    .allEdgesInward, .allEdgesOutward, .allEdgesNearest, .allEdgesNearest.flipped,
    RectAlignment(
        horizontal: .minEdgeAndSize(min: .nearest, size: .outward),
        vertical: .maxEdgeAndSize(max: .inward, size: .nearest)
    ),
    RectAlignment(
        horizontal: .maxEdgeAndSize(max: .outward, size: .inward),
        vertical: .edges(min: .nearest, max: .outward),
        isFlipped: true
    ),
]

@Suite("Rect alignment properties")
struct RectAlignmentPropertyTests {
    static func build(
        _ scale: TestScale,
        _ minX: Int,
        _ minY: Int,
        _ width: Int,
        _ height: Int,
        _ offsets: [Double?]
    ) throws -> (PixelGrid, ViewRect) {
        let grid = try scale.grid()
        let o = offsets.map { $0 ?? 0 }
        let rect = rectangle(
            minX: minX, minY: minY, widthPixels: width, heightPixels: height, offsets: (o[0], o[1], o[2], o[3]),
            on: grid)
        return (grid, rect)
    }

    @Test("every aligned rectangle lies on the grid")
    func alignedRectsLieOnTheGrid() async {
        await propertyCheck(input: rectangles) { scale, minX, minY, width, height, offsets in
            let (grid, rect) = try Self.build(scale, minX, minY, width, height, offsets)
            for alignment in someAlignments {
                let aligned = grid.align(rect, alignment)
                #expect(grid.isAligned(ViewPoint(x: aligned.x, y: aligned.y)))
                #expect(grid.isAligned(aligned.width) && grid.isAligned(aligned.height))
                #expect(grid.isAligned(aligned.maxX) && grid.isAligned(aligned.maxY))
                #expect(aligned.width >= 0 && aligned.height >= 0)
            }
        }
    }

    @Test("aligning an aligned rectangle changes nothing")
    func alignmentIsIdempotent() async {
        await propertyCheck(input: rectangles) { scale, minX, minY, width, height, offsets in
            let (grid, rect) = try Self.build(scale, minX, minY, width, height, offsets)
            for alignment in someAlignments {
                let once = grid.align(rect, alignment)
                #expect(grid.align(once, alignment) == once)
            }
        }
    }

    @Test("all edges outward contains the original, as the integral rect does")
    func outwardContains() async {
        await propertyCheck(input: rectangles) { scale, minX, minY, width, height, offsets in
            let (grid, rect) = try Self.build(scale, minX, minY, width, height, offsets)
            let slack = PixelGrid.snapTolerance / grid.scale
            let outward = grid.align(rect, .allEdgesOutward)
            let grown = ViewRect(
                minX: outward.minX - slack, minY: outward.minY - slack, maxX: outward.maxX + slack,
                maxY: outward.maxY + slack)
            #expect(grown.contains(rect), "contains the original, within the snap tolerance")
            if !rect.isEmpty {
                #expect(grid.integral(rect) == outward)
            }
        }
    }

    @Test("all edges inward lies inside the original when it spans a whole pixel")
    func inwardIsContained() async {
        await propertyCheck(input: rectangles) { scale, minX, minY, width, height, offsets in
            let (grid, rect) = try Self.build(scale, minX, minY, width, height, offsets)
            let slack = PixelGrid.snapTolerance / grid.scale
            let inward = grid.align(rect, .allEdgesInward)
            let grown = ViewRect(
                minX: rect.minX - slack, minY: rect.minY - slack, maxX: rect.maxX + slack, maxY: rect.maxY + slack)
            if rect.width >= 2 * grid.pixelWidth && rect.height >= 2 * grid.pixelWidth {
                #expect(grown.contains(inward), "inside the original, within the snap tolerance")
            }
            // Each edge may snap outward by the tolerance, so the size may grow by twice that.
            #expect(inward.width <= rect.width + 2 * slack && inward.height <= rect.height + 2 * slack)
        }
    }

    @Test("nearest moves no edge by more than half a pixel")
    func nearestStaysClose() async {
        await propertyCheck(input: rectangles) { scale, minX, minY, width, height, offsets in
            let (grid, rect) = try Self.build(scale, minX, minY, width, height, offsets)
            // In pixels: half a pixel, plus the snap tolerance, plus this test's own rounding.
            let limit = 0.5 + PixelGrid.snapTolerance + 1e-9
            func pixelDistance(_ a: Double, _ b: Double) -> Double { ((a - b) * grid.scale).magnitude }
            for alignment in [RectAlignment.allEdgesNearest, .allEdgesNearest.flipped] {
                let nearest = grid.align(rect, alignment)
                #expect(pixelDistance(nearest.minX, rect.minX) <= limit)
                #expect(pixelDistance(nearest.maxX, rect.maxX) <= limit)
                #expect(pixelDistance(nearest.minY, rect.minY) <= limit)
                #expect(pixelDistance(nearest.maxY, rect.maxY) <= limit)
            }
        }
    }
}
