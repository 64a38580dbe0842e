/// Image views a source file sizes itself, by the name it holds each by:
/// - a frame of literal width and height: `iconView.frame = CGRect(x: m, y: m, width: 44, height: 44)`,
///   `UIImageView(frame: CGRect(…))`, `[[UIImageView alloc] initWithFrame:CGRectMake(28, 7, 229, 31)]`,
///   `[view setFrame:CGRectMake(…)]`;
/// - width and height anchors equal to constants: `view.widthAnchor.constraint(equalToConstant: 48)`,
///   `[_coneView.widthAnchor constraintEqualToConstant:48.]`;
/// - with the content mode it is given (`view.contentMode = .scaleAspectFit`); none is
///   scale-to-fill, `UIImageView`'s default.
///
/// A name any of whose frames or anchors is not literal (`initWithFrame:self.bounds`,
/// `.constraint(equalTo: other.widthAnchor)`) has no set size, and gives no view. `.zero` sets
/// nothing. Read by byte passes, one per needle, bounded per file (``maxSites``).
enum CodeImageViews {
    /// Sites read in one file; far above real code.
    static let maxSites = 2_000
    /// How far a frame's or constraint's arguments are read.
    private static let maxArgumentBytes = 256

    private struct Seen {
        var sizes: Set<PointSize> = []
        var widths: Set<Double> = []
        var heights: Set<Double> = []
        /// A frame or anchor whose size is not literal.
        var unknown = false
        /// A width or height anchor equal to another anchor (`.constraint(equalTo: stack.widthAnchor)`):
        /// the layout sizes the view, not its image.
        var relativeWidth = false
        var relativeHeight = false
        /// Content modes given: scales and fits.
        var modes: [(scales: Bool, fits: Bool)] = []
    }

    /// The views of `source` with a set size: one per size each name is given, owner left empty
    /// (``OutletFlows`` gives them the file's class).
    static func views(in source: [UInt8], swift: Bool) -> [OutletFacts.ImageView] {
        var seen: [String: Seen] = [:]
        var sites = 0
        func note(_ name: String, _ change: (inout Seen) -> Void) {
            guard !name.isEmpty, sites < maxSites, seen[name] != nil || seen.count < maxSites else { return }
            sites += 1
            change(&seen[name, default: Seen()])
        }
        // `name.frame = …`, `name.contentMode = …`, `name.widthAnchor…`, `name.heightAnchor…`.
        // Each searched by a part with a rare first byte (`Mode`, `Anchor`): `.` and lower-case
        // letters stop a byte search at every few bytes of code.
        for (member, anchor, kind) in [
            (".frame", "frame", 0), (".contentMode", "Mode", 1), (".widthAnchor", "Anchor", 2),
            (".heightAnchor", "Anchor", 3),
        ] {
            for hit in memberOffsets(of: member, searchedBy: anchor, in: source) where sites < maxSites {
                let name = receiver(endingAt: hit, in: source)
                let after = hit + member.utf8.count
                switch kind {
                case 0:
                    guard let rhs = assignedValue(after: after, in: source) else { continue }
                    let size = frameSize(from: rhs, in: source)
                    note(name) { record(size, into: &$0) }
                case 1:
                    guard let rhs = assignedValue(after: after, in: source) else { continue }
                    let mode = contentMode(from: rhs, in: source)
                    note(name) { $0.modes.append(mode) }
                default:
                    let constant = anchorConstant(from: after, in: source)
                    let relative = constant == .some(nil) && isEqualToAnchor(from: after, in: source)
                    note(name) {
                        switch constant {
                        case .some(let value?): _ = kind == 2 ? $0.widths.insert(value) : $0.heights.insert(value)
                        case .some(nil) where relative: if kind == 2 { $0.relativeWidth = true } else { $0.relativeHeight = true }
                        case .some(nil): $0.unknown = true
                        case nil: break
                        }
                    }
                }
            }
        }
        // `name = UIImageView(frame: …)`, `name = [[UIImageView alloc] initWithFrame:…]`,
        // `[name setFrame:…]`.
        for needle in swift ? ["UIImageView(frame:"] : ["initWithFrame:", "setFrame:"] {
            // The Objective-C selectors are found by `Frame:`, the Swift initializer by `UIImageView`.
            let anchor = swift ? needle : "Frame:"
            for hit in memberOffsets(of: needle, searchedBy: anchor, in: source) where sites < maxSites {
                let from = hit + needle.utf8.count
                let name: String
                if needle == "setFrame:" {
                    name = messageReceiver(before: hit, in: source)
                } else {
                    // `[[UIImageView alloc] initWithFrame:` only: another class's frame says nothing.
                    if !swift, !lineBefore(hit, in: source).contains("UIImageView alloc") { continue }
                    name = assignee(before: hit, in: source)
                }
                let size = frameSize(from: from, in: source)
                note(name) { record(size, into: &$0) }
            }
        }
        var views: [OutletFacts.ImageView] = []
        lazy var declared = declaredNames(in: source, swift: swift)
        for (name, facts) in seen.sorted(by: { $0.key < $1.key }) where !facts.unknown {
            let scales = facts.modes.allSatisfy(\.scales)
            // Fitted only where every mode given fits; a mode that fills needs both sides.
            let fits = !facts.modes.isEmpty && facts.modes.allSatisfy(\.fits)
            var sizes = facts.sizes
            let relative = facts.relativeWidth || facts.relativeHeight
            switch (facts.widths.count, facts.heights.count) {
            case (1, 1): sizes.insert(PointSize(width: facts.widths.first!, height: facts.heights.first!))
            case (1, 0) where fits && !relative: sizes.insert(PointSize(width: facts.widths.first!, height: 0))
            case (0, 1) where fits && !relative: sizes.insert(PointSize(width: 0, height: facts.heights.first!))
            case (0, 0): break
            // One side a constant and the other relative to another view: sized by the layout.
            case (1, 0), (0, 1): guard relative else { continue }
            default: continue
            }
            let origin: OutletFacts.ImageView.Origin = declared.contains(name) ? .codeProperty : .codeVariable
            // Sized by the layout on both sides, one or both relative to other views: drawn
            // scaled, at a size not known here.
            if sizes.isEmpty, scales, facts.widths.count == 1 || facts.relativeWidth,
                facts.heights.count == 1 || facts.relativeHeight
            {
                views.append(OutletFacts.ImageView(property: name, scaled: true, lines: [], origin: origin))
                continue
            }
            guard !sizes.isEmpty else { continue }
            for size in sizes.sorted(by: { ($0.width, $0.height) < ($1.width, $1.height) }) {
                views.append(
                    OutletFacts.ImageView(
                        property: name, scaled: scales, lines: [], size: scales ? ViewSize(size, fits: fits) : nil,
                        origin: origin))
            }
        }
        return views
    }

    /// The names the file declares as properties other files may reach, in one pass:
    /// `let name`/`var name` in Swift (not told apart from a local; not an `@IBOutlet`),
    /// `@property (…) Type *name;` in Objective-C (the ivar `_name` is the same).
    static func declaredNames(in source: [UInt8], swift: Bool) -> Set<String> {
        var names: Set<String> = []
        for keyword in swift ? ["let ", "var "] : ["@property"] {
            let needle = Array(keyword.utf8)
            var from = 0
            while names.count < maxSites, let hit = source.firstOffset(of: needle, from: from) {
                from = hit + needle.count
                guard hit == 0 || !SwiftSnippets.isIdentifierByte(source[hit - 1]) else { continue }
                if swift {
                    if lineBefore(hit, in: source).contains("IBOutlet") { continue }
                    var end = from
                    while end < source.count, end - from < 128, SwiftSnippets.isIdentifierByte(source[end]) { end += 1 }
                    if end > from { names.insert(String(decoding: source[from..<end], as: UTF8.self)) }
                } else {
                    // The identifier before the `;` that ends the declaration.
                    var end = from
                    while end < source.count, end - from < maxArgumentBytes, source[end] != UInt8(ascii: ";"),
                        source[end] != UInt8(ascii: "\n")
                    {
                        end += 1
                    }
                    guard end < source.count, source[end] == UInt8(ascii: ";") else { continue }
                    let name = receiver(endingAt: end, in: source)
                    if !name.isEmpty { names.insert(name) }
                }
            }
        }
        return names
    }

    /// A frame's size: literal, unknown (`Optional(nil)`), or nothing set (`.zero`: nil).
    private static func record(_ size: PointSize??, into seen: inout Seen) {
        switch size {
        case .some(let size?): seen.sizes.insert(size)
        case .some(nil): seen.unknown = true
        case nil: break
        }
    }

    /// The offset after `=` (not `==`) that follows `offset` across spaces, if one does.
    static func assignedValue(after offset: Int, in source: [UInt8]) -> Int? {
        var index = offset
        while index < source.count, source[index] == UInt8(ascii: " ") { index += 1 }
        guard index < source.count, source[index] == UInt8(ascii: "="),
            index + 1 >= source.count || source[index + 1] != UInt8(ascii: "=")
        else { return nil }
        return index + 1
    }

    /// The size of the rect written from `start`: `CGRectMake(x, y, w, h)`, `CGRect(x:…, width: w,
    /// height: h)`, `CGRect(origin: …, size: CGSize(width: w, height: h))`. Nil for `.zero`,
    /// `CGRectZero` (nothing set); `Optional(nil)` for any other value.
    static func frameSize(from start: Int, in source: [UInt8]) -> PointSize?? {
        let text = argumentText(from: start, in: source)
        let trimmed = text.drop(while: { $0 == " " })
        if trimmed.hasPrefix(".zero") || trimmed.hasPrefix("CGRectZero") || trimmed.hasPrefix("CGRect.zero") {
            return nil
        }
        if trimmed.hasPrefix("CGRectMake(") {
            let arguments = topLevelArguments(String(trimmed.dropFirst("CGRectMake(".count)))
            guard arguments.count == 4, let width = number(arguments[2]), let height = number(arguments[3]) else {
                return .some(nil)
            }
            return .some(PointSize(width: width, height: height))
        }
        if trimmed.hasPrefix("CGRect(") {
            let inner = String(trimmed.dropFirst("CGRect(".count))
            guard let width = labelled("width", in: inner), let height = labelled("height", in: inner) else {
                return .some(nil)
            }
            return .some(PointSize(width: width, height: height))
        }
        return .some(nil)
    }

    /// `constraint(equalToConstant: 48)`, ` constraintEqualToConstant:48.]` after an anchor: the
    /// constant; `Optional(nil)` for another constraint; nil where the anchor is not constrained
    /// there (read, passed on).
    private static func anchorConstant(from start: Int, in source: [UInt8]) -> Double?? {
        let text = argumentText(from: start, in: source)
        let trimmed = text.drop(while: { $0 == " " || $0 == "." })
        for form in ["constraint(equalToConstant:", "constraintEqualToConstant:"] where trimmed.hasPrefix(form) {
            let value = trimmed.dropFirst(form.count).prefix { !")],;\n".contains($0) }
            return .some(number(String(value)))
        }
        return trimmed.hasPrefix("constraint") ? .some(nil) : nil
    }

    /// Whether the anchor's constraint from `start` ties it to another anchor, equal
    /// (`.constraint(equalTo: stack.widthAnchor)`, ` constraintEqualToAnchor:other.heightAnchor]`).
    private static func isEqualToAnchor(from start: Int, in source: [UInt8]) -> Bool {
        let text = argumentText(from: start, in: source)
        let trimmed = text.drop(while: { $0 == " " || $0 == "." })
        return trimmed.hasPrefix("constraint(equalTo:") || trimmed.hasPrefix("constraintEqualToAnchor:")
    }

    /// Whether the mode written from `start` scales (fit, fill, to fill) and fits (aspect-fit).
    private static func contentMode(from start: Int, in source: [UInt8]) -> (scales: Bool, fits: Bool) {
        let text = argumentText(from: start, in: source).lowercased()
        if text.contains("aspectfit") { return (true, true) }
        if text.contains("aspectfill") || text.contains("scaletofill") { return (true, false) }
        return (false, false)
    }

    /// The bytes from `start` to the line's end or `;`, at most ``maxArgumentBytes``.
    private static func argumentText(from start: Int, in source: [UInt8]) -> String {
        var end = start
        let limit = min(source.count, start + maxArgumentBytes)
        while end < limit, source[end] != UInt8(ascii: "\n"), source[end] != UInt8(ascii: ";") { end += 1 }
        return String(decoding: source[start..<end], as: UTF8.self)
    }

    /// The comma-separated arguments up to the parenthesis that closes the call.
    private static func topLevelArguments(_ text: String) -> [String] {
        var arguments: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            if character == "(" { depth += 1 }
            if character == ")" {
                if depth == 0 { break }
                depth -= 1
            }
            if character == ",", depth == 0 {
                arguments.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        arguments.append(current)
        return arguments
    }

    /// The literal after `label:` in a Swift argument list (`width: 44`).
    private static func labelled(_ label: String, in text: String) -> Double? {
        let needle = Array((label + ":").utf8)
        let bytes = Array(text.utf8)
        var from = 0
        // A whole label: `width:`, not `maxWidth:`.
        while let at = bytes.firstOffset(of: needle, from: from) {
            from = at + 1
            guard at == 0 || !SwiftSnippets.isIdentifierByte(bytes[at - 1]) else { continue }
            let value = bytes[(at + needle.count)...].prefix { $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: ")") }
            return number(String(decoding: value, as: UTF8.self))
        }
        return nil
    }

    /// A positive numeric literal: `44`, `44.0`, `44.f`, `48.`.
    private static func number(_ text: String) -> Double? {
        var literal = text.trimmingSpaces
        if literal.hasSuffix("f") || literal.hasSuffix("F") { literal.removeLast() }
        if literal.hasSuffix(".") { literal.removeLast() }
        guard !literal.isEmpty, literal.allSatisfy({ $0.isNumber || $0 == "." }), let value = Double(literal),
            value > 0, value < PointSize.largestPlausible
        else { return nil }
        return value
    }

    /// The identifier just before `.member` at `offset`: `iconView` in `cell.iconView.frame`,
    /// `_coneView` → `coneView` (an Objective-C ivar), `self.view` → `view`.
    private static func receiver(endingAt offset: Int, in source: [UInt8]) -> String {
        var start = offset
        while start > 0, offset - start < 128, SwiftSnippets.isIdentifierByte(source[start - 1]) { start -= 1 }
        var name = String(decoding: source[start..<offset], as: UTF8.self)
        if name.hasPrefix("_"), name.count > 1 { name.removeFirst() }
        return name == "self" || name.first?.isNumber == true ? "" : name
    }

    /// The name assigned at the `=` before `offset` on its line: `inputframeview` in
    /// `UIImageView *inputframeview=[[UIImageView alloc] initWithFrame:…`.
    static func assignee(before offset: Int, in source: [UInt8]) -> String {
        let line = lineBefore(offset, in: source)
        guard let equals = line.firstIndex(of: "="), line[line.index(after: equals)...].first != "=" else { return "" }
        let left = line[..<equals].trimmingSpaces
        let identifier = left.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        var name = String(identifier.reversed())
        if name.hasPrefix("_"), name.count > 1 { name.removeFirst() }
        return name == "self" ? "" : name
    }

    /// Each offset of `member` (`.frame`, `initWithFrame:`) not followed by an identifier byte
    /// (`.frameView`), found by its suffix `anchor`.
    private static func memberOffsets(of member: String, searchedBy anchor: String, in source: [UInt8]) -> [Int] {
        let needle = Array(anchor.utf8)
        let whole = Array(member.utf8)
        let before = whole.count - needle.count
        var offsets: [Int] = []
        var from = before
        while offsets.count < maxSites, let hit = source.firstOffset(of: needle, from: from) {
            from = hit + needle.count
            let start = hit - before
            guard start >= 0, source[start..<hit].elementsEqual(whole[..<before]) else { continue }
            // `.frame`, not `.frameView`; a selector's `:` ends it anyway.
            if from >= source.count || !SwiftSnippets.isIdentifierByte(whole[whole.count - 1])
                || !SwiftSnippets.isIdentifierByte(source[from])
            {
                offsets.append(start)
            }
        }
        return offsets
    }

    /// `[name setFrame:` → `name`.
    private static func messageReceiver(before offset: Int, in source: [UInt8]) -> String {
        var end = offset
        while end > 0, source[end - 1] == UInt8(ascii: " ") { end -= 1 }
        return receiver(endingAt: end, in: source)
    }

    /// The text of the line before `offset`, at most 512 bytes back.
    static func lineBefore(_ offset: Int, in source: [UInt8]) -> String {
        var start = offset
        while start > 0, offset - start < 512, source[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return String(decoding: source[start..<offset], as: UTF8.self)
    }
}
