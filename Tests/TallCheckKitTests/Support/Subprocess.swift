import Foundation

/// Runs `arguments` through `/usr/bin/env` with `input` on standard input, and waits for it:
/// standard output and error together, for tests that call python3 tools.
func runSubprocess(_ arguments: [String], input: String = "") throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = standardInput
    try process.run()
    standardInput.fileHandleForWriting.write(Data(input.utf8))
    try standardInput.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
