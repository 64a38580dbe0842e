extension DeviceQuery {
    /// `{"name":"iPhone 5","idiom":"phone","scale":2,"bounds":[320,568]}`.
    public var json: JSONValue {
        .object([
            ("name", .optional(name, JSONValue.string)), ("idiom", .string(idiom.rawValue)), ("scale", .int(scale)),
            ("bounds", .array([.double(bounds.width), .double(bounds.height)])),
        ])
    }
}

extension Resolution {
    /// The documented shape; `presentation` only for launch questions.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("device", device.json), ("request", .optional(request, JSONValue.string)), ("mode", .string(mode.rawValue)),
            ("file", .optional(file, JSONValue.string)), ("scale", .optional(scale, JSONValue.int)),
            ("pointSize", .optional(pointSize) { .array([.double($0.width), .double($0.height)]) }),
            ("tried", .array(tried.map(JSONValue.string))),
        ]
        if let presentation { members.append(("presentation", .string(presentation.rawValue))) }
        return .object(members)
    }

    /// The same for people: the answer, why, and anything surprising.
    public var text: String {
        var lines = [explanation]
        if let file, let pointSize, let scale {
            lines.append("\(file): @\(scale)x, \(pointSize) pt.")
        }
        lines += notes.map { "Note: \($0)" }
        if !tried.isEmpty {
            lines.append("Tried, in order: " + tried.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}

extension DeviceClass {
    public var json: JSONValue {
        .object([
            ("models", .array(models.map(JSONValue.string))), ("idiom", .string(idiom.rawValue)),
            ("bounds", .array([.double(bounds.width), .double(bounds.height)])), ("scale", .int(scale)),
            ("nativeScale", .double(nativeScale)),
        ])
    }
}
