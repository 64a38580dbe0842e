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
    ///
    /// The pattern's components run as a little automaton over the path's components: the set
    /// of pattern positions reachable after each path component, `**` staying put or moving on.
    /// That is time linear in the path for each pattern component, whatever the number of
    /// `**` (a backtracking matcher takes exponential time on `**/**/**/…`).
    package static func matches(pattern: String, _ path: [Substring]) -> Bool {
        let pattern = components(pattern)
        // Positions reachable without consuming a component: `**` may match none.
        func closure(_ positions: [Bool]) -> [Bool] {
            var positions = positions
            for index in pattern.indices where positions[index] && pattern[index] == "**" {
                positions[index + 1] = true
            }
            return positions
        }
        var positions = [Bool](repeating: false, count: pattern.count + 1)
        positions[0] = true
        positions = closure(positions)
        if path.isEmpty { return positions[pattern.count] }
        for component in path {
            var next = [Bool](repeating: false, count: pattern.count + 1)
            for index in pattern.indices where positions[index] {
                if pattern[index] == "**" {
                    next[index] = true
                    next[index + 1] = true
                } else if matchComponent(Array(pattern[index]), Array(component)) {
                    next[index + 1] = true
                }
            }
            positions = closure(next)
            // The pattern matched this folder (or the file itself): everything in it is matched.
            if positions[pattern.count] { return true }
            if !positions.contains(true) { return false }
        }
        return false
    }

    private static func components(_ path: String) -> [Substring] {
        path.split(separator: "/").filter { $0 != "." }
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
