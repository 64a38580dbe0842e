/// The images an Objective-C file (`.m`, `.mm`) asks for, from its tokens (comments dropped):
///
/// - `[UIImage imageNamed:@"…"]` and `imageNamed:@"…" inBundle:…`: `imageNamed:`.
/// - `imageNamed:[NSString stringWithFormat:@"flag_%@", c]`: the pattern `flag_*`.
/// - `imageWithContentsOfFile:` / `initWithContentsOfFile:` with
///   `[[NSBundle mainBundle] pathForResource:@"…" ofType:@"…"]`: a file by path.
struct ObjectiveCReferenceScanner {
    static let markers = ["imageNamed", "ContentsOfFile"].map { Array($0.utf8) }
    /// How far an argument is read, in tokens: real ones are a few; a call left open (a file of
    /// `[UIImage imageWithContentsOfFile:` repeated) must not send each candidate to the end.
    static let maxArgumentTokens = 256

    static func references(in source: [UInt8], path: String) -> [ImageReference] {
        guard markers.contains(where: { source.containsBytes($0) }) else { return [] }
        let tokens = ObjectiveCTokens(source)
        var positions = LinePositions(source)
        var references: [ImageReference] = []
        for index in 0..<tokens.count {
            guard tokens.kind(index) == .identifier, index + 2 < tokens.count, tokens.isPunctuation(index + 1, colon)
            else { continue }
            func add(_ name: ImageReference.Name, api: String, lookup: ImageLookup, otherBundle: Bool = false) {
                let (line, column) = positions.position(of: Int(tokens.tokens[index].start))
                references.append(
                    ImageReference(
                        path: path, line: line, column: column, name: name, api: api, lookup: lookup,
                        inOtherBundle: otherBundle))
            }
            if tokens.isIdentifier(index, "imageNamed") {
                guard let name = Self.name(at: index + 2, in: tokens) else { continue }
                let otherBundle = Self.bundleArgument(after: index + 2, in: tokens).map { !$0 } ?? false
                add(
                    name, api: otherBundle ? "imageNamed:inBundle:" : "imageNamed:", lookup: .named,
                    otherBundle: otherBundle)
                if Self.isStretched(messageAt: index, in: tokens) { references[references.count - 1].drawnScaled = true }
            } else if tokens.isIdentifier(index, "imageWithContentsOfFile")
                || tokens.isIdentifier(index, "initWithContentsOfFile")
            {
                // Only UIImage's: `[UIImage imageWithContentsOfFile:…]`, `[[UIImage alloc] initWithContentsOfFile:…]`.
                guard index >= 1,
                    tokens.isIdentifier(index - 1, "UIImage") || Self.isUIImageAlloc(before: index, tokens)
                else { continue }
                let api = "\(tokens.identifier(index) ?? ""):"
                if let literal = tokens.stringParts(index + 2), literal.allSatisfy({ $0 != nil }) {
                    add(.literal(literal.compactMap { $0 }.joined()), api: api, lookup: .file)
                } else if let name = Self.pathForResource(from: index + 2, in: tokens) {
                    add(.literal(name), api: api, lookup: .file)
                }
            }
        }
        return AvailabilityBranches.apply(
            to: PlatformConditions.apply(to: references, in: source, dialect: .c), in: source)
    }

    /// The selectors that stretch an image between caps to whatever size it is drawn at.
    private static let stretches: [StaticString] = ["stretchableImageWithLeftCapWidth", "resizableImageWithCapInsets"]
    /// How far on a variable's stretch is looked for, in tokens.
    static let maxStretchDistance = 128

    /// Whether the image `[UIImage imageNamed:…]` (its `imageNamed` at `index`) makes is stretched
    /// between caps, by the message it is sent at once (`[[UIImage imageNamed:@"b"]
    /// stretchableImageWithLeftCapWidth:6 topCapHeight:0]`) or by the variable it is put in, a few
    /// lines on (`img = [img resizableImageWithCapInsets:…]`): drawn at its view's size, never its own.
    static func isStretched(messageAt index: Int, in tokens: ObjectiveCTokens) -> Bool {
        var close = index + 2
        var depth = 0
        while close < tokens.count, close - index < maxArgumentTokens {
            if tokens.isPunctuation(close, openBracket) { depth += 1 }
            if tokens.isPunctuation(close, closeBracket) {
                if depth == 0 { break }
                depth -= 1
            }
            close += 1
        }
        guard close + 1 < tokens.count, tokens.isPunctuation(close, closeBracket) else { return false }
        if stretches.contains(where: { tokens.isIdentifier(close + 1, $0) }) { return true }
        // `image = [UIImage imageNamed:…]` (`UIImage *image = …`), then `[image stretchable…]`.
        guard index >= 4, tokens.isIdentifier(index - 1, "UIImage"), tokens.isPunctuation(index - 2, openBracket),
            tokens.isPunctuation(index - 3, equals), let variable = tokens.identifier(index - 4)
        else { return false }
        var next = close + 1
        while next + 2 < tokens.count, next - close < maxStretchDistance {
            if tokens.isPunctuation(next, openBracket), tokens.identifier(next + 1) == variable,
                stretches.contains(where: { tokens.isIdentifier(next + 2, $0) })
            {
                return true
            }
            next += 1
        }
        return false
    }

    /// How far back a variable's assignment is looked for, in tokens: a method's length.
    static let maxLocalDistance = 512
    private static let equals = UInt8(ascii: "=")
    private static let colon = UInt8(ascii: ":")
    private static let openBracket = UInt8(ascii: "[")
    private static let closeBracket = UInt8(ascii: "]")

    /// `@"Badge"`, or `[NSString stringWithFormat:@"flag_%@", c]` as a pattern; a variable
    /// (`imageNamed:filename`) as the value the nearest assignment before it gives it
    /// (`NSString *filename = [NSString stringWithFormat:@"m%lu", n];`), one level deep, within
    /// ``maxLocalDistance`` tokens.
    static func name(at index: Int, in tokens: ObjectiveCTokens, followsLocals: Bool = true) -> ImageReference.Name? {
        if followsLocals, let variable = tokens.identifier(index), index + 1 < tokens.count,
            tokens.isPunctuation(index + 1, closeBracket) || tokens.isIdentifier(index + 1, "inBundle")
        {
            var cursor = index - 1
            while cursor > max(0, index - maxLocalDistance) {
                defer { cursor -= 1 }
                guard tokens.isPunctuation(cursor, equals), tokens.identifier(cursor - 1) == variable,
                    !tokens.isPunctuation(cursor + 1, equals)
                else { continue }
                return name(at: cursor + 1, in: tokens, followsLocals: false)
            }
            return nil
        }
        if let parts = tokens.stringParts(index), parts.allSatisfy({ $0 != nil }) {
            return .literal(parts.compactMap { $0 }.joined())
        }
        guard index + 4 < tokens.count, tokens.isPunctuation(index, openBracket),
            tokens.isIdentifier(index + 1, "NSString"), tokens.isIdentifier(index + 2, "stringWithFormat"),
            tokens.isPunctuation(index + 3, colon), let format = tokens.string(index + 4)
        else { return nil }
        let pattern = NamePattern(parts: FormatString.parts(format))
        if pattern.pieces.count == 1 { return .literal(pattern.pieces[0]) }
        return pattern.isInformative ? .pattern(pattern) : nil
    }

    /// After the name: `inBundle:nil` or `inBundle:[NSBundle mainBundle]` (true), another
    /// bundle (false), or no bundle argument (nil).
    static func bundleArgument(after index: Int, in tokens: ObjectiveCTokens) -> Bool? {
        var cursor = index + 1
        // Past a bracketed name expression.
        if tokens.isPunctuation(index, openBracket) {
            var depth = 0
            cursor = index
            while cursor < min(tokens.count, index + maxArgumentTokens) {
                if tokens.isPunctuation(cursor, openBracket) { depth += 1 }
                if tokens.isPunctuation(cursor, closeBracket) { depth -= 1 }
                cursor += 1
                if depth == 0 { break }
            }
        }
        guard cursor + 2 < tokens.count, cursor < index + maxArgumentTokens, tokens.isIdentifier(cursor, "inBundle"),
            tokens.isPunctuation(cursor + 1, colon)
        else { return nil }
        if tokens.isIdentifier(cursor + 2, "nil") { return true }
        return cursor + 4 < tokens.count && tokens.isPunctuation(cursor + 2, openBracket)
            && tokens.isIdentifier(cursor + 3, "NSBundle") && tokens.isIdentifier(cursor + 4, "mainBundle")
    }

    static func isUIImageAlloc(before index: Int, _ tokens: ObjectiveCTokens) -> Bool {
        index >= 4 && tokens.isPunctuation(index - 1, closeBracket) && tokens.isIdentifier(index - 2, "alloc")
            && tokens.isIdentifier(index - 3, "UIImage")
    }

    /// `pathForResource:@"intro" ofType:@"jpg"` within the argument → `intro.jpg`.
    static func pathForResource(from index: Int, in tokens: ObjectiveCTokens) -> String? {
        var depth = 0
        var cursor = index
        while cursor + 2 < tokens.count, cursor < index + maxArgumentTokens {
            if tokens.isPunctuation(cursor, openBracket) { depth += 1 }
            if tokens.isPunctuation(cursor, closeBracket) {
                depth -= 1
                if depth < 0 { return nil }
            }
            if tokens.isIdentifier(cursor, "pathForResource"), tokens.isPunctuation(cursor + 1, colon),
                let name = tokens.string(cursor + 2)
            {
                if cursor + 5 < tokens.count, tokens.isIdentifier(cursor + 3, "ofType"),
                    tokens.isPunctuation(cursor + 4, colon), let type = tokens.string(cursor + 5)
                {
                    return "\(name).\(type)"
                }
                return name
            }
            cursor += 1
        }
        return nil
    }
}
