/// Which of a Swift file's references SwiftUI always draws at a frame's size, never the image's
/// own: those inside `Image(…)` followed by `.resizable()`, and those inside a property or
/// function of the file whose every use is such an argument:
///
/// ```swift
/// private var toggleImageName: String { open ? Asset.Images.minimise.name : Asset.Images.maximise.name }
/// …
/// Image(toggleImageName).resizable().frame(width: 16, height: 16)
/// ```
///
/// A byte pass, like the snippets' search: it may miss a site (the sizes are then judged as
/// usual), and it marks a reference only when every use it sees is drawn scaled.
package enum SwiftScaledDraws {
    /// `.resizable(` sites looked at in one file; the rest are judged as if drawn at their size.
    static let maxSites = 1_000
    /// How far back from `.resizable(` the `Image(` call may start.
    static let maxCallLength = 2_048
    /// Properties and functions followed to their declarations in one file (each costs a pass).
    static let maxIdentifiers = 32

    /// `references` (all from `source`) with ``ImageReference/drawnScaled`` set where it holds.
    package static func mark(_ references: inout [ImageReference], in source: [UInt8]) {
        guard !references.isEmpty, !references.allSatisfy(\.drawnScaled) else { return }
        let arguments = scaledArguments(in: source)
        guard !arguments.isEmpty else { return }
        var scaledRanges = arguments.map(\.range)
        let identifiers = Dictionary(grouping: arguments.compactMap(\.identifier), by: { $0 })
        for (name, uses) in identifiers.sorted(by: { $0.key < $1.key }).prefix(maxIdentifiers) {
            guard let body = declarationBody(of: name, in: source),
                occurrences(of: name, in: source) == uses.count + 1
            else { continue }
            scaledRanges.append(body)
        }
        let lineStarts = lineStarts(of: source)
        for index in references.indices where !references[index].drawnScaled {
            let reference = references[index]
            guard reference.line >= 1, reference.line <= lineStarts.count else { continue }
            let offset = lineStarts[reference.line - 1] + reference.column - 1
            if scaledRanges.contains(where: { $0.contains(offset) }) { references[index].drawnScaled = true }
        }
    }

    struct Argument {
        /// The bytes between `Image(` and its `)`.
        var range: Range<Int>
        /// The property or function the argument reads when it is only that: `name`,
        /// `self.name`, `name()`.
        var identifier: String?
    }

    /// The arguments of `Image(…)` calls followed by `.resizable(`.
    static func scaledArguments(in source: [UInt8]) -> [Argument] {
        let resizable = Array(".resizable(".utf8)
        var found: [Argument] = []
        var start = 0
        var sites = 0
        while sites < maxSites, let site = source.firstOffset(of: resizable, from: start) {
            start = site + 1
            sites += 1
            var close = site - 1
            while close >= 0, isSpace(source[close]) { close -= 1 }
            guard close > 0, source[close] == UInt8(ascii: ")"), let open = matchingOpen(close, in: source),
                isImageCall(endingAt: open, in: source)
            else { continue }
            found.append(Argument(range: (open + 1)..<close, identifier: identifier(in: source[(open + 1)..<close])))
        }
        return found
    }

    /// The `(` that `close` closes, looking back at most ``maxCallLength`` bytes.
    private static func matchingOpen(_ close: Int, in source: [UInt8]) -> Int? {
        var depth = 0
        var index = close
        let floor = max(0, close - maxCallLength)
        while index >= floor {
            switch source[index] {
            case UInt8(ascii: ")"): depth += 1
            case UInt8(ascii: "("):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index -= 1
        }
        return nil
    }

    /// Whether `Image` (SwiftUI's, not `UIImage` or another type's) ends right before `open`.
    private static func isImageCall(endingAt open: Int, in source: [UInt8]) -> Bool {
        let name = Array("Image".utf8)
        let start = open - name.count
        guard start >= 0, source[start..<open].elementsEqual(name) else { return false }
        return start == 0 || !isIdentifierByte(source[start - 1])
    }

    /// `name` for `name`, `self.name` and `name()`; nil for anything else.
    private static func identifier(in argument: ArraySlice<UInt8>) -> String? {
        var text = String(decoding: argument, as: UTF8.self).trimmingSpaces()
        if text.hasPrefix("self.") { text.removeFirst(5) }
        if text.hasSuffix("()") { text.removeLast(2) }
        guard let first = text.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
            text.utf8.allSatisfy(isIdentifierByte)
        else { return nil }
        return text
    }

    /// The body of `var name`, `let name` or `func name` in the file: its `{ … }`, or for a
    /// stored `let`/`var`, the rest of its line. Nil when the file declares it other than once.
    static func declarationBody(of name: String, in source: [UInt8]) -> Range<Int>? {
        var body: Range<Int>?
        for keyword in ["var ", "let ", "func "] {
            let declaration = keyword + name
            for found in source.wholeIdentifierOffsets(of: declaration) {
                guard body == nil, let range = bodyRange(after: found + declaration.utf8.count, in: source) else {
                    return nil
                }
                body = range
            }
        }
        return body
    }

    /// From after a declared name: the first `{ … }` before the line ends (through its
    /// matching `}`), or else the rest of the line (`= "name"`).
    private static func bodyRange(after start: Int, in source: [UInt8]) -> Range<Int>? {
        var index = start
        while index < source.count, source[index] != UInt8(ascii: "\n") {
            if source[index] == UInt8(ascii: "{") {
                var depth = 0
                var inner = index
                while inner < source.count {
                    if source[inner] == UInt8(ascii: "{") { depth += 1 }
                    if source[inner] == UInt8(ascii: "}") {
                        depth -= 1
                        if depth == 0 { return index..<(inner + 1) }
                    }
                    inner += 1
                }
                return nil
            }
            index += 1
        }
        return start..<index
    }

    /// How many times `name` occurs as a whole identifier.
    static func occurrences(of name: String, in source: [UInt8]) -> Int {
        source.wholeIdentifierOffsets(of: name).count
    }

    private static func lineStarts(of source: [UInt8]) -> [Int] {
        var starts = [0]
        for (index, byte) in source.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        return starts
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
            || byte == UInt8(ascii: "\r")
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool { SwiftSnippets.isIdentifierByte(byte) }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
