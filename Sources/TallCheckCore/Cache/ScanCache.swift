#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What earlier lints of one folder found in each file: the probe's facts for images, the
/// references for sources, each with the file's identity and times when it was read. A file
/// whose `lstat` still gives the same device, inode, size, modification and change times is not
/// opened again.
///
/// The cache lives outside the scanned tree (``ScanCache/defaultFolder()``), one file per
/// scanned folder (named by a hash of its real path), and is only ever a shortcut: a file from
/// another TallCheck version, for another folder or probe depth, truncated, edited or unreadable
/// is ignored (with a note when it is damaged), and the lint reads every file as if it had none.
/// It is written atomically (a concurrent lint sees the old file or the new one) and only when
/// it stays under ``maxBytes``.
///
/// ## The file
///
/// `$XDG_CACHE_HOME/tallcheck/<hex>.cache` or `~/.cache/tallcheck/<hex>.cache` (``defaultFolder()``;
/// `--cache-path` names another folder), the hex digits an FNV-1a hash of the scanned folder's
/// real path (``CacheFrame/path(in:realRoot:suffix:)``). The last report (`<hex>.report`,
/// TallCheckKit's `ReportSnapshot`) shares the frame below; its key adds the binary's own stamp
/// and the whole configuration, so a rebuilt tool or a changed setting never replays it.
/// Every integer is little-endian; a string is a `UInt32` length and that many UTF-8 bytes
/// (``CacheWriter``):
///
/// | part | bytes |
/// |---|---|
/// | magic | `TALLCHECK-CACHE\n` |
/// | format version | `UInt32` ``formatVersion`` |
/// | key | string: TallCheck's version, the real path, `header` or `verify`, the settings that change what a file holds (the C# tall-suffix helpers) |
/// | entry count | `UInt32` |
/// | each entry | path (string, relative to the folder); device, inode, size, modification and change time (`UInt64` each, ``FileStamp``); kind byte: `0` an image (its ``ImageFacts``, then an optional pixel digest and an optional recompressed size, each a flag byte and its value), `1` a source (its references, optional code names, outlet facts) |
/// | checksum | `UInt64`: the first half of the 128-bit content hash (``ContentDigest``) of every byte before it |
///
/// ## When it is not used
///
/// - Another format version or key (another TallCheck, folder, probe depth or settings): ignored
///   silently, and rewritten. ``formatVersion`` goes up whenever the layout changes or a value in
///   it is computed another way (the digests' hash, version 15; a file's end read, version 16; the
///   frame's checksum, version 17; the C# member a code name is tied to, version 18; the class
///   that holds an outlet, version 19; a SwiftUI image a closure hands on and the Objective-C
///   classes a file implements and creates, version 20; an image loader's call, version 24).
/// - A bad magic or checksum, a length past the end, an unknown kind byte or bytes left over:
///   ignored with a note, and rewritten.
/// - An entry whose file's `lstat` differs in any of the five stamp fields, or that changed within
///   ``racyMargin`` of being read: that file is read again.
///
/// ## What a forged or foreign cache can do
///
/// The cache is trusted input, like the tree itself. Its checksum catches damage (a truncated
/// or half-written file, a flipped byte), not tampering: anyone who can write the file can
/// compute it. Authenticating entries would need a key the writer of a restored cache does not
/// have, and a cache restored from elsewhere (a CI cache) brings its folder, so a key kept in it
/// would come along; a key kept anywhere else is missing on a fresh CI machine, where a restored
/// cache is most used, and would make every restored cache useless. So a cache is no safer than
/// where it came from: restore one only from a store that only your own runs write, and use
/// `--no-cache` on a cache you do not trust.
///
/// What a hostile cache file cannot do: the reader checks every length against what is left
/// before it allocates, so it can neither crash the run nor make it allocate more than the
/// file's own size (at most ``maxBytes``); a length, a pixel size or a saving no probe gives
/// (``isPlausible(_:)``), whose sums and products would overflow, makes the file damaged. It
/// cannot make TallCheck read or write anything outside the scanned folder and the cache folder:
/// paths in it are only looked up, never opened, and the cache file is written as any other
/// (``WriteDestination``: only a regular file is replaced). What it can do is make a lint
/// believe wrong facts about a file whose stamp it copied (a wrong pixel size within the
/// probe's limits, a reference that is not there), and so pass a broken tree.
public final class ScanCache: Sendable {
    /// A file's identity and times (``FileStamp``).
    public typealias Stamp = FileStamp

    /// What was found in one file.
    public enum Content: Hashable, Sendable {
        case image(ImageFacts)
        /// A source file's references, and its code names when they were read (nil: not read).
        case references([ImageReference], names: [CodeName]? = nil, outlets: OutletFacts = OutletFacts())
    }

    package struct Entry: Hashable, Sendable {
        package var stamp: Stamp
        var content: Content
        /// For images, what the content pass found past the header (nil: it read nothing).
        var read: ContentRead? = nil

        /// Whether the file is an image or a source.
        package var kind: RecordedKind { RecordedKind(content) }
        /// Whether the content pass kept something it read past the header.
        package var hasContentRead: Bool { read != nil }
    }

    /// What the content pass found in an image beyond its header, kept so that an unchanged
    /// file is not decoded or deflated again.
    struct ContentRead: Hashable, Sendable {
        var pixelDigest: ContentDigest?
        var recompressedBytes: Int?

        /// What is worth keeping of `content`: nil when nothing.
        init?(_ content: ImageContent) {
            pixelDigest = content.digest?.kind == .pixels ? content.digest : nil
            recompressedBytes = content.recompressedBytes
            if pixelDigest == nil && recompressedBytes == nil { return nil }
        }

        init(pixelDigest: ContentDigest?, recompressedBytes: Int?) {
            self.pixelDigest = pixelDigest
            self.recompressedBytes = recompressedBytes
        }
    }

    /// A stamp taken up to this long after a file changed may not show the change: time stamps
    /// come from a clock that ticks every few milliseconds. Nothing changed this recently is kept,
    /// here or in the ``ReportSnapshot``.
    package static let racyMargin: UInt64 = 50_000_000

    /// ``ReadLimits/cacheBytes``.
    public static let maxBytes = ReadLimits.standard.cacheBytes
    static let magic = Array("TALLCHECK-CACHE\n".utf8)
    /// Bumped whenever the layout of a cache file, or how a digest in it is computed, changes.
    static let formatVersion: UInt32 = 26

    /// The cache file.
    public let path: String
    /// What the folder's key must match: the tool's version, the folder's real path and the probe depth.
    let key: String
    /// Entries from the last run, by the file's path relative to the scanned folder.
    let previous: [String: Entry]

    /// `$XDG_CACHE_HOME/tallcheck`, else `~/.cache/tallcheck`; nil with neither variable set.
    public static func defaultFolder() -> String? {
        if let xdg = getenv("XDG_CACHE_HOME").map({ String(cString: $0) }), xdg.hasPrefix("/") {
            return xdg + "/tallcheck"
        }
        if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            return home + "/.cache/tallcheck"
        }
        return nil
    }

    /// The cache for `root` in `folder`, with what a readable cache file held; `note` says why a
    /// cache file that exists was not used.
    /// - Parameter settings: the settings that change what a file is found to hold (the C#
    ///   tall-suffix helpers): a cache made with others is not used.
    public init(
        folder: String, root: String, probeDepth: ProbeDepth, settings: [String] = [], note: (String) -> Void
    ) {
        let realRoot = realPath(root) ?? root
        path = CacheFrame.path(in: folder, realRoot: realRoot, suffix: "cache")
        key =
            "\(TallCheckVersion.current)\n\(realRoot)\n\(probeDepth == .verify ? "verify" : "header")\n"
            + settings.joined(separator: ",")
        var previous: [String: Entry] = [:]
        var status = stat()
        if FileSystemPath.withCString(path, { lstat($0, &status) }) == 0 {
            switch readRegularFile(FileSystemPath(path), limit: Self.maxBytes) {
            case .success(let bytes):
                do {
                    previous = try Self.decode(bytes, key: key)
                } catch .otherKey {
                    // Another version or probe depth wrote it: start afresh, silently.
                } catch {
                    note("cache \(escapedForDisplay(path)) is damaged (\(error.reason)); ignored, and rewritten")
                }
            case .failure(let failure):
                note("cache \(escapedForDisplay(path)): \(failure.message); ignored")
            }
        }
        self.previous = previous
    }

    /// What the file held when its stamp was the same; nil when it changed or is new.
    func content(of relativePath: String, stamp: Stamp) -> Content? {
        entry(of: relativePath, stamp: stamp)?.content
    }

    /// The whole entry for the file, when its stamp is the same.
    func entry(of relativePath: String, stamp: Stamp) -> Entry? {
        guard let entry = previous[relativePath], entry.stamp == stamp else { return nil }
        return entry
    }

    /// Writes `entries` (this run's, for the files that still exist) as the folder's cache,
    /// less those of files that changed after the lint started at `startedAt` (ns since 1970;
    /// see ``racyMargin``): their content might be from before the change.
    /// Returns each written entry's ``fingerprint(of:)``, taken as it was encoded.
    @discardableResult
    package func save(_ entries: [String: Entry], startedAt: UInt64 = .max) throws(FileWriteError) -> [String:
        ContentDigest]
    {
        let settled = entries.filter { $0.value.stamp.changed &+ Self.racyMargin < startedAt }
        var fingerprints: [String: ContentDigest] = [:]
        fingerprints.reserveCapacity(settled.count)
        let bytes = Self.encode(settled, key: key) { fingerprints[$0] = $1 }
        guard bytes.count <= Self.maxBytes else {
            throw FileWriteError(path: path, reason: "the cache would be \(bytes.count) bytes, above its limit")
        }
        try Self.createFolder(of: path)
        try writeAtomically(bytes: bytes, to: path, durable: false)
        return fingerprints
    }

    /// A digest of what an entry says of its file, less its stamp: two entries with one
    /// fingerprint hold the same facts. The ``ReportSnapshot`` keeps it, to tell a file written
    /// again with the same facts (touched, or code edited away from its image names) from one
    /// that changed.
    package static func fingerprint(of entry: Entry) -> ContentDigest {
        var writer = CacheWriter()
        encodeContent(of: entry, into: &writer)
        return writer.bytes.withUnsafeBytes { PNGContent.digest(of: $0) }
    }

    /// Creates the cache folder a cache file goes in, readable by its owner alone, unless it exists.
    package static func createFolder(of file: String) throws(FileWriteError) {
        let folder = String(file[..<file.lastIndex(ofByte: UInt8(ascii: "/"))!])
        guard FileSystemPath.withCString(folder, { mkdir($0, 0o700) }) == 0 || errno == EEXIST else {
            throw FileWriteError(path: folder, reason: errnoDescription())
        }
    }

    // MARK: The file format

    typealias DecodeFailure = CacheFrame.Failure

    /// - Parameter fingerprinted: given each entry's path and ``fingerprint(of:)``, taken from
    ///   the bytes just written.
    static func encode(
        _ entries: [String: Entry], key: String, fingerprinted: ((String, ContentDigest) -> Void)? = nil
    ) -> [UInt8] {
        var writer = CacheFrame.writer(magic: magic, version: formatVersion, key: key)
        writer.integer(UInt32(entries.count))
        // In the dictionary's order: the reader keys entries by path, and sorting 24,000 paths cost
        // more than writing them.
        for (path, entry) in entries {
            writer.string(path)
            writer.integer(entry.stamp.device)
            writer.integer(entry.stamp.inode)
            writer.integer(entry.stamp.size)
            writer.integer(entry.stamp.modified)
            writer.integer(entry.stamp.changed)
            let start = writer.bytes.count
            encodeContent(of: entry, into: &writer)
            if let fingerprinted {
                fingerprinted(
                    path, writer.bytes.withUnsafeBytes { PNGContent.digest(of: .init(rebasing: $0[start...])) })
            }
        }
        return CacheFrame.sealed(writer)
    }

    /// An entry's content: everything but its path and stamp.
    private static func encodeContent(of entry: Entry, into writer: inout CacheWriter) {
        switch entry.content {
        case .image(let facts):
            writer.byte(0)
            encode(facts, into: &writer)
            writer.bool(entry.read?.pixelDigest != nil)
            if let digest = entry.read?.pixelDigest {
                writer.integer(digest.high)
                writer.integer(digest.low)
            }
            writer.bool(entry.read?.recompressedBytes != nil)
            if let bytes = entry.read?.recompressedBytes { writer.integer(UInt64(clamping: bytes)) }
        case .references(let references, let names, let outlets):
            writer.byte(1)
            writer.integer(UInt32(references.count))
            for reference in references { encode(reference, into: &writer) }
            writer.bool(names != nil)
            if let names {
                writer.integer(UInt32(names.count))
                for name in names { encode(name, into: &writer) }
            }
            encode(outlets, into: &writer)
        }
    }

    static func decode(_ bytes: [UInt8], key: String) throws(DecodeFailure) -> [String: Entry] {
        var reader = try CacheFrame.open(bytes, magic: magic, version: formatVersion, key: key, kind: "cache")
        do {
            let count = Int(try reader.integer(UInt32.self))
            var entries: [String: Entry] = [:]
            entries.reserveCapacity(min(count, 1 << 20))
            for _ in 0..<count {
                let path = try reader.string()
                let stamp = Stamp(
                    device: try reader.integer(), inode: try reader.integer(), size: try reader.integer(),
                    modified: try reader.integer(), changed: try reader.integer())
                let content: Content
                var read: ContentRead?
                switch try reader.byte() {
                case 0:
                    content = .image(try decodeFacts(&reader))
                    let digest =
                        try reader.bool()
                        ? ContentDigest(kind: .pixels, high: try reader.integer(), low: try reader.integer()) : nil
                    let bytes = try reader.bool() ? Int(clamping: try reader.integer(UInt64.self)) : nil
                    guard (0...Self.maxFileBytes).contains(bytes ?? 0) else { throw CacheReader.Malformed() }
                    if digest != nil || bytes != nil {
                        read = ContentRead(pixelDigest: digest, recompressedBytes: bytes)
                    }
                case 1:
                    let references = Int(try reader.integer(UInt32.self))
                    var list: [ImageReference] = []
                    for _ in 0..<references { list.append(try decodeReference(&reader, path: path)) }
                    var names: [CodeName]?
                    if try reader.bool() {
                        let count = Int(try reader.integer(UInt32.self))
                        var read: [CodeName] = []
                        for _ in 0..<count { read.append(try decodeCodeName(&reader)) }
                        names = read
                    }
                    content = .references(list, names: names, outlets: try decodeOutlets(&reader))
                default: throw CacheReader.Malformed()
                }
                entries[path] = Entry(stamp: stamp, content: content, read: read)
            }
            guard reader.isAtEnd else { throw CacheReader.Malformed() }
            return entries
        } catch let failure as DecodeFailure {
            throw failure
        } catch {
            throw .malformed("an entry does not read back")
        }
    }

    private static func encode(_ facts: ImageFacts, into writer: inout CacheWriter) {
        writer.string(facts.format.rawValue)
        writer.bool(facts.pixelSize != nil)
        if let size = facts.pixelSize {
            writer.integer(UInt32(clamping: size.width))
            writer.integer(UInt32(clamping: size.height))
        }
        writer.bool(facts.png != nil)
        if let png = facts.png {
            writer.byte(UInt8(clamping: png.bitDepth))
            writer.byte(UInt8(png.colorType.rawValue))
            writer.bool(png.isInterlaced)
            writer.bool(png.isCgBI)
        }
        switch facts.problem {
        case nil: writer.byte(0)
        case .invalid(let reason)?:
            writer.byte(1)
            writer.string(reason)
        case .lfsPointer?: writer.byte(2)
        case .unreadable(let reason)?:
            writer.byte(3)
            writer.string(reason)
        }
        writer.bool(facts.vectorSize != nil)
        if let size = facts.vectorSize {
            writer.double(size.width)
            writer.double(size.height)
        }
        writer.bool(facts.byteCount != nil)
        if let bytes = facts.byteCount { writer.integer(UInt64(clamping: bytes)) }
        writer.bool(facts.head != nil)
        if let head = facts.head {
            writer.integer(head.digest.high)
            writer.integer(head.digest.low)
            writer.integer(UInt32(clamping: head.length))
        }
        writer.bool(facts.endIsMissing)
    }

    private static func decodeFacts(_ reader: inout CacheReader) throws(CacheReader.Malformed) -> ImageFacts {
        var facts = ImageFacts(format: try reader.value(ImageFormat.self))
        if try reader.bool() {
            facts.pixelSize = PixelSize(
                width: Int(try reader.integer(UInt32.self)), height: Int(try reader.integer(UInt32.self)))
        }
        if try reader.bool() {
            let depth = Int(try reader.byte())
            guard let colorType = PNGColorType(rawValue: Int(try reader.byte())) else { throw CacheReader.Malformed() }
            facts.png = PNGHeader(
                bitDepth: depth, colorType: colorType, isInterlaced: try reader.bool(), isCgBI: try reader.bool())
        }
        switch try reader.byte() {
        case 0: break
        case 1: facts.problem = .invalid(try reader.string())
        case 2: facts.problem = .lfsPointer
        case 3: facts.problem = .unreadable(try reader.string())
        default: throw CacheReader.Malformed()
        }
        if try reader.bool() {
            facts.vectorSize = PointSize(width: try reader.double(), height: try reader.double())
        }
        if try reader.bool() { facts.byteCount = Int(clamping: try reader.integer(UInt64.self)) }
        if try reader.bool() {
            let digest = ContentDigest(kind: .bytes, high: try reader.integer(), low: try reader.integer())
            facts.head = ImageFacts.Head(digest: digest, length: Int(try reader.integer(UInt32.self)))
        }
        facts.endIsMissing = try reader.bool()
        guard isPlausible(facts) else { throw CacheReader.Malformed() }
        return facts
    }

    /// A length no image file has here: its sum over every entry a cache can hold stays far
    /// from overflowing.
    package static let maxFileBytes = 1 << 40

    /// Whether the probe could have found `facts`: a length up to ``maxFileBytes``; a pixel size
    /// within the probe's limits for an image it accepted, within a header's own 31 bits for one
    /// it refused. A cache holding anything else was not written by TallCheck, and the rules'
    /// sums and products of such values would overflow.
    static func isPlausible(_ facts: ImageFacts) -> Bool {
        if let bytes = facts.byteCount, !(0...maxFileBytes).contains(bytes) { return false }
        if let size = facts.pixelSize {
            let limits = ReadLimits.standard
            let side = facts.problem == nil ? limits.imageSide : Int(Int32.max)
            guard (0...side).contains(size.width), (0...side).contains(size.height) else { return false }
            if facts.problem == nil, size.width * size.height > limits.imagePixels { return false }
        }
        return true
    }

    private static func encode(_ outlets: OutletFacts, into writer: inout CacheWriter) {
        writer.integer(UInt32(outlets.imageViews.count))
        for view in outlets.imageViews {
            writer.string(view.property)
            writer.string(view.owner)
            writer.bool(view.scaled)
            writer.byte(view.origin.rawValue)
            encode(view.size, into: &writer)
            writer.integer(UInt32(view.lines.count))
            for line in view.lines { writer.integer(UInt32(clamping: line)) }
        }
        writer.integer(UInt32(outlets.assignments.count))
        for assignment in outlets.assignments {
            writer.string(assignment.receiver)
            writer.string(assignment.variable)
            writer.integer(UInt32(clamping: assignment.line))
            writer.strings(assignment.names)
            writer.strings(assignment.callees)
            writer.bool(assignment.replacesAtOnce)
            writer.bool(assignment.throughProperty)
            writer.integer(UInt32(assignment.valueLines.count))
            for line in assignment.valueLines { writer.integer(UInt32(clamping: line)) }
        }
        writer.integer(UInt32(outlets.nameReturns.count))
        for declaration in outlets.nameReturns {
            writer.string(declaration.declaration)
            writer.strings(declaration.names)
        }
        writer.strings(outlets.nameFunctionUses)
        writer.integer(UInt32(outlets.implementations.count))
        for scope in outlets.implementations {
            writer.string(scope.name)
            writer.integer(UInt32(clamping: scope.lines.lowerBound))
            writer.integer(UInt32(clamping: scope.lines.upperBound))
        }
        writer.integer(UInt32(outlets.instantiations.count))
        for site in outlets.instantiations {
            writer.string(site.name)
            encode(site.platforms, into: &writer)
        }
        writer.bool(outlets.passesNamesToLoaders)
        writer.integer(UInt32(outlets.forwards.count))
        for forward in outlets.forwards {
            writer.string(forward.property)
            writer.string(forward.target)
            writer.bool(forward.toView)
        }
    }

    /// Platforms as whether they are narrowed, then a bit set (0 for every platform).
    private static func encode(_ platforms: Set<Platform>?, into writer: inout CacheWriter) {
        var bits: UInt8 = 0
        for (offset, platform) in Platform.allCases.enumerated() where platforms?.contains(platform) == true {
            bits |= 1 << offset
        }
        writer.bool(platforms != nil)
        writer.byte(bits)
    }

    private static func decodePlatforms(_ reader: inout CacheReader) throws(CacheReader.Malformed) -> Set<Platform>? {
        let narrowed = try reader.bool()
        let bits = try reader.byte()
        guard narrowed else { return nil }
        return Set(Platform.allCases.enumerated().filter { bits & (1 << $0.offset) != 0 }.map(\.element))
    }

    private static func encode(_ size: ViewSize?, into writer: inout CacheWriter) {
        writer.bool(size != nil)
        if let size {
            writer.double(size.points.width)
            writer.double(size.points.height)
            writer.bool(size.fits)
        }
    }

    private static func decodeSize(_ reader: inout CacheReader) throws(CacheReader.Malformed) -> ViewSize? {
        guard try reader.bool() else { return nil }
        let points = PointSize(width: try reader.double(), height: try reader.double())
        return ViewSize(points, fits: try reader.bool())
    }

    private static func decodeOutlets(_ reader: inout CacheReader) throws(CacheReader.Malformed) -> OutletFacts {
        var outlets = OutletFacts()
        for _ in 0..<Int(try reader.integer(UInt32.self)) {
            let property = try reader.string()
            let owner = try reader.string()
            let scaled = try reader.bool()
            guard let origin = OutletFacts.ImageView.Origin(rawValue: try reader.byte()) else {
                throw CacheReader.Malformed()
            }
            let size = try decodeSize(&reader)
            var lines: [Int] = []
            for _ in 0..<Int(try reader.integer(UInt32.self)) { lines.append(Int(try reader.integer(UInt32.self))) }
            outlets.imageViews.append(
                OutletFacts.ImageView(
                    property: property, scaled: scaled, lines: lines, size: size, owner: owner, origin: origin))
        }
        for _ in 0..<Int(try reader.integer(UInt32.self)) {
            let receiver = try reader.string()
            let variable = try reader.string()
            var assignment = OutletFacts.Assignment(
                receiver: receiver, line: Int(try reader.integer(UInt32.self)), names: try reader.strings(),
                callees: try reader.strings())
            assignment.variable = variable
            assignment.replacesAtOnce = try reader.bool()
            assignment.throughProperty = try reader.bool()
            for _ in 0..<Int(try reader.integer(UInt32.self)) {
                assignment.valueLines.append(Int(try reader.integer(UInt32.self)))
            }
            outlets.assignments.append(assignment)
        }
        for _ in 0..<Int(try reader.integer(UInt32.self)) {
            outlets.nameReturns.append(
                OutletFacts.NameReturn(declaration: try reader.string(), names: try reader.strings()))
        }
        outlets.nameFunctionUses = try reader.strings()
        for _ in 0..<Int(try reader.integer(UInt32.self)) {
            let name = try reader.string()
            let first = Int(try reader.integer(UInt32.self))
            let last = Int(try reader.integer(UInt32.self))
            guard first <= last else { throw CacheReader.Malformed() }
            outlets.implementations.append(OutletFacts.ClassScope(name: name, lines: first...last))
        }
        for _ in 0..<Int(try reader.integer(UInt32.self)) {
            outlets.instantiations.append(
                OutletFacts.Instantiation(name: try reader.string(), platforms: try decodePlatforms(&reader)))
        }
        outlets.passesNamesToLoaders = try reader.bool()
        for _ in 0..<Int(try reader.integer(UInt32.self)) {
            outlets.forwards.append(
                OutletFacts.Forward(property: try reader.string(), target: try reader.string(), toView: try reader.bool()))
        }
        return outlets
    }

    private static func encode(_ name: CodeName, into writer: inout CacheWriter) {
        writer.integer(UInt32(clamping: name.line))
        writer.byte(name.kind.rawValue)
        encode(name.name, into: &writer)
        writer.string(name.member ?? "")
    }

    private static func decodeCodeName(_ reader: inout CacheReader) throws(CacheReader.Malformed) -> CodeName {
        let line = Int(try reader.integer(UInt32.self))
        guard let kind = CodeName.Kind(rawValue: try reader.byte()) else { throw CacheReader.Malformed() }
        let name = try decodeName(&reader)
        let member = try reader.string()
        return CodeName(name: name, kind: kind, line: line, member: member.isEmpty ? nil : member)
    }

    private static func encode(_ reference: ImageReference, into writer: inout CacheWriter) {
        writer.integer(UInt32(clamping: reference.line))
        writer.integer(UInt32(clamping: reference.column))
        encode(reference.name, into: &writer)
        writer.string(reference.api)
        writer.string(reference.lookup.rawValue)
        writer.string(reference.mode.rawValue)
        writer.bool(reference.inOtherBundle)
        writer.bool(reference.keepsOnly)
        writer.bool(reference.inModuleBundle)
        writer.bool(reference.codeMayReplace)
        writer.bool(reference.drawnScaled)
        encode(reference.viewSize, into: &writer)
        encode(reference.platforms, into: &writer)
    }

    private static func decodeReference(_ reader: inout CacheReader, path: String) throws(CacheReader.Malformed)
        -> ImageReference
    {
        let line = Int(try reader.integer(UInt32.self))
        let column = Int(try reader.integer(UInt32.self))
        let name = try decodeName(&reader)
        var reference = ImageReference(
            path: path, line: line, column: column, name: name, api: try reader.string(),
            lookup: try reader.value(ImageLookup.self), mode: try reader.value(ResolveMode.self),
            inOtherBundle: try reader.bool(), keepsOnly: try reader.bool())
        reference.inModuleBundle = try reader.bool()
        reference.codeMayReplace = try reader.bool()
        reference.drawnScaled = try reader.bool()
        reference.viewSize = try decodeSize(&reader)
        reference.platforms = try decodePlatforms(&reader)
        return reference
    }

    private static func encode(_ name: ImageReference.Name, into writer: inout CacheWriter) {
        switch name {
        case .literal(let name):
            writer.byte(0)
            writer.string(name)
        case .pattern(let pattern):
            writer.byte(1)
            writer.strings(pattern.pieces)
        case .symbol(let symbol):
            writer.byte(2)
            writer.string(symbol.generator.rawValue)
            writer.strings(symbol.path)
        }
    }

    private static func decodeName(_ reader: inout CacheReader) throws(CacheReader.Malformed) -> ImageReference.Name {
        switch try reader.byte() {
        case 0: return .literal(try reader.string())
        case 1:
            let pieces = try reader.strings()
            guard pieces.count >= 2 else { throw CacheReader.Malformed() }
            return .pattern(NamePattern(pieces: pieces))
        case 2:
            let generator = try reader.value(AssetSymbol.Generator.self)
            return .symbol(AssetSymbol(generator: generator, path: try reader.strings()))
        default: throw CacheReader.Malformed()
        }
    }
}
