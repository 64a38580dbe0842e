/// A build configuration file (`.xcconfig`): `KEY = VALUE` lines, `//` comments and `#include`s,
/// as Xcode reads them (Xcode Help, "Add a build configuration file to your project"). Many
/// projects set `SDKROOT`, `TARGETED_DEVICE_FAMILY` and deployment targets there and nowhere
/// else, so a target's platform is only known with them.
///
/// Conditional settings (`KEY[sdk=iphoneos*] = …`) are skipped: the plain setting is what a
/// target without the condition gets. `$(inherited)` is dropped.
struct XcodeConfigFile: Sendable {
    /// ``ReadLimits/buildSettingsBytes``.
    static let maxBytes = ReadLimits.standard.buildSettingsBytes
    /// ``ReadLimits/buildSettingsIncludeDepth``.
    static let maxIncludeDepth = ReadLimits.standard.buildSettingsIncludeDepth

    /// The settings in file order, each with its value's text.
    var settings: [(key: String, value: String)] = []
    /// The files it includes, as written, relative to its own folder.
    var includes: [String] = []

    init(bytes: [UInt8]) {
        let text = String(decoding: bytes.prefix(Self.maxBytes), as: UTF8.self)
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            line = Substring(line.trimmingSpaces)
            if line.hasPrefix("#include") {
                guard let open = line.firstIndex(of: "\""),
                    let close = line[line.index(after: open)...].firstIndex(of: "\"")
                else { continue }
                includes.append(String(line[line.index(after: open)..<close]))
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingSpaces
            guard !key.isEmpty, !key.contains("["), key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                continue
            }
            var value = line[line.index(after: equals)...].replacingOccurrences(of: "$(inherited)", with: "")
                .trimmingSpaces
            // A trailing `;` is allowed, as in the project file.
            if value.hasSuffix(";") { value = String(value.dropLast()).trimmingSpaces }
            settings.append((key, value))
        }
    }

    /// The settings of the file at `path` (relative to the scanned folder) with its includes
    /// first, as Xcode layers them; `files` holds every `.xcconfig` of the tree by path.
    static func resolved(_ path: String, in files: [String: XcodeConfigFile], depth: Int = 0) -> [String: String] {
        guard depth <= maxIncludeDepth, let file = files[path] else { return [:] }
        var merged: [String: String] = [:]
        let folder = path.lastIndex(ofByte: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? ""
        for include in file.includes {
            let joined =
                include.hasPrefix("/")
                ? nil : XcodeProject.normalized(folder.isEmpty ? include : folder + "/" + include)
            guard let joined else { continue }
            merged.merge(resolved(joined, in: files, depth: depth + 1)) { _, new in new }
        }
        for (key, value) in file.settings { merged[key] = value }
        return merged
    }
}
