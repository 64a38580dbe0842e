/// A check of old-style (OpenStep) property list text, as Xcode writes `project.pbxproj`, before
/// Foundation parses it: CoreFoundation's parser logs each syntax error to standard error itself
/// ("Old-style plist parser: missing semicolon…") and hands back no reason, so a broken project
/// would print that line into every build log and be reported without saying where it breaks.
///
/// The grammar is CoreFoundation's (`CFOldStylePList.c`): a value is a quoted string (`"…"` or
/// `'…'`, with `\` escapes), an unquoted string of letters, digits and `_$/:.-`, a dictionary
/// `{ key = value; … }` whose every entry ends in `;`, an array `( value, … )` with an optional
/// trailing comma, or data `< hex >`. `//` and `/* */` comments count as space. One value makes
/// the file. The nesting depth is checked before (``XcodeProject/maxDepth``); this keeps its own
/// stack of open containers, so it never recurses.
package enum OpenStepSyntax {
    /// The bytes a string may hold without quotes: letters, digits and `_$/:.-`.
    package static func isUnquoted(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ":")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    struct Failure: Error, CustomStringConvertible {
        var line: Int
        var problem: String
        var description: String { "line \(line): \(problem)" }
    }

    private enum Open {
        case dictionary, array
    }

    /// Throws where the text first breaks the grammar.
    static func check(_ bytes: [UInt8]) throws(Failure) {
        var cursor = Cursor(bytes: bytes)
        var stack: [Open] = []
        try cursor.value(into: &stack)
        while let open = stack.last {
            switch open {
            case .dictionary:
                cursor.skipSpace()
                if cursor.take(UInt8(ascii: "}")) {
                    stack.removeLast()
                    try cursor.afterValue(in: stack)
                    continue
                }
                guard try cursor.string() else { throw cursor.failure("expected a key or '}'") }
                cursor.skipSpace()
                // `key;` is the strings-file shortcut for `key = key;`.
                if cursor.take(UInt8(ascii: ";")) { continue }
                guard cursor.take(UInt8(ascii: "=")) else { throw cursor.failure("expected '=' after a key") }
                try cursor.value(into: &stack)
            case .array:
                cursor.skipSpace()
                if cursor.take(UInt8(ascii: ")")) {
                    stack.removeLast()
                    try cursor.afterValue(in: stack)
                    continue
                }
                try cursor.value(into: &stack)
            }
        }
        cursor.skipSpace()
        guard cursor.atEnd else { throw cursor.failure("text after the end of the property list") }
    }

    private struct Cursor {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        init(bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index >= bytes.count }

        func failure(_ problem: String) -> Failure {
            Failure(line: line, problem: atEnd ? problem + ", found the end of the file" : problem)
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func advance() {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }

        /// Spaces, line ends and comments: tab to carriage return, space, and U+2028 and U+2029.
        /// A `//` comment ends at the first of them that ends a line.
        mutating func skipSpace() {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: " ") || (byte >= 0x09 && byte <= 0x0D) {
                    advance()
                } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                    bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
                {
                    index += 3
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    // To the line's end, as CoreFoundation reads it: \n, \r, U+2028 or U+2029.
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r"),
                        !(bytes[index] == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80
                            && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9))
                    {
                        index += 1
                    }
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    index += 2
                    while index < bytes.count,
                        !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count
                            && bytes[index + 1] == UInt8(ascii: "/"))
                    {
                        advance()
                    }
                    index = min(index + 2, bytes.count)
                } else {
                    return
                }
            }
        }

        /// A quoted or unquoted string; false when none starts here.
        mutating func string() throws(Failure) -> Bool {
            guard index < bytes.count else { return false }
            let quote = bytes[index]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                let opened = line
                index += 1
                while index < bytes.count, bytes[index] != quote {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { index += 1 }
                    advance()
                }
                guard take(quote) else {
                    throw Failure(line: opened, problem: "a quoted string that is never closed")
                }
                return true
            }
            guard OpenStepSyntax.isUnquoted(quote) else { return false }
            while index < bytes.count, OpenStepSyntax.isUnquoted(bytes[index]) { index += 1 }
            return true
        }

        /// One value; a dictionary or an array is opened on `stack`, to be read by the caller.
        mutating func value(into stack: inout [Open]) throws(Failure) {
            skipSpace()
            if take(UInt8(ascii: "{")) {
                stack.append(.dictionary)
            } else if take(UInt8(ascii: "(")) {
                stack.append(.array)
            } else if take(UInt8(ascii: "<")) {
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                    let byte = bytes[index]
                    if byte.isHexDigit {
                        // Digits come in pairs, as bytes.
                        guard index + 1 < bytes.count, bytes[index + 1].isHexDigit else {
                            throw failure("data holds an odd number of hex digits")
                        }
                        index += 2
                        continue
                    }
                    guard
                        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
                            || byte == UInt8(ascii: "\r")
                    else { throw failure("data holds a byte that is not a hex digit") }
                    advance()
                }
                guard take(UInt8(ascii: ">")) else { throw failure("data not closed by '>'") }
                try afterValue(in: stack)
            } else if try string() {
                try afterValue(in: stack)
            } else {
                throw failure(atEnd ? "expected a value" : "expected a value, found '\(Self.shown(bytes[index]))'")
            }
        }

        /// What must follow a complete value: `;` in a dictionary, `,` or `)` in an array.
        mutating func afterValue(in stack: [Open]) throws(Failure) {
            guard let open = stack.last else { return }
            skipSpace()
            switch open {
            case .dictionary:
                guard take(UInt8(ascii: ";")) else { throw failure("missing ';' after a dictionary entry") }
            case .array:
                if take(UInt8(ascii: ",")) { return }
                guard index < bytes.count, bytes[index] == UInt8(ascii: ")") else {
                    throw failure("expected ',' or ')' after an array element")
                }
            }
        }

        static func shown(_ byte: UInt8) -> String {
            byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
        }
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9"))
            || (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "f"))
            || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "F"))
    }
}
