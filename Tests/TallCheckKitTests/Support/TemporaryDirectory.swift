import Foundation

/// A fresh folder under the system's temporary directory, removed when the value is deinited.
final class TemporaryDirectory {
    let path: String

    init() throws {
        let template = NSTemporaryDirectory() + "tallcheck-test-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard mkdtemp(&bytes) != nil else { throw CocoaError(.fileWriteUnknown) }
        path = String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        // FileManager gives up on paths longer than PATH_MAX (a test makes one); `rm -rf` walks
        // folder by folder and removes them too.
        guard (try? FileManager.default.removeItem(atPath: path)) == nil else { return }
        let remove = Process()
        remove.executableURL = URL(fileURLWithPath: "/bin/rm")
        remove.arguments = ["-rf", "--", path]
        guard (try? remove.run()) != nil else { return }
        remove.waitUntilExit()
    }

    /// Writes `bytes` at `relativePath`, creating folders on the way, and returns the full path.
    @discardableResult
    func write(_ bytes: [UInt8], to relativePath: String) throws -> String {
        let full = path + "/" + relativePath
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        return full
    }
}
