import Foundation
import Testing

/// The portable binary (Scripts/release) carries no ICU data: Foundation's locale, calendar and
/// date formatting need it (a `DateFormatter` traps without it), so the sources must not use them.
@Suite struct PortableBinaryTests {
    /// Foundation APIs that read ICU's data: formatting by locale or calendar, localized compares
    /// and names.
    static let needsICUData = [
        "DateFormatter", "ISO8601DateFormatter", "NumberFormatter", "DateComponentsFormatter", "ListFormatter",
        "MeasurementFormatter", "ByteCountFormatter", "RelativeDateTimeFormatter", "Calendar(", "Calendar.current",
        "TimeZone(identifier", "Locale(identifier", "Locale.current", "localizedCompare", "localizedStandardCompare",
        "localizedCaseInsensitiveCompare", "localizedString(for", ".formatted(", "capitalized(with", "uppercased(with",
        "lowercased(with",
    ]

    @Test func noSourceUsesWhatNeedsICUData() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let sources = repository.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        var uses: [String] = []
        for file in files {
            let text = try String(contentsOfFile: sources.appendingPathComponent(file).path, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                for api in Self.needsICUData where line.contains(api) { uses.append("\(file):\(number + 1): \(api)") }
            }
        }
        #expect(uses.isEmpty, "these need ICU's data, which the portable binary leaves out: \(uses)")
    }
}
