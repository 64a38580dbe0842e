/// Which Objective-C classes a file implements, and where it creates instances of classes
/// (`[OnScreenControls alloc]`, `[Toast new]`) on which platforms: joined across the files
/// (``SourceInput``), a class every creation of which is under `#if !TARGET_OS_TV` runs on no
/// Apple TV, so the images its methods ask for are no question the tvOS app must answer
/// (Moonlight's on-screen gamepad buttons, in a file its tvOS target compiles too).
///
/// A byte pass, bounded per file (``maxImplementations``, ``maxInstantiations``): a class it
/// misses is judged on every platform its file is compiled for, as before.
enum ObjectiveCClasses {
    /// ``ReadLimits/classScopes``.
    static let maxImplementations = ReadLimits.standard.classScopes
    /// ``ReadLimits/classInstantiations``.
    static let maxInstantiations = ReadLimits.standard.classInstantiations

    /// The `@implementation Name … @end` blocks of `source`, by line.
    static func implementations(in source: [UInt8]) -> [OutletFacts.ClassScope] {
        let opening = Array("@implementation".utf8)
        let closing = Array("@end".utf8)
        var lines = LineCounter()
        var found: [OutletFacts.ClassScope] = []
        var start = 0
        while found.count < maxImplementations, let at = source.firstOffset(of: opening, from: start) {
            start = at + opening.count
            var index = start
            while index < source.count, source[index] == UInt8(ascii: " ") || source[index] == UInt8(ascii: "\t") {
                index += 1
            }
            let nameStart = index
            while index < source.count, index - nameStart < 128, isIdentifierByte(source[index]) { index += 1 }
            guard index > nameStart, index - nameStart < 128, let end = source.firstOffset(of: closing, from: index)
            else { continue }
            let name = String(decoding: source[nameStart..<index], as: UTF8.self)
            let first = lines.line(at: at, in: source)
            found.append(OutletFacts.ClassScope(name: name, lines: first...lines.line(at: end, in: source)))
            start = end + closing.count
        }
        return found
    }

    /// The classes `source` sends `alloc` or `new` to, each site with the platforms its line is
    /// compiled for.
    static func instantiations(in source: [UInt8]) -> [OutletFacts.Instantiation] {
        var found: [OutletFacts.Instantiation] = []
        let conditions =
            PlatformConditions.mayHaveDirectives(source) ? PlatformConditions(source: source, dialect: .c) : nil
        var lines = LineCounter()
        for selector in [Array(" alloc]".utf8), Array(" new]".utf8)] {
            var start = 0
            while found.count < maxInstantiations, let at = source.firstOffset(of: selector, from: start) {
                start = at + selector.count
                var index = at
                while index > 0, source[index - 1] == UInt8(ascii: " ") { index -= 1 }
                let nameEnd = index
                while index > 0, nameEnd - index < 128, isIdentifierByte(source[index - 1]) { index -= 1 }
                guard index < nameEnd, index > 0, source[index - 1] == UInt8(ascii: "["),
                    let first = source[index...].first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z")
                else { continue }
                let line = lines.line(at: at, in: source)
                found.append(
                    OutletFacts.Instantiation(
                        name: String(decoding: source[index..<nameEnd], as: UTF8.self),
                        platforms: conditions?.platforms(atLine: line)))
            }
        }
        return found
    }

    /// Line numbers of offsets asked for in any order, counting on from the last one asked when
    /// it can.
    struct LineCounter {
        private var offset = 0
        private var line = 1

        mutating func line(at target: Int, in source: [UInt8]) -> Int {
            if target < offset { (offset, line) = (0, 1) }
            var index = offset
            while index < target, index < source.count {
                if source[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
            offset = index
            return line
        }
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool { SwiftSnippets.isIdentifierByte(byte) }

    /// `references` narrowed to the platforms where the class whose implementation holds each is
    /// created (``OutletFacts/instantiations``), when every creation of it is conditional.
    static func narrow(_ references: inout [ImageReference], by files: [(path: String, facts: OutletFacts)]) {
        var scopes: [String: [OutletFacts.ClassScope]] = [:]
        var sites: [String: [Set<Platform>?]] = [:]
        for (path, facts) in files {
            if !facts.implementations.isEmpty { scopes[path] = facts.implementations }
            for site in facts.instantiations { sites[site.name, default: []].append(site.platforms) }
        }
        guard !scopes.isEmpty else { return }
        var created: [String: Set<Platform>] = [:]
        for (name, platforms) in sites where platforms.allSatisfy({ $0 != nil }) {
            created[name] = platforms.reduce(into: Set<Platform>()) { $0.formUnion($1!) }
        }
        guard !created.isEmpty else { return }
        let all = Set(Platform.allCases)
        for index in references.indices {
            guard let inFile = scopes[references[index].path],
                let scope = inFile.first(where: { $0.lines.contains(references[index].line) }),
                let platforms = created[scope.name]
            else { continue }
            let narrowed = (references[index].platforms ?? all).intersection(platforms)
            references[index].platforms = narrowed == all ? nil : narrowed
        }
    }
}
