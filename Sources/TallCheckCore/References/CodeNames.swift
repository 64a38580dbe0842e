import CTextScan

/// A name a source file holds that may reach an image API by a path the reference scanners do
/// not follow: a string in a constant, an enum's raw value, a function's return, a wrapper's
/// argument (`icon("gear")`), an enum case's own name (`case settings`, loaded as `rawValue` or
/// `"\(self)"`), a member that may be a generated asset symbol (`imageView.image = .heroImage`),
/// or a name built at run time away from the image API (`var iconName: String { "AppIcon-\(tag)" }`).
///
/// `unused-image` recommends deleting a file that ships, so it follows every such path at once:
/// an image one of these names could reach is not called unused. The cost is an unused image
/// whose name the code spells for another purpose going unreported, which is the safe way to
/// be wrong. Read only when `unused-image` is enabled.
public struct CodeName: Sendable, Hashable {
    public enum Kind: UInt8, Sendable, Hashable {
        /// A string literal: `"gear"`, `@"gear"`, or a pattern from one (`"icon-\(name)"`,
        /// `@"icon_%@"`, `"flag_"` before a `+`).
        case string
        /// The name of an enum case: `case settings`.
        case enumCase
        /// A member that is not called: `.heroImage`, `UIImage.heroImage`.
        case member
        /// A string given as a bundle resource read by its path (`url(forResource: "hourglass.gif",
        /// withExtension: nil)`, `pathForResource:@"intro" ofType:@"mp4"`) in a file that hands no
        /// path to `UIImage(contentsOfFile:)`: the file is read as it is, and no screen's scale
        /// picks an `@2x` variant of it.
        case resourceFile
    }

    /// A word (`.literal`) or a pattern (`.pattern`).
    public var name: ImageReference.Name
    public var kind: Kind
    /// 1-based.
    public var line: Int
    /// The C# static member whose body holds the string (`Gist.Share`) when its file uses that
    /// member nowhere else: the string reaches an image only if other code reads the member
    /// (``CSharpMembers``). Nil for every other name.
    public var member: String?

    public init(name: ImageReference.Name, kind: Kind, line: Int, member: String? = nil) {
        self.name = name
        self.kind = kind
        self.line = line
        self.member = member
    }

    /// How a report quotes it: `"gear"`, `case settings`, `.heroImage`, `"icon-*"`.
    public var shown: String {
        switch (kind, name) {
        case (.enumCase, .literal(let word)): "case \(word)"
        case (.member, .literal(let word)): ".\(word)"
        case (_, .pattern(let pattern)): "\"\(pattern.description)\""
        case (_, let name): "\"\(name.shown)\""
        }
    }

    /// The longest string taken for a name: image names are short.
    static let maxBytes = 256

    /// `forResource:` before a Swift string: `url(forResource: "x"`, `path(forResource: "x"`.
    static let swiftResourceLabel = Array("forResource:".utf8)

    /// Whether `label` ends just before `offset`, across spaces.
    static func follows<Bytes: RandomAccessCollection<UInt8>>(_ label: [UInt8], at offset: Int, in bytes: Bytes) -> Bool
    where Bytes.Index == Int {
        var end = offset
        while end > 0, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        return end >= label.count && bytes[(end - label.count)..<end].elementsEqual(label)
    }

    /// The C# methods whose first argument names a bundle resource read by path.
    static let resourceMethods: Set<String> = ["PathForResource", "UrlForResource", "GetUrlForResource"]
    /// The Objective-C selectors that do, read from the bytes (its tokens keep no identifiers).
    static let resourceSelectors = ["URLForResource:", "pathForResource:"].map { Array($0.utf8) }

    /// `names` of an Objective-C file, each string given to ``resourceSelectors`` as its only
    /// spelling in the file (`URLForResource:@"intro" withExtension:@"gif"`) marked
    /// ``Kind/resourceFile``, unless the file hands an image a path.
    static func markingResourceFiles(_ names: [CodeName], in bytes: [UInt8]) -> [CodeName] {
        var reads: [String: Int] = [:]
        for selector in resourceSelectors {
            var from = 0
            while reads.count < maxPerFile, let hit = bytes.firstOffset(of: selector, from: from) {
                from = hit + selector.count
                var index = from
                while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "@"), bytes[index + 1] == UInt8(ascii: "\"")
                else { continue }
                let start = index + 2
                var end = start
                while end < bytes.count, end - start <= maxBytes, bytes[end] != UInt8(ascii: "\""),
                    bytes[end] != UInt8(ascii: "\\"), bytes[end] != UInt8(ascii: "\n")
                {
                    end += 1
                }
                guard end < bytes.count, bytes[end] == UInt8(ascii: "\""), end > start else { continue }
                reads[String(decoding: bytes[start..<end], as: UTF8.self), default: 0] += 1
            }
        }
        guard !reads.isEmpty, !imageFromFileCalls.contains(where: bytes.containsBytes) else { return names }
        // Read only: spelled in the file as often as it is given to a selector.
        let only = Set(reads.filter { name, count in
            let quoted = Array("\"\(name)\"".utf8)
            var spelled = 0
            var from = 0
            while spelled <= count, let hit = bytes.firstOffset(of: quoted, from: from) {
                spelled += 1
                from = hit + quoted.count
            }
            return spelled == count
        }.keys)
        return names.map { name in
            guard name.kind == .string, case .literal(let word) = name.name, only.contains(word) else { return name }
            var marked = name
            marked.kind = .resourceFile
            return marked
        }
    }
    /// What hands a path to an image that picks its scale, in Objective-C and C#.
    static let imageFromFileCalls = ["imageWithContentsOfFile", "initWithContentsOfFile", "FromFile"].map {
        Array($0.utf8)
    }

    /// The names of a string literal's parts (fixed text, nil for each interpolation): the
    /// string itself, or a pattern when the string is built (`"icon-\(x)"`, `"icon_%@"`) or is
    /// the fixed end of a name built with `+` (`"flag_"`, `"_selected"`). Nothing for text that
    /// cannot be an image name (empty, too long, a line break) or a pattern that could match
    /// almost any name (`"\(a) \(b)"`, `"%@.png"`).
    static func names(ofString parts: [String?]) -> ImageReference.Name? {
        // Most strings are one literal piece: no array and no joined copy made for them.
        if parts.count == 1, let only = parts[0] { return names(ofLiteral: only) }
        let fixed = parts.compactMap { $0 }
        guard fixed.reduce(0, { $0 + $1.utf8.count }) <= maxBytes,
            !fixed.contains(where: { $0.utf8.contains(UInt8(ascii: "\n")) })
        else { return nil }
        if parts.contains(where: { $0 == nil }) {
            // A fixed part with a byte no image name has (`": "` of `"\(n): \(text)"`, most
            // built strings) settles it before a pattern is built (``NamePattern/isNameLike``).
            let allowed = NamePattern.nameBytes
            guard fixed.allSatisfy({ $0.utf8.allSatisfy { allowed[Int($0)] } }) else { return nil }
            let pattern = NamePattern(parts: parts)
            return pattern.isNameLike ? .pattern(pattern) : nil
        }
        return names(ofLiteral: fixed.joined())
    }

    /// The name of a string a `+` joins to what follows: as ``names(ofLiteral:)`` says (a pattern
    /// where it ends in `_`, `-` or `/`), and a pattern too where it ends in a space, which an
    /// image set's name may hold (`"Float Button " + theme` reaches `Float Button dark`).
    static func names(ofJoinedPrefix text: String) -> ImageReference.Name? {
        guard text.utf8.last == UInt8(ascii: " "), text.utf8.count <= maxBytes,
            !text.utf8.contains(UInt8(ascii: "\n"))
        else { return names(ofLiteral: text) }
        let pattern = NamePattern(pieces: [text, ""])
        let spacesAsUnderscores = String(text.map { $0 == " " ? "_" : $0 })
        return NamePattern(pieces: [spacesAsUnderscores, ""]).isNameLike ? .pattern(pattern) : names(ofLiteral: text)
    }

    /// ``names(ofString:)`` of a string of one piece, with no interpolation.
    static func names(ofLiteral text: String) -> ImageReference.Name? {
        guard !text.isEmpty, text.utf8.count <= maxBytes, !text.utf8.contains(UInt8(ascii: "\n")) else { return nil }
        if text.utf8.contains(UInt8(ascii: "%")) {
            let pattern = NamePattern(parts: FormatString.parts(text))
            if pattern.pieces.count > 1 { return pattern.isNameLike ? .pattern(pattern) : nil }
        }
        func isSeparator(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/")
        }
        if let last = text.utf8.last, isSeparator(last), NamePattern(pieces: [text, ""]).isNameLike {
            return .pattern(NamePattern(pieces: [text, ""]))
        }
        if let first = text.utf8.first, first == UInt8(ascii: "_") || first == UInt8(ascii: "-"),
            NamePattern(pieces: ["", text]).isNameLike
        {
            return .pattern(NamePattern(pieces: ["", text]))
        }
        return .literal(text)
    }

    /// The names in Objective-C or C# tokens: every string literal (`"…"`, `@"…"`, `$"…{x}…"`;
    /// C#'s `{0}` placeholders are unknown parts). With identifiers kept, C#'s strings in static
    /// members carry their ``member``, and the members the file reads are names of kind
    /// ``Kind/member`` (`Gist.Share`, `Gist.*`; see ``CSharpMembers``).
    static func names(in tokens: [SourceToken], dialect: SourceDialect, keeping filter: LooseKeyFilter? = nil) -> [CodeName] {
        namesAndMemberReads(in: tokens, dialect: dialect, keeping: filter).names
    }

    /// A C# member read (`Gist.Share`) the filter turned away, by the hash of its text: it
    /// counts only where a string some static member holds is kept (``CodeName/member``),
    /// which only all the files together tell (``resolving(_:in:)``). Two texts of one hash
    /// make a member read that is not, which keeps an image: the safe way to be wrong.
    public struct MemberRead: Sendable, Hashable {
        public var hash: UInt64
        public var line: Int

        init(_ text: some Collection<UInt8>, line: Int) {
            hash = Self.hash(text)
            self.line = line
        }

        static func hash(_ text: some Collection<UInt8>) -> UInt64 { CodeName.hash(bytes: text).value }

        /// The member reads of `reads` (by file) that read a member whose string `codeNames` keeps,
        /// as names of kind ``Kind/member`` added to that file's names.
        static func resolving(_ reads: [String: [MemberRead]], in codeNames: inout [String: [CodeName]]) {
            var members: [UInt64: String] = [:]
            for names in codeNames.values {
                for name in names {
                    guard let member = name.member else { continue }
                    members[hash(member.utf8)] = member
                    let type = String(member.prefix { $0 != "." }) + ".*"
                    members[hash(type.utf8)] = type
                }
            }
            guard !members.isEmpty else { return }
            for (path, fileReads) in reads {
                for read in fileReads {
                    guard let member = members[read.hash] else { continue }
                    codeNames[path, default: []].append(CodeName(name: .literal(member), kind: .member, line: read.line))
                }
            }
        }
    }

    /// ``names(in:dialect:keeping:)``, and the C# member reads the filter turned away.
    static func namesAndMemberReads(in tokens: [SourceToken], dialect: SourceDialect, keeping filter: LooseKeyFilter?)
        -> (names: [CodeName], memberReads: [MemberRead])
    {
        var found = Collector(filter: filter)
        let members = dialect == .cSharp ? CSharpMembers.members(in: tokens) : [:]
        // C#'s `PathForResource("x", …)`, where no identifier of the file hands an image a path
        // (Objective-C: ``markingResourceFiles(_:in:)``).
        lazy var readsFiles = !tokens.contains { token in
            guard case .identifier(let word) = token.kind else { return false }
            return imageFromFileCalls.contains { word.utf8.elementsEqual($0) }
        }
        for (index, token) in tokens.enumerated() {
            guard var parts = token.stringParts else { continue }
            if dialect == .cSharp, parts.count == 1, let text = parts[0], text.utf8.contains(UInt8(ascii: "{")) {
                parts = Self.compositeFormatParts(text)
            }
            var kind = Kind.string
            if dialect == .cSharp, index >= 2, case .punctuation(let mark) = tokens[index - 1].kind,
                mark == UInt8(ascii: "("), case .identifier(let method) = tokens[index - 2].kind,
                resourceMethods.contains(method), readsFiles
            {
                kind = .resourceFile
            }
            if let name = names(ofString: parts) { found.add(name, kind, line: token.line, member: members[index]) }
        }
        var memberReads: [MemberRead] = []
        if dialect == .cSharp {
            let uses = CSharpMembers.uses(in: tokens, keeping: filter)
            for use in uses.named { found.add(.literal(use.member), .member, line: use.line) }
            memberReads = uses.hashed
        }
        return (found.names, memberReads)
    }

    /// `icon_{0}` (C#'s `string.Format`) → `icon_`, unknown.
    static func compositeFormatParts(_ text: String) -> [String?] {
        var parts: [String?] = [""]
        var inPlaceholder = false
        for scalar in text.unicodeScalars {
            if inPlaceholder {
                if scalar == "}" { inPlaceholder = false }
            } else if scalar == "{" {
                inPlaceholder = true
                parts += [nil, ""]
            } else {
                parts[parts.count - 1]! += String(scalar)
            }
        }
        return parts
    }

    /// The most names kept of one file: far above real code (a 4 MiB file of distinct names
    /// would otherwise hold a million), so memory stays bounded.
    static let maxPerFile = 50_000

    /// Names once per file, each at its first line, at most ``maxPerFile``.
    struct Collector {
        var names: [CodeName] = []
        /// Keeps only the words that may reach an image it knows (``LooseKeyFilter``), and
        /// every pattern and C# member read (`Gist.Share`, which tells which strings count; a
        /// Swift member chain, which reads no C# member, ``SwiftCodeNames`` filters by its bytes).
        let filter: LooseKeyFilter?
        /// The filter's tables, asked at each name with nothing retained; valid while ``filter`` lives.
        let walker: LooseKeyFilter.Walker?

        init(filter: LooseKeyFilter? = nil) {
            self.filter = filter
            walker = filter?.walker
        }
        /// The names seen: ASCII words by their bytes (``ASCIIWords``), the rest in a `Set`.
        private var seenWords = ASCIIWords()
        private var seen: Set<ImageReference.Name> = []
        /// Names seen only in members so far, by member: a later use outside one is kept too.
        private var seenInMembers: Set<InMember> = []
        private struct InMember: Hashable {
            var name: ImageReference.Name
            var member: String
        }

        /// Where each name kept as a ``Kind/resourceFile`` is: spelled again otherwise, it is a string.
        private var resourceFiles: [ImageReference.Name: Int] = [:]

        /// Asked of every string and member of every file: each name is hashed once where it can be.
        mutating func add(_ name: ImageReference.Name, _ kind: Kind, line: Int, member: String? = nil) {
            if let walker, case .literal(let word) = name,
                !(kind == .member && word.utf8.contains(UInt8(ascii: "."))), !walker.mayMatch(word)
            {
                return
            }
            if kind != .resourceFile, !resourceFiles.isEmpty, let index = resourceFiles.removeValue(forKey: name) {
                names[index].kind = .string
            }
            guard names.count < CodeName.maxPerFile else { return }
            if let member {
                guard !contains(name), seenInMembers.insert(InMember(name: name, member: member)).inserted else {
                    return
                }
            } else {
                guard insert(name) else { return }
                if kind == .resourceFile { resourceFiles[name] = names.count }
            }
            names.append(CodeName(name: name, kind: kind, line: line, member: member))
        }

        private func contains(_ name: ImageReference.Name) -> Bool {
            if case .literal(let word) = name, let found = seenWords.contains(word) { return found }
            return seen.contains(name)
        }

        private mutating func insert(_ name: ImageReference.Name) -> Bool {
            if case .literal(let word) = name, let inserted = seenWords.insert(word) { return inserted }
            return seen.insert(name).inserted
        }
    }

    /// A set of ASCII words, hashed by their bytes (FNV-1a, mixed): a file's names are mostly
    /// ASCII words, and a `Set` of them (SipHash of each) was most of `unused-image`'s read of
    /// Swift sources (720 of Home Assistant's 1,607 samples there). Canonical equivalence is byte
    /// equality in ASCII, so it keeps what a `Set<String>` keeps; other words are not taken (nil).
    struct ASCIIWords {
        private var words: [String] = []
        /// Indices into ``words`` + 1 (0: empty), open addressing, at most half full.
        private var slots = [Int32](repeating: 0, count: 64)
        private var hashes: [UInt64] = []

        /// Whether `word` is in the set; nil when it is not all ASCII.
        func contains(_ word: String) -> Bool? {
            guard let hash = Self.hash(word) else { return nil }
            return find(word, hash).found
        }

        /// Inserts `word`; whether it was new, or nil when it is not all ASCII.
        mutating func insert(_ word: String) -> Bool? {
            guard let hash = Self.hash(word) else { return nil }
            let (found, slot) = find(word, hash)
            if found { return false }
            words.append(word)
            hashes.append(hash)
            slots[slot] = Int32(words.count)
            if words.count * 2 > slots.count { grow() }
            return true
        }

        private func find(_ word: String, _ hash: UInt64) -> (found: Bool, slot: Int) {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while true {
                let entry = Int(slots[slot])
                if entry == 0 { return (false, slot) }
                if hashes[entry - 1] == hash, words[entry - 1] == word { return (true, slot) }
                slot = (slot + 1) & mask
            }
        }

        private mutating func grow() {
            slots = [Int32](repeating: 0, count: slots.count * 2)
            let mask = slots.count - 1
            for (index, hash) in hashes.enumerated() {
                var slot = Int(truncatingIfNeeded: hash) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(index + 1)
            }
        }

        /// A 64-bit hash of the bytes (``CodeName/hash(bytes:)``), or nil when one is beyond ASCII.
        private static func hash(_ word: String) -> UInt64? {
            var word = word
            return word.withUTF8 { bytes -> UInt64? in
                let hash = CodeName.hash(bytes: bytes)
                return hash.isASCII ? hash.value : nil
            }
        }
    }

    /// FNV-1a of the bytes and their count, mixed so that the low bits a table's slot is taken
    /// from depend on every byte; and whether every byte is ASCII.
    @inline(__always)
    static func hash(bytes: some Collection<UInt8>) -> (value: UInt64, isASCII: Bool) {
        var hash: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
        var high: UInt8 = 0
        for byte in bytes {
            high |= byte
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        hash ^= hash >> 29
        hash = hash &* 0xBF58_476D_1CE4_E5B9
        return (hash ^ (hash >> 32), high < 0x80)
    }
}

extension ImageReference.Name {
    /// `flag_*`, `Badge` or `.heroImage`, for reports.
    public var shown: String {
        switch self {
        case .literal(let name): name
        case .pattern(let pattern): pattern.description
        case .symbol(let symbol): symbol.description
        }
    }
}

extension NamePattern {
    /// Whether the pattern says enough to stand for an image name found away from an image API:
    /// its fixed text, less an image extension and scale or device suffixes, holds two letters or
    /// digits and nothing an image name does not (spaces, `:`, `=`…), so `"icon-\(x)"` and
    /// `"\(name)_selected"` count and `"\(a): \(b)"` and `"\(name)@2x.png"` do not.
    public var isNameLike: Bool {
        // Most patterns in code are messages (`"\(n) items: \(list)"`): a space or a colon
        // settles it before any text is built.
        let allowed = Self.nameBytes
        guard pieces.allSatisfy({ $0.utf8.allSatisfy { allowed[Int($0)] } }) else { return false }
        // All ASCII (so every byte is a letter, a digit or `_-./@~+`), with two letters or digits
        // no suffix has: it stays name-like whatever suffixes come off, with no text built.
        if pieces.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }), Self.lettersNoSuffixHas(in: pieces) >= 2 {
            return true
        }
        let text = Self.withoutImageSuffixes(pieces.joined(separator: "\u{0}"))
        var alphanumerics = 0
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                alphanumerics += 1
            } else if !"\u{0}_-./@~+".unicodeScalars.contains(scalar) {
                return false
            }
        }
        return alphanumerics >= 2
    }

    /// The text less an image extension at its end and scale, device and tall modifiers.
    static func withoutImageSuffixes(_ text: String) -> String {
        var text = text
        for suffix in imageExtensions where text.lowercased().hasSuffix(suffix) {
            text.removeLast(suffix.count)
        }
        for modifier in nameModifiers {
            text = text.replacingOccurrences(of: modifier, with: "")
        }
        return text
    }

    /// How many ASCII letters and digits of `pieces` no image suffix (``withoutImageSuffixes(_:)``)
    /// holds: they are in the text whatever suffixes are taken off it.
    private static func lettersNoSuffixHas(in pieces: [String]) -> Int {
        var count = 0
        for piece in pieces {
            for byte in piece.utf8 where byte < 0x80 && suffixlessLetters[Int(byte)] { count += 1 }
        }
        return count
    }

    /// What ``withoutImageSuffixes(_:)`` takes off: an extension at the end, modifiers anywhere.
    private static let imageExtensions = [".png", ".jpg", ".jpeg", ".pdf", ".heic", ".gif"]
    private static let nameModifiers = ["@2x", "@3x", "~ipad", "~iphone", "-568h"]

    /// The ASCII letters and digits, either case, that no suffix of ``withoutImageSuffixes(_:)`` has.
    private static let suffixlessLetters: [Bool] = {
        let suffixLetters = Set((imageExtensions + nameModifiers).joined().lowercased().utf8)
        return (0..<128).map { (byte: Int) -> Bool in
            let lowered = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            let isLetterOrDigit = (0x30...0x39).contains(byte) || (0x61...0x7A).contains(lowered)
            return isLetterOrDigit && !suffixLetters.contains(UInt8(lowered))
        }
    }()

    /// Letters, digits, `_-./@~+` and anything not ASCII: what an image name's bytes may be.
    fileprivate static let nameBytes: [Bool] = (0..<256).map { (byte: Int) -> Bool in
        let punctuation: Set<UInt8> = Set("_-./@~+".utf8)
        return byte >= 0x80 || SwiftSnippets.isIdentifierByte(UInt8(byte)) && byte != 0x24
            || punctuation.contains(UInt8(byte))
    }

    /// Whether the pattern can be almost any image's name: no fixed text beyond an extension,
    /// a scale or punctuation (`"%@.png"`, `"\(name)@2x"`). Such a pattern at an image API
    /// does not keep an image from being called unused; the finding names it.
    public var reachesAnyName: Bool {
        // A letter or digit no suffix has stays: settled with no text built (most patterns).
        if Self.lettersNoSuffixHas(in: pieces) > 0 { return false }
        let text = Self.withoutImageSuffixes(pieces.joined())
        return !text.unicodeScalars.contains { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}

/// The names of a Swift file (see ``CodeName``), in one pass over its bytes: strings (single-line,
/// multi-line, raw, with interpolations as unknown parts and the strings inside them read too),
/// enum case names, and members not called. Comments are passed over. Never fails: an
/// unterminated string or comment ends at the end of the file or line as the compiler's would.
enum SwiftCodeNames {
    private enum Frame {
        case code(parentheses: Int)
        case string(multiline: Bool, hashes: Int, line: Int, resource: Bool)
    }

    /// - Parameter filter: keeps only the words that may reach an image it knows.
    static func names(in bytes: [UInt8], keeping filter: LooseKeyFilter? = nil) -> [CodeName] {
        // A file that gives `UIImage(contentsOfFile:)` a path may give it the resource's: then
        // the scale is picked after all.
        let readsFiles = !bytes.containsBytes(Array("UIImage(contentsOfFile".utf8))
        return bytes.withUnsafeBufferPointer { names(in: $0, readsFiles: readsFiles, filter: filter) }
    }

    /// Whether the filter `walker` reads turns away the name these bytes spell, told without
    /// making a `String`: only for ASCII (whose bytes a `String` keeps as they are); false
    /// without a filter.
    @inline(__always)
    static func turnsAway(_ bytes: UnsafeBufferPointer<UInt8>, _ walker: LooseKeyFilter.Walker?) -> Bool {
        guard let walker, !bytes.contains(where: { $0 >= 0x80 }) else { return false }
        return !walker.mayMatch(utf8: bytes)
    }

    /// Whether a `+` (not `+=`) follows `offset`, across spaces: the string before it starts a
    /// name built at run time (`"Float Button " + theme`).
    static func isJoined(after offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = offset
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "+")
            && (index + 1 >= bytes.count || bytes[index + 1] != UInt8(ascii: "="))
    }

    /// ``turnsAway(_:_:)`` for a string literal's text, which is kept when it may be a pattern
    /// (``CodeName/names(ofLiteral:)``: a `%`, or a separator that starts or ends it).
    static func turnsAway(literal text: [UInt8], _ walker: LooseKeyFilter.Walker?) -> Bool {
        guard walker != nil, let first = text.first, let last = text.last,
            first != UInt8(ascii: "_"), first != UInt8(ascii: "-"), last != UInt8(ascii: "_"),
            last != UInt8(ascii: "-"), last != UInt8(ascii: "/"), !text.contains(UInt8(ascii: "%"))
        else { return false }
        return text.withUnsafeBufferPointer { turnsAway($0, walker) }
    }

    /// The loop reads the bytes through a pointer, keeps the innermost frame in a local, and
    /// hands runs of comment and string text to CTextScan (sixteen bytes at a time): it is
    /// `unused-image`'s read of every Swift file, 25 MB in the benchmark app.
    private static func names(in bytes: UnsafeBufferPointer<UInt8>, readsFiles: Bool, filter: LooseKeyFilter?)
        -> [CodeName]
    {
        var found = CodeName.Collector(filter: filter)
        // The filter's tables, valid while `found` holds the filter.
        let walker = found.walker
        var frames: [Frame] = [.code(parentheses: 0)]
        // The innermost frame, kept out of the array: read at every byte.
        var top = Frame.code(parentheses: 0)
        func push(_ frame: Frame) {
            frames.append(frame)
            top = frame
        }
        func pop() {
            frames.removeLast()
            top = frames[frames.count - 1]
        }
        // The parts of each open string, innermost last.
        var strings: [[String?]] = []
        var text: [UInt8] = []
        var index = 0
        var line = 1
        // In a `case` list: the next name after `case` or `,` is a case's.
        var inCaseList = false
        var expectsCaseName = false
        // The last name read, the offset just past it, and whether it is known to be a value
        // (`a!.b`, `f().b`) rather than maybe a type (`UIImage`, `hCoreUIAssets`), for member
        // chains. Its text is built only when a member follows it: most words are never asked.
        var previousWord: (start: Int, end: Int, isValue: Bool)?
        let count = bytes.count
        guard let base = bytes.baseAddress else { return [] }
        if count >= 2, base[0] == UInt8(ascii: "#"), base[1] == UInt8(ascii: "!") {
            while index < count, base[index] != UInt8(ascii: "\n") { index += 1 }
        }
        func at(_ offset: Int) -> UInt8? { offset < count ? base[offset] : nil }
        func closeText() {
            strings[strings.count - 1].append(
                text.count <= CodeName.maxBytes ? String(decoding: text, as: UTF8.self) : "\n")
            text.removeAll(keepingCapacity: true)
        }
        // Just after a `.` (and the spaces after it): the next word may be a member.
        var afterDot = false
        while index < count {
            var byte = base[index]
            switch top {
            case .string(let multiline, let hashes, let startLine, let resource):
                if byte == UInt8(ascii: "\\"), (0..<hashes).allSatisfy({ at(index + 1 + $0) == UInt8(ascii: "#") }) {
                    let next = at(index + 1 + hashes)
                    if next == UInt8(ascii: "(") {
                        closeText()
                        strings[strings.count - 1].append(nil)
                        push(.code(parentheses: 0))
                        index += hashes + 2
                        continue
                    }
                    if let next {
                        switch next {
                        case UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "\n"): text.append(UInt8(ascii: "\n"))
                        case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
                        default: text.append(next)
                        }
                        if next == UInt8(ascii: "\n") { line += 1 }
                    }
                    index += hashes + 2
                    continue
                }
                if byte == UInt8(ascii: "\"") {
                    let quotes = multiline ? 3 : 1
                    if (0..<quotes).allSatisfy({ at(index + $0) == UInt8(ascii: "\"") })
                        && (0..<hashes).allSatisfy({ at(index + quotes + $0) == UInt8(ascii: "#") })
                    {
                        let name: ImageReference.Name?
                        if strings[strings.count - 1].isEmpty {
                            // One piece, no interpolation (most strings): no array of parts made.
                            strings.removeLast()
                            if text.count > CodeName.maxBytes {
                                name = nil
                            } else if Self.isJoined(after: index + quotes + hashes, in: bytes) {
                                name = CodeName.names(ofJoinedPrefix: String(decoding: text, as: UTF8.self))
                            } else {
                                name =
                                    Self.turnsAway(literal: text, walker)
                                    ? nil : CodeName.names(ofLiteral: String(decoding: text, as: UTF8.self))
                            }
                            text.removeAll(keepingCapacity: true)
                        } else {
                            closeText()
                            name = CodeName.names(ofString: strings.removeLast())
                        }
                        pop()
                        if let name {
                            found.add(name, resource && readsFiles ? .resourceFile : .string, line: startLine)
                        }
                        index += quotes + hashes
                        continue
                    }
                }
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    if !multiline {
                        // An unterminated string ends with its line, and names nothing.
                        strings.removeLast()
                        text.removeAll(keepingCapacity: true)
                        pop()
                    } else {
                        text.append(byte)
                    }
                    index += 1
                    continue
                }
                // The text up to the next byte that may end or escape it, at once.
                var feeds = 0
                var lastFeed = 0
                let stop = max(
                    tc_skip_swift_string(base, index + 1, count, multiline ? 1 : 0, &feeds, &lastFeed), index + 1)
                line += feeds
                let room = CodeName.maxBytes + 1 - text.count
                if room > 0 { text.append(contentsOf: UnsafeBufferPointer(start: base + index, count: min(stop - index, room))) }
                index = stop
            case .code(let parentheses):
                // Outside a `case` list, only `/`, `"`, `#`, `.`, `case`, and in an interpolation
                // its parentheses, change what is read: the rest is passed in CTextScan.
                if !inCaseList, !expectsCaseName, !afterDot {
                    var feeds = 0
                    index = tc_skip_swift_names_code(base, index, count, &feeds, frames.count > 1 ? 1 : 0)
                    line += feeds
                    guard index < count else { continue }
                    byte = base[index]
                }
                if byte != UInt8(ascii: " ") { afterDot = byte == UInt8(ascii: ".") }
                switch byte {
                case UInt8(ascii: "\n"):
                    line += 1
                    // `case us, gb,` goes on on the next line; after a name, the list ends.
                    if !(inCaseList && expectsCaseName) {
                        inCaseList = false
                        expectsCaseName = false
                    }
                    index += 1
                case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"):
                    // To the line's end (LF or CR), sixteen bytes at a time.
                    index = tc_skip_to_line_end(base, index, count)
                case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "*"):
                    var depth = 1
                    index += 2
                    while index < count, depth > 0 {
                        if base[index] == UInt8(ascii: "*"), at(index + 1) == UInt8(ascii: "/") {
                            depth -= 1
                            index += 2
                        } else if base[index] == UInt8(ascii: "/"), at(index + 1) == UInt8(ascii: "*") {
                            depth += 1
                            index += 2
                        } else {
                            if base[index] == UInt8(ascii: "\n") { line += 1 }
                            index += 1
                        }
                    }
                case UInt8(ascii: "#"), UInt8(ascii: "\""):
                    var hashes = 0
                    while at(index + hashes) == UInt8(ascii: "#") { hashes += 1 }
                    guard at(index + hashes) == UInt8(ascii: "\"") else {
                        index += max(hashes, 1)
                        continue
                    }
                    let multiline =
                        at(index + hashes + 1) == UInt8(ascii: "\"") && at(index + hashes + 2) == UInt8(ascii: "\"")
                    push(
                        .string(
                            multiline: multiline, hashes: hashes, line: line,
                            resource: frames.count == 1 && CodeName.follows(CodeName.swiftResourceLabel, at: index, in: bytes)))
                    strings.append([])
                    text.removeAll(keepingCapacity: true)
                    index += hashes + (multiline ? 3 : 1)
                case UInt8(ascii: "("):
                    frames[frames.count - 1] = .code(parentheses: parentheses + 1)
                    top = frames[frames.count - 1]
                    index += 1
                case UInt8(ascii: ")"):
                    if parentheses == 0, frames.count > 1 {
                        pop()  // The end of an interpolation: back in its string.
                        text.removeAll(keepingCapacity: true)
                    } else {
                        frames[frames.count - 1] = .code(parentheses: max(parentheses - 1, 0))
                        top = frames[frames.count - 1]
                    }
                    index += 1
                case UInt8(ascii: ","):
                    expectsCaseName = inCaseList
                    index += 1
                case UInt8(ascii: ":"), UInt8(ascii: "{"), UInt8(ascii: ";"):
                    inCaseList = false
                    expectsCaseName = false
                    index += 1
                case _ where SwiftSnippets.isIdentifierByte(byte) && !(byte >= 0x30 && byte <= 0x39):
                    let start = index
                    while index < count, SwiftSnippets.isIdentifierByte(base[index]) { index += 1 }
                    if index - start == 4, base[start] == UInt8(ascii: "c"), base[start + 1] == UInt8(ascii: "a"),
                        base[start + 2] == UInt8(ascii: "s"), base[start + 3] == UInt8(ascii: "e")
                    {
                        inCaseList = true
                        expectsCaseName = true
                        continue
                    }
                    var before = start
                    while before > 0, base[before - 1] == UInt8(ascii: " ") { before -= 1 }
                    let isMember =
                        before > 0 && base[before - 1] == UInt8(ascii: ".")
                        && !(before > 1 && base[before - 2] == UInt8(ascii: "."))
                    // Most words are neither a member nor a case's name: nothing more to ask.
                    guard isMember || expectsCaseName else {
                        previousWord = (start, index, false)
                        continue
                    }
                    var after = index
                    while after < count, base[after] == UInt8(ascii: " ") { after += 1 }
                    // A member of a value is no asset symbol, which is never optional and never
                    // follows a call: `view().first`, `list[0].first`, `a?.first`, `overlays.first!`,
                    // `items.first?.name`, `items.first ?? x`, and what follows one (`a!.b.first`).
                    // A type's name may start in lower case (Tuist's `hCoreUIAssets.chevronRight`).
                    let dot = before - 1
                    // The word that ends at the dot, if any: read now, as the words passed over
                    // are not kept (a plain word is never known to be a value).
                    var previous = previousWord
                    if isMember, previous?.end != dot, dot > 0, SwiftSnippets.isIdentifierByte(base[dot - 1]) {
                        var wordStart = dot - 1
                        while wordStart > 0, SwiftSnippets.isIdentifierByte(base[wordStart - 1]) { wordStart -= 1 }
                        let isNumber = base[wordStart] >= 0x30 && base[wordStart] <= 0x39
                        previous = isNumber ? nil : (wordStart, dot, false)
                    }
                    let unwrapped =
                        (at(index) == UInt8(ascii: "!") && at(index + 1) != UInt8(ascii: "="))
                        || (at(index) == UInt8(ascii: "?") && at(index + 1) == UInt8(ascii: "."))
                        || (at(after) == UInt8(ascii: "?") && at(after + 1) == UInt8(ascii: "?"))
                    let ofValue =
                        isMember
                        && (unwrapped || (previous.map { $0.end == dot && $0.isValue } ?? false)
                            || (dot > 0 && Self.endsValue(base[dot - 1])))
                    let called = at(after) == UInt8(ascii: "(")
                    if expectsCaseName || !called, index - start <= CodeName.maxBytes {
                        let word = UnsafeBufferPointer(rebasing: bytes[start..<index])
                        // Made only for a name kept: with a filter, most are turned away by their bytes.
                        lazy var text = String(decoding: word, as: UTF8.self)
                        if !ofValue, !Self.turnsAway(word, walker) {
                            found.add(.literal(text), isMember ? .member : .enumCase, line: line)
                        }
                        // `.Onboarding.lock`: the symbol of a set in a folder that provides a
                        // namespace, which the last name alone does not reach (spelled as
                        // `Onboarding.lock` in the bytes when no space follows the dot).
                        if isMember, let previous, previous.end == before - 1,
                            previous.end - previous.start + index - start < CodeName.maxBytes,
                            !(start == before
                                && Self.turnsAway(UnsafeBufferPointer(rebasing: bytes[previous.start..<index]), walker))
                        {
                            let previousText = String(
                                decoding: UnsafeBufferPointer(rebasing: bytes[previous.start..<previous.end]),
                                as: UTF8.self)
                            found.add(.literal(previousText + "." + text), .member, line: line)
                        }
                    }
                    previousWord = (start, index, ofValue)
                    expectsCaseName = false
                default:
                    // Digits start numbers, whose letters (`0x1F`, `1e5`) are not names.
                    if byte >= 0x30 && byte <= 0x39 {
                        while index < count, SwiftSnippets.isIdentifierByte(base[index]) { index += 1 }
                    } else {
                        index += 1
                    }
                }
            }
        }
        return found.names
    }

    /// `)`, `]`, `!`, `?`: what ends a call, a subscript or an unwrapped value.
    private static func endsValue(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?")
    }

}
