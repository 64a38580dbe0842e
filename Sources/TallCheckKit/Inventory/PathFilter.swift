/// Which files of the scanned folder are checked, by globs over their relative paths.
///
/// `*` matches any run of characters within one path component, `?` one character, and `**`
/// any number of whole components. A pattern that matches a folder matches everything in it,
/// so `Pods` and `Vendor/**` both leave out a whole folder. Excluded wins over included.
public struct PathFilter: Sendable, Equatable {
    public var included: [String]
    public var excluded: [String]

    public init(included: [String] = [], excluded: [String] = []) {
        self.included = included
        self.excluded = excluded
    }

    /// Whether the file at `path`, relative to the scanned folder, is checked.
    public func admits(_ path: String) -> Bool {
        if included.isEmpty && excluded.isEmpty { return true }
        let components = Self.components(path)
        if excluded.contains(where: { Self.matches(pattern: $0, components) }) { return false }
        return included.isEmpty || included.contains { Self.matches(pattern: $0, components) }
    }

    /// Whether `pattern` matches the path or one of the folders it lies in.
    static func matches(pattern: String, _ path: [Substring]) -> Bool {
        let patternComponents = components(pattern)
        return (1...max(path.count, 1)).contains { length in
            matchComponents(patternComponents[...], path.prefix(length))
        }
    }

    private static func components(_ path: String) -> [Substring] {
        path.split(separator: "/").filter { $0 != "." }
    }

    private static func matchComponents(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            // Zero or more whole components.
            return (path.startIndex...path.endIndex).contains { start in
                matchComponents(pattern.dropFirst(), path[start...])
            }
        }
        guard let component = path.first, matchComponent(Array(first), Array(component)) else { return false }
        return matchComponents(pattern.dropFirst(), path.dropFirst())
    }

    /// `*` and `?` within one component, by dynamic programming over the two strings.
    private static func matchComponent(_ pattern: [Character], _ name: [Character]) -> Bool {
        var matched = [Bool](repeating: false, count: name.count + 1)
        matched[0] = true
        for token in pattern {
            var next = [Bool](repeating: false, count: name.count + 1)
            if token == "*" {
                var any = false
                for index in 0...name.count {
                    any = any || matched[index]
                    next[index] = any
                }
            } else {
                for index in 0..<name.count where matched[index] && (token == "?" || token == name[index]) {
                    next[index + 1] = true
                }
            }
            matched = next
        }
        return matched[name.count]
    }
}
