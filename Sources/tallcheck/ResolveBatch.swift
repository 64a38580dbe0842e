import Foundation
import TallCheckKit

/// `tallcheck resolve --batch`: one JSON request a line in, one JSON answer a line out.
enum ResolveBatch {
    /// ``ReadLimits/batchLineBytes``.
    static let maxLineBytes = ReadLimits.standard.batchLineBytes

    /// Answers one `--batch` line: a JSON request `{"name":…,"device":"iPhone 5"}` (or `"scale"`,
    /// `"bounds"`, `"idiom"`; optionally `"mode"`, `"launch":true`, `"orientation"`, `"ios"`,
    /// `"languages"`), with one line of JSON: the resolution, or `{"error":…}`. An over-long or
    /// blank line gets an error answer.
    static func answer(_ line: LineReader.Line, from index: ImageResolver) -> String {
        switch line {
        case .tooLong:
            return error("a request line longer than \(maxLineBytes) bytes; skipped")
        case .text(let bytes):
            let text = String(decoding: bytes, as: UTF8.self)
            if text.allSatisfy(\.isWhitespace) { return error("an empty line: no request") }
            return answer(text, from: index)
        }
    }

    private static func error(_ text: String) -> String {
        JSONValue.object([("error", .string(text))]).rendered()
    }

    static func answer(_ line: String, from index: ImageResolver) -> String {
        do {
            return try resolution(for: line, from: index).json.rendered()
        } catch {
            return JSONValue.object([("error", .string(error.description))]).rendered()
        }
    }

    private static func resolution(for line: String, from index: ImageResolver) throws(DeviceSpecification.Invalid)
        -> Resolution
    {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)),
            let request = object as? [String: Any]
        else {
            throw .init(description: "not a JSON object")
        }
        var bounds = request["bounds"] as? String
        if let pair = request["bounds"] as? [Any], pair.count == 2, let width = pair[0] as? Double,
            let height = pair[1] as? Double
        {
            bounds = "\(width)x\(height)"
        }
        let specification = DeviceSpecification(
            model: request["device"] as? String, scale: request["scale"] as? Int, bounds: bounds,
            idiom: request["idiom"] as? String,
            orientation: request["orientation"] as? String, ios: request["ios"] as? String)
        let device = try specification.query()
        let languages = request["languages"] as? [String] ?? []
        if request["launch"] as? Bool == true {
            return index.resolveLaunch(on: device, languages: languages)
        }
        guard let name = request["name"] as? String, !name.isEmpty else {
            throw .init(description: "a request needs \"name\", or \"launch\":true")
        }
        var mode = ResolveMode.uikit
        if let text = request["mode"] as? String {
            guard let parsed = ResolveMode(rawValue: text) else {
                throw .init(description: "mode must be uikit or tall-suffix, not '\(text)'")
            }
            mode = parsed
        }
        return index.resolve(name, on: device, mode: mode, languages: languages)
    }
}
