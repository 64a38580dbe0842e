/// Every name the code spells (``CodeName``), by the loose key it may reach an image under, for
/// `unused-image`: built once a scan and shared by every target (a target asking about its own
/// files only builds its own). What is left out:
///
/// - a string in a C# static member no code reads (``CodeName/member``, ``CSharpMembers``);
/// - the base name of a path an image API is given in the same file: that reference says which
///   folder it loads from (`FromBundle("/Images/star")` reaches `Images/star`, not `Images/Gist/star`).
///
/// The names the storyboards and xibs of framework targets give are in it too.
public struct CodeNameIndex: Sendable {
    /// Where a name is spelled.
    public struct Site: Sendable, Hashable {
        public var path: String
        public var line: Int
        /// `"gear"`, `case settings`, `.heroImage`, `"icon-*"`.
        public var shown: String
        /// Every spelling of the key is a bundle resource read by path (``CodeName/Kind/resourceFile``).
        public var readsFile = false
    }

    /// By loose key: the first site (in path order) of a word or member that has it; with
    /// ``asked``, of the keys it holds only.
    private var byLooseKey: [String: Site] = [:]
    /// The keys the images may be asked for by, when indexed for those only; with what the
    /// index was made from, to look for another key in (``site(forLooseKey:)``).
    private var asked: LooseKeyFilter?
    private var sources: Sources?
    private struct Sources: Sendable {
        var codeNames: [String: [CodeName]]
        var references: [ImageReference]
        var frameworkNibs: Set<String>
    }
    /// Names built at run time, lower-cased, each with its first site; at most `maxPatterns`.
    public private(set) var patterns: [(pattern: NamePattern, site: Site)] = []
    /// More patterns than `maxPatterns`: any image may be named.
    public private(set) var tooManyPatterns = false

    public init() {}

    /// The first site of a word or member with `key`. A key outside the asked ones (a name
    /// `tallcheck references --image` is given) is looked for in every word.
    public func site(forLooseKey key: String) -> Site? {
        if let asked, !asked.keys.contains(key), let sources {
            return CodeNameIndex(
                codeNames: sources.codeNames, references: sources.references, keys: LooseKeyTable(),
                frameworkNibs: sources.frameworkNibs
            ).byLooseKey[key]
        }
        return byLooseKey[key]
    }

    /// Keeps the first site of a key; a key spelled other than as a resource read is no read.
    private mutating func add(_ site: Site, key: String) {
        if let first = byLooseKey[key] {
            if first.readsFile, !site.readsFile { byLooseKey[key]?.readsFile = false }
        } else {
            byLooseKey[key] = site
        }
    }

    /// - Parameter references: the references of the same files, whose literal arguments are left out.
    /// - Parameter frameworkNibs: the storyboards and xibs framework targets build, whose names count.
    /// - Parameter asked: the keys the rules may ask for (``NameKeys/askedKeys(paths:)``): only the
    ///   words that may have one are indexed. Nil indexes every word.
    public init(
        codeNames: [String: [CodeName]], references: [ImageReference], keys: LooseKeyTable,
        frameworkNibs: Set<String> = [], maxPatterns: Int = ReadLimits.standard.runtimeNamePatterns,
        asked: LooseKeyFilter? = nil
    ) {
        if let asked {
            self.asked = asked
            sources = Sources(codeNames: codeNames, references: references, frameworkNibs: frameworkNibs)
        }
        let files = codeNames.sorted { $0.key < $1.key }
        // The filter's tables, asked at each word with nothing retained; `asked` keeps them alive.
        let walker = asked?.walker
        defer { withExtendedLifetime(asked) {} }
        // The C# members some code reads (`Gist.Share`, `Gist.*`).
        var membersRead: Set<String> = []
        for (_, names) in files {
            for name in names where name.kind == .member {
                if case .literal(let word) = name.name, word.utf8.contains(UInt8(ascii: ".")) { membersRead.insert(word) }
            }
        }
        func isRead(_ member: String) -> Bool {
            membersRead.contains(member) || membersRead.contains(member.prefix { $0 != "." } + ".*")
        }
        let referenced = Set(
            references.compactMap { reference -> [String]? in
                guard !reference.keepsOnly, case .literal(let name) = reference.name else { return nil }
                return [reference.path, name]
            })
        var seenPatterns: Set<NamePattern> = []
        for (path, names) in files {
            for name in names where name.member.map(isRead) ?? true {
                if let walker, case .literal(let word) = name.name, !walker.mayMatch(word) { continue }
                let site = Site(path: path, line: name.line, shown: name.shown)
                switch name.name {
                case .literal(let word):
                    if name.kind == .member {
                        let key = AssetSymbolNaming.loose(word)
                        add(site, key: key)
                        continue
                    }
                    // A folder an image API is given is that folder: its base name alone reaches nothing.
                    let exact =
                        name.kind == .string && word.utf8.contains(UInt8(ascii: "/"))
                        && referenced.contains([path, String(word.drop { $0 == "/" })])
                    let wordKeys =
                        exact
                        ? Set(NameKeys.lookup(word).filter { $0.utf8.contains(UInt8(ascii: "/")) }.map(AssetSymbolNaming.loose))
                        : keys.keys(word)
                    var site = site
                    site.readsFile = name.kind == .resourceFile
                    for key in wordKeys { add(site, key: key) }
                case .pattern(let pattern):
                    let lowered = NamePattern(pieces: pattern.pieces.map { $0.lowercased() })
                    guard !seenPatterns.contains(lowered) else { continue }
                    guard patterns.count < maxPatterns else {
                        tooManyPatterns = true
                        continue
                    }
                    seenPatterns.insert(lowered)
                    patterns.append((lowered, site))
                case .symbol: break
                }
            }
        }
        // A framework's storyboard or xib (Loop's LoopUI StatusBarHUDView.xib) may load an image
        // from the app that embeds the framework: its names count as the code's do.
        for reference in references where reference.lookup == .interfaceBuilder && !frameworkNibs.isEmpty {
            guard frameworkNibs.contains(reference.path), case .literal(let name) = reference.name,
                walker?.mayMatch(name) ?? true
            else { continue }
            let site = Site(path: reference.path, line: reference.line, shown: "\(reference.api) \"\(name)\"")
            for key in keys.keys(name) { add(site, key: key) }
        }
    }
}
