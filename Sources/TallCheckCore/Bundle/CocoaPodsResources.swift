/// What CocoaPods copies into an app: the `install_resource` lines of
/// `Pods/Target Support Files/Pods-App/Pods-App-resources.sh`, the script CocoaPods adds to
/// the app target's build phases ("[CP] Copy Pods Resources") for pods that declare `resources`.
/// Each line names a file or folder by `${PODS_ROOT}/…`: images are copied to the bundle's top
/// level, asset catalogs compiled into the app's own, folders and `.bundle`s copied whole.
/// `resource_bundles` are built (`${PODS_CONFIGURATION_BUILD_DIR}/…`) into bundles of their own
/// whose images the app's `UIImage(named:)` does not see: they are not placed.
struct CocoaPodsResources: Sendable {
    /// ``ReadLimits/podsResourcesBytes``.
    static let maxBytes = ReadLimits.standard.podsResourcesBytes

    /// The aggregate target the script is for: `Pods-App`.
    let aggregate: String
    /// The files and folders it copies, relative to the scanned folder.
    let paths: [String]

    /// Whether a file of the tree is such a script: `Pods-App-resources.sh` in its aggregate's
    /// folder under `Target Support Files`.
    static func isScript(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        guard parts.count >= 3, let name = parts.last, name.hasSuffix("-resources.sh") else { return false }
        return parts[parts.count - 3] == "Target Support Files" && name == "\(parts[parts.count - 2])-resources.sh"
    }

    /// The script at `path` (see ``isScript(_:)``) from its text.
    init(script bytes: [UInt8], path: String) {
        let parts = path.split(separator: "/")
        aggregate = String(parts[parts.count - 2])
        // `${PODS_ROOT}` is the folder that holds `Target Support Files`.
        let podsRoot = parts.dropLast(3).joined(separator: "/")
        var found: [String] = []
        var seen: Set<String> = []
        for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let text = line.trimmingSpaces
            guard text.hasPrefix("install_resource ") else { continue }
            var argument = String(text.dropFirst("install_resource ".count)).trimmingSpaces
            if argument.count >= 2, argument.first == "\"", argument.last == "\"" {
                argument = String(argument.dropFirst().dropLast())
            }
            for root in ["${PODS_ROOT}/", "$PODS_ROOT/"] where argument.hasPrefix(root) {
                let relative = String(argument.dropFirst(root.count))
                // Only plain paths inside the Pods folder: no variables left, no way out.
                guard !relative.contains("$"), !relative.split(separator: "/").contains("..") else { continue }
                let treePath = podsRoot.isEmpty ? relative : "\(podsRoot)/\(relative)"
                if seen.insert(treePath).inserted { found.append(treePath) }
            }
        }
        paths = found
    }

    /// Whether the script copies into the app target `name`: `Pods-App` (or `Pods-Project-App`) for `App`.
    func copies(into name: String) -> Bool {
        aggregate == "Pods-\(name)" || aggregate.hasSuffix("-\(name)") && aggregate.hasPrefix("Pods-")
    }

    /// Places what the script copies into `target`'s bundle: images flat, catalogs compiled,
    /// folders and `.bundle`s whole. `images` are the tree's loose images.
    func place(images: ImagesByFolder, target: String, into model: inout BundleModel) {
        for path in paths {
            let name = String(path.split(separator: "/").last ?? "")
            if name.hasSuffix(".xcassets") {
                model.compile(catalog: path)
            } else if images.contains(path) {
                model.place(
                    path, at: BundleModel.flatBundlePath(treePath: path, fileName: name),
                    because: .copiedByCocoaPods(target: target, script: aggregate))
            } else {
                for image in images.below(path) {
                    let inside = image.dropFirst(path.count + 1)
                    model.place(
                        image, at: "\(name)/\(inside)", because: .copiedByCocoaPods(target: target, script: aggregate))
                }
            }
        }
    }
}
