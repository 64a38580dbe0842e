/// The bundle model as `tallcheck bundle` prints it: each image's bundle path, tree path and why.
public struct BundleListing: Sendable {
    public struct Row: Sendable, Hashable {
        /// Nil for a file that does not ship.
        public var bundlePath: String?
        public var treePath: String
        public var why: String
    }

    public var source: BundleSource
    /// Shipped files by bundle path, then files that do not ship by tree path.
    public var rows: [Row]
    /// The target, when the project has targets: its platform, devices, deployment target,
    /// Info.plist, and the catalogs and code it builds.
    public var target: ProjectTarget?
    /// How the heading names the target: its summary, with its build configurations when one
    /// target's differ (``TargetInventory/summary``).
    public var targetSummary: String?
    /// The asset catalogs compiled into the bundle; nil when every catalog of the tree is taken to ship.
    public var catalogs: [String]?
    public var deploymentTarget: OSVersion?

    /// One listing per target, or one for the tree when the project has none.
    public static func listings(of scan: ScanResult) -> [BundleListing] {
        guard !scan.targets.isEmpty else { return [BundleListing(scan.inventory)] }
        return scan.targets.map { entry in
            var listing = BundleListing(entry.inventory)
            listing.target = entry.target
            listing.targetSummary = entry.summary
            return listing
        }
    }

    /// The rows by bundle path, then tree path. Sorted as indices (moving an Int is cheaper than
    /// moving a row's three strings); when every path is ASCII, by their bytes, which is the
    /// strings' own order there without its Unicode work.
    static func sortedByPaths(_ rows: [Row]) -> [Row] {
        let keys = rows.map { Array(($0.bundlePath ?? "").utf8) + [0] + Array($0.treePath.utf8) }
        let order: [Int]
        if keys.allSatisfy({ $0.allSatisfy { $0 < 0x80 } }) {
            order = keys.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }
        } else {
            order = rows.indices.sorted {
                (rows[$0].bundlePath ?? "", rows[$0].treePath) < (rows[$1].bundlePath ?? "", rows[$1].treePath)
            }
        }
        return order.map { rows[$0] }
    }

    public init(_ inventory: Inventory) {
        let bundle = inventory.bundle
        catalogs = bundle.catalogsAreKnown || !bundle.compiledCatalogs.isEmpty ? bundle.compiledCatalogs.sorted() : nil
        deploymentTarget = inventory.deploymentTarget
        source = bundle.source
        var rows: [Row] = []
        // A few reasons serve every file: each is written once.
        var reasons: [BundleReason: String] = [:]
        bundle.forEachPlacement { treePath, placement in
            let why =
                reasons[placement.reason]
                ?? {
                    let text = placement.reason.description
                    reasons[placement.reason] = text
                    return text
                }()
            rows.append(Row(bundlePath: placement.bundlePath, treePath: treePath, why: why))
        }
        rows = Self.sortedByPaths(rows)
        rows += bundle.leftOut.sorted { $0.key < $1.key }.map { Row(bundlePath: nil, treePath: $0.key, why: $0.value) }
        self.rows = rows
    }

    /// Aligned columns under a line saying where the model came from.
    public var text: String {
        var out = ""
        if let target {
            out += "Target \(targetSummary ?? target.summary)\n"
            out += "  Info.plist: \(target.infoPlist ?? "none named (INFOPLIST_FILE)")\n"
            out += "  deployment target: \(target.platform.rawValue) \(deploymentTarget.map { "\($0)" } ?? "not set")\n"
            out +=
                "  code: \(plural(target.sources.count, "file")); Interface Builder: \(plural(target.interfaceFiles.count, "file"))\n"
            out +=
                "  catalogs: \(catalogs.map { $0.isEmpty ? "none" : $0.joined(separator: ", ") } ?? "every catalog of the tree")\n"
        }
        out += source.description + "\n"
        // Columns are as wide as their longest path in characters; an ASCII path's characters are
        // its bytes, counted without the grapheme work of `String.count`.
        func characters(_ text: String) -> Int { text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.count }
        let shipped = rows.map { characters($0.bundlePath ?? "(not in the app)") }
        let tree = rows.map { characters($0.treePath) }
        let width = shipped.max() ?? 0
        let treeWidth = tree.max() ?? 0
        var bytes = Array(out.utf8)
        bytes.reserveCapacity(bytes.count + rows.count * (width + treeWidth + 48))
        for (index, row) in rows.enumerated() {
            bytes += (row.bundlePath ?? "(not in the app)").utf8
            bytes += repeatElement(UInt8(ascii: " "), count: max(0, width - shipped[index]) + 2)
            bytes += row.treePath.utf8
            bytes += repeatElement(UInt8(ascii: " "), count: max(0, treeWidth - tree[index]) + 2)
            bytes += row.why.utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public var json: JSONValue {
        var members: [(String, JSONValue)] = []
        if let target {
            members += [
                ("target", .string(target.name)), ("kind", .string(target.kind.description)),
                ("platform", .string(target.platform.rawValue)),
                (
                    "devices",
                    .array(Idiom.allCases.filter(target.deviceFamilies.contains).map { .string($0.deviceName) })
                ),
                ("deploymentTarget", .optional(deploymentTarget.map { "\($0)" }, JSONValue.string)),
                ("infoPlist", .optional(target.infoPlist, JSONValue.string)),
                ("code", .int(target.sources.count)), ("interfaceBuilder", .int(target.interfaceFiles.count)),
                ("catalogs", .optional(catalogs, { .array($0.map(JSONValue.string)) })),
            ]
        }
        return .object(
            members + [
                ("source", .string(source.description)),
                (
                    "files",
                    .array(
                        rows.map { row in
                            .object([
                                ("bundlePath", .optional(row.bundlePath, JSONValue.string)),
                                ("treePath", .string(row.treePath)), ("why", .string(row.why)),
                            ])
                        })
                ),
            ])
    }
}

extension BundleSource: CustomStringConvertible {
    public var description: String {
        switch self {
        case .xcodeProject(let path, let target, let others):
            "Bundle: \(path), target \(target)"
                + (others.isEmpty ? "" : " (other targets: \(others.joined(separator: ", ")); --target narrows)")
        case .msbuild(let path, let sdkStyle): "Bundle: \(path)\(sdkStyle ? " (SDK-style: Resources/ by default)" : "")"
        case .assumed:
            "Bundle: no project file; every image is assumed to ship under its name and its path, except in "
                + "docs, Screenshots, fastlane, *.docc and test folders"
        case .builtApp: "Bundle: a built app; every file ships where it is"
        case .swiftPackage(let path, let target): "Bundle: \(path), package target \(target)'s resource bundle"
        }
    }
}

extension BundleReason: CustomStringConvertible {
    public var description: String {
        switch self {
        case .copiedFlat(let target): "copied flat by \(target)'s Copy Bundle Resources"
        case .insideFolder(let target, let folder): "inside \(folder), which \(target) copies whole"
        case .packageResource(let target, let bundle): "a resource of the package target \(target), in \(bundle)"
        case .copiedByCocoaPods(let target, let script): "copied into \(target) by CocoaPods (\(script)-resources.sh)"
        case .localized(let target, let language): "\(language) variant, copied by \(target) into \(language).lproj"
        case .msbuildItem(let project, let item): "\(item) item of \(project)"
        case .assumedFlat: "no project: by its name"
        case .assumedTreePath: "no project: by its path"
        case .inBuiltApp: "in the built app"
        }
    }
}
