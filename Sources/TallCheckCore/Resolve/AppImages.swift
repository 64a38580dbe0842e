import Dispatch

/// An app's images, scanned once, to ask which file a device loads for a name and how the app
/// launches there: the entry point for resolution queries.
///
/// ```swift
/// let app = try await AppImages.scan("Fixtures/ExampleApp")
/// let phone = try DeviceQuery(named: "iPhone SE (1st generation)")
/// let answer = app.resolve("Button", on: phone)
/// print(answer.file ?? "nothing loads", answer.isCertain, answer.tried)
/// ```
///
/// The scan reads what decides which file loads: the image files and their headers, asset
/// catalogs, the Info.plist, and the Xcode, MSBuild and CocoaPods project files that decide what
/// ships in which target. It reads no source file: a name is asked for by the caller, not found
/// in the code. A built `.app` (its `Assets.car` included) and an `.ipa` are read as they ship.
public struct AppImages: Sendable {
    /// The folder, `.app` or `.ipa` scanned, as given.
    public let root: String
    /// The app target the answers are for: the one asked for, or the tree's first app target;
    /// nil when the tree has no project.
    public let target: String?
    /// Every target the tree's projects build, by name: ``scan(_:target:infoPlist:excluded:followsSymbolicLinks:)``
    /// answers for one of them when given its name.
    public let targets: [String]
    /// What the scan could not read, or read only in part (each names its file).
    public let issues: [WalkIssue]
    /// The resolver over the scanned inventory, for what this type does not wrap.
    public let resolver: ImageResolver

    /// Scans `path` (a source folder, a built `.app` or an `.ipa`) on a background thread.
    ///
    /// - Parameters:
    ///   - target: the app target to answer for, by name; nil: the first app target.
    ///   - infoPlist: the app's Info.plist; nil: the most app-like one in the tree.
    ///   - excluded: paths, relative to `path`, whose files are left out (`Pods`, `Vendor/Old`).
    ///   - followsSymbolicLinks: follow links to folders and out of the tree.
    public static func scan(
        _ path: String, target: String? = nil, infoPlist: String? = nil, excluded: [String] = [],
        followsSymbolicLinks: Bool = false
    ) async throws(ScanError) -> AppImages {
        var options = ScanOptions(
            root: path, infoPlistPath: infoPlist, pathFilter: PathFilter(excluded: excluded),
            followsSymbolicLinks: followsSymbolicLinks, target: target)
        options.readsSources = false
        let scanning = options
        let scanned = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<AppImages, ScanError>, Never>) in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: Result { () throws(ScanError) in try AppImages(scanning: scanning) })
            }
        }
        return try scanned.get()
    }

    /// Scans on the calling thread: what ``scan(_:target:infoPlist:excluded:followsSymbolicLinks:)`` runs.
    public init(scanning options: ScanOptions) throws(ScanError) {
        let scan = try AppScanner.scan(options)
        let chosen = options.target.flatMap { name in scan.targets.first { $0.target.name == name } }
        root = options.root
        target =
            chosen?.target.name
            ?? scan.targets.first { $0.inventory.bundle.source == scan.inventory.bundle.source }?
            .target.name
        targets = scan.targets.map(\.target.name)
        issues = scan.issues
        resolver = ImageResolver(chosen?.inventory ?? scan.inventory)
    }

    /// Which file `UIImage(named: name)` loads on `device`, and why: the file (nil when none
    /// loads), the reason, every name tried in order, and whether the answer rests on an
    /// uncertain fact about iOS (``Resolution/isCertain``).
    ///
    /// - Parameters:
    ///   - mode: UIKit's rules, or the `-568h@2x` tall-suffix convention of helpers such as
    ///     `FromBundle16x9`.
    ///   - languages: the user's preferred languages, in order, for `.lproj` folders.
    public func resolve(
        _ name: String, on device: DeviceQuery, mode: ResolveMode = .uikit, languages: [String] = []
    ) -> Resolution {
        resolver.resolve(name, on: device, mode: mode, languages: languages)
    }

    /// Which launch image `device` shows, and whether the app runs native, letterboxed or zoomed
    /// there (``Resolution/presentation``).
    public func launch(on device: DeviceQuery, languages: [String] = []) -> Resolution {
        resolver.resolveLaunch(on: device, languages: languages)
    }
}

extension DeviceQuery {
    /// Why a device name was refused: no model of the device catalog has it.
    public struct UnknownModel: Error, CustomStringConvertible {
        public var name: String
        public var description: String {
            "no device named '\(name)'\(DeviceCatalog.didYouMean(name)); DeviceCatalog.all lists them"
        }
    }

    /// A device by model name, in any case: `iPhone SE (1st generation)`, `ipad air 2`.
    public init(named name: String, orientation: InterfaceOrientation = .portrait) throws(UnknownModel) {
        guard let query = DeviceQuery(model: name, orientation: orientation) else { throw UnknownModel(name: name) }
        self = query
    }
}
