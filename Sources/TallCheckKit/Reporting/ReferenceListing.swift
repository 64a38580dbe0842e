/// `tallcheck references`: every image name the app's code asks for, and what each supported
/// device loads for it, as text or JSON.
public struct ReferenceListing: Sendable {
    public var matrix: ReferenceMatrix

    public init(_ inventory: Inventory) {
        matrix = ReferenceMatrix(inventory)
    }

    /// `{"devices":[…],"references":[{"path":…,"line":…,"loads":{"iPhone 5":null,…}}]}`.
    public var json: JSONValue {
        let devices = matrix.devices.representatives
        return .object([
            (
                "devices",
                .array(
                    devices.map { representative in
                        let device = representative.device
                        return .object([
                            ("name", .string(representative.name)), ("idiom", .string(device.idiom.rawValue)),
                            ("scale", .int(device.scale)),
                            ("bounds", .array([.double(device.bounds.width), .double(device.bounds.height)])),
                            ("models", .string(representative.summary)),
                        ])
                    })
            ),
            (
                "references",
                .array(
                    matrix.rows.map { row in
                        let reference = row.reference
                        var members: [(String, JSONValue)] = [
                            ("path", .string(reference.path)), ("line", .int(reference.line)),
                            ("column", .int(reference.column)), ("name", .string(row.lookedUp ?? reference.shownName)),
                            ("dynamic", .bool(reference.literalName == nil && row.lookedUp == nil)),
                            ("api", .string(reference.api)), ("lookup", .string(reference.lookup.rawValue)),
                            ("mode", .string(reference.mode.rawValue)),
                        ]
                        if case .symbol(let symbol) = reference.name {
                            members.append(("symbol", .string(symbol.description)))
                        }
                        if reference.literalName == nil {
                            members.append(("matches", .array(row.matches.map(JSONValue.string))))
                        }
                        if reference.inOtherBundle { members.append(("otherBundle", .bool(true))) }
                        if !row.loads.isEmpty {
                            members.append(
                                (
                                    "loads",
                                    .object(
                                        zip(devices, row.loads).map { device, resolution in
                                            (device.name, resolution.file.map(JSONValue.string) ?? .null)
                                        })
                                ))
                            members.append(
                                (
                                    "sizes",
                                    .object(
                                        zip(devices, row.loads).compactMap { device, resolution in
                                            guard resolution.file != nil else { return nil }
                                            var size: [(String, JSONValue)] = []
                                            if let scale = resolution.scale { size.append(("scale", .int(scale))) }
                                            if let points = resolution.pointSize {
                                                size.append(
                                                    ("points", .array([.double(points.width), .double(points.height)])))
                                            }
                                            return (device.name, .object(size))
                                        })
                                ))
                            if !row.uncertain.isEmpty {
                                members.append(("uncertain", .array(row.uncertain.sorted().map(JSONValue.string))))
                            }
                        }
                        return .object(members)
                    })
            ),
        ])
    }

    /// One block per reference: where, what, and the devices grouped by what they load.
    public var text: String {
        let devices = matrix.devices.representatives
        var out = "Devices: " + devices.map { "\($0.name) (\($0.summary))" }.joined(separator: "; ") + "\n"
        if matrix.rows.isEmpty { out += "No image references found.\n" }
        for row in matrix.rows {
            let reference = row.reference
            out += "\n\(reference.path):\(reference.line):\(reference.column): \(reference.api) \(quoted(reference))"
            if let name = row.lookedUp, reference.literalName == nil { out += " → image set \(name)" }
            if reference.mode != .uikit { out += " (\(reference.mode.rawValue))" }
            out += "\n"
            if row.loads.isEmpty {
                out +=
                    row.matches.isEmpty
                    ? "    matches no image\n" : "    can match: " + row.matches.joined(separator: ", ") + "\n"
                continue
            }
            var groups: [(label: String, names: [String])] = []
            for (device, resolution) in zip(devices, row.loads) {
                var label = "nothing"
                if let file = resolution.file {
                    label = file + (resolution.scale.map { " @\($0)x" } ?? "")
                    if let points = resolution.pointSize { label += " (\(points) pt)" }
                }
                if row.uncertain.contains(device.name) { label += " (uncertain)" }
                if let index = groups.firstIndex(where: { $0.label == label }) {
                    groups[index].names.append(device.name)
                } else {
                    groups.append((label, [device.name]))
                }
            }
            for group in groups { out += "    \(group.label): \(group.names.joined(separator: ", "))\n" }
        }
        return out
    }

    private func quoted(_ reference: ImageReference) -> String {
        switch reference.name {
        case .literal(let name): "\"\(escapedControls(name))\""
        case .pattern(let pattern): "pattern \"\(escapedControls(pattern.description))\""
        case .symbol(let symbol): symbol.description
        }
    }
}
