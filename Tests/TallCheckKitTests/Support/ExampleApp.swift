/// The example app under `Fixtures/ExampleApp`, the README's quick start runs on: a small
/// iOS source tree with the mistakes TallCheck exists to find. This list is its only source;
/// `Scripts/make-fixtures` writes the files from it.
enum ExampleApp {
    struct File {
        var path: String
        var bytes: [UInt8]
        /// What `inspect --verify` must report for it.
        var verify: ProbeOutcome
        /// What header-only `inspect` must report, when it differs.
        var header: ProbeOutcome? = nil
    }

    static let folder = "Fixtures/ExampleApp"

    static let files: [File] = [
        File(
            path: "Default.png", bytes: PNGBuilder(width: 320, height: 480, colorType: 2).encoded(),
            verify: .valid(width: 320, height: 480)),
        File(
            path: "Default@2x.png", bytes: PNGBuilder(width: 640, height: 960, colorType: 2).encoded(),
            verify: .valid(width: 640, height: 960)),
        // The status bar's 40 pixels subtracted: the app would run letterboxed on 4-inch iPhones.
        File(
            path: "Default-568h@2x.png", bytes: PNGBuilder(width: 640, height: 1096, colorType: 2).encoded(),
            verify: .valid(width: 640, height: 1096)),
        File(
            path: "Images/Button.png", bytes: PNGBuilder(width: 44, height: 44).encoded(),
            verify: .valid(width: 44, height: 44)),
        File(
            path: "Images/Button@2x.png", bytes: PNGBuilder(width: 88, height: 88).encoded(),
            verify: .valid(width: 88, height: 88)),
        // One pixel short of 3 × 44: blurry on @3x phones.
        File(
            path: "Images/Button@3x.png", bytes: PNGBuilder(width: 131, height: 132).encoded(),
            verify: .valid(width: 131, height: 132)),
        // Copied out of a built app: most tools cannot open it.
        File(
            path: "Images/Icon-60@2x.png", bytes: PNGBuilder(width: 120, height: 120, cgbi: true).encoded(),
            verify: .valid(width: 120, height: 120)),
        File(
            path: "Images/Photo@2x.png", bytes: minimalJPEG(width: 640, height: 400),
            verify: .valid(width: 640, height: 400)),
        // A half-downloaded asset: its header is fine, its image data ends early.
        File(
            path: "Images/Banner@2x.png",
            bytes: truncated(PNGBuilder(width: 300, height: 100, noisy: true), inside: "IDAT", after: 5000),
            verify: .invalid("truncated"), header: .valid(width: 300, height: 100)),
    ]
}
