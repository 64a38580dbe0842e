extension OutletFacts {
    /// The collection a loop variable runs over, when `name` is one: `images` for
    /// `for (UIImageView *imageView in self.images) { imageView.image = img; }` and
    /// `for imageView in images { imageView.image = img }`, read back from `offset` within a few
    /// lines (``maxLoopDistance``). An outlet collection's views are then the ones whose image is set.
    static func loopCollection(of name: String, before offset: Int, in source: [UInt8]) -> String? {
        let low = max(0, offset - maxLoopDistance)
        var index = offset - 3
        while index >= low {
            defer { index -= 1 }
            guard source[index] == UInt8(ascii: "f"), source[index + 1] == UInt8(ascii: "o"),
                source[index + 2] == UInt8(ascii: "r"),
                index == 0 || !isIdentifierByte(source[index - 1]),
                index + 3 < source.count, !isIdentifierByte(source[index + 3])
            else { continue }
            // The header: `for (Type *name in expr)` or `for name in expr {`, on one line.
            var end = index + 3
            while end < offset, source[end] != UInt8(ascii: "\n"), source[end] != UInt8(ascii: "{") { end += 1 }
            let header = String(decoding: source[(index + 3)..<end], as: UTF8.self)
            guard let inRange = header.firstRange(of: " in ") else { return nil }
            let variable = header[..<inRange.lowerBound].split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
                .last
            guard variable.map(String.init) == name else { return nil }
            var expression = header[inRange.upperBound...].trimmingCharacters(in: " )")
            // `for v in views where v.isHidden`: the collection ends at `where`.
            if let clause = expression.firstRange(of: " where ") { expression = expression[..<clause.lowerBound] }
            let collection = expression.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).last
            return collection.map { withoutIvarUnderscore(String($0)) }
        }
        return nil
    }

    /// How far back a loop's header is looked for: a loop body of a few lines.
    static let maxLoopDistance = 400

    /// The string literals of the value an identifier holds, where an assignment's right-hand
    /// side is that identifier alone (`imageView.image = img`, `cell.thumbnailImage =
    /// self.folderImage`): the nearest `name = …` before `offset` (a local,
    /// `UIImage *img = dark ? [UIImage imageNamed:@"a"] : [UIImage imageNamed:@"b"];`), else the
    /// file's assignments to it or its ivar (`_folderImage = [UIImage imageNamed:@"folder"];` in
    /// an initializer), at most ``maxValueAssignments``.
    static func valueLiterals(of name: String, before offset: Int, in source: [UInt8]) -> (names: [String], lines: [Int]) {
        var before: (names: [String], lines: [Int])?
        var anywhere: (names: [String], lines: [Int]) = ([], [])
        var seen = 0
        for spelling in [name, "_" + name] {
            var lines = ObjectiveCClasses.LineCounter()
            let needle = Array(spelling.utf8)
            var from = 0
            var hits = 0
            while seen < maxValueAssignments, hits < maxValueHits, let hit = source.firstOffset(of: needle, from: from) {
                from = hit + needle.count
                hits += 1
                guard hit == 0 || !isIdentifierByte(source[hit - 1]),
                    from >= source.count || !isIdentifierByte(source[from])
                else { continue }
                // Another object's member (`other.img = …`) is not this variable; `self.img` is.
                if hit > 0, source[hit - 1] == UInt8(ascii: "."),
                    hit < 5 || !source[(hit - 5)..<(hit - 1)].elementsEqual("self".utf8)
                {
                    continue
                }
                guard let value = CodeImageViews.assignedValue(after: from, in: source) else { continue }
                seen += 1
                let names = literalsAndIdentifiers(
                    in: source, from: value, limit: min(source.count, value + maxLineBytes), stopsAtLineEnd: true
                ).names
                let line = lines.line(at: hit, in: source)
                if hit < offset, spelling == name {
                    before = (names, [line])
                } else {
                    anywhere.names += names
                    anywhere.lines.append(line)
                }
            }
        }
        return before ?? anywhere
    }

    /// An image view made with its image, around the `Image` at `hit`:
    /// `_coneView = [[UIImageView alloc] initWithImage:cone];`, `let iconView = UIImageView(image: icon)`:
    /// the name the view is assigned to, and where the image's expression starts.
    static func imageViewInitialization(atImageWord hit: Int, in source: [UInt8]) -> (view: String, value: Int)? {
        let end = hit + 5
        guard end < source.count, source[end] == UInt8(ascii: ":") || source[end] == UInt8(ascii: "V") else { return nil }
        let objectiveC = Self.initWith
        let swift = Self.viewWithImage
        if hit >= objectiveC.count, source[end] == UInt8(ascii: ":"),
            source[(hit - objectiveC.count)..<hit].elementsEqual(objectiveC),
            CodeImageViews.lineBefore(hit, in: source).contains("ImageView alloc]")
        {
            let view = CodeImageViews.assignee(before: hit, in: source)
            return view.isEmpty ? nil : (view, end + 1)
        }
        if hit >= 2, source[hit - 2] == UInt8(ascii: "U"), source[hit - 1] == UInt8(ascii: "I"),
            source.count - end >= swift.count, source[end..<(end + swift.count)].elementsEqual(swift)
        {
            let view = CodeImageViews.assignee(before: hit, in: source)
            return view.isEmpty ? nil : (view, end + swift.count)
        }
        return nil
    }

    /// Variables looked up for their values in one file, by ``assignments(in:)`` and by
    /// ``loaderFacts(in:room:dialect:)`` each: each lookup is two passes over the file, four
    /// for a choice between two variables.
    static let maxValueLookups = 16

    /// The names and identifiers of the right-hand side in `value`: its literals, else, while
    /// `lookups` is under ``maxValueLookups``, the names a variable there holds
    /// (``variableValues(from:before:in:)``), with the lines that give them.
    static func rightHandSide(_ value: Range<Int>, before offset: Int, in source: [UInt8], lookups: inout Int)
        -> (names: [String], callees: [String], valueLines: [Int])
    {
        var (names, callees) = literalsAndIdentifiers(
            in: source, from: value.lowerBound, limit: value.upperBound, stopsAtLineEnd: true)
        var valueLines: [Int] = []
        if names.isEmpty, lookups < maxValueLookups {
            lookups += 1
            (names, valueLines) = variableValues(from: value.lowerBound, before: offset, in: source)
        }
        return (names, callees, valueLines)
    }

    /// The names a right-hand side from `start` holds through variables: one identifier
    /// (``bareIdentifier(from:to:in:)``) or each branch of a choice between two
    /// (`stream ? self.streamImage : self.genericFileImage`), as ``valueLiterals(of:before:in:)``.
    static func variableValues(from start: Int, before offset: Int, in source: [UInt8]) -> (names: [String], lines: [Int]) {
        var identifiers: [String] = []
        if let one = bareIdentifier(from: start, in: source) {
            identifiers = [one]
        } else {
            // `cond ? a : b`: a `?` with a space after it (not `a?.b`), then a `:`.
            let limit = min(source.count, start + maxLineBytes)
            var index = start
            var question: Int?
            var colon: Int?
            while index < limit, source[index] != UInt8(ascii: ";"), source[index] != UInt8(ascii: "\n") {
                if question == nil, source[index] == UInt8(ascii: "?"), index + 1 < limit,
                    source[index + 1] == UInt8(ascii: " ")
                {
                    question = index
                } else if question != nil, colon == nil, source[index] == UInt8(ascii: ":") {
                    colon = index
                }
                index += 1
            }
            if let question, let colon, let first = bareIdentifier(from: question + 1, to: colon, in: source),
                let second = bareIdentifier(from: colon + 1, to: index, in: source)
            {
                identifiers = [first, second]
            }
        }
        var found: (names: [String], lines: [Int]) = ([], [])
        for identifier in identifiers {
            let values = valueLiterals(of: identifier, before: offset, in: source)
            found.names += values.names
            found.lines += values.lines
        }
        return found
    }

    /// A message that sets a view's image, around the `Image` at `hit`: `[self setImage:x]`,
    /// `[self.thumbnailView setImage:[UIImage imageNamed:@"a"]]`; not `setImage:x forState:…`
    /// (a button's). The receiver's last identifier, and the argument's bounds.
    static func messageImageSetter(atImageWord hit: Int, in source: [UInt8]) -> (receiver: String, value: Range<Int>)? {
        guard hit >= 5, hit + 5 < source.count, source[hit + 5] == UInt8(ascii: ":"),
            source[hit - 3] == UInt8(ascii: "s"), source[hit - 2] == UInt8(ascii: "e"), source[hit - 1] == UInt8(ascii: "t"),
            source[hit - 4] == UInt8(ascii: " ")
        else { return nil }
        var end = hit - 4
        while end > 0, source[end - 1] == UInt8(ascii: " ") { end -= 1 }
        var start = end
        while start > 0, end - start < 128, isIdentifierByte(source[start - 1]) { start -= 1 }
        guard start < end, start > 0, source[start - 1] == UInt8(ascii: "[") || source[start - 1] == UInt8(ascii: ".")
        else { return nil }
        // The argument, to the `]` that closes the message; another keyword ends the read.
        let value = hit + 6
        var index = value
        var depth = 0
        let limit = min(source.count, value + maxLineBytes)
        while index < limit {
            let byte = source[index]
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: ")") { depth -= 1 }
            if byte == UInt8(ascii: "]") {
                if depth == 0 { break }
                depth -= 1
            }
            if depth == 0, byte == UInt8(ascii: ":") { return nil }
            if byte == UInt8(ascii: ";") || byte == UInt8(ascii: "\n") { return nil }
            index += 1
        }
        guard index < limit else { return nil }
        return (String(decoding: source[start..<end], as: UTF8.self), value..<index)
    }

    /// An image view of the app's class made in Swift, at the `Image` of `NetworkImageView(` at
    /// `hit`: the class's name (not UIKit's `UIImageView`).
    static func madeImageViewClass(atImageWord hit: Int, in source: [UInt8]) -> String? {
        let end = hit + 5
        guard source.count - end >= 5, source[end + 4] == UInt8(ascii: "("), source[end] == UInt8(ascii: "V"),
            source[end + 1] == UInt8(ascii: "i"), source[end + 2] == UInt8(ascii: "e"), source[end + 3] == UInt8(ascii: "w"),
            // `UIImageView(` itself, most of them: UIKit's.
            !(hit >= 2 && source[hit - 1] == UInt8(ascii: "I") && source[hit - 2] == UInt8(ascii: "U")
                && (hit == 2 || !isIdentifierByte(source[hit - 3])))
        else { return nil }
        var start = hit
        while start > 0, hit - start < 128, isIdentifierByte(source[start - 1]) { start -= 1 }
        guard start < hit, start == 0 || source[start - 1] != UInt8(ascii: "."),
            !(hit - start == 2 && source[start] == UInt8(ascii: "U") && source[start + 1] == UInt8(ascii: "I"))
        else { return nil }
        return String(decoding: source[start..<(end + 4)], as: UTF8.self)
    }

    private static let initWith = Array("initWith".utf8)
    private static let viewWithImage = Array("View(image:".utf8)

    /// A property's name for its Objective-C ivar (`_iconView` → `iconView`); other names as they are.
    static func withoutIvarUnderscore(_ name: String) -> String {
        name.hasPrefix("_") && name.count > 1 ? String(name.dropFirst()) : name
    }

    /// Places of one identifier looked at for an assignment to it.
    static let maxValueHits = 4_096

    /// Assignments to one identifier read for its value.
    static let maxValueAssignments = 8

    /// Whether the right-hand side from `start` to the line's end is one identifier, perhaps
    /// behind `self.` (`img`, `self.folderImage`, `_icon`): no call, no literal, no operator.
    static func bareIdentifier(from start: Int, to end: Int? = nil, in source: [UInt8]) -> String? {
        var index = start
        let limit = min(source.count, end ?? start + maxLineBytes)
        while index < limit, source[index] == UInt8(ascii: " ") { index += 1 }
        var last: String?
        while index < limit {
            let byte = source[index]
            // The statement's end, or the end of the argument it is (`initWithImage:cone]`).
            if byte == UInt8(ascii: ";") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "]") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "}")
            {
                break
            }
            if isIdentifierByte(byte), !isDigit(byte) {
                let begin = index
                while index < limit, isIdentifierByte(source[index]) { index += 1 }
                let word = String(decoding: source[begin..<index], as: UTF8.self)
                if word != "self" {
                    guard last == nil else { return nil }
                    last = word
                }
                continue
            }
            guard byte == UInt8(ascii: ".") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "!")
                || byte == UInt8(ascii: "?")
            else { return nil }
            index += 1
        }
        return last.map(withoutIvarUnderscore)
    }
}

extension OutletFacts {
    /// An assignment to a property whose name holds the `Image` at `hit` (`cell.thumbnailImage = …`):
    /// the property, and where the value starts. UIKit's own (`shadowImage`) have no setter
    /// here that forwards them, and are passed over when the files are joined.
    static func propertyAssignment(atImageWord hit: Int, in source: [UInt8]) -> (property: String, value: Int)? {
        // By the bytes after it first: most `Image`s are followed by `(`, `View` or `Named:`.
        var end = hit + 5
        while end < source.count, end - hit < 128, isIdentifierByte(source[end]) { end += 1 }
        guard let value = CodeImageViews.assignedValue(after: end, in: source) else { return nil }
        var start = hit
        while start > 0, hit - start < 128, isIdentifierByte(source[start - 1]) { start -= 1 }
        guard start > 0, start < hit, source[start - 1] == UInt8(ascii: ".") else { return nil }
        return (String(decoding: source[start..<end], as: UTF8.self), value)
    }

    /// The setter around the `Image` of `UIImage` at `hit`, and where it hands its image:
    /// `- (void)setIcon:(UIImage *)icon { … }` and `var icon: UIImage? { didSet { … } }` (also
    /// `set { … newValue … }`), read to the body's end within ``maxSetterBytes``.
    /// `budget`: declarations still to be read in the file (``maxSetterReads``); each read takes one.
    static func forwards(atImageWord hit: Int, in source: [UInt8], swift: Bool, budget: inout Int) -> [Forward] {
        guard hit >= 3, source[hit - 2] == UInt8(ascii: "U"), source[hit - 1] == UInt8(ascii: "I") else { return [] }
        // By bytes first: most `UIImage`s are calls (`UIImage(named:`), not a setter's type.
        var next = hit + 5
        if swift {
            // `UIImage? {`
            while next < source.count,
                source[next] == UInt8(ascii: "?") || source[next] == UInt8(ascii: "!") || source[next] == UInt8(ascii: " ")
            {
                next += 1
            }
            guard next < source.count, source[next] == UInt8(ascii: "{") else { return [] }
        } else {
            // `(UIImage *)name`
            guard source[hit - 3] == UInt8(ascii: "(") else { return [] }
            while next < source.count, source[next] == UInt8(ascii: " ") || source[next] == UInt8(ascii: "*") { next += 1 }
            guard next < source.count, source[next] == UInt8(ascii: ")") else { return [] }
        }
        guard budget > 0 else { return [] }
        budget -= 1
        let line = CodeImageViews.lineBefore(hit - 2, in: source)
        let property: String
        var parameters: [String]
        var index = hit + 5
        if swift {
            // `var icon: UIImage? {`
            guard let declaration = line.ranges(of: "var ").last else { return [] }
            let name = line[declaration.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard !name.isEmpty, line[declaration.upperBound...].dropFirst(name.count).trimmingCharacters(in: " ") == ":" else {
                return []
            }
            property = String(name)
            parameters = [property, "newValue"]
            while index < source.count, source[index] == UInt8(ascii: "?") || source[index] == UInt8(ascii: "!") {
                index += 1
            }
        } else {
            // `- (void)setIcon:(UIImage *)icon {`
            let trimmed = line.trimmingPrefixSpaces
            guard trimmed.hasPrefix("- (void)set"), trimmed.hasSuffix(":(") else { return [] }
            let selector = trimmed.dropFirst("- (void)set".count).dropLast(2)
            guard let first = selector.first, selector.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                return []
            }
            property = first.lowercased() + selector.dropFirst()
            while index < source.count, [UInt8(ascii: " "), UInt8(ascii: "*"), UInt8(ascii: ")")].contains(source[index]) {
                index += 1
            }
            let begin = index
            while index < source.count, isIdentifierByte(source[index]) { index += 1 }
            guard index > begin else { return [] }
            parameters = [String(decoding: source[begin..<index], as: UTF8.self)]
        }
        while index < source.count, source[index] == UInt8(ascii: " ") || source[index] == UInt8(ascii: "\n") {
            index += 1
        }
        guard index < source.count, source[index] == UInt8(ascii: "{"),
            let close = matchingBrace(from: index, limit: min(source.count, index + maxSetterBytes), in: source)
        else { return [] }
        let body = String(decoding: source[(index + 1)..<close], as: UTF8.self)
        var found: [Forward] = []
        for parameter in parameters {
            for statement in body.split(whereSeparator: { $0 == ";" || $0 == "\n" || $0 == "{" || $0 == "}" }) {
                let text = statement.trimmingPrefixSpaces
                // `[self.thumbnailImageView setImage:image]`
                if let message = text.firstRange(of: " setImage:" + parameter + "]") {
                    if let target = lastIdentifier(of: text[..<message.lowerBound]) {
                        found.append(Forward(property: property, target: target, toView: true))
                    }
                    continue
                }
                guard let equals = text.firstRange(of: " = "),
                    text[equals.upperBound...].trimmingCharacters(in: " )") == parameter
                else { continue }
                let left = text[..<equals.lowerBound]
                if left.hasSuffix(".image") {
                    if let target = lastIdentifier(of: left.dropLast(".image".count)) {
                        found.append(Forward(property: property, target: target, toView: true))
                    }
                } else if let target = lastIdentifier(of: left), target != property, target != "image" {
                    found.append(Forward(property: property, target: target, toView: false))
                }
            }
        }
        return found
    }

    /// How far a setter's body is read.
    static let maxSetterBytes = 2_048
    /// Declarations of an image type read for a setter in one file: a real file has a few.
    static let maxSetterReads = 256

    /// The last identifier of `text`, without an ivar's `_` (`self.thumbnailView?` → `thumbnailView`).
    private static func lastIdentifier(of text: Substring) -> String? {
        let trimmed = text.reversed().drop { $0 == " " || $0 == "?" || $0 == "!" }
        let name = withoutIvarUnderscore(String(trimmed.prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed()))
        guard let first = name.first, !first.isNumber, name != "self" else { return nil }
        return name
    }
}

extension StringProtocol {
    fileprivate var trimmingPrefixSpaces: SubSequence { drop { $0 == " " || $0 == "\t" } }

    fileprivate func trimmingCharacters(in set: String) -> SubSequence {
        var text = self[...]
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return text
    }
}
