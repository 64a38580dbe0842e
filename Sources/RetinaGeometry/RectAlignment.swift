/// How to align a rectangle to the pixel grid, on the model of AppKit's `NSAlignmentOptions` as
/// used by `NSIntegralRectWithOptions` and `NSView.backingAlignedRect(_:options:)`.
///
/// Each axis aligns exactly two of its min edge, max edge and size (see ``AxisAlignment``), each
/// inward, outward or nearest (see ``EdgeAlignment``). ``PixelGrid/align(_:_:)`` applies it.
///
/// ```swift
/// let grid = try PixelGrid(scale: 2)
/// grid.align(ViewRect(x: 10.3, y: 20.7, width: 5.4, height: 6.8), .allEdgesOutward)
/// // x: 10, y: 20.5, width: 6, height: 7
/// ```
public struct RectAlignment: Sendable, Hashable {
    /// The alignment of the x axis: min x, max x and width.
    public var horizontal: AxisAlignment
    /// The alignment of the y axis: min y, max y and height.
    public var vertical: AxisAlignment
    /// Whether the rectangle is in a flipped (y grows downward) coordinate space: AppKit's
    /// `NSAlignRectFlipped`.
    ///
    /// Nearest ties on the vertical edges (min y and max y) then round toward −∞ instead of +∞.
    /// In a flipped space −∞ is up on the screen, as +∞ is in an unflipped one, so a rectangle
    /// exactly between two pixel rows lands on the same screen pixels whether its view is flipped
    /// or not. Horizontal edges and sizes are unaffected.
    public var isFlipped: Bool

    /// Creates a rectangle alignment from the alignment of each axis.
    public init(horizontal: AxisAlignment, vertical: AxisAlignment, isFlipped: Bool = false) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.isFlipped = isFlipped
    }

    /// Creates a rectangle alignment that aligns all four edges the same way, and no size:
    /// AppKit's `NSAlignAllEdgesInward`, `…Outward` and `…Nearest`.
    public init(allEdges alignment: EdgeAlignment, isFlipped: Bool = false) {
        self.init(horizontal: .bothEdges(alignment), vertical: .bothEdges(alignment), isFlipped: isFlipped)
    }

    /// Every edge inward: the largest grid rectangle inside the original.
    public static let allEdgesInward = RectAlignment(allEdges: .inward)
    /// Every edge outward: the smallest grid rectangle containing the original.
    public static let allEdgesOutward = RectAlignment(allEdges: .outward)
    /// Every edge to the nearest pixel boundary, ties toward +∞.
    public static let allEdgesNearest = RectAlignment(allEdges: .nearest)

    /// The same alignment for a rectangle in a flipped coordinate space.
    public var flipped: RectAlignment {
        var copy = self
        copy.isFlipped = true
        return copy
    }
}

extension PixelGrid {
    /// Aligns a rectangle to this grid, edge by edge, as `NSView.backingAlignedRect(_:options:)`
    /// does for a view on a screen of this scale.
    ///
    /// The work happens in pixels: each attribute is multiplied by the scale, snapped to an
    /// integer (within ``snapTolerance``, so a value already on the grid never moves), and divided
    /// back. A negative size that results (two inward edges closer than a pixel) becomes zero, as in
    /// AppKit. NaN attributes stay NaN.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in points.
    ///   - alignment: Which attributes to align, and which way.
    /// - Returns: A rectangle whose origin and size lie on the grid.
    public func align(_ rect: ViewRect, _ alignment: RectAlignment) -> ViewRect {
        let verticalTieBreak: TieBreak = alignment.isFlipped ? .towardNegativeInfinity : .towardPositiveInfinity
        let (x, width) = alignPixels(
            min: rect.minX * scale,
            max: rect.maxX * scale,
            size: rect.width * scale,
            alignment.horizontal,
            edgeTieBreak: .towardPositiveInfinity
        )
        let (y, height) = alignPixels(
            min: rect.minY * scale,
            max: rect.maxY * scale,
            size: rect.height * scale,
            alignment.vertical,
            edgeTieBreak: verticalTieBreak
        )
        return ViewRect(
            x: points(fromPixels: x),
            y: points(fromPixels: y),
            width: points(fromPixels: width),
            height: points(fromPixels: height)
        )
    }

    /// The smallest rectangle on this grid that contains `rect`, AppKit's `NSIntegralRect` at this
    /// scale: every edge outward.
    ///
    /// As with `NSIntegralRect`, a rectangle with a zero or negative width or height gives
    /// ``ViewRect/zero``.
    public func integral(_ rect: ViewRect) -> ViewRect {
        rect.isEmpty ? .zero : align(rect, .allEdgesOutward)
    }

    /// The rectangle with every edge moved to the nearest pixel boundary, ties toward +∞:
    /// `NSView.centerScanRect(_:)` at this scale.
    public func centerScan(_ rect: ViewRect) -> ViewRect {
        align(rect, .allEdgesNearest)
    }

    /// Aligns one axis, in pixel units, and returns its aligned origin and size.
    private func alignPixels(
        min: Double,
        max: Double,
        size: Double,
        _ axis: AxisAlignment,
        edgeTieBreak: TieBreak
    ) -> (origin: Double, size: Double) {
        let origin: Double
        let alignedSize: Double
        switch axis {
        case .edges(let minAlignment, let maxAlignment):
            origin = Self.snapPixels(min, minAlignment.roundingForMinEdge(tieBreak: edgeTieBreak))
            alignedSize = Self.snapPixels(max, maxAlignment.roundingForMaxEdge(tieBreak: edgeTieBreak)) - origin
        case .minEdgeAndSize(let minAlignment, let sizeAlignment):
            origin = Self.snapPixels(min, minAlignment.roundingForMinEdge(tieBreak: edgeTieBreak))
            alignedSize = Self.snapPixels(size, sizeAlignment.roundingForSize)
        case .maxEdgeAndSize(let maxAlignment, let sizeAlignment):
            alignedSize = Self.snapPixels(size, sizeAlignment.roundingForSize)
            origin = Self.snapPixels(max, maxAlignment.roundingForMaxEdge(tieBreak: edgeTieBreak)) - alignedSize
        }
        // AppKit never returns a negative size ("no negarects").
        return (origin, alignedSize < 0 ? 0 : alignedSize)
    }
}
