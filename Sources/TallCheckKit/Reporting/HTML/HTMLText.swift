/// Text from the tree (paths, names, messages) as HTML text or attribute values: markup
/// characters become references, invisible and control characters visible escapes
/// (``escapedControls(_:)``), so a hostile file name renders as text and never as markup.
func html(_ text: String) -> String {
    let visible = escapedControls(text)
    guard visible.utf8.contains(where: { [0x26, 0x3C, 0x3E, 0x22, 0x27].contains($0) }) else { return visible }
    var out = ""
    out.reserveCapacity(visible.utf8.count + 16)
    for character in visible.unicodeScalars {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.unicodeScalars.append(character)
        }
    }
    return out
}

/// An `id` or fragment made only of letters, digits, `-` and `_`, whatever the name: other
/// characters (`_` too) become `_`, their code point in hex and `_`, so that distinct names
/// stay distinct (`é1` is `_e9_1`, U+0E91 `_e91_`).
func htmlIdentifier(_ prefix: String, _ name: String) -> String {
    var out = prefix + "-"
    for scalar in name.unicodeScalars {
        if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" {
            out.unicodeScalars.append(scalar)
        } else {
            out += "_\(String(scalar.value, radix: 16))_"
        }
    }
    return out
}

/// A CSS length in pixels, with at most two decimals.
func cssPixels(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? "\(Int(rounded))px" : "\(rounded)px"
}
