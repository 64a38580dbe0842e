/// SARIF 2.1.0, which GitHub code scanning and many editors read.
///
/// Every rule that ran is in `driver.rules` with its summary and rationale as help. Locations are URIs
/// relative to the scanned folder (`uriBaseId` `%SRCROOT%`, whose absolute URI is given in
/// `originalUriBaseIds`), with no `region`: an image has no lines, and SARIF requires
/// `startLine` ≥ 1. `partialFingerprints` are given because GitHub cannot compute them from a
/// binary file.
public struct SARIFReporter: LintReporter {
    public static let identifier = "sarif"
    public static let summary = "GitHub code scanning"

    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The fingerprint key: a hash of path, rule and message, the identity a baseline uses too.
    public static let fingerprintKey = "tallcheckFinding/v1"

    public init() {}

    public func render(_ report: LintReport) -> String {
        let rules = report.rules
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let run: JSONValue = .object([
            (
                "tool",
                .object([
                    (
                        "driver",
                        .object([
                            ("name", .string("tallcheck")), ("version", .string(TallCheckVersion.current)),
                            ("semanticVersion", .string(TallCheckVersion.current)),
                            ("rules", .array(rules.map(Self.rule))),
                        ])
                    )
                ])
            ),
            (
                "originalUriBaseIds",
                .object([("%SRCROOT%", .object([("uri", .string(Self.fileURI(folder: report.root)))]))])
            ),
            (
                "results",
                .array(
                    report.findings.map { finding in
                        var members: [(String, JSONValue)] = [("ruleId", .string(finding.ruleID))]
                        if let index = ruleIndex[finding.ruleID] { members.append(("ruleIndex", .int(index))) }
                        members += [
                            ("level", .string(Self.level(finding.severity))),
                            ("message", .object([("text", .string(finding.message))])),
                            (
                                "locations",
                                .array([Self.location(finding.path, line: finding.line, column: finding.column)])
                            ),
                        ]
                        if !finding.related.isEmpty {
                            members.append(
                                (
                                    "relatedLocations",
                                    .array(
                                        finding.related.enumerated().map { index, path in
                                            Self.location(path, id: index, text: path)
                                        })
                                ))
                        }
                        members.append(
                            (
                                "partialFingerprints",
                                .object([(Self.fingerprintKey, .string(Self.fingerprint(finding)))])
                            ))
                        var properties: [(String, JSONValue)] = []
                        if let targets = finding.targets {
                            properties.append(("targets", .array(targets.map(JSONValue.string))))
                        }
                        if let configurations = finding.configurations {
                            properties.append(("configurations", .array(configurations.map(JSONValue.string))))
                        }
                        if !properties.isEmpty { members.append(("properties", .object(properties))) }
                        return .object(members)
                    })
            ),
            ("columnKind", .string("unicodeCodePoints")),
        ])
        let document: JSONValue = .object([
            ("version", .string("2.1.0")), ("$schema", .string(Self.schema)), ("runs", .array([run])),
        ])
        return document.rendered() + "\n"
    }

    static func fingerprint(_ finding: Finding) -> String {
        stableHash([finding.path, finding.ruleID, finding.message])
    }

    private static func rule(_ description: RuleDescription) -> JSONValue {
        .object([
            ("id", .string(description.id)),
            ("shortDescription", .object([("text", .string(description.summary))])),
            ("fullDescription", .object([("text", .string(description.rationale))])),
            (
                "help",
                .object([
                    ("text", .string(description.summary + "\n\n" + description.rationale)),
                    ("markdown", .string(RuleDocumentation.markdown(for: description, headingLevel: 3))),
                ])
            ),
            ("defaultConfiguration", .object([("level", .string(level(description.severity)))])),
        ])
    }

    /// A location; a `region` only when the finding has a line (images have none).
    private static func location(
        _ path: String, id: Int? = nil, text: String? = nil, line: Int? = nil, column: Int? = nil
    ) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let id { members.append(("id", .int(id))) }
        members.append(
            (
                "physicalLocation",
                .object(
                    [
                        (
                            "artifactLocation",
                            .object([("uri", .string(uriReference(path))), ("uriBaseId", .string("%SRCROOT%"))])
                        )
                    ]
                        + (line.map { line in
                            [
                                (
                                    "region",
                                    .object(
                                        [("startLine", .int(line))] + (column.map { [("startColumn", .int($0))] } ?? [])
                                    )
                                )
                            ]
                        } ?? []))
            ))
        if let text { members.append(("message", .object([("text", .string(text))]))) }
        return .object(members)
    }

    private static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// A relative path as a URI reference (RFC 3986): every byte outside the unreserved set, `/`
    /// and `@` percent-encoded, so `%`, `:`, `#`, spaces and non-ASCII letters survive.
    static func uriReference(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "@"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }

    /// `file:///abs/folder/`, with the trailing slash a base URI needs.
    static func fileURI(folder: String) -> String {
        "file://" + uriReference(folder.hasSuffix("/") ? folder : folder + "/")
    }
}
