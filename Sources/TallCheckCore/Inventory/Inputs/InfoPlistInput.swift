import Foundation

/// The app's Info.plist: the one the options name, or the most app-like `Info.plist` or
/// `*-Info.plist` in the tree.
package struct InfoPlistInput: InputScanner {
    package init() {}

    package func claims(fileNamed name: String) -> Bool {
        // Asked of every file of the tree: most do not end in `t`.
        name.utf8.last == UInt8(ascii: "t") && (name == "Info.plist" || name.hasSuffix("-Info.plist"))
    }

    /// The given Info.plist, or the most app-like one in the tree: not in a test, bundle or
    /// framework folder; with app keys (launch, device family, icons, package type APPL);
    /// then the shallowest; then by name.
    package func scan(_ candidates: [FoundFile], options: ScanOptions, into facts: inout ScanFacts) throws(ScanError) {
        (facts.info, facts.infoPlist) = try choose(
            candidates, options: options, issues: &facts.issues, read: &facts.infoPlists, names: &facts.dataNames)
    }

    /// - Parameter names: every string of each Info.plist read, when the scan reads data names:
    ///   an Info.plist is a property list the app reads at run time like any other (a key the
    ///   code asks for, a document type's icon files).
    private func choose(
        _ candidates: [FoundFile], options: ScanOptions, issues: inout [WalkIssue], read: inout [String: AppInfo],
        names: inout DataStrings
    )
        throws(ScanError) -> (AppInfo?, InfoPlistChoice)
    {
        if let given = options.infoPlistPath {
            let shown = AppScanner.relativePath(given, to: options.root) ?? escapedForDisplay(given)
            do {
                return (try AppInfo(contentsOfFile: given, reportedPath: shown), .given(path: shown))
            } catch {
                throw .infoPlist(error)
            }
        }
        let plausible = candidates.filter { file in
            !file.displayPath.split(separator: "/").dropLast().contains { folder in
                folder.contains("Tests")
                    || [".bundle", ".framework", ".appex", ".xctest"].contains { folder.hasSuffix($0) }
            }
        }
        var best: (score: Int, depth: Int, info: AppInfo)?
        for file in plausible {
            let dictionary: [String: Any]
            switch readDictionary(file) {
            case .success(let read): dictionary = read
            case .failure(let failure):
                issues.append(WalkIssue(path: file.displayPath, kind: .skipped, message: "\(failure.message); skipped"))
                continue
            }
            let appKeys = [
                "UILaunchImageFile", "UILaunchImages", "UILaunchStoryboardName", "UILaunchScreen", "UIDeviceFamily",
                "CFBundleIcons", "CFBundleIconFiles",
            ]
            let score =
                (dictionary["CFBundlePackageType"] as? String == "APPL" ? 2 : 0)
                + (dictionary.keys.contains { key in appKeys.contains { key.hasPrefix($0) } } ? 1 : 0)
            if options.readsDataNames { Self.strings(in: dictionary, into: &names) }
            let depth = file.displayPath.split(separator: "/").count
            read[file.displayPath] = AppInfo(dictionary: dictionary, path: file.displayPath)
            if best == nil || score > best!.score || (score == best!.score && depth < best!.depth) {
                best = (score, depth, read[file.displayPath]!)
            }
        }
        guard let best else { return (nil, .none) }
        return (best.info, .found(path: best.info.path, otherCandidates: plausible.count - 1))
    }

    /// The strings of a property list's values and keys, each as long as a data file's names
    /// may be (``ReadLimits/dataNameBytes``).
    static func strings(in value: Any, into names: inout some DataStringSink) {
        var pending = [value]
        while let value = pending.popLast() {
            if let string = value as? String {
                if !string.isEmpty, string.utf8.count <= DataNamesInput.maxNameBytes { names.add(string) }
            } else if let array = value as? [Any] {
                pending += array
            } else if let dictionary = value as? [String: Any] {
                pending += Array(dictionary.keys) as [Any] + Array(dictionary.values)
            }
        }
    }

    /// ``ReadLimits/propertyListBytes``.
    static let maxPropertyListBytes = ReadLimits.standard.propertyListBytes

    private func readDictionary(_ file: FoundFile) -> Result<[String: Any], FileReadFailure> {
        readRegularFile(file, limit: Self.maxPropertyListBytes).flatMap { bytes in
            do {
                return .success(try PropertyListReader.dictionary(from: Data(bytes)))
            } catch {
                return .failure(FileReadFailure(message: "not a property list dictionary: \(error)"))
            }
        }
    }
}
