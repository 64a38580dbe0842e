/// The device matrix as the HTML report shows it: one row per name the code asks for (the
/// same name asked the same way from many places is one row), one cell per device class.
struct NameMatrix: Sendable {
    /// What a device gets for a name, as the cell's colour says it.
    enum Outcome: Int, Sendable, Comparable {
        /// A file at the screen's scale, or one that serves every scale (vector, single-scale).
        case native
        /// A file of a higher scale, drawn smaller.
        case downscaled
        /// A file of a lower scale, drawn larger: blurry.
        case upscaled
        /// Nothing loads.
        case missing

        static func < (lhs: Outcome, rhs: Outcome) -> Bool { lhs.rawValue < rhs.rawValue }

        var word: String {
            switch self {
            case .native: "native"
            case .downscaled: "downscaled"
            case .upscaled: "upscaled"
            case .missing: "missing"
            }
        }
    }

    struct Cell: Sendable {
        var resolution: Resolution
        var outcome: Outcome
        /// The answer rests on reports, not documents.
        var isUncertain: Bool
    }

    struct Row: Sendable {
        /// The name looked up, as the code spells it.
        var name: String
        var api: String
        var references: [ImageReference]
        var cells: [Cell]

        var worst: Outcome { cells.map(\.outcome).max() ?? .native }
    }

    /// Names built at run time (`flag_\(code)`) or symbols no set matches: what they can mean.
    struct Dynamic: Sendable {
        var shown: String
        var references: [ImageReference]
        var matches: [String]
    }

    var devices: [SupportedDevices.Representative]
    /// Worst outcome first, then by name.
    var rows: [Row]
    var dynamic: [Dynamic]

    init(_ matrix: ReferenceMatrix) {
        devices = matrix.devices.representatives
        var order: [String] = []
        var rows: [String: Row] = [:]
        var dynamicOrder: [String] = []
        var dynamic: [String: Dynamic] = [:]
        for row in matrix.rows {
            guard let name = row.lookedUp, !row.loads.isEmpty else {
                let shown = row.reference.shownName
                if dynamic[shown] == nil {
                    dynamicOrder.append(shown)
                    dynamic[shown] = Dynamic(shown: shown, references: [], matches: row.matches)
                }
                dynamic[shown]?.references.append(row.reference)
                continue
            }
            let key = "\(name)\u{0}\(row.reference.lookup.rawValue)\u{0}\(row.reference.mode.rawValue)"
            if rows[key] == nil {
                order.append(key)
                let cells = zip(devices, row.loads).map { device, resolution in
                    Cell(
                        resolution: resolution, outcome: Self.outcome(resolution, on: device.device),
                        isUncertain: row.uncertain.contains(device.name))
                }
                rows[key] = Row(name: name, api: row.reference.api, references: [], cells: cells)
            }
            rows[key]?.references.append(row.reference)
        }
        self.rows = order.compactMap { rows[$0] }.sorted { ($0.worst, $1.name) > ($1.worst, $0.name) }
        self.dynamic = dynamicOrder.compactMap { dynamic[$0] }
    }

    static func outcome(_ resolution: Resolution, on device: DeviceQuery) -> Outcome {
        guard resolution.file != nil else { return .missing }
        if case .singleScaleEntry = resolution.reason { return .native }
        guard let scale = resolution.scale else { return .native }
        return scale < device.scale ? .upscaled : scale > device.scale ? .downscaled : .native
    }
}
