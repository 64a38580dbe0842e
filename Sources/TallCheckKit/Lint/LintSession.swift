/// A line the tool says about its own run, for standard error: `warning: .tallcheck.yml:3: unknown key`.
public struct ToolMessage: Sendable, Hashable, CustomStringConvertible {
    public enum Level: String, Sendable, Hashable {
        case error, warning, note
    }

    public var level: Level
    public var text: String

    public init(_ level: Level, _ text: String) {
        self.level = level
        self.text = text
    }

    public var description: String { "\(level.rawValue): \(text)" }
}

/// What one lint is asked to do: the folder, the files that steer it, and the settings given
/// on the command line.
public struct LintRequest: Sendable {
    public var root: String
    /// `--config`; nil: `.tallcheck.yml` in `root`, when there is one.
    public var configPath: String?
    /// Report only findings this baseline does not list.
    public var baselinePath: String?
    /// Record the findings here, for a later `baselinePath`.
    public var writeBaselinePath: String?
    public var infoPlistPath: String?
    /// The command line's settings: they beat the config file's.
    public var settings: LintConfiguration.Layer
    public var probeDepth: ProbeDepth
    public var followsSymbolicLinks: Bool
    /// The Xcode app target whose resources make the bundle; nil: the first.
    public var target: String?
    /// The build configuration to read (`--configuration`); nil: every one.
    public var buildConfiguration: String?
    /// The folder of the incremental cache (``ScanCache``); nil: no cache.
    public var cacheFolder: String?
    /// Whether the last lint's report may stand in for a scan of an unchanged tree
    /// (``ReportSnapshot``); false when the caller needs ``LintOutcome/scan``.
    public var reusesReport = true

    public init(
        root: String, configPath: String? = nil, baselinePath: String? = nil, writeBaselinePath: String? = nil,
        infoPlistPath: String? = nil, settings: LintConfiguration.Layer = .init(), probeDepth: ProbeDepth = .header,
        followsSymbolicLinks: Bool = false, target: String? = nil, cacheFolder: String? = nil
    ) {
        self.cacheFolder = cacheFolder
        self.target = target
        self.root = root
        self.configPath = configPath
        self.baselinePath = baselinePath
        self.writeBaselinePath = writeBaselinePath
        self.infoPlistPath = infoPlistPath
        self.settings = settings
        self.probeDepth = probeDepth
        self.followsSymbolicLinks = followsSymbolicLinks
    }
}

/// A lint that ran to the end.
public struct LintOutcome: Sendable {
    /// The findings, less those the baseline knows.
    public var report: LintReport
    public var configuration: LintConfiguration
    /// 0 with nothing that fails the run; 1 with an error finding (with `strict`, a warning),
    /// or a folder that could not be read.
    public var exitCode: Int32
    /// Nothing the last lint with the same settings read had changed, so its report was reused
    /// (``ReportSnapshot``).
    public var reusedReport = false
    /// What the scan found, for reporters that show more than findings; nil when the report was
    /// reused.
    public var scan: ScanResult?
}

/// Why a lint could not do its job (exit status 2): a bad config or baseline, an unreadable folder.
public struct LintFailure: Error, CustomStringConvertible {
    public var description: String
}

/// One lint from settings to exit status: config file and command line layered, the tree
/// scanned, the rules run, the baseline written or applied. The command calls it and prints.
public enum LintSession {
    /// Whether the cache folder lies outside the scanned tree, which a lint never writes to; says
    /// so when it does not.
    static func isOutsideScannedFolder(
        _ folder: String, request: LintRequest, messages: (ToolMessage) -> Void
    ) -> Bool {
        let root = realPath(request.root) ?? request.root
        var existing = folder
        // The nearest folder that exists says where the cache would be created.
        while realPath(existing) == nil, let slash = existing.lastIndex(ofByte: UInt8(ascii: "/")),
            slash > existing.startIndex
        {
            existing = String(existing[..<slash])
        }
        if let resolved = realPath(existing), resolved == root || resolved.hasPrefix(root + "/") {
            messages(
                ToolMessage(
                    .note,
                    "the cache folder \(escapedForDisplay(folder)) lies inside the scanned folder, which a lint "
                        + "never writes to; no cache (set --cache-path elsewhere)"))
            return false
        }
        return true
    }

    /// Runs the lint. `messages` receives what the tool has to say about its run, in order, as
    /// it goes.
    public static func run(_ request: LintRequest, messages: (ToolMessage) -> Void) throws(LintFailure) -> LintOutcome {
        let workspace: Workspace
        let openedAt = ContinuousClock.now
        do {
            defer { if PhaseTimings.shared.isEnabled { PhaseTimings.shared.record("  workspace", since: openedAt) } }
            workspace = try Workspace.open(
                request.root, configPath: request.configPath, settings: request.settings,
                followsSymbolicLinks: request.followsSymbolicLinks, target: request.target,
                buildConfiguration: request.buildConfiguration, infoPlistPath: request.infoPlistPath)
        } catch {
            throw LintFailure(description: error.description)
        }
        for warning in workspace.warnings { messages(ToolMessage(.warning, warning)) }
        let configuration = workspace.configuration
        // An archive is read whole each time: the cache and the report snapshot know folders'
        // and files' stamps, not an archive's entries.
        let cacheFolder = request.cacheFolder.flatMap { folder in
            Self.isOutsideScannedFolder(folder, request: request, messages: messages) ? folder : nil
        }.flatMap { AppArchive.isArchive(request.root) ? nil : $0 }
        let snapshot = cacheFolder.map { folder in
            PhaseTimings.shared.measure("  snapshot key") {
                ReportSnapshot(folder: folder, request: request, configuration: configuration)
            }
        }
        let linted: (report: LintReport, issues: [WalkIssue], scan: ScanResult?)
        var reusedReport = false
        if request.reusesReport, let snapshot,
            let saved = Self.reusableReport(snapshot, request: request, workspace: workspace, messages: messages)
        {
            // Nothing the last lint read has changed: its report stands.
            for note in saved.notes { messages(ToolMessage(.note, note)) }
            linted = (
                LintReport(
                    folder: ScannedFolder(root: request.root), findings: saved.findings,
                    rules: Linter(configuration: configuration).rules.map { type(of: $0).description },
                    imageCount: saved.imageCount, assetNames: saved.assetNames, app: saved.app,
                    imageBytes: saved.imageBytes),
                saved.issues, nil
            )
            reusedReport = true
        } else {
            linted = try lint(
                request, workspace: workspace, cacheFolder: cacheFolder, snapshot: snapshot, messages: messages)
        }
        for issue in linted.issues {
            messages(ToolMessage(issue.kind == .unreadable ? .error : .note, issue.description))
        }
        var report = linted.report
        if let path = request.writeBaselinePath {
            do {
                try writeAtomically(Baseline.document(for: report.findings), to: path)
            } catch {
                throw LintFailure(description: error.description)
            }
            messages(ToolMessage(.note, "wrote \(report.findings.count) findings to the baseline \(path)"))
        }
        if let path = request.baselinePath {
            let baseline: Baseline
            do {
                baseline = try Baseline(contentsOfFile: path)
            } catch {
                throw LintFailure(description: error.description)
            }
            let (new, known) = baseline.newFindings(in: report.findings)
            report.findings = new
            messages(ToolMessage(.note, "baseline \(path): \(known) known findings filtered out, \(new.count) new"))
        }
        // A folder that could not be read is part of the app left unchecked: an error.
        let unreadable: Int32 = linted.issues.contains { $0.kind == .unreadable } ? 1 : 0
        return LintOutcome(
            report: report, configuration: configuration,
            exitCode: max(report.exitCode(strict: configuration.strict), unreadable), reusedReport: reusedReport,
            scan: linted.scan)
    }

    /// The last lint's report, when nothing it read has changed, or only files (at most
    /// ``ReportSnapshot/maxStaleFiles``) that still hold what it found in them: each is read again
    /// as the scan would read it (a touched image, code edited away from its image names).
    private static func reusableReport(
        _ snapshot: ReportSnapshot, request: LintRequest, workspace: Workspace, messages: (ToolMessage) -> Void
    ) -> ReportSnapshot.Contents? {
        guard let loaded = snapshot.load(note: { messages(ToolMessage(.note, $0)) }) else { return nil }
        guard !loaded.stale.isEmpty else { return loaded.contents }
        // Under --verify the probe's facts of one file depend on the files probed before it.
        guard request.probeDepth == .header else { return nil }
        return PhaseTimings.shared.measure("changed files read again") {
            let startedAt = ReportSnapshot.now()
            let options = workspace.scanOptions(.rules, probeDepth: request.probeDepth).parsingSwift
            let current = AppScanner.current(loaded.stale.map { ($0.path, $0.kind) }, options: options)
            return snapshot.reuse(loaded, current: current, startedAt: startedAt)
        }
    }

    /// Scans the tree (with the per-file cache, when there is one) and runs the rules; with a
    /// snapshot, keeps the report for the next lint of an unchanged tree.
    private static func lint(
        _ request: LintRequest, workspace: Workspace, cacheFolder: String?, snapshot: ReportSnapshot?,
        messages: (ToolMessage) -> Void
    ) throws(LintFailure) -> (report: LintReport, issues: [WalkIssue], scan: ScanResult) {
        let configuration = workspace.configuration
        let startedAt = ReportSnapshot.now()
        let cache = cacheFolder.map { folder in
            ScanCache(
                folder: folder, root: request.root, probeDepth: request.probeDepth,
                settings: configuration.tallSuffixFunctions + configuration.tallSuffixWithoutFallback.map { "!" + $0 }
            ) { messages(ToolMessage(.note, $0)) }
        }
        let scan: ScanResult
        let linter = Linter(configuration: configuration)
        // The rules that read no image contents start once the inventory is made, on another
        // thread beside the content pass (which leaves a core idle for most of its time).
        var early: BackgroundJob<Linter.EarlyOutcomes>?
        do {
            let options = workspace.scanOptions(.rules, probeDepth: request.probeDepth, cache: cache)
            scan = try PhaseTimings.shared.measure("scan") { () throws(ScanError) in
                try InventoryScanner.scan(options) { inventory in
                    early = BackgroundJob {
                        PhaseTimings.shared.measure("  rules that read no contents (beside the content pass)") {
                            linter.earlyOutcomes(in: inventory)
                        }
                    }
                }
            }
        } catch {
            throw LintFailure(description: error.description)
        }
        let report = PhaseTimings.shared.measure("rules") { linter.lint(scan, early: early?.result()) }
        // What the report says about itself: kept with it, and said again when it is reused.
        var notes: [String] = []
        for (rule, count) in report.cappedRules.sorted(by: { $0.key < $1.key }) {
            notes.append(
                "\(rule) found \(count) findings, more than the \(Linter.maxFindingsPerRule) a rule reports; "
                    + "the first \(Linter.maxFindingsPerRule) by path are reported (fix those and lint again)")
        }
        if let survey = scan.inventory.contentSurvey, survey.bytesOnly > 0 {
            notes.append(
                "duplicate-image compared \(survey.bytesOnly) images by their bytes only: their \(survey.bytesOnlySizes) "
                    + "pixel sizes are each shared by more than \(ContentScanner.maxDecodedContents) different files, "
                    + "too many to decode before every build (copies are found, re-encodings of one picture are "
                    + "not); lint --verify compares their pixels")
        }
        for note in notes { messages(ToolMessage(.note, note)) }
        if let cache {
            let began = ContinuousClock.now
            defer { if PhaseTimings.shared.isEnabled { PhaseTimings.shared.record("cache save", since: began) } }
            do {
                var fingerprints = try cache.save(scan.cacheEntries, startedAt: startedAt)
                // A file the content pass read past its header holds more than its entry says.
                let readPastHeader =
                    Array(scan.inventory.contents.keys)
                    + Array(scan.inventory.contentSurvey?.unreadable.keys ?? [:].keys)
                    + scan.cacheEntries.filter(\.value.hasContentRead).map(\.key)
                for path in readPastHeader { fingerprints[path] = nil }
                let contents = ReportSnapshot.Contents(
                    findings: report.findings, imageCount: report.imageCount, imageBytes: report.imageBytes,
                    assetNames: report.assetNames,
                    app: report.app, issues: scan.issues, notes: notes)
                // A folder that could not be read leaves no stamp to say when it can be: no snapshot.
                guard !scan.issues.contains(where: { $0.kind == .unreadable }) else {
                    return (report, scan.issues, scan)
                }
                try snapshot?.save(
                    contents, read: scan.read,
                    knowing: ReportSnapshot.Knowledge(
                        entries: scan.cacheEntries, fingerprints: fingerprints, listings: scan.listings,
                        unread: scan.unread),
                    startedAt: startedAt)
            } catch {
                messages(ToolMessage(.note, "\(error); the next run reads every file again"))
            }
        }
        return (report, scan.issues, scan)
    }
}
