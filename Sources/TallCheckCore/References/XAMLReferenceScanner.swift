/// Image names in .NET MAUI and Xamarin.Forms XAML: `<Image Source="dotnet_bot.png"/>`,
/// `IconImageSource`, `ImageSource`, `BackgroundImageSource`, and `Icon` on toolbar and tab
/// items. A value in braces (`{Binding Photo}`, `{StaticResource Logo}`) names nothing fixed.
///
/// MAUI's build resizes and renames the images it is given (`MauiImage`: an SVG becomes a PNG
/// at the bundle's root), which TallCheck does not follow: a XAML name keeps the image it may
/// name from being called unused, and is never reported missing (``ImageReference/keepsOnly``).
/// The file is searched byte by byte, in one pass, and never parsed as XML.
package enum XAMLReferenceScanner {
    /// The attributes that name an image, as XAML spells them.
    static let attributes = ["Source", "ImageSource", "IconImageSource", "BackgroundImageSource", "Icon"].map {
        Array($0.utf8)
    }

    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "svg", "pdf", "heic", "bmp", "webp"]

    package static func references(in bytes: [UInt8], path: String) -> [ImageReference] {
        var found: [ImageReference] = []
        var sized = 0
        var line = 1
        var lineStart = 0
        var index = 0
        let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), equals = UInt8(ascii: "=")
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
                index += 1
                continue
            }
            // An attribute's name ends at `=` with a quote after it; the name before it is the
            // run of letters that ends there, after a space.
            guard byte == equals, index + 1 < bytes.count, bytes[index + 1] == quote || bytes[index + 1] == apostrophe
            else {
                index += 1
                continue
            }
            var start = index
            while start > 0, Self.isNameByte(bytes[start - 1]) { start -= 1 }
            let name = bytes[start..<index]
            let delimiter = bytes[index + 1]
            var end = index + 2
            while end < bytes.count, bytes[end] != delimiter, bytes[end] != UInt8(ascii: "\n"), end - index < 512 {
                end += 1
            }
            defer { index = end }
            guard start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t")
                || bytes[start - 1] == UInt8(ascii: "\n") || bytes[start - 1] == UInt8(ascii: "\r"),
                attributes.contains(where: { $0.elementsEqual(name) }), end < bytes.count, bytes[end] == delimiter
            else { continue }
            let value = bytes[(index + 2)..<end]
            guard let first = value.first, first != UInt8(ascii: "{"), value.count <= ReadLimits.standard.imageNameBytes,
                !value.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") })
            else { continue }
            let text = String(decoding: value, as: UTF8.self).trimmingSpaces
            // A web address is no bundled image, nor a resource dictionary (`Styles.xaml`) or a
            // video: a name with an extension has an image's.
            guard !text.isEmpty, !text.contains("://") else { continue }
            if let dot = text.lastIndex(of: "."),
                !Self.imageExtensions.contains(text[text.index(after: dot)...].lowercased())
            {
                continue
            }
            var reference = ImageReference(
                path: path, line: line, column: index + 2 - lineStart + 1, name: .literal(text),
                api: "XAML \(String(decoding: name, as: UTF8.self))", lookup: .named, keepsOnly: true)
            if name.elementsEqual(Self.attributes[0]), sized < Self.maxSizedImages {
                sized += 1
                if let size = Self.requestedSize(around: index, in: bytes) {
                    reference.drawnScaled = true
                    reference.viewSize = size
                }
            }
            found.append(reference)
        }
        return found
    }

    /// How far around a `Source` its `<Image …>` tag is looked for.
    static let maxTagBytes = 2_048
    /// `Source`s of one file whose tag is read for a size; the rest are judged as drawn at their
    /// own size. Far above real pages, and it keeps a hostile file's cost linear.
    static let maxSizedImages = 1_000

    /// The size an `<Image>` whose `Source` is at `offset` is drawn at, whatever its image's:
    /// `WidthRequest` and `HeightRequest` both, or one of them with the default `Aspect`
    /// (`AspectFit`, which fits the image within it; the other side 0). Nil for another element,
    /// `Aspect="Center"`, or no size requested.
    static func requestedSize(around offset: Int, in bytes: [UInt8]) -> ViewSize? {
        var open = offset
        let floor = max(0, offset - maxTagBytes)
        while open > floor, bytes[open] != UInt8(ascii: "<"), bytes[open] != UInt8(ascii: ">") { open -= 1 }
        guard bytes[open] == UInt8(ascii: "<") else { return nil }
        var close = offset
        let ceiling = min(bytes.count, offset + maxTagBytes)
        while close < ceiling, bytes[close] != UInt8(ascii: ">") { close += 1 }
        guard close < ceiling else { return nil }
        let tag = bytes[(open + 1)..<close]
        guard tag.prefix(while: Self.isNameByte).elementsEqual("Image".utf8) else { return nil }
        // Attributes on lines of their own: line breaks and tabs read as spaces.
        let text = tag.map { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\t") ? UInt8(ascii: " ") : $0 }
        func value(_ attribute: String) -> String? {
            let needle = Array((" " + attribute + "=\"").utf8)
            guard let at = text.firstOffset(of: needle, from: 0) else { return nil }
            return String(decoding: text[(at + needle.count)...].prefix { $0 != UInt8(ascii: "\"") }, as: UTF8.self)
        }
        let width = value("WidthRequest").flatMap { Double($0) }.flatMap { $0 > 0 ? $0 : nil }
        let height = value("HeightRequest").flatMap { Double($0) }.flatMap { $0 > 0 ? $0 : nil }
        let aspect = value("Aspect") ?? "AspectFit"
        guard aspect != "Center" else { return nil }
        switch (width, height) {
        case (let width?, let height?): return ViewSize(width: width, height: height, fits: aspect == "AspectFit")
        case (let width?, nil) where aspect == "AspectFit": return ViewSize(width: width, height: 0, fits: true)
        case (nil, let height?) where aspect == "AspectFit": return ViewSize(width: 0, height: height, fits: true)
        default: return nil
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }
}
