/// The platforms each line of a source file is compiled for, from its conditional compilation
/// directives: Swift's `#if os(macOS)`, `canImport(AppKit)`, `targetEnvironment(macCatalyst)`;
/// C's and Objective-C's `#if TARGET_OS_TV`, `TARGET_OS_IPHONE`; C#'s `#if __TVOS__`. A name asked
/// for in a branch that no device of the target compiles is no question that target's bundle must
/// answer (NetNewsWire's `#if os(macOS) Image("accountLocal") #else …`).
///
/// A condition is kept as the platforms where it may be true and where it may be false, so an
/// atom TallCheck does not know (`DEBUG`, `swift(>=5.9)`) leaves both open and never narrows a
/// branch wrongly. Mac Catalyst is not modelled: its branches are not compiled for iPhones and
/// iPads. Directives are read a line at a time; those in block comments are skipped.
package struct PlatformConditions: Sendable {
    package enum Dialect {
        case swift, c, cSharp
    }

    /// Lines where the set of platforms changes, with the set from the next line on (nil: every
    /// platform), in line order.
    private(set) var transitions: [(line: Int, platforms: Set<Platform>?)] = []

    /// ``ReadLimits/nestingDepth``.
    static let maxDepth = ReadLimits.standard.nestingDepth
    /// ``ReadLimits/platformConditionBytes``.
    static let maxConditionBytes = ReadLimits.standard.platformConditionBytes

    /// Whether the file has a directive at all: most do not, and are not read again.
    static func mayHaveDirectives(_ source: [UInt8]) -> Bool {
        source.containsBytes(Array("#if".utf8))
    }

    init(source: [UInt8], dialect: Dialect) {
        guard Self.mayHaveDirectives(source) else { return }
        let all = Set(Platform.allCases)
        struct Frame {
            var enclosing: Set<Platform>
            /// Where no earlier branch of this `#if` was taken.
            var remaining: Set<Platform>
        }
        var frames: [Frame] = []
        var ignoredDepth = 0
        var current = all
        var line = 0
        var inBlockComment = false
        var lineStart = 0
        func record(_ platforms: Set<Platform>) {
            current = platforms
            let value: Set<Platform>? = platforms == all ? nil : platforms
            if transitions.last?.platforms != value { transitions.append((line, value)) }
        }
        while lineStart <= source.count {
            line += 1
            var lineEnd = lineStart
            while lineEnd < source.count, source[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            var index = lineStart
            if inBlockComment {
                // Only whether the comment ends on this line matters.
                while index + 1 < lineEnd,
                    !(source[index] == UInt8(ascii: "*") && source[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                guard index + 1 < lineEnd else { continue }
                inBlockComment = false
                continue
            }
            while index < lineEnd, source[index] == UInt8(ascii: " ") || source[index] == UInt8(ascii: "\t") {
                index += 1
            }
            guard index < lineEnd, source[index] == UInt8(ascii: "#") else {
                // A block comment opened on this line and not closed on it hides the lines after it.
                if let open = Self.lastOpenComment(source[index..<lineEnd]) { inBlockComment = open }
                continue
            }
            var wordEnd = index + 1
            while wordEnd < lineEnd, source[wordEnd] == UInt8(ascii: " ") { wordEnd += 1 }
            let wordStart = wordEnd
            while wordEnd < lineEnd, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(source[wordEnd]) { wordEnd += 1 }
            let word = String(decoding: source[wordStart..<wordEnd], as: UTF8.self)
            let rest = source[wordEnd..<min(lineEnd, wordEnd + Self.maxConditionBytes)]
            switch word {
            case "if", "ifdef", "ifndef":
                if ignoredDepth > 0 || frames.count >= Self.maxDepth {
                    ignoredDepth += 1
                    continue
                }
                var condition =
                    word == "if"
                    ? Condition.parse(rest, dialect: dialect) : Condition.defined(rest, dialect: dialect)
                if word == "ifndef" { condition = condition.negated }
                frames.append(Frame(enclosing: current, remaining: condition.mayBeFalse))
                record(current.intersection(condition.mayBeTrue))
            case "elif", "elseif":
                guard ignoredDepth == 0, var frame = frames.popLast() else { continue }
                let condition = Condition.parse(rest, dialect: dialect)
                let taken = frame.remaining.intersection(condition.mayBeTrue)
                frame.remaining = frame.remaining.intersection(condition.mayBeFalse)
                frames.append(frame)
                record(frame.enclosing.intersection(taken))
            case "else":
                guard ignoredDepth == 0, let frame = frames.last else { continue }
                record(frame.enclosing.intersection(frame.remaining))
            case "endif":
                if ignoredDepth > 0 {
                    ignoredDepth -= 1
                    continue
                }
                guard let frame = frames.popLast() else { continue }
                record(frame.enclosing)
            default:
                continue
            }
        }
    }

    /// Whether a line's text leaves a block comment open: the last `/*` after the last `*/`.
    /// Nil when it has neither.
    private static func lastOpenComment(_ text: ArraySlice<UInt8>) -> Bool? {
        var open: Bool?
        var index = text.startIndex
        while index + 1 < text.endIndex {
            if text[index] == UInt8(ascii: "/"), text[index + 1] == UInt8(ascii: "/") { break }
            if text[index] == UInt8(ascii: "/"), text[index + 1] == UInt8(ascii: "*") {
                open = true
                index += 2
                continue
            }
            if text[index] == UInt8(ascii: "*"), text[index + 1] == UInt8(ascii: "/") {
                open = false
                index += 2
                continue
            }
            index += 1
        }
        return open
    }

    /// `references` with the platforms their lines are compiled for.
    package static func apply(to references: [ImageReference], in source: [UInt8], dialect: Dialect) -> [ImageReference]
    {
        guard !references.isEmpty, mayHaveDirectives(source) else { return references }
        let conditions = PlatformConditions(source: source, dialect: dialect)
        guard !conditions.transitions.isEmpty else { return references }
        return references.map { reference in
            var placed = reference
            placed.platforms = conditions.platforms(atLine: reference.line)
            return placed
        }
    }

    /// The platforms line `line` (1-based) is compiled for; nil for every platform.
    func platforms(atLine line: Int) -> Set<Platform>? {
        // The last transition on an earlier line: a directive applies from the next line on.
        var low = 0
        var high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle].line < line { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : transitions[low - 1].platforms
    }
}

/// A directive's condition: where it may be true, where it may be false.
struct Condition {
    var mayBeTrue: Set<Platform>
    var mayBeFalse: Set<Platform>

    static let all = Set(Platform.allCases)
    static let unknown = Condition(mayBeTrue: all, mayBeFalse: all)

    static func only(_ platforms: Set<Platform>) -> Condition {
        Condition(mayBeTrue: platforms, mayBeFalse: all.subtracting(platforms))
    }

    var negated: Condition { Condition(mayBeTrue: mayBeFalse, mayBeFalse: mayBeTrue) }

    /// `#ifdef NAME`: the name's own meaning where it is a platform macro that is defined only
    /// there (C#'s `__TVOS__`); C's `TARGET_OS_*` are defined everywhere (to 0 or 1): unknown.
    static func defined(_ text: ArraySlice<UInt8>, dialect: PlatformConditions.Dialect) -> Condition {
        let name = String(decoding: text, as: UTF8.self).trimmingSpaces
        return dialect == .cSharp ? atom(name, argument: nil, dialect: dialect) : .unknown
    }

    /// Parses `!os(iOS) && (canImport(UIKit) || TARGET_OS_TV)`.
    static func parse(_ text: ArraySlice<UInt8>, dialect: PlatformConditions.Dialect) -> Condition {
        var parser = Parser(tokens: Self.tokens(text), dialect: dialect)
        let condition = parser.disjunction(depth: 0)
        return parser.failed ? .unknown : condition
    }

    private static func tokens(_ text: ArraySlice<UInt8>) -> [String] {
        var tokens: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: "/"), index + 1 < text.endIndex,
                text[index + 1] == UInt8(ascii: "/") || text[index + 1] == UInt8(ascii: "*")
            {
                break  // A comment ends the condition.
            }
            if SwiftSnippets.isIdentifierByte(byte) || byte == UInt8(ascii: ".") {
                var end = index
                while end < text.endIndex, SwiftSnippets.isIdentifierByte(text[end]) || text[end] == UInt8(ascii: ".") {
                    end += 1
                }
                tokens.append(String(decoding: text[index..<end], as: UTF8.self))
                index = end
            } else if (byte == UInt8(ascii: "&") || byte == UInt8(ascii: "|")), index + 1 < text.endIndex,
                text[index + 1] == byte
            {
                tokens.append(byte == UInt8(ascii: "&") ? "&&" : "||")
                index += 2
            } else {
                if !(byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")) {
                    tokens.append(String(UnicodeScalar(byte)))
                }
                index += 1
            }
        }
        return tokens
    }

    /// One name, with its argument for Swift's `os(…)`, `canImport(…)` and `targetEnvironment(…)`.
    static func atom(_ name: String, argument: String?, dialect: PlatformConditions.Dialect) -> Condition {
        let apple: Set<Platform> = [.iOS, .tvOS, .watchOS, .visionOS]
        switch (name, argument) {
        case ("os", let platform?):
            switch platform {
            case "iOS": return .only([.iOS])
            case "macOS", "OSX": return .only([.macOS])
            case "tvOS": return .only([.tvOS])
            case "watchOS": return .only([.watchOS])
            case "visionOS", "xrOS": return .only([.visionOS])
            default: return .only([])  // Linux, Windows, Android: none of an app's devices.
            }
        case ("canImport", "UIKit"): return .only(apple)
        case ("canImport", "AppKit"), ("canImport", "Cocoa"): return .only([.macOS])
        case ("targetEnvironment", "macCatalyst"): return .only([])
        case ("TARGET_OS_IOS", nil), ("__IOS__", nil): return .only([.iOS])
        case ("TARGET_OS_TV", nil), ("__TVOS__", nil): return .only([.tvOS])
        case ("TARGET_OS_WATCH", nil), ("__WATCHOS__", nil): return .only([.watchOS])
        case ("TARGET_OS_VISION", nil): return .only([.visionOS])
        case ("TARGET_OS_OSX", nil), ("__MACOS__", nil): return .only([.macOS])
        case ("TARGET_OS_IPHONE", nil), ("__MOBILE__", nil): return .only(apple)
        case ("TARGET_OS_MACCATALYST", nil), ("__MACCATALYST__", nil): return .only([])
        case ("TARGET_OS_MAC", nil): return .only(all)
        case ("0", nil): return .only([])
        case ("1", nil), ("true", nil): return .only(all)
        case ("false", nil): return .only([])
        default: return .unknown
        }
    }

    private struct Parser {
        var tokens: [String]
        var dialect: PlatformConditions.Dialect
        var position = 0
        var failed = false

        mutating func next() -> String? {
            guard position < tokens.count else { return nil }
            defer { position += 1 }
            return tokens[position]
        }

        func peek() -> String? { position < tokens.count ? tokens[position] : nil }

        /// `a || b`: true where either may be, false where both may be.
        mutating func disjunction(depth: Int) -> Condition {
            chain("||", { $0.conjunction(depth: depth) }) { left, right in
                Condition(
                    mayBeTrue: left.mayBeTrue.union(right.mayBeTrue),
                    mayBeFalse: left.mayBeFalse.intersection(right.mayBeFalse))
            }
        }

        /// `a && b`: true where both may be, false where either may be.
        mutating func conjunction(depth: Int) -> Condition {
            chain("&&", { $0.unary(depth: depth) }) { left, right in
                Condition(
                    mayBeTrue: left.mayBeTrue.intersection(right.mayBeTrue),
                    mayBeFalse: left.mayBeFalse.union(right.mayBeFalse))
            }
        }

        /// Operands joined by `symbol`, folded left.
        private mutating func chain(
            _ symbol: String, _ operand: (inout Parser) -> Condition, _ combine: (Condition, Condition) -> Condition
        ) -> Condition {
            var left = operand(&self)
            while peek() == symbol {
                position += 1
                left = combine(left, operand(&self))
            }
            return left
        }

        mutating func unary(depth: Int) -> Condition {
            guard depth < 32, let token = next() else {
                failed = true
                return .unknown
            }
            if token == "!" { return unary(depth: depth + 1).negated }
            if token == "(" {
                let inner = disjunction(depth: depth + 1)
                if next() != ")" { failed = true }
                return inner
            }
            guard token.first.map({ $0.isLetter || $0.isNumber || $0 == "_" }) == true else {
                failed = true
                return .unknown
            }
            // `name(argument…)`: Swift's platform conditions; `defined(NAME)` in C.
            if peek() == "(" {
                position += 1
                var argument: [String] = []
                var nesting = 1
                while let inner = next() {
                    if inner == "(" { nesting += 1 }
                    if inner == ")" {
                        nesting -= 1
                        if nesting == 0 { break }
                    }
                    argument.append(inner)
                }
                if token == "defined" {
                    return dialect == .cSharp
                        ? Condition.atom(argument.joined(), argument: nil, dialect: dialect) : .unknown
                }
                return Condition.atom(token, argument: argument.joined(), dialect: dialect)
            }
            // A comparison (`TARGET_OS_IOS == 1`) says nothing TallCheck reads.
            if let following = peek(), ["=", "<", ">"].contains(following) {
                failed = true
                return .unknown
            }
            return Condition.atom(token, argument: nil, dialect: dialect)
        }
    }
}
