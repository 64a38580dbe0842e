/// What every command that reads a tree opens the same way: the tree, its `.tallcheck.yml` with
/// the command line's settings over it (included and excluded paths, deployment target,
/// tall-suffix helpers, the rules and what they need read), the target and build configuration
/// asked for, and a scan that reads only what the command needs (``Needs``).
///
/// `lint` (``LintSession``), `resolve`, `bundle` and `references` all open one; none builds its
/// scan options apart.
public struct Workspace: Sendable {
    /// What a command needs read beyond the images' names.
    public enum Needs: Sendable, Hashable {
        /// What the enabled rules need: every image's facts, the sources (with every name they
        /// spell when `unused-image` runs), and the images' content for the rules that weigh or
        /// compare it (`lint`).
        case rules
        /// Every image's facts and every source's references (`references`).
        case sources
        /// Every image's facts, no source (`resolve --launch`, `resolve --batch`).
        case images
        /// The images' names and the projects, nothing read from an image, no source (`bundle`).
        case names
        /// The facts of the images a resolution of these names can load, no source (`resolve NAME`).
        case candidates(of: [String])
    }

    public var root: String
    /// The config file's settings, then the command line's.
    public var configuration: LintConfiguration
    /// What the config file said that the run goes on past (unknown keys), as messages.
    public var warnings: [String]
    public var followsSymbolicLinks: Bool
    /// The Xcode target asked for (`--target`); nil: each command's default.
    public var target: String?
    /// The build configuration to read (`--configuration`); nil: every one.
    public var buildConfiguration: String?
    /// The Info.plist given (`--info-plist`); nil: found in the tree.
    public var infoPlistPath: String?

    /// Opens `root`: the config file given (which must exist), else `.tallcheck.yml` in `root`
    /// when there is one, with `settings` over it.
    public static func open(
        _ root: String, configPath: String? = nil, settings: LintConfiguration.Layer = .init(),
        followsSymbolicLinks: Bool = false, target: String? = nil, buildConfiguration: String? = nil,
        infoPlistPath: String? = nil
    ) throws(ConfigurationError) -> Workspace {
        let file = try ConfigurationFile.locate(
            given: configPath, root: root, followsSymbolicLinks: followsSymbolicLinks)
        return Workspace(
            root: root, configuration: LintConfiguration.resolved(file?.file.layer ?? .init(), settings),
            warnings: file?.file.warnings ?? [], followsSymbolicLinks: followsSymbolicLinks, target: target,
            buildConfiguration: buildConfiguration, infoPlistPath: infoPlistPath)
    }

    /// The scan a command with these needs runs, at `probeDepth`, with the per-file cache when
    /// there is one.
    public func scanOptions(_ needs: Needs, probeDepth: ProbeDepth = .header, cache: ScanCache? = nil) -> ScanOptions {
        var options = ScanOptions(
            root: root, infoPlistPath: infoPlistPath, deploymentTarget: configuration.deploymentTarget,
            probeDepth: probeDepth, pathFilter: configuration.pathFilter, followsSymbolicLinks: followsSymbolicLinks,
            target: target, tallSuffixFunctions: configuration.tallSuffixFunctions,
            tallSuffixWithoutFallback: configuration.tallSuffixWithoutFallback, cache: cache)
        options.configuration = buildConfiguration
        switch needs {
        case .rules:
            options.contentChecks = configuration.contentChecks
            options.readsCodeNames = configuration.readsCodeNames
            // The data files' names are for unused-image alone: with it off, they are not read.
            options.readsDataNames = configuration.readsCodeNames
            // The rules ask only for the keys of the tree's images (without a cache, which keeps every name).
            options.filtersNamesEarly = configuration.readsCodeNames
        case .sources: break
        case .images: options.readsSources = false
        case .names:
            options.readsSources = false
            options.probedNames = []
            options.groupsAssets = false
        case .candidates(let names):
            options.readsSources = false
            options.probedNames = names
            options.listsOnlyProbed = true
        }
        return options
    }
}
