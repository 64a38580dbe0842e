/// The lines a report states about the app before its findings, in words.
extension InfoPlistChoice: CustomStringConvertible {
    /// `Info.plist: App/Info.plist (found automatically; 2 other candidates)`.
    public var description: String {
        switch self {
        case .given(let path): "Info.plist: \(path) (given)"
        case .found(let path, let others):
            "Info.plist: \(path) (found automatically\(others > 0 ? "; \(plural(others, "other candidate"))" : ""))"
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
            case .xcodeProject(let path): "IPHONEOS_DEPLOYMENT_TARGET in \(path)"
            case .assumed: "assumed; set --deployment-target"
            }
        let families = deviceFamilies.map { $0 == .phone ? "iPhone" : "iPad" }.sorted().joined(separator: " and ")
        return "Deployment target: iOS \(deploymentTarget) (\(source)); devices: \(families)"
    }

    /// The Info.plist line, then the deployment line.
    public var preamble: [String] { (infoPlist.map { [$0.description] } ?? []) + [deploymentLine] }
}
