/// The devices an app runs on, one representative per class that loads images alike: the same
/// idiom, scale, tall-or-not (`-568h@2x` helpers) and 4-inch-or-not (catalog `retina4` entries).
/// Every model of a class gets the same answer for a name, so checking one is checking all.
public struct SupportedDevices: Sendable {
    /// One device class an image lookup cannot tell apart.
    public struct Representative: Sendable, Hashable {
        /// The device asked about: the first model of the first class.
        public var device: DeviceQuery
        /// Every catalog class it stands for, in catalog order.
        public var classes: [DeviceClass]

        /// `iPhone 5`.
        public var name: String { device.name ?? device.describedName }

        /// `iPhone 5, 5c, 5s, SE (1st); iPod touch 5–7`.
        public var summary: String { classes.map(\.summary).joined(separator: "; ") }

        /// For messages: `4-inch iPhones (iPhone 5, 5c, 5s, SE (1st); iPod touch 5–7)`, `@3x iPhones`.
        public var shortDescription: String {
            let kind = device.idiom.pluralDeviceName
            let scale = device.scale == 1 ? "1x" : "@\(device.scale)x"
            if device.idiom == .phone, device.scale == 2 {
                if device.isFourInchPhone { return "4-inch iPhones (\(summary))" }
                if !device.isTallPhone { return "3.5-inch @2x iPhones (\(summary))" }
                return "@2x iPhones from the iPhone 6 on"
            }
            return classes.count == 1 ? "\(scale) \(kind) (\(summary))" : "\(scale) \(kind)"
        }
    }

    public var representatives: [Representative]

    /// The classes, of `classes` (every device TallCheck knows), of the app's device families
    /// that its deployment target still reaches (``DeviceClass/lastMajorRelease``).
    public init(families: Set<Idiom>, deploymentTarget: OSVersion, classes: [DeviceClass] = DeviceCatalog.all) {
        let reached = classes.filter { deviceClass in
            guard families.contains(deviceClass.idiom) else { return false }
            if deviceClass.scale == 1, deviceClass.idiom.platform == .iOS {
                // 1x iPhones ran up to iOS 6, 1x iPads up to iOS 9 (Inventory.supportsOneXDevices).
                return deploymentTarget < (deviceClass.idiom == .phone ? OSVersion(7, 0) : OSVersion(10, 0))
            }
            if let last = deviceClass.lastMajorRelease {
                return deploymentTarget < OSVersion(last + 1, 0)
            }
            return true
        }
        var order: [[String]] = []
        var groups: [[String]: [DeviceClass]] = [:]
        for deviceClass in reached {
            let query = DeviceQuery(
                name: deviceClass.models[0], idiom: deviceClass.idiom, scale: deviceClass.scale,
                bounds: deviceClass.bounds)
            // Watch sizes load apart: a set's entries may be for some screen widths only.
            let key = [
                deviceClass.idiom.rawValue, "\(deviceClass.scale)", "\(query.isTallPhone)", "\(query.isFourInchPhone)",
                deviceClass.idiom == .watch ? "\(deviceClass.bounds.width)" : "",
            ]
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(deviceClass)
        }
        representatives = order.map { key in
            let classes = groups[key]!
            let first = classes[0]
            return Representative(
                device: DeviceQuery(
                    name: first.models[0], idiom: first.idiom, scale: first.scale, bounds: first.bounds),
                classes: classes)
        }
    }

    /// The devices of an inventory's app.
    public init(_ inventory: Inventory) {
        self.init(
            families: inventory.deviceFamilies, deploymentTarget: inventory.deploymentTarget,
            classes: inventory.deviceClasses)
    }
}
