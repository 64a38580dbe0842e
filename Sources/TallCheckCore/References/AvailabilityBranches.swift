/// The code that runs only below an OS version of one platform: the `else` of
/// `if #available(iOS 13, *)` and of `guard #available(iOS 13, *)` in Swift, of
/// `if (@available(iOS 13.0, *))` in Objective-C. On every other platform the `*` makes the
/// check true, so a name asked for there is no question a tvOS or visionOS target's bundle must
/// answer (VLC's visionOS app and its iOS 12 fallbacks).
///
/// Read from the bytes, in one pass a check: its `{ … }` and the `else { … }` after it are
/// matched by their braces, skipping strings and comments. A check whose branches do not read
/// so (an `else if`, a list of several platforms with versions) narrows nothing.
package enum AvailabilityBranches {
    /// `references` with those inside such an `else` marked as compiled for the named platform
    /// alone (``ImageReference/platforms``).
    package static func apply(to references: [ImageReference], in source: [UInt8]) -> [ImageReference] {
        guard !references.isEmpty, source.containsBytes(Array("available(".utf8)) else { return references }
        var branches: [(open: Int, close: Int, platform: Platform)] = []
        var start = 0
        let needle = Array("available(".utf8)
        // At most 1,000 checks a file, and 8 MiB of braces matched in all (``ReadLimits``): a file of unclosed
        // checks costs a bounded pass, not one 64 KiB search a check.
        var checks = 0
        var budget = ReadLimits.standard.availabilityFileBytes
        while checks < 1_000, budget > 0, let found = source.firstOffset(of: needle, from: start) {
            start = found + needle.count
            guard found > 0, source[found - 1] == UInt8(ascii: "#") || source[found - 1] == UInt8(ascii: "@") else {
                continue
            }
            checks += 1
            if let branch = elseBranch(after: found + needle.count, in: source, budget: &budget) {
                branches.append(branch)
            }
        }
        guard !branches.isEmpty else { return references }
        // Every offset's line in one pass over the bytes.
        let offsets = Set(branches.flatMap { [$0.open, $0.close] }).sorted()
        var lines: [Int: Int] = [:]
        var line = 1
        var next = 0
        for (offset, byte) in source.enumerated() {
            while next < offsets.count, offsets[next] == offset {
                lines[offsets[next]] = line
                next += 1
            }
            if next == offsets.count { break }
            if byte == UInt8(ascii: "\n") { line += 1 }
        }
        let ranges = branches.map { (lines: lines[$0.open, default: 0]...lines[$0.close, default: 0], platform: $0.platform) }
        return references.map { reference in
            guard let range = ranges.first(where: { $0.lines.contains(reference.line) }) else { return reference }
            var narrowed = reference
            narrowed.platforms = (reference.platforms ?? Set(Platform.allCases)).intersection([range.platform])
            return narrowed
        }
    }

    /// The `else` block's braces of the check whose arguments start at `arguments`, and the
    /// platform it names; nil when the code does not read as one platform's check and its else.
    static func elseBranch(after arguments: Int, in source: [UInt8], budget: inout Int)
        -> (open: Int, close: Int, platform: Platform)?
    {
        // `iOS 13.0, *)`: one platform, a version, and the star.
        guard let closing = source[arguments...].prefix(80).firstIndex(of: UInt8(ascii: ")")) else { return nil }
        let list = String(decoding: source[arguments..<closing], as: UTF8.self)
        let parts = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, parts[1] == "*", let word = parts[0].split(separator: " ").first,
            let platform = ["iOS": Platform.iOS, "tvOS": .tvOS, "watchOS": .watchOS, "macOS": .macOS][String(word)]
        else { return nil }
        /// `else { … }` from `start` on, past spaces: its braces.
        func elseBlock(from start: Int) -> (open: Int, close: Int, platform: Platform)? {
            var index = start
            skipSpace(&index, in: source)
            guard source[index...].starts(with: Array("else".utf8)) else { return nil }
            index += 4
            skipSpace(&index, in: source)
            guard index < source.count, source[index] == UInt8(ascii: "{"),
                let close = matchingBrace(from: index, in: source, budget: &budget)
            else { return nil }
            return (index, close, platform)
        }
        var index = closing + 1
        // Objective-C's `if (@available(…))` closes one more parenthesis.
        skipSpace(&index, in: source)
        if source[index...].starts(with: Array(")".utf8)) { index += 1 }
        // `guard #available(…) else {`: the block right after is the else.
        if let block = elseBlock(from: index) { return block }
        // `if #available(…) { … } else { … }`.
        skipSpace(&index, in: source)
        guard index < source.count, source[index] == UInt8(ascii: "{"),
            let body = matchingBrace(from: index, in: source, budget: &budget)
        else { return nil }
        return elseBlock(from: body + 1)
    }

    private static func skipSpace(_ index: inout Int, in source: [UInt8]) {
        while index < source.count, [0x20, 0x09, 0x0A, 0x0D].contains(source[index]) { index += 1 }
    }

    /// The `}` that closes the `{` at `open`, past strings and comments; nil past 64 KiB or
    /// past what is left of `budget`, which the bytes looked at are taken from.
    static func matchingBrace(from open: Int, in source: [UInt8], budget: inout Int) -> Int? {
        var depth = 0
        var index = open
        let end = min(source.count, open + min(ReadLimits.standard.availabilityBlockBytes, max(budget, 0)))
        defer { budget -= index - open }
        while index < end {
            switch source[index] {
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return index }
            case UInt8(ascii: "\""):
                index += 1
                while index < end, source[index] != UInt8(ascii: "\""), source[index] != UInt8(ascii: "\n") {
                    if source[index] == UInt8(ascii: "\\") { index += 1 }
                    index += 1
                }
            case UInt8(ascii: "/") where index + 1 < end && source[index + 1] == UInt8(ascii: "/"):
                while index < end, source[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where index + 1 < end && source[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < end, !(source[index] == UInt8(ascii: "*") && source[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index += 1
            default: break
            }
            index += 1
        }
        return nil
    }
}
