import Foundation

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// Runs `work` on another thread and gives up waiting after `seconds`: a test of something that
/// must not block then fails instead of hanging the suite.
func finishing<Value: Sendable>(within seconds: Double, _ work: @escaping @Sendable () -> Value) -> Value? {
    let box = ResultBox<Value>()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        box.value = work()
        done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return box.value
}

private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    // Written once before the semaphore is signalled, read after it is waited for.
    var value: Value?
}

/// Creates a file whose path is given as bytes, which need not be UTF-8.
func writeFile(_ bytes: [UInt8], rawPath: [UInt8]) throws {
    let fd = FileSystemPath(bytes: rawPath).withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(fd) }
    guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
        throw POSIXError(.EIO)
    }
}

/// Binds a Unix-domain socket at `path`, which leaves a socket file there.
func makeSocketFile(at path: String) throws {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw POSIXError(.ENAMETOOLONG) }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        raw.copyBytes(from: bytes)
        raw[bytes.count] = 0
    }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard bound == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
}

/// The `tallcheck` executable built beside the test bundle, when the build made one.
let tallcheckExecutable: String? = {
    guard let bundle = realPath("/proc/self/exe") else { return nil }
    var folder = URL(fileURLWithPath: bundle).deletingLastPathComponent()
    // On Linux the test runner is `<build>/debug/TallCheckPackageTests.xctest`.
    if folder.lastPathComponent.hasSuffix(".xctest") { folder = folder.deletingLastPathComponent() }
    let candidate = folder.appendingPathComponent("tallcheck").path
    return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
}()

/// What a run of a command printed, and how it exited.
struct CommandRun {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Runs `executable` with `arguments` and waits for it.
func run(_ executable: String, _ arguments: [String]) throws -> CommandRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes to the end before waiting, so a full pipe cannot stall the child.
    let errorData = ResultBox<Data>()
    let errorRead = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        errorData.value = error.fileHandleForReading.readDataToEndOfFile()
        errorRead.signal()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    errorRead.wait()
    process.waitUntilExit()
    return CommandRun(
        status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData.value ?? Data(), as: UTF8.self))
}
