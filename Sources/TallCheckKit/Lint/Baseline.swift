import Foundation

/// The findings a team already knows about, saved so that only new ones fail CI.
///
/// A finding is known when the baseline holds one with the same path, rule and message.
/// Matching counts: a baseline with one such finding absorbs one, and a second identical
/// finding is new.
public struct Baseline: Sendable, Equatable {
    /// What identifies a finding across runs.
    public struct Entry: Hashable, Sendable {
        public var path: String
        public var ruleID: String
        public var message: String

        public init(path: String, ruleID: String, message: String) {
            self.path = path
            self.ruleID = ruleID
            self.message = message
        }

        public init(_ finding: Finding) {
            self.init(path: finding.path, ruleID: finding.ruleID, message: finding.message)
        }

        // Exact bytes: Swift's String equality treats canonically equivalent text as equal,
        // and a baseline must match what was written, not what looks the same.
        public static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.path.utf8.elementsEqual(rhs.path.utf8) && lhs.ruleID.utf8.elementsEqual(rhs.ruleID.utf8)
                && lhs.message.utf8.elementsEqual(rhs.message.utf8)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(Array(path.utf8))
            hasher.combine(Array(ruleID.utf8))
            hasher.combine(Array(message.utf8))
        }
    }

    public var entries: [Entry]

    public init(findings: [Finding]) {
        entries = findings.map(Entry.init)
    }

    /// The file `--write-baseline` writes: JSON, one entry per finding, with its severity for people.
    public static func document(for findings: [Finding]) -> String {
        let document: JSONValue = .object([
            ("tool", .object([("name", .string("tallcheck")), ("version", .string(TallCheckVersion.current))])),
            (
                "findings",
                .array(
                    findings.map { finding in
                        .object([
                            ("path", .string(finding.path)), ("rule", .string(finding.ruleID)),
                            ("severity", .string(finding.severity.rawValue)), ("message", .string(finding.message)),
                        ])
                    })
            ),
        ])
        return document.rendered() + "\n"
    }

    /// Reads a file `--write-baseline` wrote.
    public init(json text: String, path: String) throws(BaselineError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            throw BaselineError(path: path, reason: "not JSON: \(error.localizedDescription)")
        }
        guard let items = (object as? [String: Any])?["findings"] as? [[String: Any]] else {
            throw BaselineError(path: path, reason: "expected an object with a \"findings\" array")
        }
        var entries: [Entry] = []
        for (index, item) in items.enumerated() {
            guard let path = item["path"] as? String, let rule = item["rule"] as? String,
                let message = item["message"] as? String
            else {
                throw BaselineError(path: path, reason: "finding \(index + 1) lacks a path, rule or message string")
            }
            entries.append(Entry(path: path, ruleID: rule, message: message))
        }
        self.entries = entries
    }

    /// ``ReadLimits/baselineBytes``.
    static let maxBytes = ReadLimits.standard.baselineBytes

    public init(contentsOfFile path: String) throws(BaselineError) {
        switch readRegularFile(FileSystemPath(path), limit: Self.maxBytes) {
        case .success(let bytes): try self.init(json: String(decoding: bytes, as: UTF8.self), path: path)
        case .failure(let failure): throw BaselineError(path: path, reason: failure.message)
        }
    }

    /// The findings the baseline does not know, and how many it filtered out.
    public func newFindings(in findings: [Finding]) -> (new: [Finding], known: Int) {
        var remaining = Dictionary(entries.map { ($0, 1) }, uniquingKeysWith: +)
        var new: [Finding] = []
        for finding in findings {
            let entry = Entry(finding)
            if let count = remaining[entry], count > 0 {
                remaining[entry] = count - 1
            } else {
                new.append(finding)
            }
        }
        return (new, findings.count - new.count)
    }
}

/// Why a baseline file cannot be used.
public struct BaselineError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "\(path): cannot use as a baseline: \(reason)" }
}
