/// What one file says about the image views the code holds through outlets:
/// - a storyboard's or xib's image views that are an outlet's destination, by the outlet's
///   property name, with whether each scales its image into a width and height of its own;
/// - a source file's assignments to a property's image (`comboImage?.image = …`,
///   `errorImageView.imageNameFunc = AppTheme.fileErrorImageName`), with the string literals and
///   the identifiers on their right-hand side;
/// - a Swift file's functions and computed properties that return a name (`-> String`,
///   `: String {`), with the string literals of their bodies.
///
/// Joined across the files (``OutletFlows``), they tell what no file tells alone: a storyboard's
/// image on a view whose image the code assigns is a placeholder, and a name the code puts only
/// into image views that scale it to their own size is never drawn at its own (a theme's artwork
/// in a 160-pt aspect-fit view).
///
/// Read by byte passes, bounded per file (``maxAssignments``, ``maxDeclarations``,
/// ``bodyBudget``): a site they miss is judged as before.
public struct OutletFacts: Sendable, Hashable {
    public struct ImageView: Sendable, Hashable {
        /// The outlet's property: `comboImage`.
        public var property: String
        /// A width and a height of its own, and a content mode that scales (fit, fill, to fill).
        public var scaled: Bool
        /// The lines of the image names it shows in the file.
        public var lines: [Int]
        /// Its size, when its constraints fix it.
        public var size: ViewSize?
        /// The class of the object that holds the outlet (its `customClass`: `MovieCell`), or empty.
        public var owner: String
        /// Where the view is made: an Interface Builder document, or code (``CodeImageViews``).
        public var origin: Origin

        /// The ``property`` of an Interface Builder image view of an app's class, as that class's
        /// own code holds it (`[self setImage:…]` in `NetworkImageView.m`).
        public static let itself = "self"

        public enum Origin: UInt8, Sendable, Hashable {
            case interfaceBuilder
            /// A property the file declares (`let iconView = UIImageView()`, `@property … *iconView;`):
            /// other files' code may set its image (`cell.iconView.image = …`).
            case codeProperty
            /// A variable of the file's own: only its own code sets its image.
            case codeVariable
        }

        public init(
            property: String, scaled: Bool, lines: [Int], size: ViewSize? = nil, owner: String = "",
            origin: Origin = .interfaceBuilder
        ) {
            self.property = property
            self.scaled = scaled
            self.lines = lines
            self.size = size
            self.owner = owner
            self.origin = origin
        }
    }

    public struct Assignment: Sendable, Hashable {
        /// The property whose image is set: `comboImage` in `cell.comboImage?.image = …`;
        /// empty for a variable the file declares (not an outlet).
        public var receiver: String
        /// That variable's name, where ``receiver`` is empty: a view the file may size itself.
        public var variable: String = ""
        /// 1-based.
        public var line: Int
        /// The string literals on the right-hand side.
        public var names: [String]
        /// The identifiers on the right-hand side, which may be functions or properties that
        /// return a name.
        public var callees: [String]
        /// An image-loading library's call that sets the view's image at once, to its
        /// placeholder (nil unless one is given), before it loads from a URL (``loaderAssignments(in:)``):
        /// whatever image Interface Builder gave the view is never seen.
        public var replacesAtOnce = false
        /// The lines (1-based) of the assignments that gave a variable on the right-hand side the
        /// names in ``names`` (`UIImage *img = [UIImage imageNamed:@"a"];` for `view.image = img`):
        /// the references there go where this one goes.
        public var valueLines: [Int] = []
        /// The image goes to a property of that name (`cell.thumbnailImage = …`), which reaches a
        /// view only through a setter that forwards it (``Forward``).
        public var throughProperty = false

        public init(receiver: String, line: Int, names: [String], callees: [String]) {
            self.receiver = receiver
            self.line = line
            self.names = names
            self.callees = callees
        }
    }

    public struct NameReturn: Sendable, Hashable {
        public var declaration: String
        public var names: [String]

        public init(declaration: String, names: [String]) {
            self.declaration = declaration
            self.names = names
        }
    }

    /// An Objective-C `@implementation` block: the class and its lines.
    public struct ClassScope: Sendable, Hashable {
        public var name: String
        public var lines: ClosedRange<Int>

        public init(name: String, lines: ClosedRange<Int>) {
            self.name = name
            self.lines = lines
        }
    }

    /// A creation of an instance (`[Name alloc]`), with the platforms its line is compiled for.
    public struct Instantiation: Sendable, Hashable {
        public var name: String
        /// Nil: every platform.
        public var platforms: Set<Platform>?

        public init(name: String, platforms: Set<Platform>?) {
            self.name = name
            self.platforms = platforms
        }
    }

    public var imageViews: [ImageView] = []
    public var assignments: [Assignment] = []
    public var nameReturns: [NameReturn] = []
    /// Objective-C only (``ObjectiveCClasses``).
    public var implementations: [ClassScope] = []
    public var instantiations: [Instantiation] = []
    /// Image properties whose setters hand the image on (``Forward``).
    public var forwards: [Forward] = []

    /// A property whose setter hands its image to a view or another property: `thumbnailImage` to
    /// `icon` for `- (void)setThumbnailImage:(UIImage *)image { self.icon = image; }`, `icon` to
    /// the view `thumbnailView` for `var icon: UIImage? { didSet { thumbnailView.image = icon } }`.
    public struct Forward: Sendable, Hashable {
        public var property: String
        public var target: String
        /// Whether ``target`` is a view whose image is set, not another property.
        public var toView: Bool

        public init(property: String, target: String, toView: Bool) {
            self.property = property
            self.target = target
            self.toView = toView
        }
    }
    /// The identifiers ending in ``nameFunctionSuffixes`` the file uses other than where it
    /// declares them: what keeps a name-returning function (`termsOfUseImageName()`) alive.
    public var nameFunctionUses: [String] = []
    /// Whether the file hands an image API that picks the screen's variant a name it does not
    /// spell there (``LoaderArguments``).
    public var passesNamesToLoaders = false

    public init(
        imageViews: [ImageView] = [], assignments: [Assignment] = [], nameReturns: [NameReturn] = [],
        nameFunctionUses: [String] = []
    ) {
        self.imageViews = imageViews
        self.assignments = assignments
        self.nameReturns = nameReturns
        self.nameFunctionUses = nameFunctionUses
    }

    public var isEmpty: Bool {
        imageViews.isEmpty && assignments.isEmpty && nameReturns.isEmpty && nameFunctionUses.isEmpty
            && implementations.isEmpty && instantiations.isEmpty && !passesNamesToLoaders && forwards.isEmpty
    }

    /// How the functions that return an image's name are called by convention
    /// (`fileErrorImageName()`, `tabIconName`): only those are judged uncalled, since every use
    /// of them is looked for by these suffixes.
    static let nameFunctionSuffixes = ["ImageName", "IconName"]
    private static let nameAnchor = Array("Name".utf8)
    private static let nameFunctionNeedles = nameFunctionSuffixes.map { Array($0.utf8) }
    private static let shortestNameNeedle = nameFunctionNeedles.map { $0.count }.min() ?? nameAnchor.count
    /// Uses kept of one file.
    static let maxUses = 2_000

    /// The identifiers ending in a ``nameFunctionSuffixes`` suffix, except where `func` or `var`
    /// declares them, each once.
    static func nameFunctionUses(in source: [UInt8]) -> [String] {
        // Both suffixes end in `Name`, whose `N` is rarer in code than their `I`: both are found
        // in one search for `Name` and a look at the bytes before it. The uses of the first
        // suffix come first, as each suffix's uses in file order, at most ``maxUses`` in all.
        // Asked of every source file: the needles are made once.
        let anchor = Self.nameAnchor
        let needles = Self.nameFunctionNeedles
        var found: [[String]] = needles.map { _ in [] }
        var seen: Set<String> = []
        var from = Self.shortestNameNeedle - anchor.count
        // Once the first suffix has its ``maxUses``, nothing more is kept.
        while found[0].count < maxUses, let anchorAt = source.firstOffset(of: anchor, from: from) {
            let end = anchorAt + anchor.count
            from = end
            for (index, needle) in needles.enumerated() where found[index].count < maxUses {
                let hit = end - needle.count
                guard hit >= 0, source[hit..<anchorAt].elementsEqual(needle[..<(needle.count - anchor.count)]),
                    let name = nameFunctionUse(from: hit, to: end, in: source)
                else { continue }
                if seen.insert(name).inserted { found[index].append(name) }
            }
        }
        return Array(found.joined().prefix(maxUses))
    }

    /// The identifier that ends with the suffix at `hit..<end`, unless it goes on past `end` or
    /// `func`, `var` or `let` declares it there.
    static func nameFunctionUse(from hit: Int, to end: Int, in source: [UInt8]) -> String? {
        guard end >= source.count || !isIdentifierByte(source[end]) else { return nil }
        var first = hit
        while first > 0, hit - first < 128, isIdentifierByte(source[first - 1]) { first -= 1 }
        // `func name`, `var name`: a declaration, not a use.
        var before = first
        while before > 0, source[before - 1] == UInt8(ascii: " ") { before -= 1 }
        let declared = ["func", "var", "let"].contains { keyword in
            before >= keyword.utf8.count && source[(before - keyword.utf8.count)..<before].elementsEqual(keyword.utf8)
        }
        return declared ? nil : String(decoding: source[first..<end], as: UTF8.self)
    }

    /// Image assignments read in one file; far above real code.
    static let maxAssignments = 1_000
    /// `-> String` functions and `: String` properties read in one file.
    static let maxDeclarations = 1_000
    /// String literals kept of one right-hand side or body.
    static let maxNames = 64
    /// Identifiers kept of one right-hand side.
    static let maxCallees = 16
    /// How far a right-hand side or a signature is read.
    static let maxLineBytes = 512
    /// The most bytes read in declarations' bodies in one file, whatever their number: the pass
    /// stays linear in the file's size.
    static let bodyBudget = 1 << 20
    /// The longest body read.
    static let maxBodyBytes = 8_192

    /// The assignments and (for Swift) the name-returning declarations of a source file.
    static func code(in source: [UInt8], swift: Bool) -> OutletFacts {
        var facts = OutletFacts()
        facts.assignments = assignments(in: source)
        let loaders = loaderFacts(
            in: source, room: maxAssignments - facts.assignments.count, dialect: swift ? .swift : .objectiveC)
        facts.assignments += loaders.assignments
        facts.passesNamesToLoaders = loaders.passesNames
        facts.forwards = loaders.forwards
        facts.instantiations = loaders.instantiations
        // A file that sizes an image view of its own names the class (`let iconView = UIImageView()`,
        // `[[UIImageView alloc] initWithFrame:…]`) or sets an image; most do neither.
        if !facts.assignments.isEmpty || namesImageViewClass(source) {
            facts.imageViews = CodeImageViews.views(in: source, swift: swift)
        }
        if swift { facts.nameReturns = nameReturns(in: source) }
        facts.nameFunctionUses = nameFunctionUses(in: source)
        if !swift {
            facts.implementations = ObjectiveCClasses.implementations(in: source)
            facts.instantiations = ObjectiveCClasses.instantiations(in: source)
        }
        return facts
    }

    /// Whether `UIImageView` stands in the file's code, not only in `//` comments.
    static func namesImageViewClass(_ source: [UInt8]) -> Bool {
        var from = 0
        while let hit = source.firstOffset(of: imageViewClass, from: from) {
            from = hit + imageViewClass.count
            let start = lineStart(before: hit, in: source)
            let commented = (start..<hit).contains {
                source[$0] == UInt8(ascii: "/") && $0 + 1 < hit && source[$0 + 1] == UInt8(ascii: "/")
            }
            if !commented { return true }
        }
        return false
    }

    private static let imageMember = Array(".image".utf8)
    private static let imageViewClass = Array("UIImageView".utf8)

    /// `receiver.image… = rhs`, `receiver?.image… = rhs`, `_receiver.image… = rhs;`.
    static func assignments(in source: [UInt8]) -> [Assignment] {
        let needle = Self.imageMember
        var found: [Assignment] = []
        var start = 0
        var line = 1
        var lineCountedTo = 0
        var ownVariables: [String: Bool] = [:]
        var lookups = 0
        while found.count < maxAssignments, let dot = source.firstOffset(of: needle, from: start) {
            start = dot + needle.count
            var end = start
            while end < source.count, isIdentifierByte(source[end]) { end += 1 }
            start = end
            var equals = end
            while equals < source.count, source[equals] == UInt8(ascii: " ") { equals += 1 }
            guard equals < source.count, source[equals] == UInt8(ascii: "="),
                equals + 1 >= source.count || source[equals + 1] != UInt8(ascii: "=")
            else { continue }
            var receiverEnd = dot
            if receiverEnd > 0,
                source[receiverEnd - 1] == UInt8(ascii: "?") || source[receiverEnd - 1] == UInt8(ascii: "!")
            {
                receiverEnd -= 1
            }
            var receiverStart = receiverEnd
            while receiverStart > 0, receiverEnd - receiverStart < 128, isIdentifierByte(source[receiverStart - 1]) {
                receiverStart -= 1
            }
            guard receiverStart < receiverEnd, !isDigit(source[receiverStart]) else { continue }
            let lineStart = lineStart(before: dot, in: source)
            // Commented out: not an assignment.
            if (lineStart..<dot).contains(where: {
                source[$0] == UInt8(ascii: "/") && $0 + 1 < dot && source[$0 + 1] == UInt8(ascii: "/")
            }) {
                continue
            }
            var name = String(decoding: source[receiverStart..<receiverEnd], as: UTF8.self)
            // A loop's variable over an outlet collection: the collection's views.
            if let collection = loopCollection(of: name, before: dot, in: source) { name = collection }
            let receiver: String
            let variable: String
            if name == ImageView.itself, end - dot == needle.count {
                // An image view's own code: `self.image = …`.
                (receiver, variable) = (ImageView.itself, "")
            } else {
                guard let resolved = Self.receiver(name, in: source, ownVariables: &ownVariables) else { continue }
                (receiver, variable) = resolved
            }
            while lineCountedTo < dot {
                if source[lineCountedTo] == UInt8(ascii: "\n") { line += 1 }
                lineCountedTo += 1
            }
            // Its literals, or those of the assignments to a variable it names (`imageView.image = img`).
            let (names, callees, valueLines) = rightHandSide(
                (equals + 1)..<min(source.count, equals + 1 + maxLineBytes), before: dot, in: source, lookups: &lookups)
            var assignment = Assignment(receiver: receiver, line: line, names: names, callees: callees)
            assignment.valueLines = valueLines
            assignment.variable = variable
            found.append(assignment)
        }
        return found
    }

    /// The outlet property a receiver names (`_iconView` → `iconView`), or, for a variable of
    /// the file's own (`let logoImageView = UIImageView(…)`), which is not an outlet whatever a
    /// storyboard elsewhere calls its outlets, that variable; nil for `self` and `super`.
    /// `ownVariables` remembers each name's answer.
    static func receiver(_ name: String, in source: [UInt8], ownVariables: inout [String: Bool])
        -> (receiver: String, variable: String)?
    {
        let receiver = withoutIvarUnderscore(name)
        guard receiver != "self", receiver != "super" else { return nil }
        let own: Bool
        if let known = ownVariables[receiver] {
            own = known
        } else {
            own = ownVariables.count >= maxVariablesChecked || declaresVariable(receiver, in: source)
            ownVariables[receiver] = own
        }
        return own ? ("", receiver) : (receiver, "")
    }

    /// Receivers looked up as the file's own variables in one file (each costs a pass); the rest
    /// are taken for its own.
    static let maxVariablesChecked = 32

    /// Whether the file declares `let name` or `var name` other than as an `@IBOutlet`.
    static func declaresVariable(_ name: String, in source: [UInt8]) -> Bool {
        ["let ", "var "].contains { keyword in
            source.wholeIdentifierOffsets(of: keyword + name).contains { hit in
                !String(decoding: source[lineStart(before: hit, in: source)..<hit], as: UTF8.self).contains("IBOutlet")
            }
        }
    }

    /// `func name(…) -> String {` and `var name: String {`, each with its body's string literals.
    /// - Parameter prefilters: false to read every declaration even in a file with no `String`
    ///   after `:` or `->`, for the test that compares the two.
    static func nameReturns(in source: [UInt8], prefilters: Bool = true) -> [NameReturn] {
        // A declaration that returns a string has `String` after `->` or `:` (and spaces): a file
        // without one has none, and its declarations are not read one by one. (About half the
        // Swift files of eight real apps have one: of 8,895, 4,299.)
        guard !prefilters || Self.mayDeclareStrings(source) else { return [] }
        var found: [NameReturn] = []
        var budget = bodyBudget
        var declarations = 0
        for keyword in ["func ", "var "] {
            let needle = Array(keyword.utf8)
            var start = 0
            while declarations < maxDeclarations, budget > 0, let hit = source.firstOffset(of: needle, from: start) {
                start = hit + needle.count
                guard hit == 0 || !isIdentifierByte(source[hit - 1]) else { continue }
                var nameEnd = start
                while nameEnd < source.count, nameEnd - start < 128, isIdentifierByte(source[nameEnd]) { nameEnd += 1 }
                guard nameEnd > start else { continue }
                declarations += 1
                guard let open = signatureOpenBrace(after: nameEnd, in: source, function: keyword == "func ") else {
                    continue
                }
                // Made only for the declarations that return a string: most do not.
                let name = String(decoding: source[start..<nameEnd], as: UTF8.self)
                let limit = min(source.count, open + maxBodyBytes, open + budget)
                guard let close = matchingBrace(from: open, limit: limit, in: source) else {
                    budget -= limit - open
                    continue
                }
                budget -= close - open
                let (names, _) = literalsAndIdentifiers(in: source, from: open + 1, limit: close, stopsAtLineEnd: false)
                if !names.isEmpty { found.append(NameReturn(declaration: name, names: names)) }
                start = nameEnd
            }
        }
        return found
    }

    /// Whether some `String` follows `:` or `->` across spaces and tabs, as every signature
    /// ``signatureOpenBrace(after:in:function:)`` accepts has it.
    static func mayDeclareStrings(_ source: [UInt8]) -> Bool {
        let type = Array("String".utf8)
        var start = 0
        while let hit = source.firstOffset(of: type, from: start) {
            start = hit + 1
            var before = hit
            while before > 0, source[before - 1] == UInt8(ascii: " ") || source[before - 1] == UInt8(ascii: "\t") {
                before -= 1
            }
            if before > 0, source[before - 1] == UInt8(ascii: ":") || source[before - 1] == UInt8(ascii: ">") {
                return true
            }
        }
        return false
    }

    /// The `{` that opens the body when the signature returns `String` (`-> String`,
    /// `-> String?`, `: String {`); nil for any other declaration. Read as bytes: most
    /// declarations are not these, and cost no allocation.
    private static func signatureOpenBrace(after start: Int, in source: [UInt8], function: Bool) -> Int? {
        let limit = min(source.count, start + maxLineBytes)
        var index = start
        if function {
            // Past the parameters, to `->`.
            var depth = 0
            while index < limit {
                let byte = source[index]
                if byte == UInt8(ascii: "(") { depth += 1 }
                if byte == UInt8(ascii: ")") { depth -= 1 }
                if depth == 0, byte == UInt8(ascii: "{") || byte == UInt8(ascii: "=") { return nil }
                if depth == 0, byte == UInt8(ascii: "-"), index + 1 < limit, source[index + 1] == UInt8(ascii: ">") {
                    index += 2
                    break
                }
                index += 1
            }
        } else {
            index = skipSpaces(from: index, limit: limit, in: source)
            guard index < limit, source[index] == UInt8(ascii: ":") else { return nil }
            index += 1
        }
        index = skipSpaces(from: index, limit: limit, in: source)
        let type = "String".utf8
        guard index + type.count <= limit, source[index..<(index + type.count)].elementsEqual(type) else { return nil }
        index += type.count
        if index < limit, source[index] == UInt8(ascii: "?") || source[index] == UInt8(ascii: "!") { index += 1 }
        index = skipSpaces(from: index, limit: limit, in: source)
        guard index < limit, source[index] == UInt8(ascii: "{") else { return nil }
        return index
    }

    private static func skipSpaces(from start: Int, limit: Int, in source: [UInt8]) -> Int {
        var index = start
        while index < limit, source[index] == UInt8(ascii: " ") || source[index] == UInt8(ascii: "\t") { index += 1 }
        return index
    }

    /// The `}` that closes the `{` at `open`, before `limit`; strings' braces are passed over.
    static func matchingBrace(from open: Int, limit: Int, in source: [UInt8]) -> Int? {
        var depth = 0
        var inString = false
        var index = open
        while index < limit {
            let byte = source[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }

    /// The plain string literals (`"name"`, `@"name"`; none with an escape or interpolation) and
    /// the identifiers between `from` and `limit`, or the line's end (or `;`) when asked.
    static func literalsAndIdentifiers(in source: [UInt8], from: Int, limit: Int, stopsAtLineEnd: Bool)
        -> (names: [String], identifiers: [String])
    {
        var names: [String] = []
        var identifiers: [String] = []
        var index = from
        while index < limit {
            let byte = source[index]
            if stopsAtLineEnd, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: ";") { break }
            if byte == UInt8(ascii: "\"") {
                var end = index + 1
                var plain = true
                while end < limit, source[end] != UInt8(ascii: "\""), source[end] != UInt8(ascii: "\n") {
                    if source[end] == UInt8(ascii: "\\") {
                        plain = false
                        end += 1
                    }
                    end += 1
                }
                if plain, end < limit, source[end] == UInt8(ascii: "\""), end - index - 1 <= CodeName.maxBytes,
                    end > index + 1, names.count < maxNames
                {
                    names.append(String(decoding: source[(index + 1)..<end], as: UTF8.self))
                }
                index = end + 1
                continue
            }
            if source[index..<min(index + 2, limit)].elementsEqual([UInt8(ascii: "/"), UInt8(ascii: "/")]) {
                while index < limit, source[index] != UInt8(ascii: "\n") { index += 1 }
                if stopsAtLineEnd { break }
                continue
            }
            if isIdentifierByte(byte), !isDigit(byte) {
                let start = index
                while index < limit, isIdentifierByte(source[index]) { index += 1 }
                if identifiers.count < maxCallees, index - start <= 128 {
                    identifiers.append(String(decoding: source[start..<index], as: UTF8.self))
                }
                continue
            }
            index += 1
        }
        return (names, identifiers)
    }

    static func lineStart(before offset: Int, in source: [UInt8]) -> Int {
        var index = offset
        while index > 0, offset - index < maxLineBytes, source[index - 1] != UInt8(ascii: "\n") { index -= 1 }
        return index
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool { SwiftSnippets.isIdentifierByte(byte) }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

/// The outlet facts of every file, joined (``OutletFacts``).
struct OutletFlows {
    struct Site: Hashable {
        var path: String
        var line: Int
    }

    /// Interface Builder names on views whose image the code assigns: placeholders.
    var replacedPlaceholders: Set<Site> = []
    /// Those of them on views an image loader clears at once (``OutletFacts/Assignment/replacesAtOnce``),
    /// called from the code file of the class that holds the outlet.
    var clearedPlaceholders: Set<Site> = []
    /// Lines of code that put an image into outlets of scaled views only, with the views' sizes.
    var scaledLines: [Site: Set<ViewSize>] = [:]
    /// Names (lower-cased) the code puts into outlets of scaled views, and into no other image
    /// property it assigns, with the views' sizes where known.
    var scaledNames: [String: Set<ViewSize>] = [:]
    /// Names (lower-cased) only functions that nothing calls return (`termsOfUseImageName()`,
    /// whose callers are gone): images no screen shows, whose size findings say nothing.
    var uncalledNames: Set<String> = []
    /// The files that hand an image API a name they do not spell (``OutletFacts/passesNamesToLoaders``).
    var passingNames: Set<String> = []

    init(_ files: [(path: String, facts: OutletFacts)]) {
        var scaledProperties: [String: Set<ViewSize>] = [:]
        var plainProperties: Set<String> = []
        // The views of each class's outlet (`Cell.thumbnailView`): a class's code file, named as
        // the class by convention (`Cell.m`, `Cell.swift`), fills its own outlets, whatever other
        // classes' outlets of the same name are. Nil where one of them does not scale.
        var ownedViews: [String: Set<ViewSize>?] = [:]
        var returns: [String: [String]] = [:]
        var assigned: Set<String> = []
        var cleared: Set<String> = []
        var used: Set<String> = []
        // Setters that hand their image on, by property, with the class whose file declares each.
        var forwards: [String: Set<OwnedForward>] = [:]
        // Classes the code makes (`[NetworkImageView alloc]`): views Interface Builder does not size.
        var instantiated: Set<String> = []
        for (path, facts) in files {
            for made in facts.instantiations { instantiated.insert(made.name) }
            used.formUnion(facts.nameFunctionUses)
            for forward in facts.forwards {
                forwards[forward.property, default: []].insert(OwnedForward(owner: Self.className(of: path), forward: forward))
            }
            if facts.passesNamesToLoaders { passingNames.insert(path) }
            for var view in facts.imageViews {
                // A view the code makes belongs to the file's class; only a property of it is
                // reached from other files.
                if view.origin != .interfaceBuilder { view.owner = Self.className(of: path) }
                if !view.owner.isEmpty {
                    let key = view.owner + "." + view.property
                    let sizes = view.size.map { [$0] } ?? Set<ViewSize>()
                    if !view.scaled {
                        ownedViews[key] = .some(nil)
                    } else if let known = ownedViews[key] {
                        ownedViews[key] = known.map { $0.union(sizes) }
                    } else {
                        ownedViews[key] = sizes
                    }
                }
                if view.origin == .codeVariable || view.property == OutletFacts.ImageView.itself { continue }
                if view.scaled {
                    scaledProperties[view.property, default: []].formUnion(view.size.map { [$0] } ?? [])
                } else {
                    plainProperties.insert(view.property)
                }
            }
            for declaration in facts.nameReturns { returns[declaration.declaration, default: []] += declaration.names }
            for assignment in facts.assignments
            where !assignment.receiver.isEmpty && !assignment.throughProperty && assignment.receiver != OutletFacts.ImageView.itself {
                assigned.insert(assignment.receiver)
                // Only the class whose code file makes the call: `cell.imageView?.kf.setImage`
                // in a controller says nothing of other classes' `imageView` outlets.
                if assignment.replacesAtOnce { cleared.insert(Self.className(of: path) + "." + assignment.receiver) }
            }
        }
        for property in plainProperties { scaledProperties[property] = nil }
        // Each property's answer at each depth once: setters chained three deep are asked of
        // every assignment to the first.
        var forwardedAnswers: [ForwardQuestion: Set<ViewSize>?] = [:]
        /// The sizes of the views a property's setters hand its image to, through at most three
        /// setters; nil unless every setter of that name hands it to scaled views only.
        func forwardedSizes(_ property: String, depth: Int = 0) -> Set<ViewSize>? {
            let question = ForwardQuestion(property: property, depth: depth)
            if let known = forwardedAnswers[question] { return known }
            var answer: Set<ViewSize>? = []
            if depth >= 3 || forwards[property]?.isEmpty != false { answer = nil }
            for setter in forwards[property] ?? [] where answer != nil {
                let found: Set<ViewSize>?
                if !setter.forward.toView {
                    found = forwardedSizes(setter.forward.target, depth: depth + 1)
                } else if let owned = ownedViews[setter.owner + "." + setter.forward.target] {
                    found = owned
                } else {
                    found = scaledProperties[setter.forward.target]
                }
                if let found { answer?.formUnion(found) } else { answer = nil }
            }
            forwardedAnswers[question] = answer
            return answer
        }
        var plainNames: Set<String> = []
        var plainLines: Set<Site> = []
        for (path, facts) in files {
            for view in facts.imageViews where assigned.contains(view.property) {
                for line in view.lines {
                    replacedPlaceholders.insert(Site(path: path, line: line))
                    if !view.owner.isEmpty, cleared.contains(view.owner + "." + view.property) {
                        clearedPlaceholders.insert(Site(path: path, line: line))
                    }
                }
            }
            let owner = ownedViews.isEmpty ? "" : Self.className(of: path)
            for assignment in facts.assignments {
                let names = (assignment.names + assignment.callees.flatMap { returns[$0] ?? [] }).map {
                    $0.lowercased()
                }
                // The views the image goes to: a view's own class's (`self.image = …`, where
                // Interface Builder makes every one), those a property's setters reach, or the
                // outlet's or variable's. Nil where they are not known to scale.
                let scaledSizes: Set<ViewSize>?
                let known: Bool
                if assignment.receiver == OutletFacts.ImageView.itself {
                    let owned = ownedViews[Self.className(of: path) + "." + OutletFacts.ImageView.itself]
                    scaledSizes = instantiated.contains(Self.className(of: path)) ? nil : owned ?? nil
                    known = owned != nil
                } else if assignment.throughProperty {
                    scaledSizes = forwardedSizes(assignment.receiver)
                    known = scaledSizes != nil
                } else {
                    let name = assignment.receiver.isEmpty ? assignment.variable : assignment.receiver
                    if !name.isEmpty, let owned = ownedViews[owner + "." + name] {
                        scaledSizes = owned
                    } else {
                        scaledSizes = scaledProperties[assignment.receiver]
                    }
                    known = true
                }
                let sites = ([assignment.line] + assignment.valueLines).map { Site(path: path, line: $0) }
                if let sizes = scaledSizes {
                    for site in sites { scaledLines[site, default: []].formUnion(sizes) }
                    for name in names { scaledNames[name, default: []].formUnion(sizes) }
                } else {
                    // A line whose image also goes elsewhere (`UIImage *img = …` put into a
                    // scaled view and a plain one) is not drawn scaled only.
                    plainLines.formUnion(sites)
                    // Where the views are not known (a property no setter forwards), nothing is
                    // said of the names: their references stay as they are.
                    if known { plainNames.formUnion(names) }
                }
            }
        }
        for site in plainLines { scaledLines[site] = nil }
        for name in plainNames { scaledNames[name] = nil }
        var liveNames: Set<String> = []
        for (_, facts) in files {
            for declaration in facts.nameReturns {
                let judged = OutletFacts.nameFunctionSuffixes.contains { declaration.declaration.hasSuffix($0) }
                let names = declaration.names.map { $0.lowercased() }
                if judged, !used.contains(declaration.declaration) {
                    uncalledNames.formUnion(names)
                } else {
                    liveNames.formUnion(names)
                }
            }
        }
        uncalledNames.subtract(liveNames)
    }

    private struct OwnedForward: Hashable {
        var owner: String
        var forward: OutletFacts.Forward
    }

    private struct ForwardQuestion: Hashable {
        var property: String
        var depth: Int
    }

    /// The class a code file holds by convention: its name without folder and extension
    /// (`Cells/MovieCell.m` → `MovieCell`).
    static func className(of path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.split(separator: ".", maxSplits: 1).first.map(String.init) ?? file
    }
}
