import RetinaGeometry
import Testing

/// A rectangle, an alignment, and the pixel edges AppKit's documented `NSAlignmentOptions`
/// semantics give for it.
struct RectAlignmentExample: Sendable, CustomTestStringConvertible {
    let scale: Double
    let rect: ViewRect
    let options: String
    let alignment: RectAlignment
    /// Expected edges in pixels: minX, minY, maxX, maxY.
    let pixels: (Double, Double, Double, Double)

    var testDescription: String {
        "\(options) of (\(rect.x), \(rect.y), \(rect.width), \(rect.height)) at \(scale)x"
    }
}

/// The options from the examples, spelled as AppKit spells them.
enum AppKitOptions {
    static let minAndWidthNearest = RectAlignment(
        horizontal: .minEdgeAndSize(min: .nearest, size: .nearest),
        vertical: .minEdgeAndSize(min: .nearest, size: .nearest)
    )
    static let maxAndWidthNearest = RectAlignment(
        horizontal: .maxEdgeAndSize(max: .nearest, size: .nearest),
        vertical: .maxEdgeAndSize(max: .nearest, size: .nearest)
    )
    static let minXInwardMaxXOutwardYNearest = RectAlignment(
        horizontal: .edges(min: .inward, max: .outward),
        vertical: .bothEdges(.nearest)
    )
}

@Suite("Rect alignment")
struct RectAlignmentTests {
    // backingAlignedRect(_:options:) multiplies by the backing scale, applies
    // NSIntegralRectWithOptions, and divides back. NSAlignmentOptions documents each option as the
    // "nearest inward", "nearest outward" or "nearest" integral value for min x/y, max x/y and
    // width/height; inward means ceil for a min edge and floor for a max edge or a size, outward the
    // opposite. Nearest rounds 0.5 toward +∞, and NSAlignRectFlipped ("allows 0.5 to be treated in a
    // visually consistent way") rounds it toward −∞ on the y edges. The pixel values below are that
    // arithmetic done by hand on the edges in pixels.
    //
    // r = (10.3, 20.7, 5.4, 6.8): minX 10.3, maxX 15.7, minY 20.7, maxY 27.5.
    static let r = ViewRect(x: 10.3, y: 20.7, width: 5.4, height: 6.8)
    // n = (-3.4, -5.6, 2.2, 3.3): minX -3.4, maxX -1.2, minY -5.6, maxY -2.3.
    static let n = ViewRect(x: -3.4, y: -5.6, width: 2.2, height: 3.3)

    static let examples: [RectAlignmentExample] = [
        // 1x: edges 10.3, 15.7 | 20.7, 27.5 (a tie).
        .init(scale: 1, rect: r, options: "AllEdgesNearest", alignment: .allEdgesNearest, pixels: (10, 21, 16, 28)),
        .init(
            scale: 1, rect: r, options: "AllEdgesNearest|RectFlipped", alignment: .allEdgesNearest.flipped,
            pixels: (10, 21, 16, 27)),
        .init(scale: 1, rect: r, options: "AllEdgesInward", alignment: .allEdgesInward, pixels: (11, 21, 15, 27)),
        .init(scale: 1, rect: r, options: "AllEdgesOutward", alignment: .allEdgesOutward, pixels: (10, 20, 16, 28)),
        // Width round(5.4) = 5 from min x 10; height round(6.8) = 7 from min y 21.
        .init(
            scale: 1, rect: r, options: "MinX|Width|MinY|HeightNearest", alignment: AppKitOptions.minAndWidthNearest,
            pixels: (10, 21, 15, 28)),
        // Max x 16 less width 5; max y 28 less height 7.
        .init(
            scale: 1, rect: r, options: "MaxX|Width|MaxY|HeightNearest", alignment: AppKitOptions.maxAndWidthNearest,
            pixels: (11, 21, 16, 28)),
        .init(
            scale: 1, rect: r, options: "MinXInward|MaxXOutward|MinY|MaxYNearest",
            alignment: AppKitOptions.minXInwardMaxXOutwardYNearest, pixels: (11, 21, 16, 28)),
        .init(scale: 1, rect: n, options: "AllEdgesNearest", alignment: .allEdgesNearest, pixels: (-3, -6, -1, -2)),
        .init(scale: 1, rect: n, options: "AllEdgesInward", alignment: .allEdgesInward, pixels: (-3, -5, -2, -3)),
        .init(scale: 1, rect: n, options: "AllEdgesOutward", alignment: .allEdgesOutward, pixels: (-4, -6, -1, -2)),
        .init(
            scale: 1, rect: ViewRect(x: 4, y: 5, width: 6, height: 7), options: "AllEdgesNearest",
            alignment: .allEdgesNearest, pixels: (4, 5, 10, 12)),
        // 2x: edges 20.6, 31.4 | 41.4, 55 pixels; widths 10.8 and 13.6.
        .init(scale: 2, rect: r, options: "AllEdgesNearest", alignment: .allEdgesNearest, pixels: (21, 41, 31, 55)),
        .init(
            scale: 2, rect: r, options: "AllEdgesNearest|RectFlipped", alignment: .allEdgesNearest.flipped,
            pixels: (21, 41, 31, 55)),
        .init(scale: 2, rect: r, options: "AllEdgesInward", alignment: .allEdgesInward, pixels: (21, 42, 31, 55)),
        .init(scale: 2, rect: r, options: "AllEdgesOutward", alignment: .allEdgesOutward, pixels: (20, 41, 32, 55)),
        .init(
            scale: 2, rect: r, options: "MinX|Width|MinY|HeightNearest", alignment: AppKitOptions.minAndWidthNearest,
            pixels: (21, 41, 32, 55)),
        .init(
            scale: 2, rect: r, options: "MaxX|Width|MaxY|HeightNearest", alignment: AppKitOptions.maxAndWidthNearest,
            pixels: (20, 41, 31, 55)),
        // n at 2x: -6.8, -2.4 | -11.2, -4.6 pixels.
        .init(scale: 2, rect: n, options: "AllEdgesNearest", alignment: .allEdgesNearest, pixels: (-7, -11, -2, -5)),
        .init(scale: 2, rect: n, options: "AllEdgesInward", alignment: .allEdgesInward, pixels: (-6, -11, -3, -5)),
        .init(scale: 2, rect: n, options: "AllEdgesOutward", alignment: .allEdgesOutward, pixels: (-7, -12, -2, -4)),
        // Every edge a tie: 0.5 and 1.5 pixels.
        .init(
            scale: 2, rect: ViewRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), options: "AllEdgesNearest",
            alignment: .allEdgesNearest, pixels: (1, 1, 2, 2)),
        .init(
            scale: 2, rect: ViewRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5),
            options: "AllEdgesNearest|RectFlipped", alignment: .allEdgesNearest.flipped, pixels: (1, 0, 2, 1)),
        .init(
            scale: 2, rect: ViewRect(x: -0.75, y: -0.75, width: 0.5, height: 0.5), options: "AllEdgesNearest",
            alignment: .allEdgesNearest, pixels: (-1, -1, 0, 0)),
        .init(
            scale: 2, rect: ViewRect(x: -0.75, y: -0.75, width: 0.5, height: 0.5),
            options: "AllEdgesNearest|RectFlipped", alignment: .allEdgesNearest.flipped, pixels: (-1, -2, 0, -1)),
        // A tie on the min y edge (0.5 pixel) and on the height (2.5 pixels). The flipped option
        // concerns edges; a size is not an edge, and its tie still goes toward +∞ (as in
        // swift-corelibs-foundation's NSIntegralRectWithOptions).
        .init(
            scale: 2, rect: ViewRect(x: 0, y: 0.25, width: 1, height: 1.25), options: "MinX|Width|MinY|HeightNearest",
            alignment: AppKitOptions.minAndWidthNearest, pixels: (0, 1, 2, 4)),
        .init(
            scale: 2, rect: ViewRect(x: 0, y: 0.25, width: 1, height: 1.25),
            options: "MinX|Width|MinY|HeightNearest|RectFlipped", alignment: AppKitOptions.minAndWidthNearest.flipped,
            pixels: (0, 0, 2, 3)),
        // 3x: edges 30.9, 47.1 | 62.1, 82.5 (a tie) pixels; widths 16.2 and 20.4.
        .init(scale: 3, rect: r, options: "AllEdgesNearest", alignment: .allEdgesNearest, pixels: (31, 62, 47, 83)),
        .init(
            scale: 3, rect: r, options: "AllEdgesNearest|RectFlipped", alignment: .allEdgesNearest.flipped,
            pixels: (31, 62, 47, 82)),
        .init(scale: 3, rect: r, options: "AllEdgesInward", alignment: .allEdgesInward, pixels: (31, 63, 47, 82)),
        .init(scale: 3, rect: r, options: "AllEdgesOutward", alignment: .allEdgesOutward, pixels: (30, 62, 48, 83)),
        .init(
            scale: 3, rect: r, options: "MinX|Width|MinY|HeightNearest", alignment: AppKitOptions.minAndWidthNearest,
            pixels: (31, 62, 47, 82)),
        .init(
            scale: 3, rect: r, options: "MaxX|Width|MaxY|HeightNearest", alignment: AppKitOptions.maxAndWidthNearest,
            pixels: (31, 63, 47, 83)),
        .init(
            scale: 3, rect: r, options: "MinXInward|MaxXOutward|MinY|MaxYNearest",
            alignment: AppKitOptions.minXInwardMaxXOutwardYNearest, pixels: (31, 62, 48, 83)),
        // n at 3x: -10.2, -3.6 | -16.8, -6.9 pixels.
        .init(scale: 3, rect: n, options: "AllEdgesNearest", alignment: .allEdgesNearest, pixels: (-10, -17, -4, -7)),
        .init(scale: 3, rect: n, options: "AllEdgesInward", alignment: .allEdgesInward, pixels: (-10, -16, -4, -7)),
        .init(scale: 3, rect: n, options: "AllEdgesOutward", alignment: .allEdgesOutward, pixels: (-11, -17, -3, -6)),
        // 3x: the noisy 302.000000000007 pixels is on the grid, so outward leaves it there.
        .init(
            scale: 3, rect: ViewRect(x: 100.666666666669, y: 0, width: 10, height: 1), options: "AllEdgesOutward",
            alignment: .allEdgesOutward, pixels: (302, 0, 332, 3)),
        // 2.608: edges 26.862, 40.946 | 53.986, 71.72 pixels.
        .init(scale: 2.608, rect: r, options: "AllEdgesNearest", alignment: .allEdgesNearest, pixels: (27, 54, 41, 72)),
        .init(scale: 2.608, rect: r, options: "AllEdgesInward", alignment: .allEdgesInward, pixels: (27, 54, 40, 71)),
        .init(scale: 2.608, rect: r, options: "AllEdgesOutward", alignment: .allEdgesOutward, pixels: (26, 53, 41, 72)),
    ]

    @Test("alignment matches NSAlignmentOptions", arguments: examples)
    func matchesAppKit(_ example: RectAlignmentExample) throws {
        let grid = try PixelGrid(scale: example.scale)
        let aligned = grid.align(example.rect, example.alignment)
        let (minX, minY, maxX, maxY) = example.pixels
        expectPixelEdges(aligned, minX: minX, minY: minY, maxX: maxX, maxY: maxY, scale: example.scale)
    }

    @Test("inward edges closer than a pixel give a zero size, never a negative one")
    func inwardNeverGivesANegativeSize() throws {
        let grid = try PixelGrid(scale: 1)
        let aligned = grid.align(ViewRect(x: 0.3, y: 2.2, width: 0.4, height: 0.5), .allEdgesInward)
        #expect(aligned == ViewRect(x: 1, y: 3, width: 0, height: 0))
    }

    @Test("the integral rect is all edges outward and contains the original", arguments: TestScale.allCases)
    func integralIsOutward(_ scale: TestScale) throws {
        let grid = try scale.grid()
        let integral = grid.integral(Self.r)
        #expect(integral == grid.align(Self.r, .allEdgesOutward))
        #expect(integral.contains(Self.r))
    }

    @Test(
        "the integral rect of an empty rect is the zero rect, as NSIntegralRect's is",
        arguments: [
            ViewRect(x: 0.5, y: 0.5, width: 0, height: 3), ViewRect(x: 2.3, y: 1.1, width: 4, height: -1),
        ])
    func integralOfEmptyIsZero(_ rect: ViewRect) throws {
        #expect(try PixelGrid(scale: 2).integral(rect) == .zero)
    }

    @Test("center-scan rounds every edge to the nearest pixel, ties up", arguments: TestScale.allCases)
    func centerScanIsNearest(_ scale: TestScale) throws {
        let grid = try scale.grid()
        let tie = ViewRect(x: 0.5 / grid.scale, y: 1.5 / grid.scale, width: 1 / grid.scale, height: 1 / grid.scale)
        let scanned = grid.centerScan(tie)
        expectPixelEdges(scanned, minX: 1, minY: 2, maxX: 2, maxY: 3, scale: grid.scale)
        #expect(grid.centerScan(Self.r) == grid.align(Self.r, .allEdgesNearest))
    }

    @Test("NaN attributes stay NaN")
    func nanStaysNaN() throws {
        let aligned = try PixelGrid(scale: 2).align(
            ViewRect(x: .nan, y: 1.3, width: 2, height: .nan), .allEdgesOutward)
        #expect(aligned.x.isNaN)
        #expect(aligned.width.isNaN)
        #expect(aligned.y == 1)
        #expect(aligned.height.isNaN)
    }

    @Test(
        "an axis takes exactly two of min, max and size",
        arguments: [
            (EdgeAlignment?.some(.inward), EdgeAlignment?.some(.outward), EdgeAlignment?.none),
            (.some(.nearest), nil, .some(.inward)),
            (nil, .some(.outward), .some(.nearest)),
        ])
    func acceptsTwoOfThree(min: EdgeAlignment?, max: EdgeAlignment?, size: EdgeAlignment?) throws {
        let axis = try AxisAlignment(min: min, max: max, size: size)
        switch axis {
        case .edges(let alignedMin, let alignedMax):
            #expect(alignedMin == min && alignedMax == max && size == nil)
        case .minEdgeAndSize(let alignedMin, let alignedSize):
            #expect(alignedMin == min && alignedSize == size && max == nil)
        case .maxEdgeAndSize(let alignedMax, let alignedSize):
            #expect(alignedMax == max && alignedSize == size && min == nil)
        }
    }

    @Test(
        "any other combination is rejected, not guessed",
        arguments: [
            (EdgeAlignment?.none, EdgeAlignment?.none, EdgeAlignment?.none),
            (.some(.inward), nil, nil),
            (nil, .some(.outward), nil),
            (nil, nil, .some(.nearest)),
            (.some(.inward), .some(.inward), .some(.inward)),
        ])
    func rejectsOtherCombinations(min: EdgeAlignment?, max: EdgeAlignment?, size: EdgeAlignment?) {
        #expect(throws: AxisAlignment.InvalidCombination.self) {
            try AxisAlignment(min: min, max: max, size: size)
        }
    }

    @Test("the rejection names what was given")
    func rejectionMessage() {
        let all = #expect(throws: AxisAlignment.InvalidCombination.self) {
            try AxisAlignment(min: .inward, max: .inward, size: .inward)
        }
        #expect(all?.specified == ["min", "max", "size"])
        let one = #expect(throws: AxisAlignment.InvalidCombination.self) { try AxisAlignment(max: .outward) }
        #expect(one?.description == "an axis needs options for exactly two of min, max and size; got max")
    }
}
