/// How a rectangle is aligned along one axis: exactly two of its min edge, max edge and size, each
/// with its own ``EdgeAlignment``. The third follows from the other two.
///
/// This is AppKit's rule for `NSAlignmentOptions`: per axis, options for exactly two of
/// {min, max, size}. The cases make every other combination impossible to write; the
/// ``init(min:max:size:)`` initialiser takes the attributes one by one, as AppKit's option set does,
/// and throws on any other combination instead of guessing.
public enum AxisAlignment: Sendable, Hashable {
    /// Align both edges; the size is their distance (never negative).
    ///
    /// With both edges outward the aligned rectangle contains the original; with both inward it
    /// lies inside it (when the original spans at least one whole pixel).
    case edges(min: EdgeAlignment, max: EdgeAlignment)
    /// Align the min edge and, separately, the size; the max edge follows.
    ///
    /// The size is rounded on its own, so neither containment holds: at 1x, the inward alignment
    /// of `x = 0.1, width = 1` is `x = 1, width = 1`, which ends past the original.
    case minEdgeAndSize(min: EdgeAlignment, size: EdgeAlignment)
    /// Align the max edge and, separately, the size; the min edge follows.
    case maxEdgeAndSize(max: EdgeAlignment, size: EdgeAlignment)

    /// Creates an axis alignment from options for its attributes, AppKit style.
    ///
    /// Pass exactly two of the three.
    ///
    /// - Throws: ``InvalidCombination`` when fewer or more than two are given.
    public init(
        min: EdgeAlignment? = nil,
        max: EdgeAlignment? = nil,
        size: EdgeAlignment? = nil
    ) throws(InvalidCombination) {
        switch (min, max, size) {
        case (let min?, let max?, nil): self = .edges(min: min, max: max)
        case (let min?, nil, let size?): self = .minEdgeAndSize(min: min, size: size)
        case (nil, let max?, let size?): self = .maxEdgeAndSize(max: max, size: size)
        default:
            throw InvalidCombination(
                specified: [min.map { _ in "min" }, max.map { _ in "max" }, size.map { _ in "size" }]
                    .compactMap { $0 }
            )
        }
    }

    /// Both edges aligned the same way.
    public static func bothEdges(_ alignment: EdgeAlignment) -> AxisAlignment {
        .edges(min: alignment, max: alignment)
    }
}

extension AxisAlignment {
    /// The error thrown when an axis is given options for other than exactly two of its min edge,
    /// max edge and size. AppKit treats this as a programming error; it has no sensible reading.
    public struct InvalidCombination: Error, Hashable, CustomStringConvertible {
        /// The attributes that were given options, in the order min, max, size.
        public let specified: [String]

        public var description: String {
            let given = specified.isEmpty ? "none" : specified.joined(separator: ", ")
            return "an axis needs options for exactly two of min, max and size; got \(given)"
        }
    }
}
