/// JUnit XML, which GitLab, Jenkins and Bitbucket show as test results.
///
/// One suite per rule that ran, in `Rules.all` order, each finding a test case named
/// `{path}: {rule}`, numbered when a rule finds more than one thing in a file, because GitLab
/// keeps only the first of equal names. Errors and warnings are failures; notes are skipped
/// tests, so they show without failing the build. Every suite and the root carry `tests`,
/// `failures`, `errors` (always 0: the tool's own failures exit with status 2 instead) and
/// `skipped`.
public struct JUnitReporter: LintReporter {
    public static let identifier = "junit"
    public static let summary = ""

    public init() {}

    public func render(_ report: LintReport) -> String {
        let byRule = Dictionary(grouping: report.findings, by: \.ruleID)
        let ran = report.rules.map(\.id)
        let ruleIDs = ran + byRule.keys.filter { !ran.contains($0) }.sorted()
        let suites = ruleIDs.map { id in suite(id, findings: byRule[id] ?? []) }
        let counts = Counts(report.findings)
        return XMLMarkup.element(
            "testsuites", attributes: [("name", "tallcheck")] + counts.attributes, children: suites
        ).document()
    }

    private func suite(_ ruleID: String, findings: [Finding]) -> XMLMarkup {
        var seen: [String: Int] = [:]
        let cases = findings.map { finding -> XMLMarkup in
            let name = "\(finding.path)\(finding.lineSuffix): \(ruleID)"
            seen[name, default: 0] += 1
            let unique = seen[name]! == 1 ? name : "\(name) (\(seen[name]!))"
            let outcome: XMLMarkup =
                finding.severity == .note
                ? .element("skipped", attributes: [("message", finding.message)])
                : .element(
                    "failure", attributes: [("message", finding.message), ("type", finding.severity.rawValue)],
                    children: [.text("\(finding.severity.rawValue): \(finding.path): \(finding.message)")])
            return .element(
                "testcase", attributes: [("classname", ruleID), ("name", unique), ("file", finding.path)],
                children: [outcome])
        }
        return .element(
            "testsuite", attributes: [("name", ruleID)] + Counts(findings).attributes, children: cases)
    }

    private struct Counts {
        var tests: Int
        var failures: Int
        var skipped: Int

        init(_ findings: [Finding]) {
            tests = findings.count
            skipped = findings.filter { $0.severity == .note }.count
            failures = tests - skipped
        }

        var attributes: [(String, String)] {
            [("tests", "\(tests)"), ("failures", "\(failures)"), ("errors", "0"), ("skipped", "\(skipped)")]
        }
    }
}
