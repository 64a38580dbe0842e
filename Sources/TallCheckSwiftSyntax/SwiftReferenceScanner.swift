import SwiftParser
import SwiftSyntax
import TallCheckCore

/// The images a Swift file asks for, read from its syntax tree (swift-syntax), so comments,
/// look-alike text inside strings, multi-line strings and `#if` branches are what they are.
///
/// - `UIImage(named:)`, `UIImage(named:in:compatibleWith:)`, `UIImage(named:in:with:)`,
///   `UIImage(imageLiteralResourceName:)` and `#imageLiteral(resourceName:)`: `imageNamed:`.
/// - `UIImage(contentsOfFile:)` with `Bundle.main.path(forResource:ofType:)`: a file by path.
/// - SwiftUI `Image("…")`, `Image("…", bundle:)`, `Image(decorative:)`: asset catalogs
///   (not `Image(systemName:)` or `Image(uiImage:)`).
/// - Generated accessors: `UIImage(resource: .hero)`, `Image(.hero)` (Xcode), `Asset.Icons.star`
///   (SwiftGen), `R.image.star` (R.swift).
struct SwiftReferenceScanner {
    /// Text that makes a file worth parsing on its own. Each starts with a byte that is rare in
    /// code (`#`, `A`, `R`), so the search stops seldom.
    static let markers = ["#imageLiteral", "Asset.", "R.image"].map { Array($0.utf8) }
    /// What may follow `Image(` (after spaces) in a call that names an image: a string, a label
    /// of the APIs above, or a generated symbol. `UIImageView(`, `Image(systemName:)` and
    /// `UIImage(data:)` do not make a file worth parsing.
    static let argumentStarts = [
        "\"", "#\"", "named", "decorative", "contentsOfFile", "imageLiteralResourceName", "resource", ".",
        "ImageResource",
    ]
    .map { Array($0.utf8) }

    private static let imageWord = Array("Image".utf8)
    private static let initializerCall = Array(".init(".utf8)

    /// Where a reference may start: the byte offsets of each marker, and of each `Image(` (or
    /// `Image.init(`, inside `UIImage` too) whose argument starts like one. A byte search, far
    /// cheaper than a parse; empty for most files.
    static func candidateOffsets(_ source: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        for marker in markers {
            var start = 0
            while let found = source.firstOffset(of: marker, from: start) {
                offsets.append(marker[0] == UInt8(ascii: "#") ? found + 1 : found)
                start = found + 1
            }
        }
        let image = Self.imageWord
        let initializer = Self.initializerCall
        var start = 0
        while let found = source.firstOffset(of: image, from: start) {
            start = found + 1
            var next = found + image.count
            // Most hits are followed by neither (`UIImageView`, `ImageName`): one byte tells.
            guard next < source.count else { continue }
            if source[next] == UInt8(ascii: "."), source[next...].starts(with: initializer) {
                offsets.append(found)
                continue
            }
            guard source[next] == UInt8(ascii: "(") else { continue }
            next += 1
            while next < source.count, source[next] == UInt8(ascii: " ") || source[next] == UInt8(ascii: "\n") {
                next += 1
            }
            if argumentStarts.contains(where: { source[next...].starts(with: $0) }) { offsets.append(found) }
        }
        return offsets.sorted()
    }

    /// The references in one file. `path` is how findings name it.
    ///
    /// The file is parsed whole, but only the nodes at the byte search's candidates are
    /// examined: the identifier token there (not a comment or a string's text, which are trivia
    /// and string segments) and the call, macro or member chain it begins.
    static func references(in source: [UInt8], path: String) -> [ImageReference] {
        scan(source, path: path).references
    }

    /// The most candidates of one file parsed: each is a parse of its own, and real files have
    /// at most a few hundred (a file of 4 MiB of `Image("a")` lines has 380,000).
    static let maxCandidates = 10_000

    /// The references of one file, and a note when it held more than ``maxCandidates``
    /// candidates (the rest are not read).
    ///
    /// - Parameter parsesEverySnippet: true to parse the plain calls too (``plainCall(_:path:source:)``),
    ///   for the tests that compare the two.
    static func scan(_ source: [UInt8], path: String, parsesEverySnippet: Bool = false)
        -> (references: [ImageReference], note: String?)
    {
        var offsets = candidateOffsets(source)
        guard !offsets.isEmpty else { return ([], nil) }
        var note: String?
        if offsets.count > maxCandidates {
            note =
                "holds \(offsets.count) places that may name an image, more than the \(maxCandidates) read in one "
                + "file; the images named after the first \(maxCandidates) are not checked"
            offsets.removeLast(offsets.count - maxCandidates)
        }
        let snippets = SwiftSnippets.snippets(in: source, at: offsets)
        var references: [ImageReference] = []
        var seen: Set<ImageReference> = []
        // Each reference once. A file holds a few: they are compared in the list (hashing one
        // cost about 4,000 instructions), and hashed once there are more.
        func isNew(_ reference: ImageReference) -> Bool {
            guard references.count >= 16 else { return !references.contains(reference) }
            if seen.isEmpty { seen = Set(references) }
            return seen.insert(reference).inserted
        }
        for snippet in snippets where Self.squareBracketDepth(snippet.bytes) <= Self.maxSquareBracketDepth {
            if !parsesEverySnippet, let plain = Self.plainCall(snippet, path: path, source: source) {
                for reference in plain where isNew(reference) { references.append(reference) }
                continue
            }
            // `_ = ` makes every snippet an expression (`#imageLiteral(…)` alone would be a declaration).
            let prefix = Array("_ = ".utf8)
            let text = prefix + snippet.bytes
            let tree = text.withUnsafeBufferPointer { Parser.parse(source: $0, maximumNestingLevel: 256) }
            let visitor = Visitor(
                converter: SourceLocationConverter(fileName: path, tree: tree), path: path,
                origin: (line: snippet.line, column: snippet.column - prefix.count), source: source,
                offsetInSource: snippet.bytes.startIndex - prefix.count)
            visitor.walk(tree)
            for reference in visitor.references where isNew(reference) { references.append(reference) }
        }
        var found = ConstantBranches.apply(
            to: AvailabilityBranches.apply(
                to: PlatformConditions.apply(
                    to: references.sorted { ($0.line, $0.column) < ($1.line, $1.column) }, in: source, dialect: .swift),
                in: source),
            in: source)
        SwiftScaledDraws.mark(&found, in: source)
        return (found, note)
    }

    /// What a parse finds in the two calls most image code is made of, `UIImage(named: "icon")`
    /// and `Image("icon")`, when the snippet is exactly that with a name of printable ASCII (no
    /// quote or backslash but in interpolations of one name, `"flag_\(code)"`), found without
    /// one: swift-syntax took 75,000 instructions a snippet (docs/performance.md). Nil for any
    /// other text, which is parsed; empty when the call names nothing worth keeping (`"\(x)"`).
    /// `SwiftPlainCallTests` compares the two over random names, interpolations and spacing.
    static func plainCall(_ snippet: SwiftSnippets.Snippet, path: String, source: [UInt8]) -> [ImageReference]? {
        let bytes = snippet.bytes
        let api: String
        let lookup: ImageLookup
        let opening: Int
        if bytes.starts(with: Self.plainNamed) {
            (api, lookup, opening) = ("UIImage(named:)", .named, Self.plainNamed.count)
        } else if bytes.starts(with: Self.plainImage) {
            (api, lookup, opening) = ("Image(_:)", .catalog, Self.plainImage.count)
        } else {
            return nil
        }
        let start = bytes.startIndex + opening
        let end = bytes.endIndex - 2
        guard end > start, bytes[end] == UInt8(ascii: "\""), bytes[end + 1] == UInt8(ascii: ")"),
            let parts = Self.plainParts(bytes[start..<end])
        else { return nil }
        let name: ImageReference.Name
        if parts.count == 1, let text = parts[0] {
            name = .literal(text)
        } else {
            let pattern = NamePattern(parts: parts)
            guard pattern.isInformative else { return [] }
            name = .pattern(pattern)
        }
        var reference = ImageReference(
            path: path, line: snippet.line, column: snippet.column, name: name, api: api, lookup: lookup)
        if lookup == .catalog, Self.isResized(after: bytes.endIndex, in: source) { reference.drawnScaled = true }
        if lookup == .named, Self.fallsBackToAnotherImage(after: bytes.endIndex, in: source) { reference.keepsOnly = true }
        return [reference]
    }

    /// A string literal's text as the parse's segments give it: runs of printable ASCII, and nil
    /// for each `\(name)` of a plain name that is no keyword, with text between each two. Nil for
    /// any other text (an escape, a quote, an interpolation of more than a name or of `if`), which
    /// is parsed.
    private static func plainParts(_ text: ArraySlice<UInt8>) -> [String?]? {
        var parts: [String?] = []
        var run = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\"") else { return nil }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            // `\(name)`: a letter or `_`, then letters, digits and `_`, then `)`; after text.
            let nameStart = index + 2
            guard run < index || parts.isEmpty, nameStart < text.endIndex, text[index + 1] == UInt8(ascii: "("),
                Self.startsName(text[nameStart])
            else { return nil }
            var nameEnd = nameStart + 1
            while nameEnd < text.endIndex, Self.startsName(text[nameEnd]) || Self.isDigit(text[nameEnd]) {
                nameEnd += 1
            }
            guard nameEnd < text.endIndex, text[nameEnd] == UInt8(ascii: ")"),
                !Self.keywords.contains(String(decoding: text[nameStart..<nameEnd], as: UTF8.self))
            else { return nil }
            if run < index { parts.append(String(decoding: text[run..<index], as: UTF8.self)) }
            parts.append(nil)
            index = nameEnd + 1
            run = index
        }
        if run < text.endIndex || parts.isEmpty {
            parts.append(String(decoding: text[run..<text.endIndex], as: UTF8.self))
        }
        return parts
    }

    /// Swift's keywords, and the contextual ones an expression may start with: an interpolation
    /// of one (`\(if)`, `\(self)`) is parsed.
    private static let keywords: Set<String> = [
        "_", "Any", "Self", "Type", "actor", "any", "as", "associatedtype", "async", "await", "borrowing", "break",
        "case", "catch", "class", "consume", "consuming", "continue", "copy", "default", "defer", "deinit", "discard",
        "do", "each", "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "get",
        "guard", "if", "import", "in", "indirect", "init", "inout", "internal", "is", "let", "macro", "nil",
        "nonisolated", "open", "operator", "private", "protocol", "public", "repeat", "rethrows", "return", "self",
        "set", "some", "static", "struct", "subscript", "super", "switch", "then", "throw", "throws", "true", "try",
        "typealias", "var", "where", "while", "yield",
    ]

    private static func startsName(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static let plainNamed = Array("UIImage(named: \"".utf8)
    private static let plainImage = Array("Image(\"".utf8)

    /// Whether `.resizable()` follows the expression that ends at `end`, across spaces, line
    /// breaks and line comments: SwiftUI then draws the image at its frame's size, never its own.
    /// Whether `??` follows the call ending at `end` and the rest of its line loads another
    /// image (`UIImage(named:`, `Image("`, `UIImage(systemName:`): `UIImage(named: "a") ??
    /// UIImage(named: "b")`. An empty `UIImage()` is no other image.
    static func fallsBackToAnotherImage(after end: Int, in source: [UInt8]) -> Bool {
        var index = end
        while index < source.count, source[index] == UInt8(ascii: " ") || source[index] == UInt8(ascii: "\t") {
            index += 1
        }
        guard source[index...].starts(with: Array("??".utf8)) else { return false }
        let lineEnd = source[index...].prefix(512).firstIndex(of: UInt8(ascii: "\n")) ?? min(source.count, index + 512)
        let rest = Array(source[index..<lineEnd])
        return ["UIImage(named:", "Image(\"", "UIImage(systemName:"].contains { rest.firstRange(of: Array($0.utf8)) != nil }
    }

    static func isResized(after end: Int, in source: [UInt8]) -> Bool {
        var index = end
        let resizable = Array(".resizable(".utf8)
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
            {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < source.count, source[index + 1] == UInt8(ascii: "/") {
                while index < source.count, source[index] != UInt8(ascii: "\n") { index += 1 }
            } else {
                return index >= 0 && source[index...].starts(with: resizable)
            }
        }
        return false
    }

    /// The deepest run of `[` a snippet may hold before it is not parsed. swift-syntax takes time
    /// exponential in `[` it sees unclosed, and a snippet balanced for the lexer may not be for
    /// the parser when the two read a broken string differently (a 359-byte file from
    /// `Scripts/fuzz sources` took 35 s); real expressions nest a handful deep.
    static let maxSquareBracketDepth = 12

    /// The deepest nesting of `[` counted byte by byte, strings and comments included: an upper
    /// bound of what the parser can see open.
    static func squareBracketDepth(_ bytes: ArraySlice<UInt8>) -> Int {
        var depth = 0
        var deepest = 0
        for byte in bytes {
            if byte == UInt8(ascii: "[") {
                depth += 1
                deepest = max(deepest, depth)
            } else if byte == UInt8(ascii: "]"), depth > 0 {
                depth -= 1
            }
        }
        return deepest
    }

    /// Whether the file has syntax errors: snippets of broken code may be recovered otherwise
    /// than the whole file is, so only files without errors must give the same either way.
    static func hasSyntaxErrors(_ source: [UInt8]) -> Bool {
        source.withUnsafeBufferPointer { Parser.parse(source: $0, maximumNestingLevel: 256) }.hasError
    }

    /// Whether the file holds a bare regex literal (`/Asset.e/`): the snippet lexer does not know
    /// them (telling one from a division takes the parser), so a name-like text inside one is
    /// taken for code. Real image code holds none; the tests compare the two parses only without.
    static func hasRegexLiterals(_ source: [UInt8]) -> Bool {
        let tree = source.withUnsafeBufferPointer { Parser.parse(source: $0, maximumNestingLevel: 256) }
        return tree.tokens(viewMode: .sourceAccurate).contains { token in
            if case .regexSlash = token.tokenKind { return true }
            return false
        }
    }

    /// The same references, from a parse of the whole file: what the snippets are tested against
    /// (never used on the files of a lint: see ``SwiftSnippets``).
    static func referencesParsingWholeFile(
        in source: [UInt8], path: String, at offsets: [Int]? = nil
    ) -> [ImageReference] {
        let offsets = offsets ?? candidateOffsets(source)
        guard !offsets.isEmpty else { return [] }
        let tree = source.withUnsafeBufferPointer { Parser.parse(source: $0, maximumNestingLevel: 256) }
        let visitor = Visitor(
            converter: SourceLocationConverter(fileName: path, tree: tree), path: path, source: source,
            offsetInSource: 0)
        var examined: Set<SyntaxIdentifier> = []
        for offset in offsets {
            let position = AbsolutePosition(utf8Offset: offset)
            guard let token = tree.token(at: position), case .identifier = token.tokenKind,
                token.positionAfterSkippingLeadingTrivia <= position,
                position < token.endPositionBeforeTrailingTrivia
            else { continue }
            guard let node = Self.referenceNode(at: token), examined.insert(node.id).inserted else { continue }
            if let call = node.as(FunctionCallExprSyntax.self) {
                _ = visitor.visit(call)
            } else if let macro = node.as(MacroExpansionExprSyntax.self) {
                _ = visitor.visit(macro)
            } else if let member = node.as(MemberAccessExprSyntax.self) {
                _ = visitor.visit(member)
            }
        }
        return visitor.references.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// The call whose callee holds the token (`UIImage(…)`, `UIImage.init(…)`, `SwiftUI.Image(…)`),
    /// the `#imageLiteral` macro it names, or the whole member chain it starts (`Asset.Icons.star`).
    private static func referenceNode(at token: TokenSyntax) -> Syntax? {
        if token.text == "imageLiteral" {
            return token.parent?.as(MacroExpansionExprSyntax.self).map(Syntax.init)
        }
        if token.text == "Asset" || token.text == "R" {
            guard var chain = token.parent?.parent?.as(MemberAccessExprSyntax.self) else { return nil }
            while let outer = chain.parent?.as(MemberAccessExprSyntax.self) { chain = outer }
            return Syntax(chain)
        }
        var node = token.parent
        for _ in 0..<4 {
            guard let current = node else { return nil }
            if let call = current.as(FunctionCallExprSyntax.self) {
                let callee = call.calledExpression
                let inside =
                    callee.positionAfterSkippingLeadingTrivia <= token.positionAfterSkippingLeadingTrivia
                    && token.endPositionBeforeTrailingTrivia <= callee.endPositionBeforeTrailingTrivia
                return inside ? Syntax(call) : nil
            }
            node = current.parent
        }
        return nil
    }

    private final class Visitor: SyntaxVisitor {
        let converter: SourceLocationConverter
        let path: String
        var references: [ImageReference] = []

        /// Where the parsed text's first line and column sit in the file, for snippets.
        let origin: (line: Int, column: Int)

        /// The whole file, and where the parsed text's first byte sits in it, to read what follows
        /// an expression the snippet ends before (a modifier on the next line).
        let source: [UInt8]
        let offsetInSource: Int

        init(
            converter: SourceLocationConverter, path: String, origin: (line: Int, column: Int) = (1, 1),
            source: [UInt8] = [], offsetInSource: Int = 0
        ) {
            self.converter = converter
            self.path = path
            self.origin = origin
            self.source = source
            self.offsetInSource = offsetInSource
            super.init(viewMode: .sourceAccurate)
        }

        /// Whether `.resizable()` follows the call (``SwiftReferenceScanner/isResized(after:in:)``).
        func isResized(_ node: some SyntaxProtocol) -> Bool {
            SwiftReferenceScanner.isResized(
                after: offsetInSource + node.endPositionBeforeTrailingTrivia.utf8Offset, in: source)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let type = Self.constructedType(node.calledExpression), let first = node.arguments.first else {
                return .visitChildren
            }
            let label = first.label?.text
            let bundle = node.arguments.first { $0.label?.text == "in" || $0.label?.text == "bundle" }
            let otherBundle = bundle.map { !Self.isMainBundle($0.expression) } ?? false
            let recorded = references.count
            defer {
                // `Bundle.module`: the package's own bundle, judged when the code is a package target's.
                if bundle.map({ Self.isModuleBundle($0.expression) }) == true {
                    for index in recorded..<references.count { references[index].inModuleBundle = true }
                }
            }
            switch (type, label) {
            case ("UIImage", "named"?):
                let api = node.arguments.count > 1 ? "UIImage(named:in:)" : "UIImage(named:)"
                // `UIImage(named: "a") ?? UIImage(named: "b")`: a missing "a" is what the fallback
                // is for; the name keeps its image, and the last alternative is judged.
                record(
                    namesOrAnyInModule(first.expression, bundle: bundle), at: node, api: api, lookup: .named,
                    otherBundle: otherBundle,
                    keepsOnly: SwiftReferenceScanner.fallsBackToAnotherImage(
                        after: offsetInSource + node.endPositionBeforeTrailingTrivia.utf8Offset, in: source))
            case ("UIImage", "imageLiteralResourceName"?):
                record(
                    names(in: first.expression), at: node, api: "UIImage(imageLiteralResourceName:)", lookup: .named)
            case ("UIImage", "contentsOfFile"?):
                record(filePath(in: first.expression), at: node, api: "UIImage(contentsOfFile:)", lookup: .file)
            case ("UIImage", "resource"?):
                if let symbol = Self.symbol(first.expression) {
                    record([.symbol(symbol)], at: node, api: "UIImage(resource:)", lookup: .named)
                }
            case ("Image", nil) where Self.symbol(first.expression) != nil:
                if let symbol = Self.symbol(first.expression) {
                    record([.symbol(symbol)], at: node, api: "Image(ImageResource)", lookup: .catalog)
                }
            case ("Image", nil), ("Image", "decorative"?):
                let api = bundle == nil ? "Image(_:)" : "Image(_:bundle:)"
                let before = references.count
                record(
                    namesOrAnyInModule(first.expression, bundle: bundle), at: node, api: api, lookup: .catalog,
                    otherBundle: otherBundle)
                if isResized(node) {
                    for index in before..<references.count { references[index].drawnScaled = true }
                }
            case (let other, "named"?) where other != "UIImage" && other != "Image":
                // An app's own image type (`typealias RSImage = UIImage`, `NSImage` on macOS): the
                // name keeps its image from being called unused; what the type loads is not known.
                record(
                    names(in: first.expression), at: node, api: "\(other)(named:)", lookup: .named,
                    otherBundle: otherBundle, keepsOnly: true)
            default: break
            }
            return .visitChildren
        }

        override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
            if node.macroName.text == "imageLiteral", let first = node.arguments.first,
                first.label?.text == "resourceName"
            {
                record(names(in: first.expression), at: node, api: "#imageLiteral(resourceName:)", lookup: .named)
            }
            return .visitChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            // Only the whole chain: `Asset.Icons.star.image`, not `Asset.Icons.star` inside it.
            if node.parent?.is(MemberAccessExprSyntax.self) == true { return .visitChildren }
            guard let chain = Self.chain(node), chain.count >= 2 else { return .visitChildren }
            let accessors: Set<String> = ["image", "swiftUIImage", "name", "callAsFunction", "uiImage"]
            var rest = Array(chain.dropFirst())
            let generator: AssetSymbol.Generator
            switch chain[0] {
            case "Asset":
                generator = .swiftGen
            case "R" where rest.first == "image" && rest.count >= 2:
                generator = .rSwift
                rest.removeFirst()
            default: return .visitChildren
            }
            while rest.count > 1, let last = rest.last, accessors.contains(last) { rest.removeLast() }
            guard !rest.isEmpty else { return .visitChildren }
            let api = generator == .swiftGen ? "SwiftGen Asset" : "R.swift R.image"
            record([.symbol(AssetSymbol(generator: generator, path: rest))], at: node, api: api, lookup: .named)
            return .visitChildren
        }

        private func record(
            _ names: [ImageReference.Name], at node: some SyntaxProtocol, api: String, lookup: ImageLookup,
            otherBundle: Bool = false, keepsOnly: Bool = false
        ) {
            guard !names.isEmpty else { return }
            let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
            let line = origin.line + location.line - 1
            let column = location.line == 1 ? origin.column + location.column - 1 : location.column
            for name in names {
                references.append(
                    ImageReference(
                        path: path, line: line, column: column, name: name, api: api,
                        lookup: lookup, inOtherBundle: otherBundle, keepsOnly: keepsOnly))
            }
        }

        /// `UIImage` for `UIImage(…)`, `UIImage.init(…)` and `UIKit.UIImage(…)`.
        static func constructedType(_ expression: ExprSyntax) -> String? {
            if let reference = expression.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                if name == "UIImage" || name == "Image" { return name }
                // Another type named like an image (`RSImage`, `NSImage`, `PlatformImage`).
                return name.hasSuffix("Image") && name.first?.isUppercase == true ? name : nil
            }
            if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
                let name = member.declName.baseName.text
                if name == "init" { return constructedType(base) }
                if let module = base.as(DeclReferenceExprSyntax.self)?.baseName.text,
                    module == "UIKit" || module == "SwiftUI"
                {
                    return name == "UIImage" || name == "Image" ? name : nil
                }
            }
            return nil
        }

        /// `nil`, `.main` and `Bundle.main` name the app's own bundle.
        static func isMainBundle(_ expression: ExprSyntax) -> Bool {
            if expression.is(NilLiteralExprSyntax.self) { return true }
            guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "main"
            else { return false }
            guard let base = member.base else { return true }
            return base.as(DeclReferenceExprSyntax.self)?.baseName.text == "Bundle"
        }

        /// `.module` and `Bundle.module`: a Swift package target's resource bundle.
        static func isModuleBundle(_ expression: ExprSyntax) -> Bool {
            guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "module"
            else { return false }
            guard let base = member.base else { return true }
            return base.as(DeclReferenceExprSyntax.self)?.baseName.text == "Bundle"
        }

        /// `.hero`, `ImageResource.hero`, or inside a catalog folder that provides a namespace
        /// `.Onboarding.lock`: an Xcode generated asset symbol.
        static func symbol(_ expression: ExprSyntax) -> AssetSymbol? {
            guard var member = expression.as(MemberAccessExprSyntax.self) else { return nil }
            var path = [member.declName.baseName.text]
            while let base = member.base {
                if let outer = base.as(MemberAccessExprSyntax.self) {
                    path.insert(outer.declName.baseName.text, at: 0)
                    member = outer
                } else if base.as(DeclReferenceExprSyntax.self)?.baseName.text == "ImageResource" {
                    break
                } else {
                    return nil
                }
            }
            guard path.count <= 8 else { return nil }
            return AssetSymbol(generator: .xcode, path: path)
        }

        /// `Asset.Icons.star.image` → `["Asset", "Icons", "star", "image"]`; nil unless every link is a name.
        static func chain(_ node: MemberAccessExprSyntax) -> [String]? {
            // A name the parser had to make up (`Asset.` at the end of broken code) is no name.
            guard node.declName.baseName.presence == .present else { return nil }
            var names = [node.declName.baseName.text]
            var base = node.base
            while let current = base {
                if let member = current.as(MemberAccessExprSyntax.self) {
                    guard member.declName.baseName.presence == .present else { return nil }
                    names.append(member.declName.baseName.text)
                    base = member.base
                } else if let reference = current.as(DeclReferenceExprSyntax.self) {
                    names.append(reference.baseName.text)
                    return names.reversed()
                } else {
                    return nil
                }
            }
            return nil
        }

        /// The names an expression can give: a literal, the two sides of `c ? "a" : "b"`, or
        /// a pattern for interpolation, `+` and `String(format:)`. Empty when nothing is known.
        /// ``names(in:)``; when they say nothing and the image comes from the code's own module
        /// (`bundle: .module`), a name that could be any: the module's images are then all
        /// reachable (`UIImage(named: code.lowercased(), in: .module, with: nil)` over a catalog
        /// of flags).
        func namesOrAnyInModule(_ expression: ExprSyntax, bundle: LabeledExprSyntax?) -> [ImageReference.Name] {
            let found = names(in: expression)
            guard found.isEmpty, let bundle, Self.isModuleBundle(bundle.expression) else { return found }
            return [.pattern(NamePattern(parts: [nil]))]
        }

        func names(in expression: ExprSyntax) -> [ImageReference.Name] {
            var expression = expression
            while let unwrapped = expression.as(ForceUnwrapExprSyntax.self)?.expression
                ?? expression.as(TupleExprSyntax.self).flatMap({
                    $0.elements.count == 1 ? $0.elements.first?.expression : nil
                })
            {
                expression = unwrapped
            }
            if let literal = expression.as(StringLiteralExprSyntax.self) {
                if let value = literal.representedLiteralValue { return [.literal(value)] }
                return Self.pattern(
                    literal.segments.map { segment -> String? in
                        segment.as(StringSegmentSyntax.self)?.content.text
                    })
            }
            if let sequence = expression.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                if elements.count == 3, let ternary = elements[1].as(UnresolvedTernaryExprSyntax.self) {
                    return names(in: ternary.thenExpression) + names(in: elements[2])
                }
                // `"flag_" + code`: only `+` between the parts.
                let operators = stride(from: 1, to: elements.count, by: 2).map { elements[$0] }
                guard elements.count >= 3,
                    operators.allSatisfy({ $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" })
                else { return [] }
                return Self.pattern(
                    stride(from: 0, to: elements.count, by: 2).map {
                        elements[$0].as(StringLiteralExprSyntax.self)?.representedLiteralValue
                    })
            }
            if let call = expression.as(FunctionCallExprSyntax.self),
                call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "String",
                let format = call.arguments.first, format.label?.text == "format",
                let text = format.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
            {
                return Self.pattern(FormatString.parts(text))
            }
            return []
        }

        /// `Bundle.main.path(forResource: "intro", ofType: "jpg")` (unwrapped or not) → `intro.jpg`.
        func filePath(in expression: ExprSyntax) -> [ImageReference.Name] {
            if let literal = expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue {
                return [.literal(literal)]
            }
            final class PathCallFinder: SyntaxVisitor {
                var found: FunctionCallExprSyntax?
                override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                    if found == nil, let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                        member.declName.baseName.text == "path", node.arguments.first?.label?.text == "forResource"
                    {
                        found = node
                    }
                    return .visitChildren
                }
            }
            let finder = PathCallFinder(viewMode: .sourceAccurate)
            finder.walk(expression)
            guard let call = finder.found, let resource = call.arguments.first,
                let name = resource.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
            else { return [] }
            let type = call.arguments.first { $0.label?.text == "ofType" }?.expression.as(
                StringLiteralExprSyntax.self)?.representedLiteralValue
            return [.literal(type.map { "\(name).\($0)" } ?? name)]
        }

        /// A literal when every part is known, else a pattern worth keeping.
        static func pattern(_ parts: [String?]) -> [ImageReference.Name] {
            if parts.allSatisfy({ $0 != nil }) { return [.literal(parts.compactMap { $0 }.joined())] }
            let pattern = NamePattern(parts: parts)
            return pattern.isInformative ? [.pattern(pattern)] : []
        }
    }
}
