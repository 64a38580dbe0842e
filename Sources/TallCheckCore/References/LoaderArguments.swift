/// Whether a source file hands an image API that picks the screen's variant (`UIImage(named:)`,
/// `imageNamed:`, SwiftUI's `Image(_:)`, `UIImage(contentsOfFile:)`, `UIImage.FromBundle`) a name
/// it does not spell there: a variable, a property, a call.
///
/// A name the code spells only as a bare string (`["slide-bg-1.jpg", …]`) reaches such an API
/// only through a call like that. In a target whose code makes none, it reaches the screen, if at
/// all, as a file read by its path (`URLForResource` and `UIImage(data:)`), whose scale is 1 on
/// every screen: an `@2x` beside it would never load, so size advice on it says nothing
/// (``PointSizeUse``).
///
/// Every such call of Swift and Objective-C holds the word `Image` (`UIImage(named:`, `Image(`,
/// `[UIImage imageNamed:`, `setImageNamed:`): the file's pass for that word (``OutletFacts``)
/// asks ``passesName(atImageWord:in:dialect:)`` at each. C# calls are read by
/// ``CSharpReferenceScanner``; XAML by ``passesNames(inXAML:)``. Commented-out calls count too:
/// the answer errs toward "passes".
enum LoaderArguments {
    enum Dialect {
        case swift, objectiveC
    }

    /// Whether the call around the `Image` at `hit` (five bytes) takes a name the file does not
    /// spell there.
    static func passesName(atImageWord hit: Int, in source: UnsafeBufferPointer<UInt8>, dialect: Dialect) -> Bool {
        let end = hit + 5
        let before = hit > 0 ? source[hit - 1] : UInt8(ascii: " ")
        switch dialect {
        case .swift:
            // `UIImage.init(named:)` as a function (`names.compactMap(UIImage.init(named:))`):
            // names given at run time.
            if let value = after(".init(named:", at: end, in: source) {
                return !startsLiteral(at: skipSpaces(from: value, in: source), in: source)
            }
            guard follows("(", at: end, in: source) else { return false }
            let argument = skipSpaces(from: end + 1, in: source)
            // Most calls spell their name (`Image("Logo")`) or say what they make it from
            // (`UIImage(data:`, `Image(systemName:`): told by the argument's first byte or label.
            guard argument < source.count, source[argument] != UInt8(ascii: "\"") else { return false }
            guard isIdentifierByte(before) else {
                // SwiftUI's `Image(name)`, `Image(decorative: name)`; not `Image(systemName:)`,
                // `Image(uiImage:)` or a generated `Image(.hero)`.
                if after("systemName:", at: argument, in: source) != nil { return false }
                if let label = label(at: argument, in: source) {
                    guard matches("decorative", label.name, in: source) else { return false }
                    return !startsLiteral(at: label.value, in: source)
                }
                guard source[argument] != UInt8(ascii: "."), source[argument] != UInt8(ascii: ")") else { return false }
                return !startsLiteral(at: argument, in: source)
            }
            // `UIImage(named:)`, `NSImage(named:)`, an app's own image type's, and `contentsOfFile:`.
            guard let value = after("named:", at: argument, in: source)
                ?? after("contentsOfFile:", at: argument, in: source)
                ?? after("imageLiteralResourceName:", at: argument, in: source)
            else { return false }
            return !startsLiteral(at: skipSpaces(from: value, in: source), in: source)
        case .objectiveC:
            guard isIdentifierByte(before) else { return false }
            // WatchKit's `[icon setImageNamed:name]`; not `systemImageNamed:`.
            if let after = after("Named:", at: end, in: source) {
                guard before != UInt8(ascii: "m") else { return false }
                return !startsLiteral(at: skipSpaces(from: after, in: source), in: source)
            }
            // `[UIImage imageNamed:name]`, `[UIImage imageWithContentsOfFile:path]`,
            // `[[UIImage alloc] initWithContentsOfFile:path]`.
            let message = skipSpaces(from: end, in: source)
            guard let after = after("imageNamed:", at: message, in: source)
                ?? after("imageWithContentsOfFile:", at: message, in: source)
                ?? after("alloc] initWithContentsOfFile:", at: message, in: source)
            else { return false }
            return !startsLiteral(at: skipSpaces(from: after, in: source), in: source)
        }
    }

    /// Whether a XAML file gives an image a name from a binding or a resource
    /// (`<Image Source="{Binding Icon}"/>`, `IconImageSource="{StaticResource …}"`).
    static func passesNames(inXAML source: [UInt8]) -> Bool {
        var from = 0
        while let hit = source.firstOffset(of: bindingSource, from: from) {
            from = hit + bindingSource.count
            // `Source` or `…ImageSource`, not `ItemsSource`.
            if hit == 0 || !isIdentifierByte(source[hit - 1]) { return true }
            if hit >= 5, source[(hit - 5)..<hit].elementsEqual("Image".utf8) { return true }
        }
        return false
    }

    /// The whole file, for a header (`#define ICON(n) [UIImage imageNamed:n]`) or a test: each
    /// `Image` word asked ``passesName(atImageWord:in:dialect:)``.
    static func passesNames(in source: [UInt8], dialect: Dialect) -> Bool {
        var from = 0
        while let hit = OutletFacts.nextImageWord(in: source, from: from) {
            from = hit + 5
            if source.withUnsafeBufferPointer({ passesName(atImageWord: hit, in: $0, dialect: dialect) }) { return true }
        }
        return false
    }

    private static let bindingSource = Array("Source=\"{".utf8)

    /// Whether the argument at `at` is a string the code spells: `"…"`, `@"…"`, or a bundle path
    /// for one (`[[NSBundle mainBundle] pathForResource:@"a" …]`, `Bundle.main.path(forResource: "a", …)`).
    @inline(__always)
    private static func startsLiteral(at start: Int, in source: UnsafeBufferPointer<UInt8>) -> Bool {
        var at = start
        // A loop, not a recursion: a hostile file nests the bundle paths a hundred thousand deep.
        while at < source.count {
            switch source[at] {
            case UInt8(ascii: "\""): return !interpolates(from: at + 1, in: source)
            case UInt8(ascii: "@"): return at + 1 < source.count && source[at + 1] == UInt8(ascii: "\"")
            default:
                guard let after = after("[[NSBundle mainBundle] pathForResource:", at: at, in: source)
                    ?? after("Bundle.main.path(forResource:", at: at, in: source)
                else { return false }
                at = skipSpaces(from: after, in: source)
            }
        }
        return true
    }

    /// Whether the Swift string from `start` interpolates (`"\(name)"`) before its closing quote
    /// on the line: a name the file does not spell.
    @inline(__always)
    private static func interpolates(from start: Int, in source: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = start
        while index + 1 < source.count, source[index] != UInt8(ascii: "\""), source[index] != UInt8(ascii: "\n") {
            if source[index] == UInt8(ascii: "\\") {
                if source[index + 1] == UInt8(ascii: "(") { return true }
                index += 1
            }
            index += 1
        }
        return false
    }

    /// `name:` at `start`: the label's bytes and where its value starts.
    @inline(__always)
    private static func label(at start: Int, in source: UnsafeBufferPointer<UInt8>) -> (name: Range<Int>, value: Int)? {
        var end = start
        while end < source.count, isIdentifierByte(source[end]) { end += 1 }
        guard end > start, end < source.count, source[end] == UInt8(ascii: ":") else { return nil }
        return (start..<end, skipSpaces(from: end + 1, in: source))
    }

    /// Whether the bytes at `range` are `word`.
    @inline(__always)
    private static func matches(_ word: StaticString, _ range: Range<Int>, in source: UnsafeBufferPointer<UInt8>) -> Bool {
        range.count == word.utf8CodeUnitCount && after(word, at: range.lowerBound, in: source) != nil
    }

    @inline(__always)
    private static func follows(_ character: Unicode.Scalar, at offset: Int, in source: UnsafeBufferPointer<UInt8>) -> Bool {
        offset < source.count && source[offset] == UInt8(ascii: character)
    }

    /// Where `text` ends, when it stands at `start`.
    @inline(__always)
    private static func after(_ text: StaticString, at start: Int, in source: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = text.utf8CodeUnitCount
        guard start >= 0, source.count - start >= count else { return nil }
        let bytes = text.utf8Start
        for index in 0..<count where source[start + index] != bytes[index] { return nil }
        return start + count
    }

    @inline(__always)
    private static func skipSpaces(from start: Int, in source: UnsafeBufferPointer<UInt8>) -> Int {
        var index = start
        while index < source.count, source[index] == UInt8(ascii: " ") || source[index] == UInt8(ascii: "\t")
            || source[index] == UInt8(ascii: "\n") || source[index] == UInt8(ascii: "\r")
        {
            index += 1
        }
        return index
    }

    @inline(__always)
    private static func isIdentifierByte(_ byte: UInt8) -> Bool { SwiftSnippets.isIdentifierByte(byte) }
}
