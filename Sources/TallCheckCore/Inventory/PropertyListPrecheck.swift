/// Checks a property list's shape before a parser sees it: how deep it nests and, for a binary
/// one, how many values it expands to when shared objects are counted at every use.
///
/// Foundation's XML scanner recurses once per level and overflows the stack on a file nested
/// 10,000 levels deep; its binary reader expands shared objects before any value reaches
/// TallCheck, so 60 arrays that each hold the next twice cost seconds. Both are refused here,
/// in time linear in the file's size.
enum PropertyListPrecheck {
    /// Why a property list is refused, in words for a report.
    struct Refusal: Error, Equatable {
        var reason: String
    }

    static func check(_ bytes: [UInt8], maxDepth: Int, maxValues: Int) throws(Refusal) {
        if bytes.starts(with: Array("bplist00".utf8)) {
            try checkBinary(bytes, maxDepth: maxDepth, maxValues: maxValues)
        } else {
            try checkXMLDepth(bytes, maxDepth: maxDepth)
        }
    }

    // MARK: XML

    /// Counts open `<array>` and `<dict>` elements; comments, CDATA, processing instructions and
    /// the DOCTYPE are passed over.
    static func checkXMLDepth(_ bytes: [UInt8], maxDepth: Int) throws(Refusal) {
        var depth = 0
        var index = 0
        func skip(past terminator: String) {
            let end = Array(terminator.utf8)
            while index < bytes.count, !bytes[index...].starts(with: end) { index += 1 }
            index += end.count
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let rest = bytes[(index + 1)...]
            if rest.starts(with: Array("!--".utf8)) {
                skip(past: "-->")
            } else if rest.starts(with: Array("![CDATA[".utf8)) {
                skip(past: "]]>")
            } else if rest.first == UInt8(ascii: "?") || rest.first == UInt8(ascii: "!") {
                skip(past: ">")
            } else {
                let closing = rest.first == UInt8(ascii: "/")
                let nameStart = index + (closing ? 2 : 1)
                var nameEnd = nameStart
                while nameEnd < bytes.count, Self.isNameByte(bytes[nameEnd]) { nameEnd += 1 }
                let name = bytes[nameStart..<nameEnd]
                index = nameEnd
                skip(past: ">")
                guard name.elementsEqual("array".utf8) || name.elementsEqual("dict".utf8) else { continue }
                let selfClosing = index >= 2 && bytes[index - 2] == UInt8(ascii: "/")
                if closing {
                    depth -= 1
                } else if !selfClosing {
                    depth += 1
                    if depth > maxDepth { throw Refusal(reason: "nested more than \(maxDepth) levels deep") }
                }
            }
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
    }

    // MARK: Binary

    /// Walks the object graph of a `bplist00` file (CoreFoundation's CFBinaryPList.c layout):
    /// the trailer, the offset table, and the references of arrays, sets and dictionaries.
    static func checkBinary(_ bytes: [UInt8], maxDepth: Int, maxValues: Int) throws(Refusal) {
        guard bytes.count >= 8 + 32 else { throw Refusal(reason: "a binary property list too short for its trailer") }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        guard let objectCount = integer(bytes, at: trailer + 8, size: 8),
            let topObject = integer(bytes, at: trailer + 16, size: 8),
            let tableOffset = integer(bytes, at: trailer + 24, size: 8),
            (1...8).contains(offsetSize), (1...8).contains(referenceSize),
            objectCount > 0, objectCount <= bytes.count, topObject < objectCount,
            tableOffset >= 8, tableOffset <= trailer, objectCount <= (trailer - tableOffset) / offsetSize
        else { throw Refusal(reason: "a binary property list whose trailer does not fit the file") }

        func offset(of object: Int) throws(Refusal) -> Int {
            guard let value = integer(bytes, at: tableOffset + object * offsetSize, size: offsetSize),
                value >= 8, value < tableOffset
            else { throw Refusal(reason: "a binary property list whose offset table points outside its objects") }
            return value
        }

        /// The objects a container refers to; none for other objects.
        func children(of object: Int) throws(Refusal) -> [Int] {
            var at = try offset(of: object)
            let marker = bytes[at]
            let kind = marker >> 4
            guard kind == 0xA || kind == 0xC || kind == 0xD else { return [] }
            var count = Int(marker & 0x0F)
            at += 1
            if count == 0x0F {
                guard at < tableOffset, bytes[at] >> 4 == 0x1 else {
                    throw Refusal(reason: "a binary property list with a malformed object count")
                }
                let size = 1 << Int(bytes[at] & 0x0F)
                guard size <= 8, let value = integer(bytes, at: at + 1, size: size), value >= 0 else {
                    throw Refusal(reason: "a binary property list with a malformed object count")
                }
                count = value
                at += 1 + size
            }
            let references = kind == 0xD ? count * 2 : count
            guard references <= (tableOffset - at) / referenceSize else {
                throw Refusal(reason: "a binary property list whose container runs past its objects")
            }
            var result: [Int] = []
            result.reserveCapacity(references)
            for index in 0..<references {
                guard let reference = integer(bytes, at: at + index * referenceSize, size: referenceSize),
                    reference < objectCount
                else { throw Refusal(reason: "a binary property list that refers to an object it does not have") }
                result.append(reference)
            }
            return result
        }

        // Depth-first, without recursion: values (each use counted) and depth per object.
        var values = [Int](repeating: 0, count: objectCount)
        var depths = [Int](repeating: 0, count: objectCount)
        var state = [UInt8](repeating: 0, count: objectCount)  // 0 new, 1 on the path, 2 done
        var stack: [(object: Int, children: [Int], next: Int)] = []
        func enter(_ object: Int) throws(Refusal) {
            state[object] = 1
            stack.append((object, try children(of: object), 0))
            if stack.count > maxDepth { throw Refusal(reason: "nested more than \(maxDepth) levels deep") }
        }
        try enter(topObject)
        while let top = stack.last {
            if top.next < top.children.count {
                let child = top.children[top.next]
                stack[stack.count - 1].next += 1
                switch state[child] {
                case 0: try enter(child)
                case 1: throw Refusal(reason: "a binary property list whose objects contain themselves")
                default: break
                }
                continue
            }
            stack.removeLast()
            var total = 1
            var deepest = 0
            for child in top.children {
                total = min(total + values[child], maxValues + 1)
                deepest = max(deepest, depths[child])
            }
            values[top.object] = total
            depths[top.object] = deepest + 1
            state[top.object] = 2
            if total > maxValues {
                throw Refusal(reason: "more than \(maxValues) values (objects shared many times)")
            }
            if deepest + 1 > maxDepth { throw Refusal(reason: "nested more than \(maxDepth) levels deep") }
        }
    }

    /// A big-endian unsigned integer of `size` bytes at `offset`, nil when it does not fit in
    /// the file or in an `Int`.
    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size >= 1, size <= 8, offset <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
