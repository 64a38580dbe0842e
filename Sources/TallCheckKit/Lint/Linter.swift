/// Runs rules over an inventory.
public struct Linter: Sendable {
    public var rules: [any Rule]
    /// Severities that replace a rule's default one.
    public var severities: [String: Severity]

    /// The rules and severities a configuration asks for.
    public init(configuration: LintConfiguration = LintConfiguration()) {
        rules = configuration.enabledRules.map { $0.init(configuration: configuration) }
        severities = configuration.severities
    }

    /// Exactly these rules, with their defaults.
    public init(rules: [any Rule.Type]) {
        self.rules = rules.map { $0.init() }
        severities = [:]
    }

    /// Each target's findings, tagged with its name; a finding several targets make is one
    /// finding naming them all.
    public func findings(in targets: [TargetInventory]) -> [Finding] {
        var capped: [String: Int] = [:]
        return findings(in: targets, capped: &capped)
    }

    /// The findings of every target; `capped` gets the rules that found more than
    /// ``maxFindingsPerRule`` in a target, with the most any target found.
    func findings(in targets: [TargetInventory], capped: inout [String: Int]) -> [Finding] {
        // One target after another: each runs its rules on all cores, and nesting the two
        // parallel maps would serialize the inner one.
        var perTarget: [(Int, findings: [Finding])] = []
        for (index, entry) in targets.enumerated() {
            let (found, caps) = findingsAndCaps(in: entry.inventory)
            capped.merge(caps, uniquingKeysWith: max)
            perTarget.append((index, findings: found))
        }
        var order: [Finding] = []
        // Which entries (targets, or groups of a target's configurations) found each finding.
        var found: [Finding: [Int]] = [:]
        for (index, findings) in perTarget {
            for finding in findings {
                if found[finding] == nil { order.append(finding) }
                found[finding, default: []].append(index)
            }
        }
        let everyTarget = Set(Rules.all.filter { $0.description.needsEveryTarget }.map { $0.description.id })
        // Which targets ship each file such a rule reported: each must have found it too.
        var shippers: [String: [Int]] = [:]
        if order.contains(where: { everyTarget.contains($0.ruleID) }) {
            for (index, entry) in targets.enumerated() {
                for path in entry.inventory.allImages.map(\.path) + entry.inventory.catalogSets.map(\.folder) {
                    shippers[path, default: []].append(index)
                }
            }
        }
        // The targets with a missing-image finding at each site of code, whatever it says.
        var missingAt: [String: Set<String>] = [:]
        for (finding, entries) in found where finding.ruleID == MissingImage.description.id {
            guard let line = finding.line else { continue }
            missingAt["\(finding.path):\(line)", default: []].formUnion(entries.map { targets[$0].target.name })
        }
        return Self.sorted(
            order.compactMap { finding in
                let entries = found[finding]!
                // An unused image must be unused in every target and configuration that ships it.
                if everyTarget.contains(finding.ruleID), !Set(shippers[finding.path] ?? []).isSubset(of: entries) {
                    return nil
                }
                var tagged = finding
                var names: [String] = []
                var configurations: Set<String> = []
                var partial = false
                for index in entries where !names.contains(targets[index].target.name) {
                    names.append(targets[index].target.name)
                }
                // A target is its project and name: the groups of its configurations are the entries
                // that share both and say which configurations they hold for.
                var seenTargets: Set<[String]> = []
                for index in entries {
                    let target = targets[index].target
                    guard target.configurations != nil, seenTargets.insert([target.project, target.name]).inserted
                    else { continue }
                    let groups = targets.indices.filter {
                        targets[$0].target.project == target.project && targets[$0].target.name == target.name
                            && targets[$0].target.configurations != nil
                    }
                    let holding = groups.filter(entries.contains)
                    if holding.count < groups.count {
                        partial = true
                        for index in holding { configurations.formUnion(targets[index].target.configurations ?? []) }
                    }
                }
                tagged.targets = names
                if partial { tagged.configurations = configurations.sorted() }
                let missing = missingAt["\(finding.path):\(finding.line ?? 0)"] ?? []
                Self.softenShared(&tagged, missingIn: missing, of: targets)
                return tagged
            })
    }

    /// A missing image in code that other targets also compile, where it loads: the code may run
    /// only there (an app's configuration read by the app alone, in a file its extensions share),
    /// so the error is not certain. It becomes a warning that says which targets load it.
    static func softenShared(_ finding: inout Finding, missingIn found: Set<String>, of targets: [TargetInventory]) {
        guard finding.ruleID == MissingImage.description.id, finding.severity == .error, finding.line != nil else {
            return
        }
        let loading = targets.filter {
            !found.contains($0.target.name) && $0.inventory.ownSourcePaths?.contains(finding.path) == true
        }.map(\.target.name).uniqued()
        guard let last = loading.last else { return }
        finding.severity = .warning
        let one = loading.count == 1
        let others = one ? last : loading.dropLast().joined(separator: ", ") + " and " + last
        finding.message +=
            " Uncertain: \(others) also \(one ? "compiles" : "compile") this file and \(one ? "loads" : "load") the image; "
            + "if only \(one ? "it runs" : "they run") this code, nothing is wrong."
    }

    /// ``ReadLimits/findingsPerRule``.
    public static let maxFindingsPerRule = ReadLimits.standard.findingsPerRule

    public func findings(in inventory: Inventory) -> [Finding] { findingsAndCaps(in: inventory).findings }

    /// What the rules that read no image contents (``Rule/contentChecks`` empty) found in an
    /// inventory made before the content pass, which adds nothing they read: run beside the pass
    /// (``AppScanner/scan(_:beside:)``), the rest after it (``lint(_:early:)``).
    struct EarlyOutcomes: Sendable {
        let outcomes: [(index: Int, outcome: RuleOutcome)]

        /// The rules that ran, by id.
        var ruleIDs: [String] { outcomes.map(\.outcome.description.id) }
    }

    /// ``EarlyOutcomes`` for `inventory`.
    func earlyOutcomes(in inventory: Inventory) -> EarlyOutcomes {
        EarlyOutcomes(
            outcomes: outcomes(of: rules.indices.filter { type(of: rules[$0]).contentChecks.isEmpty }, in: inventory))
    }

    /// The findings, and for each rule that found more than ``maxFindingsPerRule``, how many it
    /// found; the rules `early` has outcomes for are not run again.
    func findingsAndCaps(in inventory: Inventory, early: EarlyOutcomes? = nil) -> (
        findings: [Finding], capped: [String: Int]
    ) {
        var perRule = [RuleOutcome?](repeating: nil, count: rules.count)
        for (index, outcome) in early?.outcomes ?? [] { perRule[index] = outcome }
        for (index, outcome) in outcomes(of: rules.indices.filter { perRule[$0] == nil }, in: inventory) {
            perRule[index] = outcome
        }
        let outcomes = perRule.map { $0! }
        var capped: [String: Int] = [:]
        for rule in outcomes where rule.count > Self.maxFindingsPerRule { capped[rule.description.id] = rule.count }
        let findings = outcomes.flatMap { rule in
            rule.findings.map { finding in
                var finding = finding
                if let severity = severities[rule.description.id], finding.severity == rule.description.severity {
                    finding.severity = severity
                }
                return finding
            }
        }
        // One finding for one fact: a file that fills two entries of a set is found once. A
        // dependency's files (what CocoaPods copies from Pods/, a library copied into Vendor/)
        // ship, but are not the app's to fix.
        return PhaseTimings.shared.measure("  findings joined and sorted") {
            var seen: Set<Finding.Identity> = []
            let libraries = Self.bundledLibraryFolders(
                inventory.looseImages.lazy.map(\.path) + inventory.unshippedImages.lazy.map(\.path))
            let unique = findings.filter { finding in
                !SourceInput.isVendored(finding.path) && !SourceInput.isCopiedLibrary(finding.path)
                    && !libraries.contains { finding.path.hasPrefix($0) }
                    && seen.insert(Finding.Identity(finding)).inserted
            }
            return (Self.droppingSuperseded(Self.sorted(unique)), capped)
        }
    }

    /// The folders of libraries copied in by hand that carry their resources in a bundle named
    /// after the folder (`SVWebViewController/SVWebViewController.bundle`,
    /// `SVProgressHUD/SVProgressHUD.bundle`), each with its `/`: like a pod's or a `Vendor/`
    /// folder's (``SourceInput/isCopiedLibrary(_:)``), their files are upstream's to fix. An app
    /// keeps its own resources in catalogs and folders, not in a bundle named as a code folder.
    static func bundledLibraryFolders(_ paths: some Sequence<String>) -> [String] {
        var folders: Set<String> = []
        for path in paths where path.contains(bytes: ".bundle/") {
            let components = path.split(separator: "/", omittingEmptySubsequences: false)
            for index in components.indices.dropFirst() {
                let component = components[index]
                guard component.hasSuffix(".bundle"), component.dropLast(7) == components[index - 1],
                    !component.dropLast(7).isEmpty
                else { continue }
                folders.insert(components[...(index - 1)].joined(separator: "/") + "/")
            }
        }
        return folders.sorted()
    }

    /// What the rules at `indices` find in `inventory`, run on all cores.
    private func outcomes(of indices: [Int], in inventory: Inventory) -> [(index: Int, outcome: RuleOutcome)] {
        guard !indices.isEmpty else { return [] }
        let rules = self.rules
        @Sendable func run(_ rule: any Rule, _ body: () -> [Finding]) -> RuleOutcome {
            let description = type(of: rule).description
            var found = PhaseTimings.shared.measure("    rule \(description.id) (on either core)", body)
            let count = found.count
            if count > Self.maxFindingsPerRule {
                // The first ones in report order, so the same tree reports the same findings.
                found = Array(Self.sorted(found).prefix(Self.maxFindingsPerRule))
            }
            return RuleOutcome(description: description, count: count, findings: found)
        }
        // Rules are pure functions of the inventory: run them on all cores. The device matrix is
        // built here, on this thread, while the other rules run beside it: inside one of them its
        // lookups would have one core only.
        let matrixRules = Set(indices.filter { Self.matrixRule(rules[$0])?.needsMatrix(inventory) == true })
        // The slowest first, so that no core is left with a long rule at the end while the other waits.
        let others = indices.filter { !matrixRules.contains($0) }.sorted {
            (Self.rank(rules[$0]), $0) < (Self.rank(rules[$1]), $1)
        }
        @Sendable func runOthers() -> [RuleOutcome] {
            others.concurrentMap(batchSize: 1) { index in run(rules[index]) { rules[index].findings(in: inventory) } }
        }
        let otherOutcomes = matrixRules.isEmpty ? nil : BackgroundJob(runOthers)
        var found: [(index: Int, outcome: RuleOutcome)] = []
        if !matrixRules.isEmpty {
            let matrix = PhaseTimings.shared.measure("    device matrix") {
                ReferenceMatrix(inventory, matchingPatterns: false, recordingTries: false)
            }
            for index in matrixRules.sorted() {
                let rule = Self.matrixRule(rules[index])!
                found.append((index, run(rule) { rule.findings(in: inventory, matrix: matrix) }))
            }
            // A row and its loads for each reference: freed on another thread, not before the
            // findings are joined (about 1 ms on a large app).
            releaseInBackground(consume matrix)
        }
        for (index, outcome) in zip(others, otherOutcomes?.result() ?? runOthers()) { found.append((index, outcome)) }
        return found
    }

    /// The rule as a ``MatrixRule``, when it is one: by its concrete type. A cast to the
    /// protocol searches every conformance the program holds for each rule type that is not one
    /// (swift-syntax's included): 12 M instructions for the 21 rules of a lint, before any ran.
    static func matrixRule(_ rule: any Rule) -> (any MatrixRule)? {
        if let rule = rule as? MissingImage { return rule }
        if let rule = rule as? TallSuffixFallback { return rule }
        return nil
    }

    /// The rules that take longest on a large app (`TALLCHECK_TIMINGS=1`, 20k images and 4,000
    /// sources), by rank: handed to the cores first.
    static let slowestFirst: [String: Int] = Dictionary(
        uniqueKeysWithValues: ["case-mismatch", "scale-mismatch", "unused-image", "tall-variant", "duplicate-image"]
            .enumerated().map { ($1, $0) })

    private static func rank(_ rule: any Rule) -> Int { slowestFirst[type(of: rule).description.id] ?? Int.max }

    /// What one rule found, and how many before the cap.
    struct RuleOutcome: Sendable {
        var description: RuleDescription
        var count: Int
        var findings: [Finding]
    }

    /// By path, most severe first, then rule and message (and the targets, to be stable).
    static func sorted(_ findings: [Finding]) -> [Finding] {
        // By path (by bytes where ASCII), the more severe first, by rule, by message.
        // Indices sorted, the paths in a list of their own: no finding copied for a comparison.
        let paths = findings.map(\.path)
        let ascii = paths.map(\.isASCIIBytes)
        return findings.indices.sorted { first, second in
            if ascii[first] && ascii[second] {
                let order = paths[first].compareBytes(paths[second])
                if order != 0 { return order < 0 }
            } else if paths[first] != paths[second] {
                return paths[first] < paths[second]
            }
            return (-findings[first].severity.rank, findings[first].ruleID, findings[first].message)
                < (-findings[second].severity.rank, findings[second].ruleID, findings[second].message)
        }.map { findings[$0] }
    }

    /// One cause, one finding: drops a finding when a rule that supersedes its rule found the same file.
    static func droppingSuperseded(_ findings: [Finding]) -> [Finding] {
        let superseding = Dictionary(
            uniqueKeysWithValues: Rules.all.map { ($0.description.id, $0.description.supersedes) }
        ).filter { !$0.value.isEmpty }
        guard !superseding.isEmpty else { return findings }
        // By asset: an unused image set's folder supersedes the size findings of its files. One
        // entry per asset, with the rules it supersedes there, and a finding's asset worked out
        // only for a superseded rule's (thousands of unused images need none).
        var replaced: [String: [String]] = [:]
        var supersededRules: Set<String> = []
        // A folder's finding (unused-image on a folder reference) supersedes those of the files
        // in it: by the folder with its `/`, looked up for each folder above a finding's path.
        var folders: [Substring: [String]] = [:]
        for finding in findings {
            let ids = superseding[finding.ruleID] ?? []
            guard !ids.isEmpty else { continue }
            supersededRules.formUnion(ids)
            replaced[Self.asset(of: finding.path), default: []] += ids
            if !ImageFormat.hasImageExtension(finding.path), !finding.path.hasSuffix(".imageset") {
                folders[Substring(finding.path + "/"), default: []] += ids
            }
        }
        guard !replaced.isEmpty else { return findings }
        return findings.filter { finding in
            guard supersededRules.contains(finding.ruleID) else { return true }
            guard replaced[Self.asset(of: finding.path)]?.contains(finding.ruleID) != true else { return false }
            guard !folders.isEmpty else { return true }
            let path = finding.path
            var slash = path.utf8.startIndex
            while let found = path.utf8[slash...].firstIndex(of: UInt8(ascii: "/")) {
                slash = path.utf8.index(after: found)
                if folders[path[..<slash]]?.contains(finding.ruleID) == true { return false }
            }
            return true
        }
    }

    /// The image set a path is in or is (`A.xcassets/star.imageset`), or a loose file's folder
    /// and base name (`Images/Logo` for `Images/Logo@2x.png`); other paths themselves. Asked of
    /// every finding twice: `.imageset` is looked for by byte (Foundation's `range(of:)` took
    /// most of the 40 ms that 5,000 findings spent here).
    static func asset(of path: String) -> String {
        if let end = Self.endOfImageSet(in: path) { return String(path[..<end]) }
        guard ImageFormat.hasImageExtension(path) else { return path }
        let slash = path.lastIndex(ofByte: UInt8(ascii: "/"))
        let folder = slash.map { String(path[..<$0]) + "/" } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return folder + ImageName(fileName: name).base
    }

    private static let imageSetSuffix = Array(".imageset".utf8)

    /// The index just past the first `.imageset` in `path`.
    static func endOfImageSet(in path: String) -> String.Index? {
        let utf8 = path.utf8
        var from = utf8.startIndex
        while let dot = utf8[from...].firstIndex(of: UInt8(ascii: ".")) {
            let end = utf8.index(dot, offsetBy: imageSetSuffix.count, limitedBy: utf8.endIndex)
            if let end, utf8[dot..<end].elementsEqual(imageSetSuffix) { return end }
            from = utf8.index(after: dot)
        }
        return nil
    }

    /// The findings in a scanned tree, with what a report needs to say about it.
    public func lint(_ scan: ScanResult) -> LintReport { lint(scan, early: nil) }

    /// ``lint(_:)`` with what some rules found already (``earlyOutcomes(in:)``, on the scan's
    /// inventory before its content pass; there is one only when the scan found one target or none).
    func lint(_ scan: ScanResult, early: EarlyOutcomes?) -> LintReport {
        guard scan.targets.count > 1 else {
            // No project, or one target: one inventory, its findings tagged with the target's name.
            let inventory = scan.targets.first?.inventory ?? scan.inventory
            var (findings, capped) = findingsAndCaps(in: inventory, early: early)
            var app = AppSummary(inventory, infoPlist: scan.infoPlist)
            if let target = scan.targets.first?.target {
                for index in findings.indices { findings[index].targets = [target.name] }
                app.platform = target.platform
                // The target's own Info.plist, when it names one that was read.
                if let path = target.infoPlist, inventory.info?.path == path, scan.infoPlist != .given(path: path) {
                    app.infoPlist = .target(path: path, target: target.name)
                }
            }
            let found = findings
            let (assetNames, imageBytes) = PhaseTimings.shared.measure("  asset names and bytes (both cores)") {
                inParallel({ LintReport.assetNames(of: found, in: inventory) }) { inventory.imageBytes }
            }
            var report = LintReport(
                folder: scan.folder, findings: findings, rules: rules.map { type(of: $0).description },
                imageCount: inventory.allImages.count, assetNames: assetNames, app: app, imageBytes: imageBytes)
            report.cappedRules = capped
            return report
        }
        var capped: [String: Int] = [:]
        let findings = findings(in: scan.targets, capped: &capped)
        var assetNames: [String: String] = [:]
        var images: [String: ScannedImage] = [:]
        for entry in scan.targets {
            assetNames.merge(LintReport.assetNames(of: findings, in: entry.inventory)) { first, _ in first }
            for image in entry.inventory.allImages { images[image.path] = image }
        }
        var app = AppSummary(scan.inventory, infoPlist: scan.infoPlist)
        app.targets = scan.targets.map(\.target.summary).reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        let lengths = images.values.compactMap(\.facts.byteCount)
        var report = LintReport(
            folder: scan.folder, findings: findings, rules: rules.map { type(of: $0).description },
            imageCount: images.count, assetNames: assetNames, app: app,
            imageBytes: images.isEmpty || !lengths.isEmpty ? lengths.saturatingSum() : nil)
        report.cappedRules = capped
        return report
    }
}
