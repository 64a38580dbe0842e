/// Where to put a stroked line so that it covers whole device pixels.
///
/// A stroke of width `w` centred on the coordinate `c` covers `c − w/2 … c + w/2`. Centred on a
/// pixel boundary, a one-pixel line covers half of two pixels and comes out as a blurry two-pixel
/// line. Moving the centre by `w / 2` from a boundary (the common `pointOffset = lineWidth / 2`
/// pattern) makes the line cover exactly `w * scale` pixels, provided `w` is a whole number of
/// pixels.
extension PixelGrid {
    /// The width of the thinnest line the screen can draw, one device pixel: ``pixelWidth``.
    public var hairlineWidth: Double { pixelWidth }

    /// `width` rounded to a whole number of device pixels, and at least one pixel.
    ///
    /// A line whose width is not a whole number of pixels cannot cover whole pixels wherever it is
    /// placed. Ties round up, as on the rest of the grid. NaN stays NaN.
    public func wholePixelLineWidth(_ width: Double) -> Double {
        guard !width.isNaN else { return width }
        let pixels = Self.snapPixels(width * scale, .nearest(.towardPositiveInfinity))
        return points(fromPixels: pixels < 1 ? 1 : pixels)
    }

    /// How far to move a stroke's centre line from a pixel boundary so that the stroke covers
    /// whole pixels: half the line width.
    ///
    /// Pass a width that is a whole number of pixels (see ``wholePixelLineWidth(_:)``). For a
    /// hairline at 2x this is 0.25 point; at 1x, 0.5.
    public func strokeOffset(forLineWidth lineWidth: Double) -> Double {
        lineWidth / 2
    }

    /// The centre-line coordinate for a stroke of `lineWidth` whose pixels start at the pixel
    /// boundary nearest to `edge` and extend toward +∞.
    ///
    /// The width is first made a whole number of pixels with ``wholePixelLineWidth(_:)``, so the
    /// stroke covers `round(edge) … round(edge) + wholePixelLineWidth(lineWidth)` exactly.
    public func strokeCenter(startingAt edge: Double, lineWidth: Double) -> Double {
        round(edge) + strokeOffset(forLineWidth: wholePixelLineWidth(lineWidth))
    }
}
