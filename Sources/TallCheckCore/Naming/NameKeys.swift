/// The keys a name is looked up by when TallCheck asks whether anything names an image
/// (`unused-image`, `references --image`): exact ones, and loose ones for names spelled away
/// from an image API.
public enum NameKeys {
    /// The keys a name is used under, lower-cased: `Badge@2x~ipad.png` and `Badge` both use
    /// `badge`; `Levels/map1` uses `levels/map1` and `map1`; `/Images/star` and `./Images/star`
    /// name `Images/star` in the bundle.
    public static func lookup(_ name: String) -> Set<String> {
        var name = Substring(name)
        while name.hasPrefix("/") || name.hasPrefix("./") { name = name.drop { $0 == "." || $0 == "/" } }
        while name.hasSuffix("/") { name = name.dropLast() }
        // By bytes: `String.contains(".")` is Foundation's substring search (7 % of a Brave lint).
        let slash = name.lastIndex(ofByte: UInt8(ascii: "/"))
        let last = String(slash.map { name[name.index(after: $0)...] } ?? name)
        let base = ImageName(fileName: last.utf8.contains(UInt8(ascii: ".")) ? last : last + ".png").base
        let lowerBase = base.lowercased()
        var keys: Set<String> = [lowerBase, last.lowercased()]
        if let slash {
            keys.insert(name[..<slash].lowercased() + "/" + lowerBase)
        }
        return keys
    }

    /// The loose forms of a name's lookup keys: `Icons/star@2x.png` → `iconsstar`, `star`.
    public static func loose(_ name: String) -> Set<String> {
        Set(lookup(name).map(AssetSymbolNaming.loose).filter { !$0.isEmpty })
    }

    /// What a name the code spells must be, loosely, to reach the image the app asks for by
    /// `name`: its base, its last component and the symbol Xcode makes of it, each after its
    /// folders. A name in a folder (`Onboarding/Gear`, a set in a namespace or a file in a bundle
    /// folder) is reached only with its folder: `onboardinggear`, not `gear`.
    public static func maybeKeys(_ name: String) -> Set<String> {
        let (folder, last, base) = parts(of: name)
        let looseBase = AssetSymbolNaming.loose(base)
        // For an ASCII base, Xcode's symbol is loosely the base itself unless it drops a
        // `Color`: built only then (building it for every image was a third of `unused-image`).
        let symbol =
            base.utf8.allSatisfy({ $0 < 0x80 }) && !looseBase.hasSuffix("color")
            ? looseBase : AssetSymbolNaming.loose(AssetSymbolNaming.xcodeSymbol(base))
        return Set([looseBase, AssetSymbolNaming.loose(last), symbol].map { folder + $0 }.filter { !$0.isEmpty })
    }

    /// A name's folders (loose), its last component and that component's base.
    private static func parts(of name: String) -> (folder: String, last: String, base: String) {
        let parts = name.split(separator: "/")
        let last = String(parts.last ?? "")
        let base = ImageName(fileName: last.utf8.contains(UInt8(ascii: ".")) ? last : last + ".png").base
        return (parts.count > 1 ? AssetSymbolNaming.loose(parts.dropLast().joined()) : "", last, base)
    }

    /// Every key (``maybeKeys(_:)``) the images of a tree may be asked for by: each image
    /// file's path and image set's name, with each of its folder suffixes (`A/B/star.png`,
    /// `B/star.png`, `star.png`), as the rules ask for a loose file by its folder or without it.
    public static func askedKeys(paths: some Sequence<String>) -> Set<String> {
        var suffixes: Set<Substring> = []
        for path in paths {
            var rest = Substring(path)
            while suffixes.insert(rest).inserted, let slash = rest.firstIndex(of: "/") {
                rest = rest[rest.index(after: slash)...]
            }
        }
        // Keyed on every core, then gathered.
        return Array(suffixes).concurrentMap(batchSize: 256) { askedKeys(String($0)) }.reduce(into: []) {
            $0.formUnion($1)
        }
    }

    /// ``maybeKeys(_:)`` or more, sooner: for an ASCII name, Xcode's symbol differs from the base
    /// loosely only by a `Color` it drops, so both are taken without building the symbol.
    private static func askedKeys(_ name: String) -> Set<String> {
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return maybeKeys(name) }
        let (folder, last, spelledBase) = parts(of: name)
        let base = AssetSymbolNaming.loose(spelledBase)
        var keys = [base, AssetSymbolNaming.loose(last)]
        if base.hasSuffix("color"), base.utf8.count > 5 { keys.append(String(base.dropLast(5))) }
        return Set(keys.map { folder + $0 }.filter { !$0.isEmpty })
    }
}

/// The string values of the tree's data files, which may name images (``DataNamesInput``), with
/// the loose key each is found by: built once a scan, shared by every target's inventory (a
/// tree's data holds about 100,000 strings; keying them again for each of 20 targets took 29 s).
public struct DataNames: Sendable, ExpressibleByArrayLiteral {
    /// Every string, as read.
    private let strings: DataStrings
    /// By loose key (``NameKeys/loose(_:)``): the first name read that has it; with ``asked``,
    /// only the keys it holds.
    private let byLooseKey: [String: String]
    /// The keys the images may be asked for by, when keyed for those only.
    private let asked: LooseKeyFilter?

    /// - Parameter asked: the keys the rules may ask for (``NameKeys/askedKeys(paths:)``): only the
    ///   names that may have one are made strings and keyed, tried on their bytes. Nil keys every name.
    public init(_ strings: DataStrings, asked: LooseKeyFilter? = nil) {
        self.strings = strings
        self.asked = asked
        var byLooseKey: [String: String] = [:]
        // Filtered on every core, a file's strings at a time, then gathered in order, each name
        // once, and keyed on every core: a name that many files hold (a tracker list's `"a"` in
        // each of its files) is keyed once.
        let passed = strings.chunks.concurrentMap(batchSize: 1) { chunk -> [String] in
            var found: [String] = []
            var seen: Set<String> = []
            DataStrings.forEach(in: chunk) { bytes in
                if let asked, !asked.mayMatch(utf8: bytes) { return }
                let name = String(decoding: bytes, as: UTF8.self)
                if seen.insert(name).inserted { found.append(name) }
            }
            return found
        }
        var seen: Set<String> = []
        let distinct = passed.joined().filter { seen.insert($0).inserted }
        for (name, keys) in zip(distinct, distinct.concurrentMap(batchSize: 256, NameKeys.loose)) {
            for key in keys where byLooseKey[key] == nil { byLooseKey[key] = name }
        }
        self.byLooseKey = byLooseKey
    }

    public init(_ names: Set<String>, asked: LooseKeyFilter? = nil) {
        var strings = DataStrings()
        for name in names.sorted() { strings.insert(name) }
        self.init(strings, asked: asked)
    }

    public init(arrayLiteral names: String...) { self.init(Set(names)) }

    /// Every name, once.
    public var names: Set<String> { strings.distinct }

    /// One of the names that has `key`. A key outside the asked ones (a name `tallcheck
    /// references --image` is given) is looked for in every name.
    public func name(forLooseKey key: String) -> String? {
        if let asked, !asked.keys.contains(key) {
            return strings.strings.first { NameKeys.loose($0).contains(key) }
        }
        return byLooseKey[key]
    }
}

/// The loose keys (``NameKeys/loose(_:)``) of every word the code spells, computed once a scan
/// and shared by every target's inventory; a word it lacks is keyed when asked.
public struct LooseKeyTable: Sendable {
    private let keys: [String: Set<String>]

    public init(_ words: some Sequence<String> = []) {
        let distinct = Array(Set(words))
        self.keys = Dictionary(
            uniqueKeysWithValues: zip(distinct, distinct.concurrentMap(batchSize: 1_024, NameKeys.loose)))
    }

    /// The code's literal words (strings and enum cases) of `codeNames`; with `asked`, only those
    /// that may have one of its keys.
    public init(codeNames: [String: [CodeName]], asked: LooseKeyFilter? = nil) {
        self.init(
            codeNames.values.lazy.joined().compactMap { name -> String? in
                guard name.kind != .member, case .literal(let word) = name.name, asked?.mayMatch(word) ?? true else {
                    return nil
                }
                return word
            })
    }

    public func keys(_ word: String) -> Set<String> { keys[word] ?? NameKeys.loose(word) }
}
