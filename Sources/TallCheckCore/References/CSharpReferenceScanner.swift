/// The images a C# file (MonoTouch, Xamarin.iOS, .NET for iOS) asks for, from its tokens
/// (comments dropped). dotnet/macios binds (image-references.md, "Xamarin / .NET"):
///
/// - `UIImage.FromBundle("…")` to `imageNamed:`, catalogs included;
/// - `UIImage.FromFile("…")` to `imageWithContentsOfFile:` and `new UIImage("…")` to
///   `initWithContentsOfFile:`: a loose file by path, extension required, `@2x` picked by the screen;
/// - the seed app's `FromBundle16x9("…")`, and any helper `tall_suffix_functions` names: the
///   `-568h@2x` tall-suffix convention.
///
/// A name is a literal, an interpolated string (`$"flag_{code}"`), a concatenation
/// (`"flag_" + code`) or `string.Format("flag_{0}", code)`: the last three are patterns.
struct CSharpReferenceScanner {
    /// The seed app's helper: on a tall phone, `name-568h@2x.png` before `name`.
    static let defaultTallSuffixFunctions = ["FromBundle16x9"]

    var tallSuffixFunctions: Set<String>
    /// Helpers declared to have no fallback (`tall_suffix_without_fallback`).
    var withoutFallback: Set<String>

    init(tallSuffixFunctions: [String] = [], withoutFallback: [String] = []) {
        self.tallSuffixFunctions = Set(Self.defaultTallSuffixFunctions + tallSuffixFunctions + withoutFallback)
        self.withoutFallback = Set(withoutFallback)
    }

    /// The API of the marker a file's scan returns for a tall-suffix helper it defines whose tall
    /// branch does not fall back; ``SourceInput`` turns the helper's calls in every file into
    /// ``ResolveMode/tallSuffixWithoutFallback`` lookups and drops the marker.
    static let definitionWithoutFallback = "tall-suffix helper without fallback"
    /// How far an argument is read, in tokens: real ones are a few; a call left open
    /// (`UIImage.FromBundle("a" ` repeated) must not send each candidate to the end of the file.
    static let maxArgumentTokens = 256

    /// The helpers this file defines whose tall branch loads a `-568h` name and returns it with no
    /// fallback: no `null` test, no `??`, no `File.Exists` in the body. The body names the suffix
    /// in a string, or through a name the file gives one (`static string tallMagic = "-568h@2x"`,
    /// `const string Tall = …`, a parameter's default), however it then builds the name
    /// (`Path.Combine`, `+`, `string.Format`). A body that names no `-568h` says nothing, and the
    /// helper keeps the fallback the convention assumes.
    static func helpersWithoutFallback(in tokens: [SourceToken], named helpers: Set<String>) -> [(String, SourceToken)]
    {
        // Names the file assigns a `-568h` string: `NAME = "…-568h…"`.
        var suffixNames: Set<String> = []
        for index in tokens.indices.dropFirst().dropLast()
        where tokens[index].isPunctuation("=")
            && tokens[index + 1].stringParts?.contains(where: { $0?.contains("568h") == true }) == true
        {
            if let name = tokens[index - 1].identifier { suffixNames.insert(name) }
        }
        var found: [(String, SourceToken)] = []
        var index = 1
        while index + 1 < tokens.count {
            defer { index += 1 }
            guard let name = tokens[index].identifier, helpers.contains(name), tokens[index + 1].isPunctuation("("),
                tokens[index - 1].identifier.map({ $0 != "new" && $0 != "return" }) == true
            else { continue }
            // The parameter list, then `{ … }` or `=> …;`, each within a bound.
            guard let close = Self.matching(from: index + 1, in: tokens, open: "(", close: ")", limit: 256),
                close + 1 < tokens.count
            else { continue }
            let body: ArraySlice<SourceToken>
            if tokens[close + 1].isPunctuation("{"),
                let end = Self.matching(from: close + 1, in: tokens, open: "{", close: "}", limit: 4096)
            {
                body = tokens[(close + 1)...end]
            } else if tokens[close + 1].isPunctuation("="), close + 2 < tokens.count,
                tokens[close + 2].isPunctuation(">")
            {
                let end = tokens[(close + 2)...].prefix(4096).firstIndex { $0.isPunctuation(";") } ?? close + 2
                body = tokens[(close + 2)...end]
            } else {
                continue
            }
            let loadsTallName = body.contains { token in
                token.stringParts?.contains { $0?.contains("568h") == true } == true
                    || token.identifier.map(suffixNames.contains) == true
            }
            guard loadsTallName else { continue }
            let checks = zip(body, body.dropFirst()).contains { first, second in
                (first.isPunctuation("?") && second.isPunctuation("?"))
                    || ["null", "Exists", "FileExists", "IsNullOrEmpty"].contains(first.identifier ?? "")
            }
            if !checks { found.append((name, tokens[index])) }
            index = close
        }
        return found
    }

    /// The index of the token that closes the bracket at `start`, within `limit` tokens.
    static func matching(
        from start: Int, in tokens: [SourceToken], open: Unicode.Scalar, close: Unicode.Scalar, limit: Int
    )
        -> Int?
    {
        var depth = 0
        for cursor in start..<min(tokens.count, start + limit) {
            if tokens[cursor].isPunctuation(open) { depth += 1 }
            if tokens[cursor].isPunctuation(close) {
                depth -= 1
                if depth == 0 { return cursor }
            }
        }
        return nil
    }

    func references(in source: [UInt8], path: String) -> [ImageReference] {
        scan(source, path: path).references
    }

    /// ``references(in:path:)``, and whether the file hands `UIImage.FromBundle`,
    /// `UIImage.FromFile` or a tall-suffix helper a name it does not spell there (``LoaderArguments``).
    func scan(_ source: [UInt8], path: String) -> (references: [ImageReference], passesNames: Bool) {
        let markers = (["UIImage"] + tallSuffixFunctions.sorted()).map { Array($0.utf8) }
        guard markers.contains(where: { source.containsBytes($0) }) else { return ([], false) }
        var passesNames = false
        let tokens = SourceTokenizer.tokens(source, dialect: .cSharp)
        var references = Self.helpersWithoutFallback(in: tokens, named: tallSuffixFunctions).map { name, token in
            ImageReference(
                path: path, line: token.line, column: token.column, name: .literal(name),
                api: Self.definitionWithoutFallback, lookup: .file, mode: .tallSuffixWithoutFallback)
        }
        for index in tokens.indices {
            guard let identifier = tokens[index].identifier, index + 2 < tokens.count,
                tokens[index + 1].isPunctuation("(")
            else { continue }
            let call: (api: String, lookup: ImageLookup, mode: ResolveMode, start: SourceToken)
            let receiverIsUIImage =
                index >= 2 && tokens[index - 1].isPunctuation(".") && tokens[index - 2].identifier == "UIImage"
            switch identifier {
            case "FromBundle" where receiverIsUIImage:
                call = ("UIImage.FromBundle", .named, .uikit, tokens[index - 2])
            case "FromFile" where receiverIsUIImage:
                call = ("UIImage.FromFile", .file, .uikit, tokens[index - 2])
            case "UIImage" where index >= 1 && tokens[index - 1].identifier == "new":
                call = ("new UIImage(string)", .file, .uikit, tokens[index - 1])
            case let name where tallSuffixFunctions.contains(name):
                call = (
                    name, .named, withoutFallback.contains(name) ? .tallSuffixWithoutFallback : .tallSuffix,
                    tokens[index]
                )
            default: continue
            }
            var name = Self.name(at: index + 2, in: tokens)
            if name == nil, call.lookup == .file { name = Self.pathForResource(at: index + 2, in: tokens) }
            guard let name else {
                // `UIImage.FromBundle(path)` in a helper; not `new UIImage(data)`.
                if call.api != "new UIImage(string)" { passesNames = true }
                continue
            }
            references.append(
                ImageReference(
                    path: path, line: call.start.line, column: call.start.column, name: name, api: call.api,
                    lookup: call.lookup, mode: call.mode))
        }
        return (PlatformConditions.apply(to: references, in: source, dialect: .cSharp), passesNames)
    }

    /// The first argument, when it is a name or a pattern: `"Badge"`, `$"flag_{c}"`,
    /// `"flag_" + c`, `string.Format("flag_{0}", c)`.
    static func name(at index: Int, in tokens: [SourceToken]) -> ImageReference.Name? {
        parts(at: index, in: tokens, followsLocals: true).flatMap(named)
    }

    /// The value of the expression at `index` as fixed text and unknown parts, or nil when it
    /// holds no string. A name a local assignment before it gives a string value
    /// (`var path = String.Format(…); UIImage.FromFile(path)`) is read as that value, one
    /// level deep, when `followsLocals`.
    private static func parts(at index: Int, in tokens: [SourceToken], followsLocals: Bool) -> [String?]? {
        if index + 4 < tokens.count, ["string", "String"].contains(tokens[index].identifier),
            tokens[index + 1].isPunctuation("."), tokens[index + 2].identifier == "Format",
            tokens[index + 3].isPunctuation("("), let format = tokens[index + 4].stringParts
        {
            return compositeFormat(format.compactMap { $0 }.joined())
        }
        // The argument's tokens, up to the `,` or `)` that ends it.
        var parts: [String?] = []
        var depth = 0
        var cursor = index
        var sawString = false
        while cursor < tokens.count {
            // An argument that does not end within the bound is not read.
            guard cursor < index + maxArgumentTokens else { return nil }
            let token = tokens[cursor]
            if depth == 0, token.isPunctuation(",") || token.isPunctuation(")") || token.isPunctuation(";") { break }
            if token.isPunctuation("(") || token.isPunctuation("[") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") { depth -= 1 }
            if depth == 0, let string = token.stringParts {
                parts += string
                sawString = true
            } else if depth == 0, token.isPunctuation("+") {
                // Concatenation: the operands say what is known.
            } else if depth == 0, followsLocals, let identifier = token.identifier,
                cursor + 1 < tokens.count,
                tokens[cursor + 1].isPunctuation("+") || tokens[cursor + 1].isPunctuation(",")
                    || tokens[cursor + 1].isPunctuation(")"),
                cursor == index || tokens[cursor - 1].isPunctuation("+"),
                let value = localValue(of: identifier, before: index, in: tokens)
            {
                parts += value
                sawString = true
            } else if parts.last != .some(nil) {
                parts.append(nil)
            }
            cursor += 1
        }
        guard sawString else { return nil }
        return parts
    }

    /// How far back a local's assignment is looked for, in tokens: a method's length.
    static let maxLocalDistance = 512

    /// The string value the nearest assignment `identifier = …` before `index` gives it, within
    /// ``maxLocalDistance`` tokens, as fixed text and unknown parts; nil when there is none or
    /// it holds no string.
    private static func localValue(of identifier: String, before index: Int, in tokens: [SourceToken]) -> [String?]? {
        var cursor = index - 1
        while cursor > max(0, index - maxLocalDistance) {
            defer { cursor -= 1 }
            guard tokens[cursor].isPunctuation("="), tokens[cursor - 1].identifier == identifier,
                cursor + 1 < tokens.count, !tokens[cursor + 1].isPunctuation("=")
            else { continue }
            return parts(at: cursor + 1, in: tokens, followsLocals: false)
        }
        return nil
    }

    private static func named(_ parts: [String?]) -> ImageReference.Name? {
        var parts = parts
        // `"/Image/Tiles/a.png"`: MonoTouch samples write bundle paths with a leading slash, and
        // load them (PhotoScroller's tiles): read as the bundle path.
        if let first = parts.first, let text = first, text.hasPrefix("/"), !text.hasPrefix("//") {
            parts[0] = String(text.dropFirst())
        }
        if parts.allSatisfy({ $0 != nil }) { return .literal(parts.compactMap { $0 }.joined()) }
        let pattern = NamePattern(parts: parts)
        return pattern.isInformative ? .pattern(pattern) : nil
    }

    /// `flag_{0}` and `level{0:D2}` as fixed text and unknown parts; `{{` is a brace.
    static func compositeFormat(_ format: String) -> [String?] {
        var parts: [String?] = [""]
        var characters = Array(format.unicodeScalars)[...]
        while let character = characters.popFirst() {
            if character == "{", characters.first == "{" {
                characters.removeFirst()
                parts[parts.count - 1]! += "{"
            } else if character == "}", characters.first == "}" {
                characters.removeFirst()
                parts[parts.count - 1]! += "}"
            } else if character == "{" {
                while let next = characters.popFirst(), next != "}" {}
                parts += [nil, ""]
            } else {
                parts[parts.count - 1]! += String(character)
            }
        }
        return parts
    }

    /// `NSBundle.MainBundle.PathForResource("intro", "jpg")` → `intro.jpg`.
    static func pathForResource(at index: Int, in tokens: [SourceToken]) -> ImageReference.Name? {
        var cursor = index
        var depth = 0
        while cursor + 2 < tokens.count, cursor < index + maxArgumentTokens {
            if tokens[cursor].isPunctuation("(") { depth += 1 }
            if tokens[cursor].isPunctuation(")") {
                depth -= 1
                if depth < 0 { return nil }
            }
            if tokens[cursor].identifier == "PathForResource", tokens[cursor + 1].isPunctuation("("),
                let name = tokens[cursor + 2].stringParts?.compactMap({ $0 }).joined()
            {
                if cursor + 4 < tokens.count, tokens[cursor + 3].isPunctuation(","),
                    let type = tokens[cursor + 4].stringParts?.compactMap({ $0 }).joined()
                {
                    return .literal("\(name).\(type)")
                }
                return .literal(name)
            }
            cursor += 1
        }
        return nil
    }
}
