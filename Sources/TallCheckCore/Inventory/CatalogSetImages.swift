extension CatalogSet {
    /// Present entries grouped into scale variants of one slot (same idiom, subtype and other
    /// traits): each group maps a scale to the file, as the inventory probed it, at that scale.
    package func scaleVariants(in images: [String: ScannedImage]) -> [[Int: ScannedImage]] {
        var groups: [String: [Int: ScannedImage]] = [:]
        var order: [String] = []
        for (entry, path) in presentEntries {
            guard let scale = entry.scaleFactor, let image = images[path] else { continue }
            let key = entry.variantKey
            if groups[key] == nil { order.append(key) }
            groups[key, default: [:]][scale] = image.atScale(scale)
        }
        return order.map { groups[$0]! }
    }
}
