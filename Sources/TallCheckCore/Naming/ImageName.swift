/// The device a file name is for: `~iphone` (iPhone and iPod touch) or `~ipad`.
public enum DeviceModifier: String, Sendable, Hashable, CaseIterable {
    case iphone, ipad
}

/// A launch-image orientation modifier (App Programming Guide for iOS, "App Launch Images").
public enum LaunchOrientation: String, Sendable, Hashable, CaseIterable {
    case portrait = "Portrait"
    case portraitUpsideDown = "PortraitUpsideDown"
    case landscape = "Landscape"
    case landscapeLeft = "LandscapeLeft"
    case landscapeRight = "LandscapeRight"

    public var isLandscape: Bool { self == .landscape || self == .landscapeLeft || self == .landscapeRight }
}

/// One modifier of a file name, with its meaning and the text as written.
public struct NameModifier: Hashable, Sendable {
    public enum Meaning: Hashable, Sendable {
        /// `-568h`: a screen height, in points (`-568h`, `-667h`, `-736h`) or, in Xcode's
        /// generated names, pixels (`-2436h`).
        case height(Int)
        case orientation(LaunchOrientation)
        /// `@2x`, `@3x`.
        case scale(Int)
        case device(DeviceModifier)
    }

    public var meaning: Meaning
    /// As written in the file name, with its leading `-`, `@` or `~`.
    public var text: String

    /// The spelling iOS matches.
    public var canonicalText: String {
        switch meaning {
        case .height(let points): "-\(points)h"
        case .orientation(let orientation): "-\(orientation.rawValue)"
        case .scale(let scale): scale == 1 ? "" : "@\(scale)x"
        case .device(let device): "~\(device.rawValue)"
        }
    }

    /// Whether ``text`` is ``canonicalText``; the common spellings are compared without building
    /// the canonical one (asked of every modifier of every image).
    public var isCanonicallySpelt: Bool {
        switch meaning {
        case .scale(2): text == "@2x"
        case .scale(3): text == "@3x"
        case .device(.iphone): text == "~iphone"
        case .device(.ipad): text == "~ipad"
        default: text == canonicalText
        }
    }

    /// Launch modifiers come first, then the scale, then the device.
    var rank: Int { Self.rank(of: meaning) }

    static func rank(of meaning: Meaning) -> Int {
        switch meaning {
        case .height, .orientation: 0
        case .scale: 1
        case .device: 2
        }
    }
}

/// A file name split by iOS's naming grammar:
/// `<base>[-568h][-<Orientation>][@<N>x][~<device>].<ext>`.
///
/// Parsing is forgiving: modifiers are recognised in any order and any case, so that rules can
/// tell a name iOS will never match (`a~ipad@2x.png`, `Default@2x-568h.png`, `b@2X.png`) and give
/// the name it would match (``canonicalFileName``).
public struct ImageName: Hashable, Sendable {
    /// The name without modifiers or extension: `Button` for `Button@2x~ipad.png`.
    public var base: String
    /// The modifiers in the order the name has them.
    public var modifiers: [NameModifier]
    /// The extension as written, without the dot; empty when there is none.
    public var pathExtension: String

    public init(fileName: String) {
        // Nearly every file name is ASCII, where a byte is a character: parsed as bytes, with no
        // grapheme breaking (this runs for every image of every scan).
        if let parsed = fileName.utf8.withContiguousStorageIfAvailable({ bytes in
            bytes.allSatisfy { $0 < 0x80 } ? Self(ascii: bytes) : nil
        }), let parsed {
            self = parsed
            return
        }
        self.init(characters: fileName)
    }

    /// `init(fileName:)` read character by character: any name, ASCII or not.
    init(characters fileName: String) {
        var stem = Substring(fileName)
        pathExtension = ""
        // A leading dot starts a hidden name and a trailing one ends an odd name: neither
        // separates an extension (which would lose the dot: found by Scripts/fuzz image-name).
        if let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex,
            fileName.index(after: dot) != fileName.endIndex
        {
            stem = fileName[..<dot]
            pathExtension = String(fileName[fileName.index(after: dot)...])
        }
        var found: [NameModifier] = []
        while let (modifier, rest) = Self.trailingModifier(of: stem),
            !rest.isEmpty,
            !found.contains(where: { $0.rank == modifier.rank && Self.sameKind($0.meaning, modifier.meaning) })
        {
            found.insert(modifier, at: 0)
            stem = rest
        }
        base = String(stem)
        modifiers = found
    }

    /// `init(fileName:)` for a name all of whose bytes are ASCII: the same grammar, read byte by byte.
    private init(ascii name: UnsafeBufferPointer<UInt8>) {
        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: name[range]), as: UTF8.self)
        }
        var end = name.count
        pathExtension = ""
        if let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != 0, dot + 1 != name.count {
            end = dot
            pathExtension = text((dot + 1)..<name.count)
        }
        var found: [NameModifier] = []
        while let marker = name[..<end].lastIndex(where: { $0 == 0x2D || $0 == 0x40 || $0 == 0x7E }),
            let meaning = Self.asciiModifier(
                name[marker], body: UnsafeBufferPointer(rebasing: name[(marker + 1)..<end])),
            marker > 0,
            !found.contains(where: { $0.rank == NameModifier.rank(of: meaning) && Self.sameKind($0.meaning, meaning) })
        {
            // Found from the end: put in order once they all are.
            found.append(NameModifier(meaning: meaning, text: text(marker..<end)))
            end = marker
        }
        base = text(0..<end)
        modifiers = found.count > 1 ? found.reversed() : found
    }

    /// What the ASCII text after a `-`, `@` or `~` means, as ``trailingModifier(of:)`` reads it.
    private static func asciiModifier(_ marker: UInt8, body: UnsafeBufferPointer<UInt8>) -> NameModifier.Meaning? {
        func lowered(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        func equalsIgnoringCase(_ word: String) -> Bool {
            word.utf8.count == body.count && zip(word.utf8, body).allSatisfy { lowered($0) == lowered($1) }
        }
        func digit(_ byte: UInt8) -> Int? { (0x30...0x39).contains(byte) ? Int(byte - 0x30) : nil }
        switch marker {
        case 0x7E:
            return DeviceModifier.allCases.first { equalsIgnoringCase($0.rawValue) }.map { .device($0) }
        case 0x40:
            guard let first = body.first, let value = digit(first),
                body.count == 2
                    ? (1...9).contains(value) && lowered(body[1]) == UInt8(ascii: "x")
                    : body.count == 1 && (2...3).contains(value)
            else { return nil }
            return .scale(value)
        default:
            if body.count >= 2, lowered(body[body.count - 1]) == UInt8(ascii: "h"),
                body.dropLast().allSatisfy({ digit($0) != nil }),
                let height = Int(String(decoding: UnsafeBufferPointer(rebasing: body.dropLast()), as: UTF8.self)),
                height > 0
            {
                return .height(height)
            }
            return LaunchOrientation.allCases.first { equalsIgnoringCase($0.rawValue) }.map { .orientation($0) }
        }
    }

    public var scale: Int {
        for modifier in modifiers { if case .scale(let scale) = modifier.meaning { return scale } }
        return 1
    }

    public var device: DeviceModifier? {
        for modifier in modifiers { if case .device(let device) = modifier.meaning { return device } }
        return nil
    }

    public var height: Int? {
        for modifier in modifiers { if case .height(let height) = modifier.meaning { return height } }
        return nil
    }

    public var orientation: LaunchOrientation? {
        for modifier in modifiers { if case .orientation(let orientation) = modifier.meaning { return orientation } }
        return nil
    }

    /// The modifiers in an order iOS matches: launch modifiers as written (both `-568h-Portrait`
    /// and Xcode's `-Portrait-736h` are accepted), then the scale, then the device.
    public var isInMatchingOrder: Bool {
        zip(modifiers, modifiers.dropFirst()).allSatisfy { $0.rank <= $1.rank }
    }

    /// Modifiers whose spelling iOS does not match (`@2X`, `~iPad`, `-568H`, `@1x`, `@3`).
    public var misspelledModifiers: [NameModifier] {
        modifiers.filter { !$0.isCanonicallySpelt }
    }

    /// The launch image name as `UILaunchImages` entries give it: the base with its launch
    /// modifiers, no scale, device or extension (`LaunchImage-700-568h`).
    public var launchImageName: String {
        modifiers.contains { $0.rank == 0 }
            ? base + modifiers.filter { $0.rank == 0 }.map(\.canonicalText).joined() : base
    }

    /// The file name iOS would match for what this name means; the name itself when no name
    /// means the same (see below).
    public var canonicalFileName: String {
        // The common case, and no new name to build and parse again.
        if isCanonical { return fileName }
        let ordered = modifiers.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
        let stem = base + ordered.map(\.element.canonicalText).joined()
        let candidate = pathExtension.isEmpty ? stem : stem + "." + pathExtension.lowercased()
        // A base that itself ends like a modifier (`a@2x` in `a@2x@1x.png`, since a scale is
        // read once) would be read as one once `@1x` is dropped: the new name would mean
        // another scale. Found by Scripts/fuzz image-name.
        let reread = ImageName(fileName: candidate)
        guard
            reread.base == base, reread.scale == scale, reread.device == device, reread.height == height,
            reread.orientation == orientation
        else { return fileName }
        return candidate
    }

    /// Already canonical (``canonicalFileName`` is the name as written): every modifier spelt as
    /// iOS matches it, in order, the extension in lower case.
    public var isCanonical: Bool {
        isInMatchingOrder && modifiers.allSatisfy(\.isCanonicallySpelt)
            && !pathExtension.utf8.contains(where: { (0x41...0x5A).contains($0) })
    }

    /// Whether iOS matches the name as written: modifiers in order and spelled as iOS spells them,
    /// the extension in lower case.
    public var isMatchable: Bool {
        // Asked of every image: no list of the misspelt modifiers, and an ASCII extension (the
        // common case) checked in place rather than lower-cased.
        guard isInMatchingOrder, modifiers.allSatisfy(\.isCanonicallySpelt) else { return false }
        let ascii = pathExtension.utf8.allSatisfy { $0 < 0x80 }
        return ascii
            ? !pathExtension.utf8.contains(where: { (0x41...0x5A).contains($0) })
            : pathExtension == pathExtension.lowercased()
    }

    /// The same name at another scale, with the scale modifier where iOS expects it.
    public func withScale(_ scale: Int) -> ImageName {
        var name = self
        name.modifiers.removeAll { if case .scale = $0.meaning { true } else { false } }
        if scale > 1 { name.modifiers.append(NameModifier(meaning: .scale(scale), text: "@\(scale)x")) }
        return name
    }

    /// The name as parsed.
    public var fileName: String {
        let stem = base + modifiers.map(\.text).joined()
        return pathExtension.isEmpty ? stem : stem + "." + pathExtension
    }

    private static func sameKind(_ a: NameModifier.Meaning, _ b: NameModifier.Meaning) -> Bool {
        switch (a, b) {
        case (.height, .height), (.orientation, .orientation), (.scale, .scale), (.device, .device): true
        default: false
        }
    }

    /// The modifier at the end of `stem`, if any, and what comes before it.
    private static func trailingModifier(of stem: Substring) -> (NameModifier, Substring)? {
        guard let marker = stem.lastIndex(where: { $0 == "-" || $0 == "@" || $0 == "~" }) else { return nil }
        let text = stem[marker...]
        let body = text.dropFirst()
        let rest = stem[..<marker]
        switch stem[marker] {
        case "~":
            guard let device = DeviceModifier(rawValue: body.lowercased()) else { return nil }
            return (NameModifier(meaning: .device(device), text: String(text)), rest)
        case "@":
            // `@3` without its x is read as the scale it was meant to be, so that it is reported as
            // misnamed rather than as a 1x image of another name (`fsarrow@3.png`).
            guard let digit = body.first?.wholeNumberValue,
                body.count == 2
                    ? (1...9).contains(digit) && (body.last == "x" || body.last == "X")
                    : body.count == 1 && (2...3).contains(digit)
            else { return nil }
            return (NameModifier(meaning: .scale(digit), text: String(text)), rest)
        default:
            if body.count >= 2, body.last == "h" || body.last == "H", let height = Int(body.dropLast()), height > 0,
                body.dropLast().allSatisfy({ $0.isASCII && $0.isNumber })
            {
                return (NameModifier(meaning: .height(height), text: String(text)), rest)
            }
            let lowered = body.lowercased()
            if let orientation = LaunchOrientation.allCases.first(where: { $0.rawValue.lowercased() == lowered }) {
                return (NameModifier(meaning: .orientation(orientation), text: String(text)), rest)
            }
            return nil
        }
    }
}
