/// `printf`-style format strings (`flag_%@`, `level%02d`) as fixed text and unknown parts.
package enum FormatString {
    package static func parts(_ format: String) -> [String?] {
        var parts: [String?] = [""]
        var characters = format.unicodeScalars.makeIterator()
        while let character = characters.next() {
            guard character == "%" else {
                parts[parts.count - 1]! += String(character)
                continue
            }
            // Flags, width, precision and length, up to the conversion letter or `@`.
            var conversion: Unicode.Scalar?
            while let next = characters.next() {
                if next == "%" && conversion == nil {
                    conversion = next
                    break
                }
                if next.properties.isAlphabetic && !"hlqLjzt".unicodeScalars.contains(next) || next == "@" {
                    conversion = next
                    break
                }
            }
            if conversion == "%" {
                parts[parts.count - 1]! += "%"
            } else {
                parts += [nil, ""]
            }
        }
        return parts
    }
}
