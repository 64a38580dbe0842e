// libFuzzer entry point for Info.plist reading, compiled into the TallCheckKit module by
// Scripts/fuzz. The input is the file's bytes: XML, binary or anything else.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInfoPlist(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    do {
        let info = try AppInfo(data: bytes, reportedPath: "Info.plist")
        for idiom in Idiom.allCases {
            _ = info.launchImages[idiom]?.map(\.size)
        }
        _ = info.deviceFamilies
    } catch {
        _ = error.description
    }
    return 0
}
