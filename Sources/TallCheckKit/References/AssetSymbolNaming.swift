/// How generated accessors name catalog sets, to map `UIImage(resource: .heroImage)`,
/// `Asset.Icons.star` and `R.image.star` back to the sets `hero-image` and `Icons/star`.
///
/// Apple publishes no rules for Xcode's symbols; what has been observed (image-references.md,
/// "Xcode 15 generated asset symbols"): parts split at anything not a letter or digit, joined
/// in lowerCamel case (`some_blue` → `someBlue`, `hero-image` → `heroImage`), a trailing
/// `Color` dropped (`giftColor` → `gift`), `_` before a leading digit. SwiftGen and R.swift
/// build lowerCamel identifiers for assets the same way and nest folders. Matching ignores case
/// and underscores as a last resort, since the generators differ in the details.
enum AssetSymbolNaming {
    /// `hero-image` → `heroImage`; `URLIcon` → `urlIcon`; `2up` → `_2up`.
    static func lowerCamel(_ name: String) -> String {
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
    static func xcodeSymbol(_ setName: String) -> String {
        let symbol = lowerCamel(String(setName.split(separator: "/").last ?? ""))
        if symbol.hasSuffix("Color"), symbol.count > 5 { return String(symbol.dropLast(5)) }
        return symbol
    }

    /// The image sets a symbol names: by its last identifier, narrowed by its folders when
    /// several sets share the identifier.
    static func sets(for symbol: AssetSymbol, in sets: [CatalogSet]) -> [CatalogSet] {
        guard let last = symbol.path.last else { return [] }
        let imageSets = sets.filter { $0.kind == .imageSet }
        func identifier(_ set: CatalogSet) -> String {
            let name = String(set.name.split(separator: "/").last ?? "")
            return symbol.generator == .xcode ? xcodeSymbol(name) : lowerCamel(name)
        }
        var matches = imageSets.filter { identifier($0) == last }
        if matches.isEmpty {
            let loose = Self.loose(last)
            matches = imageSets.filter { Self.loose(identifier($0)) == loose }
        }
        guard matches.count > 1, symbol.path.count > 1 else { return matches }
        // `Asset.Icons.star`: the set whose folders (namespaced or not) spell the same groups.
        let groups = symbol.path.dropLast().map(Self.loose)
        let narrowed = matches.filter { set in
            let folders = set.folder.split(separator: "/").map { Self.loose(String($0)) }
            return groups.allSatisfy { group in folders.contains { $0 == group } }
        }
        return narrowed.isEmpty ? matches : narrowed
    }

    /// Lower case without underscores, dashes or spaces: `Hero_Image` ~ `heroImage`.
    static func loose(_ identifier: String) -> String {
        String(identifier.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
