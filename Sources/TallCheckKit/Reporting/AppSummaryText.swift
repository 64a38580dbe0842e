/// The lines a report states about the app before its findings, in words.
extension InfoPlistChoice: CustomStringConvertible {
    /// `Info.plist: App/Info.plist (found automatically; 2 other candidates)`.
    public var description: String {
        switch self {
        case .given(let path): "Info.plist: \(path) (given)"
        case .found(let path, let others):
            "Info.plist: \(path) (found automatically\(others > 0 ? "; \(plural(others, "other candidate"))" : ""))"
        case .target(let path, let target): "Info.plist: \(path) (INFOPLIST_FILE of \(target))"
        case .none: "Info.plist: none found; assuming an iPhone app with the default launch image name"
        }
    }
}

extension ScanResult {
    /// Which Info.plist was used and why, in one line.
    public var infoPlistChoice: String { infoPlist.description }
}

extension AppSummary {
    /// `Deployment target: iOS 7.0 (assumed; set --deployment-target); devices: iPhone`.
    public var deploymentLine: String {
        let source =
            switch deploymentTargetSource {
            case .option: "--deployment-target"
            case .infoPlist: "MinimumOSVersion"
            case .xcodeProject(let path): "\(platform.deploymentTargetSetting) in \(path)"
            case .assumed: "assumed; set --deployment-target"
            }
        let families = deviceFamilies.map(\.deviceName).sorted().joined(separator: " and ")
        return "Deployment target: \(platform.rawValue) \(deploymentTarget) (\(source)); devices: \(families)"
    }

    /// Where the bundle model came from, and what it leaves out.
    public var bundleLine: String {
        let source =
            switch bundleSource {
            case .xcodeProject(let path, let target, let others):
                "\(path), target \(target)"
                    + (others.isEmpty
                        ? "" : " (other targets: \(others.joined(separator: ", ")); linted too without --target)")
            case .msbuild(let path, let sdkStyle):
                "\(path)" + (sdkStyle ? " (SDK-style: Resources/ ships by default)" : "")
            case .assumed: "no project file; every image ships under its name and its path in the tree"
            case .builtApp: "a built app; every file ships where it is"
            case .swiftPackage(let path, let target): "\(path), package target \(target)'s resource bundle"
            }
        guard !leftOut.isEmpty else { return "Bundle: \(source)" }
        let shown = leftOut.prefix(3).map { "\(plural($0.count, "image")) \($0.why)" }.joined(separator: ", ")
        let more = leftOut.count > 3 ? ", …" : ""
        return "Bundle: \(source); left out, not checked: \(shown)\(more)"
    }

    /// What the screen tables do not cover, in one line; nil when nothing was passed over.
    public var uncheckedLine: String? {
        guard !otherPlatformLaunchImages.isEmpty else { return nil }
        let parts = otherPlatformLaunchImages.sorted { $0.key < $1.key }.map {
            plural($0.value, "\($0.key) launch image")
        }
        return "Not checked: \(parts.joined(separator: ", ")) in shared catalogs (TallCheck's screen tables are iOS's)"
    }

    /// The Info.plist line, the deployment line, the bundle line, and what was not checked.
    public var preamble: [String] {
        guard targets.count > 1 else {
            return (infoPlist.map { [$0.description] } ?? []) + [deploymentLine, bundleLine]
                + (uncheckedLine.map { [$0] } ?? [])
        }
        // Several targets: each is its own app, with its own platform, devices and Info.plist.
        return ["Targets, each linted as its own app (--target narrows):"] + targets.map { "  " + $0 }
            + (uncheckedLine.map { [$0] } ?? [])
    }
}
