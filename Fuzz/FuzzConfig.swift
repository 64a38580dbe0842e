// libFuzzer entry point for `.tallcheck.yml` reading, compiled into the TallCheckKit module by
// Scripts/fuzz together with Yams and libyaml. The input is the file's bytes: the precheck,
// Yams and the settings reader see it as `ConfigurationFile(contentsOfFile:)` would.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    if let file = try? ConfigurationFile(yaml: text) {
        _ = LintConfiguration.resolved(file.layer, .init()).pathFilter.admits("Images/a@2x.png")
    }
    return 0
}
