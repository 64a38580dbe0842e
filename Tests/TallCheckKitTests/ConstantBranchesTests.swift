import Testing

@testable import TallCheckCore

/// A ternary's arm that a platform's fixed `let` makes unreachable is not asked for there.
@Suite struct ConstantBranchesTests {
    static func reference(_ source: String, line: Int, name: String) -> ImageReference {
        let text = source.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
        let call = text.range(of: "UIImage(named: \"\(name)\"")!.lowerBound
        return ImageReference(
            path: "A.swift", line: line, column: text.utf8.distance(from: text.startIndex, to: call) + 1,
            name: .literal(name), api: "UIImage(named:)", lookup: .named)
    }

    static func platforms(_ source: String, _ names: [(Int, String)]) -> [Set<Platform>?] {
        let placed = PlatformConditions.apply(
            to: names.map { reference(source, line: $0.0, name: $0.1) }, in: Array(source.utf8), dialect: .swift)
        return ConstantBranches.apply(to: placed, in: Array(source.utf8)).map(\.platforms)
    }

    @Test func aPlatformsFixedFlagTakesTheOtherArmAway() {
        let source = """
            #if os(tvOS) || os(watchOS)
            let isDark = true
            #else
            let isDark = PresentationTheme.current.isDark
            #endif
            image = isDark ? UIImage(named: "movie-dark") : UIImage(named: "movie-white")
            return isDark ? UIImage(named: "song-dark") : UIImage(named: "song-white")
            """
        let every = Set(Platform.allCases)
        #expect(
            Self.platforms(source, [(6, "movie-dark"), (6, "movie-white"), (7, "song-dark"), (7, "song-white")]) == [
                nil, every.subtracting([.tvOS, .watchOS]), nil, every.subtracting([.tvOS, .watchOS]),
            ])
    }

    @Test func aFlagNotFixedEverywhereOnceNarrowsNothing() {
        // Only under #if: elsewhere `isDark` may be anything (a property, a parameter).
        let partial = """
            #if os(tvOS)
            let isDark = true
            #endif
            image = isDark ? UIImage(named: "a-dark") : UIImage(named: "a-white")
            """
        #expect(Self.platforms(partial, [(4, "a-white")]) == [nil])
        // Two conditions that overlap: not one value a platform.
        let overlapping = """
            #if os(tvOS)
            let isDark = true
            #endif
            #if !os(iOS)
            let isDark = false
            #else
            let isDark = compute()
            #endif
            image = isDark ? UIImage(named: "b-dark") : UIImage(named: "b-white")
            """
        #expect(Self.platforms(overlapping, [(9, "b-dark"), (9, "b-white")]) == [nil, nil])
        // A condition that is more than the name: `!isDark`, `a && isDark`.
        let negated = """
            #if os(tvOS)
            let isDark = true
            #else
            let isDark = compute()
            #endif
            image = !isDark ? UIImage(named: "c-dark") : UIImage(named: "c-white")
            image = ok && isDark ? UIImage(named: "d-dark") : UIImage(named: "d-white")
            """
        #expect(Self.platforms(negated, [(6, "c-white"), (7, "d-white")]) == [nil, nil])
    }
}
