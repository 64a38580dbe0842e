import ArgumentParser
import RetinaGeometry
import TallCheckKit

struct Align: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "align",
        abstract: "Aligns a rectangle, a point or a flipped y coordinate to the pixel grid of a scale.",
        discussion: """
            Give --scale and one of: --rect with --edges (as NSView.backingAlignedRect does), \
            --point with --floor, --ceil or --round, or --flip-y with --height. Values within \
            1/8192 pixel of a pixel boundary count as on it, and nearest-rounding ties go toward \
            +infinity (toward -infinity on the y edges with --flipped). Negative values work as \
            typed: --rect -2.5,-3.5,1,1.
            """
    )

    @Option(parsing: .unconditional, help: "Device pixels per point: 1, 2, 3, or a native scale such as 2.608.")
    var scale: Double

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("A rectangle to align, in points.", valueName: "x,y,width,height")
    )
    var rect: String?

    @Option(help: "Which way the rectangle's edges move.")
    var edges: EdgesChoice?

    @Flag(help: "The rectangle is in a flipped view: nearest ties on its y edges go toward -infinity.")
    var flipped = false

    @Option(parsing: .unconditional, help: ArgumentHelp("A point to snap to the grid, in points.", valueName: "x,y"))
    var point: String?

    @Flag(help: "How the point snaps.")
    var rounding: PointRounding?

    @Option(
        name: .customLong("flip-y"),
        parsing: .unconditional,
        help: ArgumentHelp("A y coordinate to flip: prints height - y.", valueName: "y")
    )
    var flipY: Double?

    @Option(parsing: .unconditional, help: "The height of the view to flip in, in points: a whole number of pixels.")
    var height: Double?

    @Flag(
        help: """
            Treat --flip-y as a location in a pixel row (a pointer location) and print the origin of that \
            row in the flipped view: height - row origin - one pixel.
            """
    )
    var row = false

    @OptionGroup var format: JSONOption

    // The whole computation happens here: it is pure and cheap, and an error thrown from
    // validate() is reported with this command's usage.
    func validate() throws {
        _ = try output()
    }

    func run() throws {
        print(try output())
    }

    /// The text to print, after checking that the options make one request.
    private func output() throws -> String {
        let modes = [rect != nil, point != nil, flipY != nil].filter { $0 }.count
        guard modes == 1 else {
            throw ValidationError("Give exactly one of --rect, --point or --flip-y.")
        }
        guard rect != nil || (edges == nil && !flipped) else {
            throw ValidationError("--edges and --flipped apply to --rect only.")
        }
        guard point != nil || rounding == nil else {
            throw ValidationError("--floor, --ceil and --round apply to --point only.")
        }
        guard flipY != nil || (height == nil && !row) else {
            throw ValidationError("--height and --row apply to --flip-y only.")
        }
        let grid: PixelGrid
        do {
            grid = try PixelGrid(scale: scale)
        } catch {
            throw ValidationError("--scale: \(error).")
        }

        if let rect {
            guard let edges else { throw ValidationError("--rect needs --edges nearest, inward or outward.") }
            let numbers = try Self.numbers(rect, option: "--rect", names: ["x", "y", "width", "height"])
            let aligned = grid.align(
                ViewRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]),
                RectAlignment(allEdges: edges.alignment, isFlipped: flipped)
            )
            return try formatted("rect", [aligned.x, aligned.y, aligned.width, aligned.height])
        }
        if let point {
            guard let rounding else { throw ValidationError("--point needs one of --floor, --ceil or --round.") }
            let numbers = try Self.numbers(point, option: "--point", names: ["x", "y"])
            let snapped = rounding.snap(ViewPoint(x: numbers[0], y: numbers[1]), on: grid)
            return try formatted("point", [snapped.x, snapped.y])
        }
        // Exactly one mode is given, and it is neither --rect nor --point.
        guard let flipY, let height else { throw ValidationError("--flip-y needs --height.") }
        guard flipY.isFinite else { throw ValidationError("--flip-y must be a finite number, got \(flipY).") }
        let view: VerticalFlip
        do {
            view = try VerticalFlip(height: height, grid: grid)
        } catch {
            throw ValidationError("--height: \(error).")
        }
        return try formatted("y", [row ? view.flippedRowOrigin(flipY) : view.flippedY(flipY)], asArray: false)
    }

    /// The result as `a,b,c` text, or as `{"key":[a,b,c]}` (or `{"key":a}`) JSON. Whole numbers
    /// print without a fraction.
    private func formatted(_ key: String, _ values: [Double], asArray: Bool = true) throws -> String {
        guard values.allSatisfy(\.isFinite) else {
            throw ValidationError("The result is too large to print.")
        }
        let numbers = values.map(JSONValue.double)
        if format.json {
            return JSONValue.object([(key, asArray ? .array(numbers) : numbers[0])]).rendered()
        }
        return numbers.map { $0.rendered() }.joined(separator: ",")
    }

    /// Parses `x,y,…` into exactly as many finite numbers as `names` has.
    private static func numbers(_ text: String, option: String, names: [String]) throws -> [Double] {
        let expected = names.joined(separator: ",")
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == names.count else {
            throw ValidationError("\(option) takes \(names.count) numbers, \(expected); got '\(text)'.")
        }
        return try zip(parts, names).map { part, name in
            guard let value = Double(part.filter { $0 != " " }), value.isFinite else {
                throw ValidationError("\(option): \(name) must be a finite number, got '\(part)'.")
            }
            return value
        }
    }
}

extension Align {
    /// The `--edges` values: every edge of the rectangle moves the same way.
    enum EdgesChoice: String, ExpressibleByArgument, CaseIterable {
        case nearest
        case inward
        case outward

        var alignment: EdgeAlignment {
            switch self {
            case .nearest: .nearest
            case .inward: .inward
            case .outward: .outward
            }
        }
    }

    /// The `--floor`, `--ceil` and `--round` flags.
    enum PointRounding: String, EnumerableFlag {
        case floor
        case ceil
        case round

        static func help(for value: PointRounding) -> ArgumentHelp? {
            switch value {
            case .floor: "Snap the point down to the grid."
            case .ceil: "Snap the point up to the grid."
            case .round: "Snap the point to the nearest grid point, ties up."
            }
        }

        func snap(_ point: ViewPoint, on grid: PixelGrid) -> ViewPoint {
            switch self {
            case .floor: grid.floor(point)
            case .ceil: grid.ceil(point)
            case .round: grid.round(point)
            }
        }
    }
}
