/// An XML document built as a tree, so that every name and message passes through one
/// escaping function on its way out. Reporters never concatenate markup themselves.
public indirect enum XMLMarkup: Sendable, Equatable {
    /// An element with attributes in the order given, and children.
    case element(String, attributes: [(String, String)] = [], children: [XMLMarkup] = [])
    /// Character data.
    case text(String)

    public static func == (lhs: XMLMarkup, rhs: XMLMarkup) -> Bool { lhs.rendered() == rhs.rendered() }

    /// The document with an XML 1.0 declaration, indented two spaces a level, ending in a newline.
    public func document() -> String {
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        write(to: &out, indent: 0)
        return out
    }

    /// The markup alone, indented from `indent` levels.
    public func rendered() -> String {
        var out = ""
        write(to: &out, indent: 0)
        return out
    }

    private func write(to out: inout String, indent: Int) {
        let padding = String(repeating: "  ", count: indent)
        switch self {
        case .text(let text):
            out += padding + Self.escaped(text, inAttribute: false) + "\n"
        case .element(let name, let attributes, let children):
            out += padding + "<" + name
            for (key, value) in attributes {
                out += " " + key + "=\"" + Self.escaped(value, inAttribute: true) + "\""
            }
            if children.isEmpty {
                out += "/>\n"
            } else if children.count == 1, case .text(let text) = children[0] {
                out += ">" + Self.escaped(text, inAttribute: false) + "</" + name + ">\n"
            } else {
                out += ">\n"
                for child in children { child.write(to: &out, indent: indent + 1) }
                out += padding + "</" + name + ">\n"
            }
        }
    }

    /// Text safe inside an element or a double-quoted attribute (XML 1.0, section 2.4 and 3.3.3).
    ///
    /// `&`, `<` and `>` always become entities; in attributes also `"`, `'`, and tab, line feed and
    /// carriage return as character references, since a parser would normalise them to spaces.
    /// Characters XML 1.0 cannot carry at all (other C0 controls, U+FFFE, U+FFFF, lone
    /// surrogates cannot occur in a Swift string) become U+FFFD.
    public static func escaped(_ text: String, inAttribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where inAttribute: out += "&quot;"
            case "'" where inAttribute: out += "&apos;"
            case "\t" where inAttribute: out += "&#9;"
            case "\n" where inAttribute: out += "&#10;"
            case "\r": out += "&#13;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
