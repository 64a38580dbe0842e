/// How generated accessors name catalog sets, to map `UIImage(resource: .heroImage)`,
/// `Asset.Icons.star` and `R.image.star` back to the sets `hero-image` and `Icons/star`.
///
/// Apple publishes no rules for Xcode's symbols; what has been observed (image-references.md,
/// "Xcode 15 generated asset symbols"): parts split at anything not a letter or digit, joined
/// in lowerCamel case (`some_blue` → `someBlue`, `hero-image` → `heroImage`), a trailing
/// `Color` dropped (`giftColor` → `gift`), `_` before a leading digit. SwiftGen and R.swift
/// build lowerCamel identifiers for assets the same way and nest folders. Matching ignores case
/// and underscores as a last resort, since the generators differ in the details.
package enum AssetSymbolNaming {
    /// `hero-image` → `heroImage`; `URLIcon` → `urlIcon`; `2up` → `_2up`.
    static func lowerCamel(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return lowerCamel(ascii: name) }
        return lowerCamel(characters: name)
    }

    /// ``lowerCamel(_:)`` of an ASCII name, by bytes: the index of a large app's sets names every
    /// set, and reading them by Characters took 14 ms of DuckDuckGo's `unused-image`.
    static func lowerCamel(ascii name: String) -> String {
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
        func isUpper(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) }
        func lower(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte | 0x20 : byte }
        let parts = name.utf8.split { !isAlphanumeric($0) }
        guard let first = parts.first else { return name }
        var result: [UInt8] = []
        result.reserveCapacity(name.utf8.count + 1)
        // The first part's leading capitals lowered, but the last of several when more follows
        // (`URLIcon` → `urlIcon`, `ALL` → `all`).
        let capitals = first.prefix(while: isUpper).count
        for (offset, byte) in first.enumerated() {
            let lowered = capitals == first.count || offset < max(capitals - 1, 1)
            result.append(lowered ? lower(byte) : byte)
        }
        for part in parts.dropFirst() {
            for (offset, byte) in part.enumerated() {
                result.append(offset == 0 && (0x61...0x7A).contains(byte) ? byte & ~0x20 : byte)
            }
        }
        if let initial = result.first, (0x30...0x39).contains(initial) { result.insert(UInt8(ascii: "_"), at: 0) }
        return String(decoding: result, as: UTF8.self)
    }

    /// ``lowerCamel(_:)`` by Characters: any name, ASCII or not, and the test of the byte reading.
    static func lowerCamel(characters name: String) -> String {
        let parts = name.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        guard let first = parts.first else { return name }
        var result = lowercasedLeadingCapitals(first)
        for part in parts.dropFirst() { result += part.prefix(1).uppercased() + part.dropFirst() }
        if let initial = result.first, initial.isNumber { result = "_" + result }
        return result
    }

    /// `URLIcon` → `urlIcon`, `Hero` → `hero`, `ALL` → `all`.
    private static func lowercasedLeadingCapitals(_ word: String) -> String {
        let characters = Array(word)
        let capitals = characters.prefix { $0.isUppercase }.count
        if capitals == characters.count { return word.lowercased() }
        if capitals <= 1 { return word.prefix(1).lowercased() + word.dropFirst() }
        return String(characters[..<(capitals - 1)]).lowercased() + String(characters[(capitals - 1)...])
    }

    /// The Xcode symbol of a set's name (its last component): `heroImage`, `gift` for `giftColor`.
    package static func xcodeSymbol(_ setName: String) -> String {
        let symbol = lowerCamel(String(setName.split(separator: "/").last ?? ""))
        if symbol.hasSuffix("Color"), symbol.count > 5 { return String(symbol.dropLast(5)) }
        return symbol
    }

    /// The image sets a symbol names: by its last identifier, narrowed by its folders when
    /// several sets share the identifier. For many symbols, build one ``Index`` instead.
    static func sets(for symbol: AssetSymbol, in sets: [CatalogSet]) -> [CatalogSet] {
        Index(sets).sets(for: symbol)
    }

    /// The image sets by the identifiers each generator gives them, computed once: a large app
    /// has thousands of symbol references and sets, and naming every set again for each
    /// reference took a third of a lint.
    package struct Index {
        private let imageSets: [CatalogSet]
        /// Set indices by the loose form (``loose(_:)``) of their name's last component, which
        /// every generator's identifier of it shares (their words are its letters and digits,
        /// in another case), and, where the Xcode symbol drops a trailing `Color`, by that
        /// symbol's too. The identifiers themselves are worked out only for the sets a symbol
        /// asks for: naming every set of every target's index each way was 22 ms of
        /// DuckDuckGo's lint.
        private var byLoose: [String: [Int]] = [:]

        package init(_ sets: [CatalogSet]) {
            imageSets = sets.filter { $0.kind == .imageSet }
            byLoose.reserveCapacity(imageSets.count)
            for (index, set) in imageSets.enumerated() {
                let name = Self.lastComponent(set.name)
                let key = loose(name)
                byLoose[key, default: []].append(index)
                let ascii = name.utf8.allSatisfy { $0 < 0x80 }
                // `giftColor` is `gift` to Xcode: found by that too.
                if key.hasSuffix("color") || !ascii {
                    for other in Set([loose(xcodeSymbol(name)), loose(lowerCamel(name))]) where other != key {
                        byLoose[other, default: []].append(index)
                    }
                }
            }
        }

        private static func lastComponent(_ name: String) -> String {
            guard let slash = name.utf8.lastIndex(of: UInt8(ascii: "/")) else { return name }
            return String(name[name.utf8.index(after: slash)...])
        }

        package func sets(for symbol: AssetSymbol) -> [CatalogSet] {
            guard let last = symbol.path.last else { return [] }
            let looseLast = AssetSymbolNaming.loose(last)
            guard let candidates = byLoose[looseLast] else { return [] }
            func identifier(_ index: Int) -> String {
                let name = Self.lastComponent(imageSets[index].name)
                return symbol.generator == .xcode ? xcodeSymbol(name) : lowerCamel(name)
            }
            let identifiers = candidates.map(identifier)
            var chosen = candidates.indices.filter { identifiers[$0] == last }
            if chosen.isEmpty { chosen = candidates.indices.filter { loose(identifiers[$0]) == looseLast } }
            let matches = chosen.map { imageSets[candidates[$0]] }
            guard matches.count > 1, symbol.path.count > 1 else { return matches }
            // `Asset.Icons.star`: the set whose folders (namespaced or not) spell the same groups.
            let groups = symbol.path.dropLast().map(AssetSymbolNaming.loose)
            let narrowed = matches.filter { set in
                let folders = set.folder.split(separator: "/").map { AssetSymbolNaming.loose(String($0)) }
                return groups.allSatisfy { group in folders.contains { $0 == group } }
            }
            return narrowed.isEmpty ? matches : narrowed
        }
    }

    /// Lower case without underscores, dashes or spaces: `Hero_Image` ~ `heroImage`.
    package static func loose(_ identifier: String) -> String {
        // ASCII by bytes (Character.isLetter was 20 % of a Brave lint with unused-image on).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(identifier.utf8.count)
        for byte in identifier.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): bytes.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 32)
            case 0x80...: return String(identifier.lowercased().filter { $0.isLetter || $0.isNumber })
            default: continue
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
