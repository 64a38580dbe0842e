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

    init(tallSuffixFunctions: [String] = []) {
        self.tallSuffixFunctions = Set(Self.defaultTallSuffixFunctions + tallSuffixFunctions)
    }

    func references(in source: [UInt8], path: String) -> [ImageReference] {
        let markers = (["UIImage"] + tallSuffixFunctions.sorted()).map { Array($0.utf8) }
        guard markers.contains(where: { source.containsBytes($0) }) else { return [] }
        let tokens = SourceTokenizer.tokens(source, dialect: .cSharp)
        var references: [ImageReference] = []
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
                call = (name, .named, .tallSuffix, tokens[index])
            default: continue
            }
            var name = Self.name(at: index + 2, in: tokens)
            if name == nil, call.lookup == .file { name = Self.pathForResource(at: index + 2, in: tokens) }
            guard let name else { continue }
            references.append(
                ImageReference(
                    path: path, line: call.start.line, column: call.start.column, name: name, api: call.api,
                    lookup: call.lookup, mode: call.mode))
        }
        return references
    }

    /// The first argument, when it is a name or a pattern: `"Badge"`, `$"flag_{c}"`,
    /// `"flag_" + c`, `string.Format("flag_{0}", c)`.
    static func name(at index: Int, in tokens: [SourceToken]) -> ImageReference.Name? {
        if index + 4 < tokens.count, ["string", "String"].contains(tokens[index].identifier),
            tokens[index + 1].isPunctuation("."), tokens[index + 2].identifier == "Format",
            tokens[index + 3].isPunctuation("("), let format = tokens[index + 4].stringParts
        {
            return named(compositeFormat(format.compactMap { $0 }.joined()))
        }
        // The argument's tokens, up to the `,` or `)` that ends it.
        var parts: [String?] = []
        var depth = 0
        var cursor = index
        var sawString = false
        while cursor < tokens.count {
            let token = tokens[cursor]
            if depth == 0, token.isPunctuation(",") || token.isPunctuation(")") { break }
            if token.isPunctuation("(") || token.isPunctuation("[") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") { depth -= 1 }
            if depth == 0, let string = token.stringParts {
                parts += string
                sawString = true
            } else if depth == 0, token.isPunctuation("+") {
                // Concatenation: the operands say what is known.
            } else if parts.last != .some(nil) {
                parts.append(nil)
            }
            cursor += 1
        }
        guard sawString else { return nil }
        return named(parts)
    }

    private static func named(_ parts: [String?]) -> ImageReference.Name? {
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
        while cursor + 2 < tokens.count {
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
