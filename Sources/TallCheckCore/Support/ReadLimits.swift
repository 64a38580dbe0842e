/// Every bound on what a run reads, in one place: how large a file of each kind may be, how much
/// of an archive is inflated, how many pixels are decoded, how deep and how large the structures
/// read from a file may be, and how much one run keeps. A bound is the same wherever the file
/// comes from: a folder, a built `.app`, or an `.ipa` read in place.
///
/// Each value is far above what real apps hold (the figures beside them come from the apps
/// tried: DuckDuckGo, Pocket Casts, Element, Mastodon, Home Assistant, NetNewsWire and the
/// 21,705-image benchmark app) and low enough that a file made to be hostile costs a bounded
/// time and memory. What lies past a bound is not read, and the run says so, naming the file.
///
/// Bounds on what one scanner analyses inside text it has already read (how many outlet
/// assignments a Swift file's facts follow, how many tokens a call's argument may span) are that
/// scanner's own heuristics and are named beside it.
///
/// `ReadLimitsTests` checks that no byte size is written as a literal anywhere else.
public struct ReadLimits: Sendable, Hashable {
    // MARK: Files read whole, by kind

    /// An `Info.plist` (in a folder, a `.app` or an `.ipa`): real ones are a few KiB; this keeps
    /// a stray disk image named `Info.plist` from being read whole.
    public var propertyListBytes = 16 << 20
    /// An asset catalog's `Contents.json`: real ones are under 10 KiB.
    public var catalogContentsBytes = 16 << 20
    /// A compiled asset catalog (`Assets.car`): a large app's is some tens of MiB.
    public var compiledCatalogBytes = 64 << 20
    /// A `.pbxproj` or `.csproj`: the largest tried (DuckDuckGo, Pocket Casts) are about 1 MB.
    public var projectBytes = 64 << 20
    /// One `.csproj` item element `fix` edits or removes: real ones are under 1 KiB; its closing
    /// tag is looked for no further, so many unclosed items each cost a bounded scan.
    public var projectItemBytes = 64 << 10
    /// One Run Script phase's script read for the catalog sets it copies into: Focus's, the
    /// longest tried, is under 2 KiB.
    public var runScriptBytes = 64 << 10
    /// `fix`'s journal (`.tallcheck-fix.journal`): a line a step, about 100 bytes each.
    public var fixJournalBytes = 64 << 20
    /// A `Package.swift`: real ones are a few KiB.
    public var packageManifestBytes = 1 << 20
    /// An `.xcconfig`: real ones are a few KiB.
    public var buildSettingsBytes = 1 << 20
    /// CocoaPods' `Pods-App-resources.sh`: real ones are tens of KiB.
    public var podsResourcesBytes = 4 << 20
    /// A source or Interface Builder file: 8 KB is typical, the largest tried under 1 MiB.
    public var sourceBytes = 4 << 20
    /// A source file longer than this is scanned while no other such file is: its scanner's
    /// tokens and tables take tens of MB.
    public var sourceScannedAloneBytes = 1 << 20
    /// A data file read for the image names it holds (JSON, plist, strings).
    public var dataFileBytes = 4 << 20
    /// All data files of a run together.
    public var dataFilesTotalBytes = 64 << 20
    /// `.tallcheck.yml`: real ones are under 1 KiB.
    public var configurationBytes = 1 << 20
    /// A baseline: about 25,000 findings, far above what a team keeps, and parsed in well under
    /// a second.
    public var baselineBytes = 8 << 20
    /// The scan cache or the report snapshot, written or read: about 200 bytes a file, so room
    /// for 300,000 files.
    public var cacheBytes = 64 << 20
    /// One request line of `tallcheck resolve --batch`: a real request is under 200 bytes.
    public var batchLineBytes = 64 << 10

    // MARK: Images

    /// The widest and tallest image probed, in pixels (libpng's own limit is 2^31).
    public var imageSide = 65_536
    /// The most pixels an image may claim and still be probed.
    public var imagePixels = 1 << 28
    /// The largest ancillary PNG chunk libpng may allocate.
    public var pngChunkBytes = 1 << 20
    /// The most pixels decoded from one image by the content pass and the HTML thumbnails:
    /// decoding 2^26 pixels takes about half a second; larger images are told apart by their
    /// bytes only, and drawn as a placeholder.
    public var decodedImagePixels = 1 << 26
    /// The largest image a thumbnail is drawn from, in pixels a side.
    public var thumbnailImageSide = 32_768
    /// The most bytes an interlaced PNG may decode to: it is decoded whole, not row by row.
    public var interlacedDecodeBytes = 64 << 20
    /// The largest CgBI (Apple-optimised) PNG converted: it is converted in memory.
    public var cgbiFileBytes = 32 << 20
    /// The largest PNG `fix --recompress` writes again: it is held in memory with its rows.
    public var recompressFileBytes = 32 << 20

    // MARK: Archives (`.ipa`, zip)

    /// The most of a zip's central directory read: room for about a million entries.
    public var zipDirectoryBytes: UInt64 = 128 << 20
    /// Entries looked at; the rest are not, with a note.
    public var archiveEntries = 200_000
    /// The entries' names kept, in all, as shown (escaped): an app's are some hundreds of KiB
    /// (20,001 images: 1.2 MiB). Entries past it are not looked at, with a note.
    public var archiveNameBytes = 16 << 20
    /// Image entries probed: more than twice the 21,705-image benchmark app; the rest are not
    /// read, with a note. Each image costs the lint about 2 KB, so this keeps 200,000 entries
    /// within their memory.
    public var archiveImages = 50_000
    /// The names of the image entries probed, in all: the lint copies an image's path some
    /// twenty times (tables, findings), so 50,000 images of 84 bytes each, or 4,000 of 1,000.
    public var archiveImageNameBytes = 4 << 20
    /// Entries named in notes (not read, not verified); the rest are counted in one note.
    public var archiveEntryNotes = 1_000
    /// Bytes inflated of an image entry for its header.
    public var archiveHeaderBytes = 64 << 10
    /// Bytes inflated of a PNG whose chunks before the image data did not fit in
    /// ``archiveHeaderBytes`` (libpng allows an ancillary chunk of ``pngChunkBytes``).
    public var archiveHeaderRetryBytes = 2 << 20
    /// With `--verify`, image entries up to this size are inflated whole and decoded; larger
    /// ones are probed from their header, with a note.
    public var archiveVerifyBytes = 24 << 20
    /// Entries inflated whole above this size are read one at a time, so their bytes and what
    /// the decoder holds stay within the memory bound whatever the core count.
    public var archiveConcurrentEntryBytes: UInt64 = 1 << 20
    /// Bytes inflated from one archive in all.
    public var archiveInflatedBytes: Int64 = 1 << 30
    /// An entry that claims to inflate to more than this many times its stored size is not
    /// read whole (a decompression bomb). Deflate's own limit is about 1,032.
    public var inflateRatio: UInt64 = 1000
    /// What an interlaced PNG may decode to, and the largest CgBI PNG converted, inside an
    /// archive: tighter than ``interlacedDecodeBytes`` and ``cgbiFileBytes`` because the
    /// entry's own bytes are held in memory beside the decode, which keeps one at under 60 MiB.
    public var archiveDecodeBytes = 16 << 20
    /// Pixels the content pass may decode or deflate again in one archive: about two seconds'
    /// work (a PNG's image data inflates about 1,000 times; the zip holding it packs it again).
    public var archiveDecodedPixels: Int64 = 1 << 27

    // MARK: The structure of what is read

    /// The deepest nesting accepted in a property list, a project, a `.tallcheck.yml` or a
    /// source's `#if` blocks: real ones nest a few levels. Checked on the text before a parser
    /// that recurses sees it.
    public var nestingDepth = 64
    /// The deepest element nesting of an Interface Builder file: real ones nest a few dozen.
    public var interfaceBuilderDepth = 256
    /// The most values one property list may hold, counting each use of a shared binary-plist
    /// object (a few objects that refer to each other would otherwise expand exponentially).
    /// Real Info.plists hold hundreds.
    public var propertyListValues = 100_000
    /// The most values a parsed project may hold: a large app's holds a few hundred thousand.
    public var projectValues = 2_000_000
    /// The most values read from a project's text: Foundation builds about 100 bytes of objects
    /// a value, so this keeps one project near 50 MB while parsing. The 1 MB projects of
    /// DuckDuckGo's and Pocket Casts' apps hold about 41,000 each.
    public var projectTextValues = 500_000
    /// The most attributes on one XML element: libxml2 checks each new attribute against those
    /// before it, so an element with 300,000 takes minutes. Interface Builder writes about
    /// twenty, MSBuild a handful.
    public var xmlAttributes = 1_000
    /// The most aliases in a `.tallcheck.yml`: Yams copies the node an alias names at every use.
    /// A config file needs none.
    public var yamlAliases = 64
    /// How deep `.xcconfig` `#include`s nest before the rest is ignored.
    public var buildSettingsIncludeDepth = 8
    /// The most outlets read from one Interface Builder file.
    public var interfaceBuilderOutlets = 10_000
    /// The longest image name read from an Interface Builder attribute or an `Assets.car` name:
    /// a longer value names nothing.
    public var imageNameBytes = 1_024
    /// The longest XML value (attribute, text node, comment) kept from a `.csproj`: MSBuild's
    /// are paths and short settings, and longer ones are cut to this as the file is read.
    public var xmlValueBytes = 64 << 10
    /// The longest string of a data file taken for an image name: image names are short.
    public var dataNameBytes = 256
    /// An `#if` condition longer than this is not evaluated.
    public var platformConditionBytes = 4_096
    /// The most `@implementation` blocks, and `alloc`/`new` sends, read from one Objective-C file.
    public var classScopes = 64
    public var classInstantiations = 1_000
    /// The bytes an availability check's braces are matched over, in one block, and in all of
    /// one source file (``AvailabilityBranches``).
    public var availabilityBlockBytes = 65_536
    public var availabilityFileBytes = 8 << 20
    /// The most entries in an `Assets.car` tree, and its deepest path: a large app's catalog
    /// holds some tens of thousands of renditions.
    public var compiledCatalogEntries = 200_000
    public var compiledCatalogDepth = 32
    /// The most attributes of one `Assets.car` facet (real ones hold a few) and sizes of one
    /// multisize image set.
    public var compiledCatalogFacetAttributes = 64
    public var compiledCatalogIconSizes = 64

    // MARK: One run

    /// The most findings one rule reports: far past any real app (the benchmark app gives at
    /// most a few thousand a rule), and a tree made to repeat one fault (a file naming a missing
    /// image 400,000 times) still gives a bounded report.
    public var findingsPerRule = 20_000
    /// The most image references kept from one run: the largest apps tried hold about 1,000
    /// (Pocket Casts) and the 3,000-file benchmark app about 4,000. Each costs the device matrix
    /// and its findings a few hundred bytes.
    public var imageReferences = 100_000
    /// The most distinct names built at run time (`"icon_\(n)"`) matched one by one against the
    /// images; past it, they are said to be too many to match.
    public var runtimeNamePatterns = 5_000
    /// The most distinct names built at run time matched against every image by a rule that asks
    /// whether all of some images are named that way (duplicate-image's keyed names, the images
    /// drawn scaled through a pattern): past it, those images are judged as if not so named.
    public var keyedNamePatterns = 256

    public init() {}

    /// The limits every run uses.
    public static let standard = ReadLimits()

    /// The image probe's limits.
    public var probe: ProbeLimits {
        ProbeLimits(maxSide: imageSide, maxPixels: imagePixels, maxChunkBytes: pngChunkBytes)
    }
}
