// libFuzzer entry point for the file-name parser, compiled into the TallCheckKit module by
// Scripts/fuzz. Checks the properties the rules rely on, for any name a folder can hold.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageName(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let fileName = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let name = ImageName(fileName: fileName)
    // Parsing loses nothing: the parts put back together give the name.
    precondition(
        name.fileName == fileName, "round trip: \(fileName.debugDescription) → \(name.fileName.debugDescription)")
    // The canonical name is a fixed point, and means the same.
    let canonical = ImageName(fileName: name.canonicalFileName)
    precondition(
        canonical.canonicalFileName == name.canonicalFileName,
        "canonical name changes when parsed again: \(fileName.debugDescription)")
    precondition(
        canonical.scale == name.scale && canonical.device == name.device,
        "canonical name means something else: \(fileName.debugDescription)")
    // In matching order, unless no name means the same and the name is given back as it is.
    precondition(canonical.isInMatchingOrder || name.canonicalFileName == fileName)
    for scale in 1...3 {
        precondition(name.withScale(scale).scale == scale)
    }
    _ = name.launchImageName
    _ = name.misspelledModifiers
    return 0
}
