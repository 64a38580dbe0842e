/// The arm of a Swift `flag ? a : b` that never runs on a platform because the file fixes `flag`
/// there, as VLC does:
///
///     #if os(tvOS) || os(watchOS)
///     let isDarktheme = true
///     #else
///     let isDarktheme = PresentationTheme.current.isDark
///     #endif
///     image = isDarktheme ? UIImage(named: "movie-placeholder-dark") : UIImage(named: "movie-placeholder-white")
///
/// On Apple TV and Apple Watch the `-white` name is never asked for. A name is fixed on a
/// platform only when the file's declarations of it (`let` or `var`) sit under `#if` branches
/// that cover every platform once, and the one for that platform gives `true` or `false`; the
/// ternary must read as one: the name alone before ` ? `, the `:` at the same depth. Anything
/// else narrows nothing, and the reference keeps the platforms its line has.
package enum ConstantBranches {
    /// The most declarations read a file: a file of a million `let a = true` costs a bounded pass.
    static let maxDeclarations = 1_000
    /// The longest line a ternary is looked for on.
    static let maxLineBytes = 4_096

    /// `references` (of one Swift file, with ``ImageReference/platforms`` set from its
    /// directives) with the platforms where their arm never runs taken out.
    package static func apply(to references: [ImageReference], in source: [UInt8]) -> [ImageReference] {
        guard !references.isEmpty, PlatformConditions.mayHaveDirectives(source),
            source.contains(UInt8(ascii: "?"))
        else { return references }
        let fixed = fixedValues(in: source)
        guard !fixed.isEmpty else { return references }
        let lineStarts = Self.lineStarts(of: Set(references.map(\.line)), in: source)
        return references.map { reference in
            guard let start = lineStarts[reference.line] else { return reference }
            var end = start
            while end < source.count, end - start < maxLineBytes, source[end] != UInt8(ascii: "\n") { end += 1 }
            let line = source[start..<end]
            let at = start + reference.column - 1
            guard let (name, arm) = Self.arm(of: at, on: line), let values = fixed[name] else { return reference }
            // The `true` arm never runs where the name is false, and the other way round.
            let never = arm ? values.false : values.true
            guard !never.isEmpty else { return reference }
            var narrowed = reference
            narrowed.platforms = (reference.platforms ?? Set(Platform.allCases)).subtracting(never)
            return narrowed
        }
    }

    /// By name: the platforms where the file's declarations make it `true`, and `false`.
    static func fixedValues(in source: [UInt8]) -> [String: (true: Set<Platform>, false: Set<Platform>)] {
        var declarations: [String: [(value: Bool?, line: Int)]] = [:]
        var line = 1
        var counted = 0
        var count = 0
        for keyword in [Array("let ".utf8), Array("var ".utf8)] {
            line = 1
            counted = 0
            var start = 0
            while count < maxDeclarations, let found = source.firstOffset(of: keyword, from: start) {
                start = found + keyword.count
                guard found == 0 || !SwiftSnippets.isIdentifierByte(source[found - 1]) else { continue }
                for offset in counted..<found where source[offset] == UInt8(ascii: "\n") { line += 1 }
                counted = found
                guard let (name, value) = Self.declaration(at: start, in: source) else { continue }
                count += 1
                declarations[name, default: []].append((value, line))
            }
        }
        let candidates = declarations.filter { $0.value.count > 1 && $0.value.contains { $0.value != nil } }
        guard !candidates.isEmpty else { return [:] }
        let conditions = PlatformConditions(source: source, dialect: .swift)
        let every = Set(Platform.allCases)
        var fixed: [String: (true: Set<Platform>, false: Set<Platform>)] = [:]
        for (name, found) in candidates {
            // Each platform sees exactly one of the declarations.
            var covered: Set<Platform> = []
            var values: (true: Set<Platform>, false: Set<Platform>) = ([], [])
            var disjoint = true
            for declaration in found {
                let platforms = conditions.platforms(atLine: declaration.line) ?? every
                if !covered.isDisjoint(with: platforms) { disjoint = false }
                covered.formUnion(platforms)
                if declaration.value == true { values.true.formUnion(platforms) }
                if declaration.value == false { values.false.formUnion(platforms) }
            }
            if disjoint, covered == every { fixed[name] = values }
        }
        return fixed
    }

    /// After `let `: the name and its literal value (`isDark = true`, `isDark: Bool = false`),
    /// nil as the value for any other initial value; nil when no `name =` follows.
    static func declaration(at start: Int, in source: [UInt8]) -> (String, Bool?)? {
        var index = start
        func skipSpaces() { while index < source.count, source[index] == UInt8(ascii: " ") { index += 1 } }
        let nameStart = index
        while index < source.count, index - nameStart < 256, SwiftSnippets.isIdentifierByte(source[index]) {
            index += 1
        }
        guard index > nameStart, !(source[nameStart] >= 0x30 && source[nameStart] <= 0x39) else { return nil }
        let name = String(decoding: source[nameStart..<index], as: UTF8.self)
        skipSpaces()
        if index < source.count, source[index] == UInt8(ascii: ":") {
            index += 1
            skipSpaces()
            guard source[index...].starts(with: "Bool".utf8) else { return nil }
            index += 4
            skipSpaces()
        }
        guard index + 1 < source.count, source[index] == UInt8(ascii: "="), source[index + 1] != UInt8(ascii: "=")
        else { return nil }
        index += 1
        skipSpaces()
        for (word, value) in [("true", true), ("false", false)] where source[index...].starts(with: word.utf8) {
            let after = index + word.utf8.count
            if after == source.count || !SwiftSnippets.isIdentifierByte(source[after]) { return (name, value) }
        }
        return (name, nil)
    }

    /// The condition of the ternary on `line` that `offset` is an arm of, when it is a name alone,
    /// and whether `offset` is in its `true` arm; nil for anything else.
    static func arm(of offset: Int, on line: ArraySlice<UInt8>) -> (String, Bool)? {
        var index = line.startIndex
        while index + 2 < line.endIndex {
            defer { index += 1 }
            // ` ? `: a ternary's question mark has spaces on both sides.
            guard line[index] == UInt8(ascii: " "), line[index + 1] == UInt8(ascii: "?"),
                line[index + 2] == UInt8(ascii: " ")
            else { continue }
            let question = index + 1
            guard offset > question else { return nil }
            var end = index
            while end > line.startIndex, line[end - 1] == UInt8(ascii: " ") { end -= 1 }
            var start = end
            while start > line.startIndex, SwiftSnippets.isIdentifierByte(line[start - 1]) { start -= 1 }
            guard start < end else { continue }
            // The name alone: before it only what opens an operand (`= `, `(`, `return `, the line's start).
            var before = start
            while before > line.startIndex, line[before - 1] == UInt8(ascii: " ") || line[before - 1] == UInt8(ascii: "\t") {
                before -= 1
            }
            let opening =
                before == line.startIndex || "=(,[{".utf8.contains(line[before - 1])
                || (line[line.startIndex..<before].reversed().starts(with: "nruter".utf8)
                    && (before - 6 == line.startIndex || line[before - 7] == UInt8(ascii: " ")
                        || line[before - 7] == UInt8(ascii: "\t")))
            guard opening else { continue }
            guard let colon = Self.ternaryColon(after: question + 1, on: line) else { return nil }
            let name = String(decoding: line[start..<end], as: UTF8.self)
            if offset < colon { return (name, true) }
            return offset > colon ? (name, false) : nil
        }
        return nil
    }

    /// The ` : ` of the ternary whose ` ? ` ends before `start`: at depth 0, outside strings,
    /// with a space before it (a label's `named:` has none).
    static func ternaryColon(after start: Int, on line: ArraySlice<UInt8>) -> Int? {
        var depth = 0
        var index = start
        var inString = false
        while index < line.endIndex {
            let byte = line[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth < 0 { return nil }
                case UInt8(ascii: "?") where depth == 0 && index > start && line[index - 1] == UInt8(ascii: " "):
                    return nil  // A nested ternary: not read.
                case UInt8(ascii: ":") where depth == 0 && line[index - 1] == UInt8(ascii: " "):
                    return index
                default: break
                }
            }
            index += 1
        }
        return nil
    }

    /// The offset each of `lines` (1-based) starts at.
    static func lineStarts(of lines: Set<Int>, in source: [UInt8]) -> [Int: Int] {
        var starts: [Int: Int] = [:]
        if lines.contains(1) { starts[1] = 0 }
        guard let last = lines.max(), last > 1 else { return starts }
        var line = 1
        for (offset, byte) in source.enumerated() where byte == UInt8(ascii: "\n") {
            line += 1
            if lines.contains(line) { starts[line] = offset + 1 }
            if line >= last { break }
        }
        return starts
    }
}
