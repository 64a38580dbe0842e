/// A description of `value` that is the same in every run for equal values: every stored
/// property, found by reflection, with the members of sets and dictionaries sorted (their
/// iteration order changes from one process to the next).
///
/// A cache key built from it changes when any setting does, including one added later, without
/// anyone having to remember to add it to the key.
package func canonicalDescription(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    let children = mirror.children.map { child in
        (child.label.map { "\($0): " } ?? "") + canonicalDescription(child.value)
    }
    switch mirror.displayStyle {
    case .set?, .dictionary?:
        return "[" + children.sorted().joined(separator: ", ") + "]"
    case .collection?:
        return "[" + children.joined(separator: ", ") + "]"
    case .optional?:
        return children.first ?? "nil"
    case .struct?, .class?, .tuple?,
        .enum? where !children.isEmpty:
        return "\(mirror.subjectType)(" + children.joined(separator: ", ") + ")"
    default:
        // Strings, numbers and enum cases without values.
        return String(reflecting: value)
    }
}
