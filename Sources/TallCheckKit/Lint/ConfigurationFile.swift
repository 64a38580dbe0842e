import Yams

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `.tallcheck.yml`: the settings a team keeps with its app, read with Yams.
///
/// ```yaml
/// included: [App]
/// excluded: [App/Vendor, "**/Generated"]
/// disabled_rules: [case-mismatch]
/// opt_in_rules: []
/// severity:
///   missing-scale: error
/// deployment_target: "8.0"
/// tall_variant_height: 88   # a rule option (tall-variant): points over the @2x, or `any`
/// image_weight: {max_bytes: 512000, max_pixels: 4194304, overrides: {"Art/**": {max_bytes: 2000000}}}
/// strict: true
/// ```
public struct ConfigurationFile: Sendable, Equatable {
    /// The name looked for in the scanned folder when no `--config` is given.
    public static let defaultName = ".tallcheck.yml"

    /// The settings the file gives.
    public var layer: LintConfiguration.Layer
    /// What the file says that the run goes on past; an unknown key is an error instead
    /// (``ConfigurationError/unknownKey(path:message:)``).
    public var warnings: [String]

    /// Every key the file may contain: the file's own, then the rules' options.
    public static var keys: [String] {
        ["included", "excluded", "disabled_rules", "opt_in_rules", "severity", "deployment_target"]
            + Rules.options.map { $0.key } + [
                "strict", "tall_suffix_functions", "tall_suffix_without_fallback", "allow_zero_lintable_files",
            ]
    }

    /// Parses the text of a config file. `path` names it in messages.
    public init(yaml text: String, path: String = defaultName) throws(ConfigurationError) {
        let root: Node?
        if let refusal = YAMLPrecheck.refusal(text) {
            throw .syntax(path: path, reason: refusal + "; not parsed")
        }
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw .syntax(path: path, reason: "\(error)")
        }
        layer = LintConfiguration.Layer()
        warnings = []
        guard let root else { return }  // An empty file sets nothing.
        guard let mapping = root.mapping else {
            throw .invalidValue(path: path, key: "(top level)", reason: "must be a mapping of settings")
        }
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string else {
                throw .invalidValue(path: path, key: "(top level)", reason: "keys must be plain names")
            }
            let reader = ValueReader(path: path, key: key, node: value)
            switch key {
            case "included": layer.included = try reader.strings()
            case "excluded": layer.excluded = try reader.strings()
            case "disabled_rules": layer.disabledRules = Set(try reader.ruleIDs())
            case "opt_in_rules": layer.optInRules = Set(try reader.ruleIDs())
            case "severity": layer.severities = try reader.severities()
            case "deployment_target": layer.deploymentTarget = try reader.deploymentTarget()
            case "strict": layer.strict = try reader.bool()
            case "allow_zero_lintable_files": layer.allowsZeroLintableFiles = try reader.bool()
            case "tall_suffix_functions": layer.tallSuffixFunctions = try reader.strings()
            case "tall_suffix_without_fallback": layer.tallSuffixWithoutFallback = try reader.strings()
            case let key where Rules.option(key: key) != nil:
                var options = layer.ruleOptions ?? [:]
                options[key] = try reader.ruleOption(Rules.option(key: key)!)
                layer.ruleOptions = options
            default:
                // A misspelt key would be ignored silently: it is an error, with the key it most
                // likely meant.
                let line = keyNode.mark.map { ":\($0.line)" } ?? ""
                throw .unknownKey(
                    path: path + line,
                    message: "unknown key '\(key)'\(didYouMean(key, among: Self.keys)); known keys: "
                        + Self.keys.joined(separator: ", "))
            }
        }
    }

    /// ``ReadLimits/configurationBytes``.
    static let maxBytes = ReadLimits.standard.configurationBytes

    public init(contentsOfFile path: String) throws(ConfigurationError) {
        let bytes: [UInt8]
        switch readRegularFile(FileSystemPath(path), limit: Self.maxBytes) {
        case .success(let read): bytes = read
        case .failure(let failure): throw .unreadable(path: path, reason: failure.message)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .syntax(path: path, reason: "not UTF-8 text")
        }
        try self.init(yaml: text, path: path)
    }
}

/// Why a config file cannot be used. The tool stops with exit status 2.
public enum ConfigurationError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case syntax(path: String, reason: String)
    /// A key with a value of the wrong kind or out of range.
    case invalidValue(path: String, key: String, reason: String)
    /// A key the tool does not know: `path` ends with the key's line.
    case unknownKey(path: String, message: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot use as the config file: \(reason)"
        case .syntax(let path, let reason): "\(path): not valid YAML: \(reason)"
        case .invalidValue(let path, let key, let reason): "\(path): invalid value for '\(key)': \(reason)"
        case .unknownKey(let path, let message): "\(path): \(message)"
        }
    }
}

/// Reads one key's value, throwing an error that names the key.
private struct ValueReader {
    var path: String
    var key: String
    var node: Node

    func invalid(_ reason: String) -> ConfigurationError { .invalidValue(path: path, key: key, reason: reason) }

    func scalar(_ node: Node, _ what: String) throws(ConfigurationError) -> String {
        guard let text = node.scalar?.string else { throw invalid("expected \(what)") }
        return text
    }

    func strings() throws(ConfigurationError) -> [String] {
        if let single = node.scalar?.string { return [single] }
        guard let items = node.sequence else { throw invalid("expected a list of globs") }
        var values: [String] = []
        for item in items { values.append(try scalar(item, "a list of globs")) }
        return values
    }

    func ruleIDs() throws(ConfigurationError) -> [String] {
        let ids = try strings()
        for id in ids where Rules.description(id: id) == nil {
            throw invalid("no rule '\(id)'\(didYouMean(id, among: Rules.ids)); `tallcheck rules` lists them")
        }
        return ids
    }

    func severities() throws(ConfigurationError) -> [String: Severity] {
        guard let mapping = node.mapping else { throw invalid("expected rule ids mapped to error, warning or note") }
        var severities: [String: Severity] = [:]
        for (idNode, levelNode) in mapping {
            let id = try scalar(idNode, "rule ids as keys")
            guard Rules.description(id: id) != nil else {
                throw invalid("no rule '\(id)'\(didYouMean(id, among: Rules.ids)); `tallcheck rules` lists them")
            }
            let level = try scalar(levelNode, "error, warning or note for \(id)")
            guard let severity = Severity(rawValue: level) else {
                throw invalid("'\(level)' for \(id) is not error, warning or note")
            }
            severities[id] = severity
        }
        return severities
    }

    func deploymentTarget() throws(ConfigurationError) -> OSVersion {
        let text = try scalar(node, "a version such as 7.0")
        guard let version = OSVersion(text) else { throw invalid("'\(text)' is not a version such as 7.0") }
        return version
    }

    /// A rule option's value, decoded by the option (in its rule's file) and written back as
    /// its canonical text.
    func ruleOption(_ type: any RuleOption.Type) throws(ConfigurationError) -> String {
        do {
            return try type.canonicalText(of: try ConfigValue(node))
        } catch {
            throw invalid(error.reason)
        }
    }

    func bool() throws(ConfigurationError) -> Bool {
        switch try scalar(node, "true or false") {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        case let other: throw invalid("'\(other)' is not true or false")
        }
    }
}

extension ConfigurationFile {
    /// The config a lint of `root` uses: the file given with `--config`, which must exist, else
    /// `.tallcheck.yml` in `root` when there is one, else none.
    /// An in-tree file that is a symbolic link is read only when it stays inside `root`, unless
    /// `followsSymbolicLinks`: like every other file of the tree.
    public static func locate(given: String?, root: String, followsSymbolicLinks: Bool = false)
        throws(ConfigurationError) -> (
            file: ConfigurationFile, path: String
        )?
    {
        if let given { return (try ConfigurationFile(contentsOfFile: given), given) }
        let candidate = (root.hasSuffix("/") ? root : root + "/") + defaultName
        var status = stat()
        guard FileSystemPath.withCString(candidate, { lstat($0, &status) }) == 0 else { return nil }
        if status.st_mode & S_IFMT == S_IFLNK, !followsSymbolicLinks {
            let target = realPath(candidate)
            guard let target, let base = realPath(root), target.hasPrefix(base.hasSuffix("/") ? base : base + "/")
            else {
                throw .unreadable(
                    path: candidate,
                    reason:
                        "a symbolic link out of the scanned folder (to \(target.map { escapedForDisplay(Array($0.utf8)) } ?? "nothing")); "
                        + "not followed without --follow-symlinks")
            }
        }
        return (try ConfigurationFile(contentsOfFile: candidate), candidate)
    }
}

extension ConfigValue {
    /// The value of a YAML node: scalars as their text, keys as plain names.
    init(_ node: Node) throws(Invalid) {
        switch node {
        case .scalar(let scalar): self = .scalar(scalar.string)
        case .sequence(let sequence):
            var items: [ConfigValue] = []
            for item in sequence { items.append(try ConfigValue(item)) }
            self = .sequence(items)
        case .mapping(let mapping):
            var entries: [Entry] = []
            for (key, value) in mapping {
                guard let name = key.scalar?.string else { throw Invalid("keys must be plain names") }
                entries.append(Entry(name, try ConfigValue(value)))
            }
            self = .mapping(entries)
        }
    }
}
