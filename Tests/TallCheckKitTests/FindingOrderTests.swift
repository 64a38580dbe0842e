import Testing

@testable import TallCheckKit

/// A report's findings are sorted by path, the more severe first, then by rule and message,
/// and each is reported once (issue 30 made both cheaper: the order and the set must not move).
@Suite struct FindingOrderTests {
    static func finding(_ path: String, _ severity: Severity, _ rule: String, _ message: String, line: Int? = nil)
        -> Finding
    {
        Finding(ruleID: rule, severity: severity, path: path, message: message, line: line)
    }

    static let findings: [Finding] = {
        let paths = ["b.png", "a.png", "A.png", "é/x.png", "e\u{301}/y.png", "Images/a@2x.png", "Images/a.png", "z"]
        var made: [Finding] = []
        for (index, path) in paths.enumerated() {
            for severity in Severity.allCases {
                made.append(finding(path, severity, index % 2 == 0 ? "scale-mismatch" : "case-mismatch", "m\(index)"))
                made.append(finding(path, severity, "duplicate-image", "m\(7 - index)"))
            }
        }
        return made.reversed()
    }()

    @Test func sortedByPathThenTheMoreSevereThenRuleAndMessage() {
        let expected = Self.findings.sorted {
            ($0.path, Severity.allCases.count - Severity.allCases.firstIndex(of: $0.severity)!, $0.ruleID, $0.message)
                < (
                    $1.path, Severity.allCases.count - Severity.allCases.firstIndex(of: $1.severity)!, $1.ruleID,
                    $1.message
                )
        }
        #expect(Linter.sorted(Self.findings) == expected)
        #expect(Severity.allCases.map(\.rank) == [0, 1, 2])
        #expect(Severity.note < .warning && Severity.warning < .error && !(Severity.error < .error))
    }

    @Test func identitiesAreEqualAsFindingsAre() {
        let one = Self.finding("a.png", .error, "r", "one", line: 3)
        var other = one
        other.message = "two"
        var targeted = one
        targeted.targets = ["App"]
        let set = Set(
            [one, one, other, targeted, Self.finding("a.png", .error, "r", "one", line: 4)].map(Finding.Identity.init))
        #expect(set.count == 4)
        #expect(set.contains(Finding.Identity(targeted)) && set.contains(Finding.Identity(other)))
    }
}
