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
        let tokens = SourceTokenizer.tokens(source, dialect: .objectiveC)
        var references: [ImageReference] = []
        for index in tokens.indices {
            guard let selector = tokens[index].identifier, index + 2 < tokens.count,
                tokens[index + 1].isPunctuation(":")
            else { continue }
            let start = tokens[index]
            func add(_ name: ImageReference.Name, api: String, lookup: ImageLookup, otherBundle: Bool = false) {
                references.append(
                    ImageReference(
                        path: path, line: start.line, column: start.column, name: name, api: api, lookup: lookup,
                        inOtherBundle: otherBundle))
            }
            switch selector {
            case "imageNamed":
                guard let name = Self.name(at: index + 2, in: tokens) else { continue }
                let otherBundle = Self.bundleArgument(after: index + 2, in: tokens).map { !$0 } ?? false
                add(
                    name, api: otherBundle ? "imageNamed:inBundle:" : "imageNamed:", lookup: .named,
                    otherBundle: otherBundle)
            case "imageWithContentsOfFile", "initWithContentsOfFile":
                // Only UIImage's: `[UIImage imageWithContentsOfFile:…]`, `[[UIImage alloc] initWithContentsOfFile:…]`.
                guard index >= 1,
                    tokens[index - 1].identifier == "UIImage" || Self.isUIImageAlloc(before: index, tokens)
                else { continue }
                if let literal = tokens[index + 2].stringParts, literal.allSatisfy({ $0 != nil }) {
                    add(.literal(literal.compactMap { $0 }.joined()), api: "\(selector):", lookup: .file)
                } else if let name = Self.pathForResource(from: index + 2, in: tokens) {
                    add(.literal(name), api: "\(selector):", lookup: .file)
                }
            default: continue
            }
        }
        return PlatformConditions.apply(to: references, in: source, dialect: .c)
    }

    /// `@"Badge"`, or `[NSString stringWithFormat:@"flag_%@", c]` as a pattern.
    static func name(at index: Int, in tokens: [SourceToken]) -> ImageReference.Name? {
        if let parts = tokens[index].stringParts, parts.allSatisfy({ $0 != nil }) {
            return .literal(parts.compactMap { $0 }.joined())
        }
        guard index + 4 < tokens.count, tokens[index].isPunctuation("["), tokens[index + 1].identifier == "NSString",
            tokens[index + 2].identifier == "stringWithFormat", tokens[index + 3].isPunctuation(":"),
            let format = tokens[index + 4].stringParts?.compactMap({ $0 }).joined()
        else { return nil }
        let pattern = NamePattern(parts: FormatString.parts(format))
        if pattern.pieces.count == 1 { return .literal(pattern.pieces[0]) }
        return pattern.isInformative ? .pattern(pattern) : nil
    }

    /// After the name: `inBundle:nil` or `inBundle:[NSBundle mainBundle]` (true), another
    /// bundle (false), or no bundle argument (nil).
    static func bundleArgument(after index: Int, in tokens: [SourceToken]) -> Bool? {
        var cursor = index + 1
        // Past a bracketed name expression.
        if tokens[index].isPunctuation("[") {
            var depth = 0
            cursor = index
            while cursor < min(tokens.count, index + maxArgumentTokens) {
                if tokens[cursor].isPunctuation("[") { depth += 1 }
                if tokens[cursor].isPunctuation("]") { depth -= 1 }
                cursor += 1
                if depth == 0 { break }
            }
        }
        guard cursor + 2 < tokens.count, cursor < index + maxArgumentTokens, tokens[cursor].identifier == "inBundle",
            tokens[cursor + 1].isPunctuation(":")
        else { return nil }
        let value = tokens[cursor + 2]
        if value.identifier == "nil" { return true }
        return cursor + 4 < tokens.count && value.isPunctuation("[") && tokens[cursor + 3].identifier == "NSBundle"
            && tokens[cursor + 4].identifier == "mainBundle"
    }

    static func isUIImageAlloc(before index: Int, _ tokens: [SourceToken]) -> Bool {
        index >= 4 && tokens[index - 1].isPunctuation("]") && tokens[index - 2].identifier == "alloc"
            && tokens[index - 3].identifier == "UIImage"
    }

    /// `pathForResource:@"intro" ofType:@"jpg"` within the argument → `intro.jpg`.
    static func pathForResource(from index: Int, in tokens: [SourceToken]) -> String? {
        var depth = 0
        var cursor = index
        while cursor + 2 < tokens.count, cursor < index + maxArgumentTokens {
            let token = tokens[cursor]
            if token.isPunctuation("[") { depth += 1 }
            if token.isPunctuation("]") {
                depth -= 1
                if depth < 0 { return nil }
            }
            if token.identifier == "pathForResource", tokens[cursor + 1].isPunctuation(":"),
                let name = tokens[cursor + 2].stringParts?.compactMap({ $0 }).joined()
            {
                if cursor + 5 < tokens.count, tokens[cursor + 3].identifier == "ofType",
                    tokens[cursor + 4].isPunctuation(":"),
                    let type = tokens[cursor + 5].stringParts?.compactMap({ $0 }).joined()
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
