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
}

/// The string values of the tree's data files, which may name images (``DataNamesInput``), with
/// the loose key each is found by: built once a scan, shared by every target's inventory (a
/// tree's data holds about 100,000 strings; keying them again for each of 20 targets took 29 s).
public struct DataNames: Sendable, ExpressibleByArrayLiteral {
    public let names: Set<String>
    /// By loose key (``NameKeys/loose(_:)``): one of the names that has it.
    public let byLooseKey: [String: String]

    public init(_ names: Set<String>) {
        self.names = names
        var byLooseKey: [String: String] = [:]
        byLooseKey.reserveCapacity(names.count)
        // Keyed on every core, then gathered.
        for (name, keys) in Array(names).concurrentMap(batchSize: 1_024, { ($0, NameKeys.loose($0)) }) {
            for key in keys where byLooseKey[key] == nil { byLooseKey[key] = name }
        }
        self.byLooseKey = byLooseKey
    }

    public init(arrayLiteral names: String...) { self.init(Set(names)) }
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

    /// The code's literal words (strings and enum cases) of `codeNames`.
    public init(codeNames: [String: [CodeName]]) {
        self.init(
            codeNames.values.lazy.joined().compactMap { name -> String? in
                guard name.kind != .member, case .literal(let word) = name.name else { return nil }
                return word
            })
    }

    public func keys(_ word: String) -> Set<String> { keys[word] ?? NameKeys.loose(word) }
}
