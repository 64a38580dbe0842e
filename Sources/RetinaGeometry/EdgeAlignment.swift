/// Which way one attribute of a rectangle (an edge or a size) moves when it is aligned to the pixel
/// grid: AppKit's `NSAlign…Inward`, `…Outward` and `…Nearest` options.
///
/// A value already on the grid, within ``PixelGrid/snapTolerance``, stays where it is whichever
/// direction is asked for.
public enum EdgeAlignment: Sendable, Hashable, CaseIterable {
    /// Toward the inside of the rectangle: a min edge moves up to the next pixel boundary (ceil),
    /// a max edge and a size move down to the previous one (floor). The rectangle can only shrink.
    case inward
    /// Toward the outside of the rectangle: a min edge floors, a max edge and a size ceil. The
    /// rectangle can only grow.
    case outward
    /// To the nearest pixel boundary. Ties go toward +∞, except on the vertical edges of a
    /// rectangle aligned with ``RectAlignment/isFlipped``, where they go toward −∞.
    case nearest

    /// The pixel rounding for a rectangle's min edge.
    func roundingForMinEdge(tieBreak: PixelGrid.TieBreak) -> PixelGrid.PixelRounding {
        switch self {
        case .inward: .up
        case .outward: .down
        case .nearest: .nearest(tieBreak)
        }
    }

    /// The pixel rounding for a rectangle's max edge.
    func roundingForMaxEdge(tieBreak: PixelGrid.TieBreak) -> PixelGrid.PixelRounding {
        switch self {
        case .inward: .down
        case .outward: .up
        case .nearest: .nearest(tieBreak)
        }
    }

    /// The pixel rounding for a rectangle's width or height. A size is not an edge: AppKit rounds a
    /// nearest size ties toward +∞ even in a flipped rectangle.
    var roundingForSize: PixelGrid.PixelRounding {
        switch self {
        case .inward: .down
        case .outward: .up
        case .nearest: .nearest(.towardPositiveInfinity)
        }
    }
}
