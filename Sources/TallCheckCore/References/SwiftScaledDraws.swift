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
/// Also those of a `UIImage(…)` whose `.cgImage` alone is taken (drawn at a layer's size) or that
/// is stretched between caps, and
/// those of an `Image(…)` that is the whole body of a closure passed under a label no
/// SwiftUI view takes content by (`imageLoader: { Image("\($0.name)_preview") }`): the closure
/// hands the image on as a value, drawn wherever its caller puts it, at a size not followed.
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
        let handedOn = references.contains { $0.api.hasPrefix("Image(") } ? closureValues(in: source) : []
        let pixels = callsDrawnByTheirView(in: source)
        guard !arguments.isEmpty || !handedOn.isEmpty || !pixels.isEmpty else { return }
        var scaledRanges = arguments.map(\.range) + handedOn + pixels
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

    /// The calls (`UIImage` through its `)`) of each `UIImage(…)` whose `.cgImage` is all the code
    /// takes (`UIImage(named: "dot")!.cgImage`, a particle's or a layer's contents), or that it
    /// stretches between caps (`.resizableImage(withCapInsets:)`): drawn at the layer's or the
    /// view's size, never at the image's points.
    static func callsDrawnByTheirView(in source: [UInt8]) -> [Range<Int>] {
        [".cgImage", ".resizableImage(", ".stretchableImage("].flatMap { calls(followedBy: Array($0.utf8), in: source) }
    }

    /// The `UIImage(…)` calls `member` follows, through `!` or `?`.
    private static func calls(followedBy member: [UInt8], in source: [UInt8]) -> [Range<Int>] {
        let call = Array("UIImage".utf8)
        var found: [Range<Int>] = []
        var start = 0
        var sites = 0
        while sites < maxSites, let site = source.firstOffset(of: member, from: start) {
            start = site + member.count
            sites += 1
            guard member.last == UInt8(ascii: "(") || start >= source.count || !isIdentifierByte(source[start])
            else { continue }
            var close = site - 1
            while close >= 0, source[close] == UInt8(ascii: "!") || source[close] == UInt8(ascii: "?") { close -= 1 }
            guard close > 0, source[close] == UInt8(ascii: ")"), let open = matchingOpen(close, in: source),
                open >= call.count, source[(open - call.count)..<open].elementsEqual(call),
                open == call.count || !isIdentifierByte(source[open - call.count - 1])
            else { continue }
            found.append((open - call.count)..<(close + 1))
        }
        return found
    }

    /// The labels SwiftUI's own views and modifiers take view content by (`Label { } icon: { }`,
    /// `NavigationLink(destination:label:)`, a Live Activity's `compactLeading:`): an `Image` there
    /// is drawn by the view, at its own size unless made resizable.
    static let viewContentLabels: Set<String> = [
        "label", "icon", "content", "header", "footer", "placeholder", "background", "overlay", "title",
        "subtitle", "actions", "message", "leading", "trailing", "detail", "sidebar", "destination", "preview",
        "currentValueLabel", "minimumValueLabel", "maximumValueLabel", "markedValueLabels", "menuItems",
        "primaryAction", "compactLeading", "compactTrailing", "minimal", "dynamicIsland", "annotationContent",
        "tabItem",
    ]

    /// The calls (`Image` through its `)`) of each `Image(…)` that is all a labelled closure
    /// argument returns, under a label not in ``viewContentLabels``.
    static func closureValues(in source: [UInt8]) -> [Range<Int>] {
        let call = Array("Image(".utf8)
        var found: [Range<Int>] = []
        var start = 0
        var sites = 0
        while sites < maxSites, let site = source.firstOffset(of: call, from: start) {
            start = site + 1
            guard site == 0 || !isIdentifierByte(source[site - 1]) else { continue }
            sites += 1
            guard let label = closureLabel(before: site, in: source), !viewContentLabels.contains(label),
                let close = matchingClose(site + call.count - 1, in: source)
            else { continue }
            var after = close + 1
            while after < source.count, isSpace(source[after]) { after += 1 }
            // The closure's only expression: the image, maybe with modifiers (`.renderingMode(…)`).
            guard after < source.count, source[after] == UInt8(ascii: "}") || source[after] == UInt8(ascii: ".")
            else { continue }
            found.append(site..<(close + 1))
        }
        return found
    }

    /// The label of the closure argument whose body starts at `site`: `label: {` then, maybe,
    /// `parameters in` and `return`. Nil when `site` starts no such body.
    private static func closureLabel(before site: Int, in source: [UInt8]) -> String? {
        var index = skipSpaceBack(site - 1, in: source)
        if let word = wordBack(endingAt: index, in: source), word.text == "return" {
            index = skipSpaceBack(word.start - 1, in: source)
        }
        if let word = wordBack(endingAt: index, in: source), word.text == "in" {
            // `{ icon in` or `{ (icon: AppIcon) -> Image in`: back to the `{` on a short run.
            index = word.start - 1
            let floor = max(0, index - 200)
            while index >= floor, source[index] != UInt8(ascii: "{") {
                if source[index] == UInt8(ascii: "}") || source[index] == UInt8(ascii: "\n") { return nil }
                index -= 1
            }
            guard index >= floor else { return nil }
        }
        guard index >= 0, source[index] == UInt8(ascii: "{") else { return nil }
        index = skipSpaceBack(index - 1, in: source)
        guard index >= 0, source[index] == UInt8(ascii: ":") else { return nil }
        index = skipSpaceBack(index - 1, in: source)
        guard let label = wordBack(endingAt: index, in: source) else { return nil }
        // `? a : { … }` and `[key: { … }]` are no arguments: the label follows `(` or `,`, or ends a
        // line of a trailing closure (`} label: {`).
        let before = skipSpaceBack(label.start - 1, in: source)
        guard before >= 0, [UInt8(ascii: "("), UInt8(ascii: ","), UInt8(ascii: "}")].contains(source[before]) else {
            return nil
        }
        return label.text
    }

    private static func skipSpaceBack(_ from: Int, in source: [UInt8]) -> Int {
        var index = from
        while index >= 0, isSpace(source[index]) { index -= 1 }
        return index
    }

    /// The identifier ending at `end`, and where it starts.
    private static func wordBack(endingAt end: Int, in source: [UInt8]) -> (text: String, start: Int)? {
        guard end >= 0, end < source.count else { return nil }
        var start = end
        while start >= 0, end - start < 64, isIdentifierByte(source[start]) { start -= 1 }
        guard start < end else { return nil }
        return (String(decoding: source[(start + 1)...end], as: UTF8.self), start + 1)
    }

    /// The `)` that closes the `(` at `open`, looking on at most ``maxCallLength`` bytes.
    private static func matchingClose(_ open: Int, in source: [UInt8]) -> Int? {
        matching(from: open, step: 1, in: source)
    }

    /// The `(` that `close` closes, looking back at most ``maxCallLength`` bytes.
    private static func matchingOpen(_ close: Int, in source: [UInt8]) -> Int? {
        matching(from: close, step: -1, in: source)
    }

    /// The bracket that the one at `start` pairs with, walking `step` (1 on, -1 back).
    private static func matching(from start: Int, step: Int, in source: [UInt8]) -> Int? {
        let (deeper, shallower) = step > 0 ? (UInt8(ascii: "("), UInt8(ascii: ")")) : (UInt8(ascii: ")"), UInt8(ascii: "("))
        var depth = 0
        var index = start
        let end = step > 0 ? min(source.count, start + maxCallLength) : max(-1, start - maxCallLength - 1)
        while index != end {
            if source[index] == deeper {
                depth += 1
            } else if source[index] == shallower {
                depth -= 1
                if depth == 0 { return index }
            }
            index += step
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
