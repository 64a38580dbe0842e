/// Checks a YAML text's nesting and aliases before libyaml and Yams see it: both recurse once per
/// level (5,000 levels overflow the stack), and Yams copies the node an alias names at every
/// use, so a few anchors that name each other grow exponentially. A config file nests a few
/// levels and needs no aliases; the limits are far above that.
///
/// The count is conservative: flow brackets and block indentation (a `- ` counts as a level)
/// are added up outside quotes and comments, so it may overstate, never understate, the depth.
enum YAMLPrecheck {
    /// ``ReadLimits/nestingDepth``.
    static let maxDepth = ReadLimits.standard.nestingDepth
    /// ``ReadLimits/yamlAliases``.
    static let maxAliases = ReadLimits.standard.yamlAliases

    /// Nil when the text may be parsed, else why not.
    static func refusal(_ text: String) -> String? {
        var flowDepth = 0
        var aliases = 0
        var indents: [Int] = []
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            var index = line.startIndex
            // Block structure: the indentation, and each `- ` that opens a sequence entry inline.
            if flowDepth == 0 {
                var indent = 0
                func open(at indent: Int) -> Bool {
                    while let last = indents.last, last >= indent { indents.removeLast() }
                    indents.append(indent)
                    return indents.count <= maxDepth
                }
                while index < line.endIndex {
                    let byte = line[index]
                    if byte == UInt8(ascii: " ") {
                        indent += 1
                    } else if byte == UInt8(ascii: "-"), line.index(after: index) < line.endIndex,
                        line[line.index(after: index)] == UInt8(ascii: " ")
                    {
                        // `- - x`: each dash opens a sequence inside the one before.
                        guard open(at: indent) else { return "nested more than \(maxDepth) levels deep" }
                        indent += 2
                        index = line.index(after: index)
                    } else {
                        break
                    }
                    index = line.index(after: index)
                }
                let isContent = index < line.endIndex && line[index] != UInt8(ascii: "#") && line[index] != 0x0D
                if isContent, !open(at: indent) { return "nested more than \(maxDepth) levels deep" }
            }
            // Flow structure and aliases, outside quotes and comments.
            var quote: UInt8?
            var previous: UInt8 = UInt8(ascii: " ")
            while index < line.endIndex {
                let byte = line[index]
                if let open = quote {
                    if byte == UInt8(ascii: "\\"), open == UInt8(ascii: "\"") {
                        index = line.index(after: index)
                    } else if byte == open {
                        quote = nil
                    }
                } else {
                    switch byte {
                    case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
                    case UInt8(ascii: "#") where previous == UInt8(ascii: " ") || previous == 0x09:
                        index = line.endIndex
                        continue
                    case UInt8(ascii: "["), UInt8(ascii: "{"):
                        flowDepth += 1
                        if indents.count + flowDepth > maxDepth { return "nested more than \(maxDepth) levels deep" }
                    case UInt8(ascii: "]"), UInt8(ascii: "}"):
                        flowDepth = max(0, flowDepth - 1)
                    case UInt8(ascii: "*")
                    where [UInt8(ascii: " "), 0x09, UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ",")].contains(
                        previous):
                        aliases += 1
                        if aliases > maxAliases { return "more than \(maxAliases) aliases" }
                    default: break
                    }
                }
                previous = byte
                index = line.index(after: index)
            }
        }
        return nil
    }
}
