/// Why an image counts as used: each place that names it, or may name it.
public struct UsageEvidence: Sendable, Hashable, CustomStringConvertible {
    public enum Strength: Sendable, Hashable {
        /// An image API with the name, a generated symbol, a storyboard, an Info.plist key.
        case certain
        /// A name the code or a data file holds that may reach an image API by a path TallCheck
        /// does not follow: the image is kept, not called unused.
        case maybe
        /// A name built at run time with almost nothing fixed (`"%@.png"`): it could be any
        /// image, so it keeps none; `unused-image` names it in its finding.
        case anyName
    }

    public var strength: Strength
    /// The file that names it: a source file, a data file or the Info.plist.
    public var path: String
    /// 1-based; nil when the file's line is not known (data files).
    public var line: Int?
    /// What names it, as the file spells it: `"gear"`, `case settings`, `UIImage(named:) "gear"`.
    public var what: String
    /// Whether it is a name built at run time (`flag_*`), which may name the image, not its own name.
    public var isPattern = false
    /// Whether the code spells the name only as a bundle resource it reads by path
    /// (``CodeName/Kind/resourceFile``): no screen's scale picks a variant of it.
    public var readsFile = false
    /// Whether it is a word the code spells away from an image API (`"slide-bg-1.jpg"` in an
    /// array), which reaches one only through a call that takes a name it does not spell.
    public var spelledInCode = false

    /// `App/Icons.swift:4: "gear"`.
    public var site: String { line.map { "\(path):\($0)" } ?? path }

    public var description: String { "\(site): \(what)" }
}

/// Every name an inventory's code, Interface Builder files, data files and Info.plist give, to
/// tell for one image name whether it is used, maybe used or not named at all (``UsageEvidence``).
/// Built once per inventory: `unused-image` asks it of every image, `tallcheck references
/// --image` of one.
public struct ImageUsage: Sendable {
    /// Every piece of evidence, once; the tables below hold indices into it.
    private var evidence: [UsageEvidence] = []
    /// By lower-cased lookup key (``NameKeys/lookup(_:)``).
    private var certain: [String: Int] = [:]
    /// The base names of names with a folder (`star` of `Images/star`): they reach only an image
    /// the scan places at the top.
    private var certainFromFolder: [String: Int] = [:]
    /// Lower-cased patterns, each once (the same `flag_*` in a hundred files is one).
    private var certainPatterns: [NamePattern: Int] = [:]
    private var anyNamePatterns: [NamePattern: Int] = [:]
    /// The same, each by its fixed ends, for a name to be tried against those that may match it.
    private var certainPatternIndex = PatternIndex<Int>()
    private var anyNamePatternIndex = PatternIndex<Int>()
    /// The code's patterns (``CodeNameIndex/patterns``), by their fixed ends.
    private var codePatternIndex = PatternIndex<CodeNameIndex.Site>()
    /// By loose key (letters and digits, lower case): what the code spells.
    private var maybe: [String: Int] = [:]
    /// What the code spells (``CodeNameIndex``): tried after ``maybe``.
    private var codeNames = CodeNameIndex()
    /// The data files' names by loose key, shared by every target's usage (``DataNames``): tried
    /// after ``maybe``, the code's.
    private var dataNames: DataNames = []
    /// ``ReadLimits/runtimeNamePatterns``.
    static let maxPatterns = ReadLimits.standard.runtimeNamePatterns
    private let manyPatterns = UsageEvidence(
        strength: .maybe, path: "the code",
        what: "more than \(ImageUsage.maxPatterns) distinct names built at run time, not matched one by one")

    /// - Parameter readingDataFiles: whether the names of the tree's data files count; without
    ///   them, only what the code, Interface Builder files and Info.plist name does.
    /// - Parameter codeFiles: the source files whose names count; nil: every file's.
    public init(_ inventory: Inventory, readingDataFiles: Bool = true, codeFiles: Set<String>? = nil) {
        func addCertain(_ name: String, _ found: UsageEvidence) {
            // A name with a folder (`Images/star`) loads from that folder: it reaches an image the
            // scan places in another folder (`Images/Gist/star`) by no key, and one it places at the
            // top (`star`, which may be a folder's in truth) by its base name only.
            let folder = name.utf8.contains(UInt8(ascii: "/"))
            let keys = NameKeys.lookup(name)
            let added = keys.filter { key in
                folder && !key.utf8.contains(UInt8(ascii: "/"))
                    ? certainFromFolder[key] == nil : certain[key] == nil
            }
            guard !added.isEmpty else { return }
            evidence.append(found)
            for key in added {
                if folder && !key.utf8.contains(UInt8(ascii: "/")) {
                    certainFromFolder[key] = evidence.count - 1
                } else {
                    certain[key] = evidence.count - 1
                }
            }
        }
        func addPattern(
            _ pattern: NamePattern, _ found: UsageEvidence, to table: inout [NamePattern: Int],
            index: inout PatternIndex<Int>
        ) {
            let lowered = NamePattern(pieces: pattern.pieces.map { $0.lowercased() })
            guard table[lowered] == nil else { return }
            var found = found
            found.isPattern = true
            evidence.append(found)
            table[lowered] = evidence.count - 1
            index.add(lowered, evidence.count - 1)
        }
        // Built at the first symbol the code uses: naming every set costs more than the rest.
        var symbolIndex: AssetSymbolNaming.Index?
        func sets(for symbol: AssetSymbol) -> [CatalogSet] {
            if symbolIndex == nil { symbolIndex = AssetSymbolNaming.Index(inventory.catalogSets) }
            return symbolIndex!.sets(for: symbol)
        }
        for reference in inventory.references {
            let found = UsageEvidence(
                strength: reference.keepsOnly ? .maybe : .certain, path: reference.path, line: reference.line,
                what: "\(reference.api) \(Self.quoted(reference.shownName))")
            switch reference.name {
            case .literal(let name):
                if reference.keepsOnly { addMaybe(name, found) } else { addCertain(name, found) }
            case .pattern(let pattern):
                if pattern.reachesAnyName {
                    var broad = found
                    broad.strength = .anyName
                    addPattern(pattern, broad, to: &anyNamePatterns, index: &anyNamePatternIndex)
                } else {
                    addPattern(pattern, found, to: &certainPatterns, index: &certainPatternIndex)
                }
            case .symbol(let symbol):
                for set in sets(for: symbol) {
                    addCertain(set.name, found)
                }
            }
        }
        if let info = inventory.info {
            for name in info.shortcutIconFiles {
                addCertain(
                    name,
                    UsageEvidence(
                        strength: .certain, path: info.path,
                        what: "UIApplicationShortcutItemIconFile \(Self.quoted(name))"))
            }
            for name in info.launchScreenImageNames {
                addCertain(
                    name, UsageEvidence(strength: .certain, path: info.path, what: "UIImageName \(Self.quoted(name))"))
            }
        }
        if readingDataFiles { dataNames = inventory.dataNames }
        if let codeFiles {
            codeNames = CodeNameIndex(
                codeNames: inventory.codeNames.filter { codeFiles.contains($0.key) }, references: inventory.references,
                keys: inventory.codeWordKeys, asked: inventory.askedKeys)
        } else {
            codeNames =
                inventory.codeNameIndex
                ?? CodeNameIndex(
                    codeNames: inventory.codeNames, references: inventory.references, keys: inventory.codeWordKeys,
                    asked: inventory.askedKeys)
        }
        codePatternIndex = PatternIndex(codeNames.patterns.lazy.map { ($0.pattern, $0.site) })
    }

    /// A name and its ends after each `/`: `Images/Gist/star`, `Gist/star`, `star`.
    static func folderSuffixes(_ name: String) -> [String] {
        var suffixes = [name]
        var rest = Substring(name)
        while let slash = rest.firstIndex(of: "/") {
            rest = rest[rest.index(after: slash)...]
            if !rest.isEmpty { suffixes.append(String(rest)) }
        }
        return suffixes
    }

    private mutating func addMaybe(_ name: String, _ found: UsageEvidence) {
        let keys = NameKeys.loose(name).filter { maybe[$0] == nil }
        guard !keys.isEmpty else { return }
        evidence.append(found)
        for key in keys { maybe[key] = evidence.count - 1 }
    }

    /// The strongest evidence for an image by the name the app asks for it (`Icons/star`,
    /// `Badge`, `photo.jpg`); nil when nothing names it.
    /// - Parameter inCatalog: whether the name is an image set's, whose folder, when it has one,
    ///   is a namespace the name needs; a loose file's folder may be only where the tree keeps it.
    /// - Parameter exactFolder: whether the name's folder is one the app's bundle holds (a .NET
    ///   project keeps its items' folders), so that only names with that folder reach it.
    public func evidence(for name: String, inCatalog: Bool = true, exactFolder: Bool = false) -> UsageEvidence? {
        all(for: name, inCatalog: inCatalog, exactFolder: exactFolder, stoppingAtFirst: true).first
    }

    /// Every piece of evidence for a name, the strongest first.
    public func allEvidence(for name: String, inCatalog: Bool = true, exactFolder: Bool = false) -> [UsageEvidence] {
        all(for: name, inCatalog: inCatalog, exactFolder: exactFolder, stoppingAtFirst: false)
    }

    private func all(for name: String, inCatalog: Bool, exactFolder: Bool, stoppingAtFirst: Bool) -> [UsageEvidence] {
        var found: [Int] = []
        func done() -> Bool { stoppingAtFirst && !found.isEmpty }
        func matching(_ patterns: PatternIndex<Int>, _ candidates: () -> [String]) -> [Int] {
            patterns.isEmpty ? [] : patterns.entries(matchingAny: candidates()).map(\.value)
        }
        // `Images/Gist/star` is reached by `Images/Gist/star`, `Gist/star` and `star`, unless the
        // bundle holds that folder.
        let suffixes = exactFolder ? [name] : Self.folderSuffixes(name)
        var keys = suffixes.reduce(into: Set<String>()) { $0.formUnion(NameKeys.lookup($1)) }
        if exactFolder { keys = keys.filter { $0.utf8.contains(UInt8(ascii: "/")) } }
        let topLevel = !name.utf8.contains(UInt8(ascii: "/"))
        found += Set(keys.compactMap { certain[$0] ?? (topLevel ? certainFromFolder[$0] : nil) }).sorted()
        guard !done() else { return found.prefix(1).map { evidence[$0] } }
        // The texts patterns are tried on, built only when a pattern is there to try.
        var built: [String]?
        func candidates() -> [String] {
            if let built { return built }
            built = Self.candidates(name)
            return built!
        }
        found += matching(certainPatternIndex, candidates)
        guard !done() else { return found.prefix(1).map { evidence[$0] } }
        var keysMaybe = NameKeys.maybeKeys(name)
        if !inCatalog { for suffix in suffixes.dropFirst() { keysMaybe.formUnion(NameKeys.maybeKeys(suffix)) } }
        if codeNames.tooManyPatterns { return (stoppingAtFirst ? [] : found.map { evidence[$0] }) + [manyPatterns] }
        found += Set(keysMaybe.compactMap { maybe[$0] }).sorted()
        guard !done() else { return found.prefix(1).map { evidence[$0] } }
        // Then the code's words, the data files' names and the code's patterns, in that order.
        var shared: [UsageEvidence] = []
        func spelled(_ site: CodeNameIndex.Site, isPattern: Bool = false) -> UsageEvidence {
            UsageEvidence(
                strength: .maybe, path: site.path, line: site.line, what: site.shown, isPattern: isPattern,
                readsFile: site.readsFile, spelledInCode: !isPattern)
        }
        shared += Set(keysMaybe.compactMap { codeNames.site(forLooseKey: $0) }).sorted { ($0.path, $0.line) < ($1.path, $1.line) }
            .map { spelled($0) }
        if stoppingAtFirst, let first = shared.first { return [first] }
        shared += Set(keysMaybe.compactMap { dataNames.name(forLooseKey: $0) }).sorted().map { name in
            UsageEvidence(strength: .maybe, path: "a data file", what: Self.quoted(name))
        }
        if stoppingAtFirst, let first = shared.first { return [first] }
        for (_, site) in codePatternIndex.isEmpty ? [] : codePatternIndex.entries(matchingAny: candidates()) {
            shared.append(spelled(site, isPattern: true))
            if stoppingAtFirst { return shared }
        }
        let all = found.map { evidence[$0] } + shared
        if stoppingAtFirst, let first = all.first { return [first] }
        return all + matching(anyNamePatternIndex, candidates).map { evidence[$0] }
    }

    /// The texts a pattern is tried on, lower-cased: the name, its last component, each with
    /// the extensions a name built at run time may carry.
    private static func candidates(_ name: String) -> [String] {
        let lowered = name.lowercased()
        let last = String(lowered.split(separator: "/").last ?? "")
        var candidates = [lowered]
        if last != lowered { candidates.append(last) }
        for candidate in candidates where !candidate.utf8.contains(UInt8(ascii: ".")) {
            candidates += ["png", "jpg", "jpeg"].map { "\(candidate).\($0)" }
        }
        return candidates
    }

    private static func quoted(_ text: String) -> String { "\"\(text)\"" }
}
