/// How heavy an image may be: `image_weight` in `.tallcheck.yml`.
///
/// ```yaml
/// image_weight:
///   max_bytes: 512000
///   max_pixels: 4194304
///   overrides:                      # globs over paths; the last that matches wins
///     "App/Backgrounds/**": {max_bytes: 2000000}
/// ```
public struct ImageWeightBudget: StructuredRuleOption {
    /// The largest file, in bytes.
    public var maxBytes = 512_000
    /// The most pixels (width × height): 2048 × 2048 by default, 16 MiB decoded.
    public var maxPixels = 4_194_304
    /// Budgets for the files some globs match; a limit an override does not give stays the
    /// general one.
    public var overrides: [Override] = []

    public struct Override: Sendable, Hashable {
        public var glob: String
        public var maxBytes: Int?
        public var maxPixels: Int?

        public init(glob: String, maxBytes: Int? = nil, maxPixels: Int? = nil) {
            self.glob = glob
            self.maxBytes = maxBytes
            self.maxPixels = maxPixels
        }
    }

    public init(maxBytes: Int = 512_000, maxPixels: Int = 4_194_304, overrides: [Override] = []) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
        self.overrides = overrides
    }

    /// The limits for the file at `path`, and the override that set them, if one did.
    func limits(for path: String) -> (maxBytes: Int, maxPixels: Int, glob: String?) {
        var limits = (maxBytes: maxBytes, maxPixels: maxPixels, glob: String?.none)
        for override in overrides where !PathFilter(excluded: [override.glob]).admits(path) {
            limits = (override.maxBytes ?? maxBytes, override.maxPixels ?? maxPixels, override.glob)
        }
        return limits
    }
}

extension ImageWeightBudget {
    public static let key = "image_weight"
    public static let expectedValue = "a mapping of max_bytes, max_pixels and overrides"
    public static var defaultValue: ImageWeightBudget { ImageWeightBudget() }

    /// `{max_bytes: N, max_pixels: N, overrides: {glob: {max_bytes: N, max_pixels: N}}}`.
    public static func decode(_ value: ConfigValue) throws(ConfigValue.Invalid) -> ImageWeightBudget {
        var budget = ImageWeightBudget()
        for entry in try value.entries(["max_bytes", "max_pixels", "overrides"]) {
            switch entry.key {
            case "max_bytes": budget.maxBytes = try entry.value.positiveInteger(entry.key)
            case "max_pixels": budget.maxPixels = try entry.value.positiveInteger(entry.key)
            default:
                guard case .mapping(let globs) = entry.value else {
                    throw ConfigValue.Invalid("overrides: expected globs mapped to {max_bytes, max_pixels}")
                }
                for glob in globs {
                    var override = Override(glob: glob.key)
                    for limit in try glob.value.entries(["max_bytes", "max_pixels"]) {
                        let number = try limit.value.positiveInteger(limit.key)
                        if limit.key == "max_bytes" { override.maxBytes = number } else { override.maxPixels = number }
                    }
                    budget.overrides.append(override)
                }
            }
        }
        return budget
    }

    public var value: ConfigValue {
        func limits(_ bytes: Int?, _ pixels: Int?) -> [ConfigValue.Entry] {
            (bytes.map { [ConfigValue.Entry("max_bytes", .scalar("\($0)"))] } ?? [])
                + (pixels.map { [ConfigValue.Entry("max_pixels", .scalar("\($0)"))] } ?? [])
        }
        var entries = limits(maxBytes, maxPixels)
        if !overrides.isEmpty {
            entries.append(
                ConfigValue.Entry(
                    "overrides",
                    .mapping(overrides.map { ConfigValue.Entry($0.glob, .mapping(limits($0.maxBytes, $0.maxPixels))) }))
            )
        }
        return .mapping(entries)
    }
}

/// An image over its weight budget, or a PNG that deflating again would make much smaller.
///
/// Lint: on the image, one finding for each fact (its bytes, its pixels, its compression);
/// only the compression finding counts bytes saved. Opt-in.
struct ImageWeight: ConfigurableRule {
    static let contentChecks: ContentChecks = .recompression

    /// A PNG is flagged when deflating its image data again saves at least this share of the
    /// file and these bytes: smaller gains are not worth a commit.
    static let minSavedFraction = 0.1
    static let minSavedBytes = 2000

    static let description = RuleDescription(
        id: "image-weight",
        severity: .warning,
        summary: "An image over its weight budget, or a PNG that would be much smaller compressed again.",
        rationale: """
            Every byte of an image is downloaded with the app, and every pixel is decoded into memory, \
            4 bytes each, when the image is shown. The budget (image_weight in .tallcheck.yml: max_bytes, \
            default 512,000; max_pixels, default 4,194,304, a 2048×2048 picture, 16 MiB decoded; overrides \
            by glob) says when an image is heavier than the team allows. PNGs are also compressed again: \
            their image data is inflated and deflated at zlib's level 9, with the same filtered rows, \
            a cheap and safe estimate of what a lossless optimiser (oxipng, pngcrush, ImageOptim) saves at \
            least; a file that shrinks by 10 % and 2 KB or more is flagged with the bytes. Xcode \
            recompresses PNGs when it builds (COMPRESS_PNG_FILES), so the saving is in the repository and \
            the download of apps built without that step.
            """,
        triggeringExamples: [
            RuleExample([.image("Art/Poster.png", 1200, 800, bytes: 900_000)], flagged: "Art/Poster.png"),
            RuleExample([.image("Art/Map.png", 4096, 4096, bytes: 400_000)], flagged: "Art/Map.png"),
            RuleExample(
                [.image("Art/Badge.png", 300, 300, bytes: 60_000, recompressed: 41_000)], flagged: "Art/Badge.png"),
        ],
        nonTriggeringExamples: [
            RuleExample([.image("Art/Badge.png", 300, 300, bytes: 60_000, recompressed: 58_000)])
        ],
        isOptIn: true
    )

    var budget: ImageWeightBudget

    init(option: ImageWeightBudget) { budget = option }

    func findings(in inventory: Inventory) -> [Finding] {
        var findings: [Finding] = []
        for image in inventory.allImages {
            guard let bytes = image.facts.byteCount else { continue }
            let limits = budget.limits(for: image.path)
            let source = limits.glob.map { "the budget for \($0)" } ?? "the budget"
            if bytes > limits.maxBytes {
                findings.append(finding(image.path, Self.heavy(image, bytes: bytes, max: limits.maxBytes, source)))
            }
            if image.facts.isValid, let size = image.facts.pixelSize, size.pixelCount > limits.maxPixels {
                findings.append(finding(image.path, Self.large(image, size, max: limits.maxPixels, source)))
            }
            if let recompressed = inventory.contents[image.path]?.recompressedBytes {
                let saved = bytes - recompressed
                if saved >= Self.minSavedBytes, Double(saved) >= Double(bytes) * Self.minSavedFraction {
                    findings.append(
                        finding(image.path, Self.loose(image, bytes: bytes, saved: saved), savedBytes: saved))
                }
            }
        }
        return findings
    }
}

extension ImageWeight {
    fileprivate static func heavy(_ image: ScannedImage, bytes: Int, max: Int, _ source: String) -> String {
        "\(image.fileName) is \(byteCountText(bytes)) (\(bytes) bytes), over \(source) of \(max) bytes "
            + "(image_weight.max_bytes): every user downloads it. Compress it, shrink it, or raise the budget "
            + "for it in .tallcheck.yml."
    }

    fileprivate static func large(_ image: ScannedImage, _ size: PixelSize, max: Int, _ source: String) -> String {
        return
            "\(image.fileName) is \(size) px (\(size.pixelCount) pixels, \(byteCountText(size.decodedBytes)) decoded), "
            + "over \(source) of \(max) pixels (image_weight.max_pixels). Make it no larger than it is shown, "
            + "or raise the budget for it in .tallcheck.yml."
    }

    fileprivate static func loose(_ image: ScannedImage, bytes: Int, saved: Int) -> String {
        let percent = Int((Double(saved) * 100 / Double(bytes)).rounded())
        return "\(image.fileName) would be \(byteCountText(saved)) (\(percent) %) smaller with its image data "
            + "compressed again at zlib level 9 (\(byteCountText(bytes)) → \(byteCountText(bytes - saved))); "
            + "a lossless optimiser (oxipng, pngcrush, ImageOptim) saves at least as much."
    }
}
