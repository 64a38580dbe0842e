/// The size of a view that draws an image scaled to it, and how it scales: filling itself
/// (scale-to-fill, aspect-fill) or fitting the image within itself (aspect-fit).
///
/// A side of 0 is not set: an aspect-fit view bounded along one side only.
public struct ViewSize: Hashable, Sendable, CustomStringConvertible {
    public var points: PointSize
    /// Aspect-fit: the image is scaled by the smaller of the two sides' ratios.
    public var fits: Bool

    public init(_ points: PointSize, fits: Bool = false) {
        self.points = points
        self.fits = fits
    }

    public init(width: Double, height: Double, fits: Bool = false) {
        self.init(PointSize(width: width, height: height), fits: fits)
    }

    /// `64×64`, as the points.
    public var description: String { points.description }

    /// Whether an image of `pixels` has the pixels this view needs at `scale`, so that it is
    /// drawn scaled down (or 1:1), never up.
    ///
    /// A view that fills itself scales each side to its own, so each side set needs its pixels.
    /// An aspect-fit view scales the image by the smaller ratio: one side that holds its pixels is
    /// enough, as the image is drawn no larger along the other (a 118×151 px image in a 75×75-pt
    /// view is drawn 75 pt tall and needs 150 px along that side at @2x, whatever its width).
    /// Under a point short along a side (479 px for a 160-pt side at @3x) is an export's rounding
    /// and counts as holding.
    public func isHeld(by pixels: PixelSize, atScale scale: Int) -> Bool {
        let factor = Double(scale)
        let width = points.width
        let height = points.height
        guard width > 0 || height > 0 else { return false }
        let holdsWidth = Double(pixels.width) > (width - 1) * factor
        let holdsHeight = Double(pixels.height) > (height - 1) * factor
        if fits, width > 0, height > 0 { return holdsWidth || holdsHeight }
        return holdsWidth && holdsHeight
    }

    /// Whether this view, filled and of a set width and height, stretches an image of `pixels`
    /// (at 1x) to at least ``stretchFactor`` times its size along both sides: a fill (a button's
    /// 4×4 background in a 208×80-pt button), whose retina variant would still be stretched
    /// half as far. (A sliced image's caps are drawn at their own size: only loose files, which
    /// Interface Builder cannot slice, are judged so.)
    public func stretchesFar(_ pixels: PixelSize) -> Bool {
        !fits && points.width >= Double(pixels.width) * Self.stretchFactor
            && points.height >= Double(pixels.height) * Self.stretchFactor
    }

    public static let stretchFactor = 8.0
}
