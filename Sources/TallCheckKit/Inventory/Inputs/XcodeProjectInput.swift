/// Xcode projects (`project.pbxproj`), for the deployment target when neither the options nor
/// the Info.plist give one.
public struct XcodeProjectInput: InputScanner {
    public init() {}

    public func claims(fileNamed name: String) -> Bool { name == "project.pbxproj" }

    public func scan(_ projects: [FoundFile], options: ScanOptions, into facts: inout ScanFacts) {
        // Runs after the Info.plist input: a project is read only when nothing else gives the target.
        guard options.deploymentTarget == nil, facts.info?.minimumOSVersion == nil else { return }
        facts.projectDeploymentTarget = lowestDeploymentTarget(projects)
    }

    /// The lowest `IPHONEOS_DEPLOYMENT_TARGET` in the Xcode projects, if any.
    private func lowestDeploymentTarget(_ projects: [FoundFile]) -> ProjectDeploymentTarget? {
        var lowest: ProjectDeploymentTarget?
        for project in projects {
            guard
                case .success(let bytes) = readRegularFile(project.location, limit: InfoPlistInput.maxPropertyListBytes),
                let text = String(validating: bytes, as: UTF8.self)
            else { continue }
            for line in text.split(separator: "\n") where line.contains("IPHONEOS_DEPLOYMENT_TARGET") {
                guard let equals = line.firstIndex(of: "=") else { continue }
                let value = line[line.index(after: equals)...].filter { $0 != ";" && $0 != "\"" }
                if let version = OSVersion(value), lowest == nil || version < lowest!.version {
                    lowest = ProjectDeploymentTarget(version: version, project: project.displayPath)
                }
            }
        }
        return lowest
    }
}
