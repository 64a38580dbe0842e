import CTextScan

extension OutletFacts {
    /// The calls by which an image-loading library fills a view from a URL, as assignments to
    /// the view's image with no name:
    /// - Kingfisher: `avatarView.kf.setImage(with: url)`;
    /// - SDWebImage: `avatarView.sd_setImage(with: url)`, `[avatarView sd_setImageWithURL:url]`;
    /// - Nuke: `Nuke.loadImage(with: url, into: avatarView)`, or a wrapper with the same labels,
    ///   where the view may be a local bound to the outlet (`if let avatar = avatarView`);
    /// - AlamofireImage: `avatarView.af.setImage(withURL: url)`, `avatarView.af_setImage(withURL: url)`;
    /// - PINRemoteImage: `avatarView.pin_setImage(from: url)`, `[avatarView pin_setImageFromURL:url]`.
    ///
    /// Nuke sets the view's image to its placeholder (nil unless one is given) as it starts
    /// (`ImageLoadingOptions.isPrepareForReuseEnabled`, on by default); Kingfisher does unless
    /// the call asks `.keepCurrentImageWhileLoading`, SDWebImage unless it asks `.delayPlaceholder`
    /// (`SDWebImageDelayPlaceholder`). Those calls ``Assignment/replacesAtOnce``; AlamofireImage
    /// and PINRemoteImage keep the view's image until theirs arrives unless given a placeholder,
    /// so theirs only set it.
    ///
    /// One pass over the file for `Im` (``nextImageWord(in:from:)``); at most `room` kept, the
    /// room ``assignments(in:)`` left of ``maxAssignments``.
    static func loaderAssignments(in source: [UInt8], room: Int = maxAssignments) -> [Assignment] {
        loaderFacts(in: source, room: room, dialect: nil).assignments
    }

    /// What the pass over a file's `Image` words finds (``loaderFacts(in:room:dialect:)``).
    struct ImageWordFacts {
        var assignments: [Assignment] = []
        /// Whether the file hands an image API a name it does not spell there (``LoaderArguments``).
        var passesNames = false
        var forwards: [Forward] = []
        /// Swift's image views of the app's classes made in code (`NetworkImageView()`): views
        /// Interface Builder does not size.
        var instantiations: [Instantiation] = []
    }

    /// ``loaderAssignments(in:room:)``, and, in the same pass, with a dialect: whether the file
    /// hands an image API a name it does not spell, the assignments to properties whose name
    /// holds `Image` (``propertyAssignment(atImageWord:in:)``), the views made with an image
    /// (``imageViewInitialization(atImageWord:in:)``), `setImage:` messages, the setters that
    /// forward an image (``Forward``), and Swift's image views of the app's classes made in code.
    static func loaderFacts(in source: [UInt8], room: Int, dialect: LoaderArguments.Dialect?) -> ImageWordFacts {
        var facts = ImageWordFacts()
        var from = 0
        var lines = ObjectiveCClasses.LineCounter()
        var ownVariables: [String: Bool] = [:]
        var lookups = 0
        var setterReads = maxSetterReads
        /// An assignment of the value at `value` (its literals, else a variable's) at `hit`.
        func assignment(to receiver: String, variable: String = "", value: Range<Int>, at hit: Int) -> Assignment {
            let (names, callees, valueLines) = rightHandSide(value, before: hit, in: source, lookups: &lookups)
            var made = Assignment(receiver: receiver, line: lines.line(at: hit, in: source), names: names, callees: callees)
            made.valueLines = valueLines
            made.variable = variable
            return made
        }
        func rest(of start: Int) -> Range<Int> { start..<min(source.count, start + maxLineBytes) }
        let instantiates = dialect == .swift
        while facts.assignments.count < room || (dialect != nil && !facts.passesNames),
            let hit = nextImageWord(in: source, from: from)
        {
            from = hit + 5
            if let dialect, !facts.passesNames {
                facts.passesNames = source.withUnsafeBufferPointer {
                    LoaderArguments.passesName(atImageWord: hit, in: $0, dialect: dialect)
                }
            }
            guard facts.assignments.count < room else { continue }
            // What follows the word tells which reads may apply: `Image(` (a call), `ImageView`,
            // `initWithImage:`, `setImage:`, `thumbnailImage =`, `(UIImage *)`, `UIImage? {`.
            let after = hit + 5 < source.count ? source[hit + 5] : 0
            let spaced = after == UInt8(ascii: " ") || after == UInt8(ascii: "=")
            if after == UInt8(ascii: "V"), instantiates, let made = madeImageViewClass(atImageWord: hit, in: source),
                facts.instantiations.count < maxAssignments
            {
                facts.instantiations.append(Instantiation(name: made, platforms: nil))
            }
            if after == UInt8(ascii: ":") || after == UInt8(ascii: "V"),
                let made = imageViewInitialization(atImageWord: hit, in: source)
            {
                // A view made here: only its own sizes count, not another class's outlet of its name.
                facts.assignments.append(assignment(to: "", variable: made.view, value: rest(of: made.value), at: hit))
                continue
            }
            if after == UInt8(ascii: ":"), let message = messageImageSetter(atImageWord: hit, in: source) {
                if message.receiver == ImageView.itself {
                    facts.assignments.append(assignment(to: ImageView.itself, value: message.value, at: hit))
                } else if let (receiver, variable) = Self.receiver(message.receiver, in: source, ownVariables: &ownVariables) {
                    facts.assignments.append(assignment(to: receiver, variable: variable, value: message.value, at: hit))
                }
                continue
            }
            if let dialect, spaced || after == UInt8(ascii: "?") || after == UInt8(ascii: "!") || after == UInt8(ascii: "*") {
                if spaced, let assigned = propertyAssignment(atImageWord: hit, in: source) {
                    var made = assignment(to: assigned.property, value: rest(of: assigned.value), at: hit)
                    guard !made.names.isEmpty else { continue }
                    made.throughProperty = true
                    facts.assignments.append(made)
                    continue
                }
                facts.forwards += Self.forwards(
                    atImageWord: hit, in: source, swift: dialect == .swift, budget: &setterReads)
            }
            guard let call = loaderCall(at: hit, in: source) else { continue }
            let lineStart = lineStart(before: hit, in: source)
            // Commented out: no call.
            if (lineStart..<hit).contains(where: {
                source[$0] == UInt8(ascii: "/") && $0 + 1 < hit && source[$0 + 1] == UInt8(ascii: "/")
            }) {
                continue
            }
            let named: String
            switch call.kind {
            case .method:
                guard let found = identifier(endingAt: call.receiverEnd, in: source) else { continue }
                named = found
            case .into:
                guard let found = intoArgument(after: hit, in: source) else { continue }
                named = boundOutlet(of: found, in: source) ?? found
            }
            guard let (receiver, variable) = Self.receiver(named, in: source, ownVariables: &ownVariables) else {
                continue
            }
            var assignment = Assignment(receiver: receiver, line: lines.line(at: hit, in: source), names: [], callees: [])
            assignment.variable = variable
            assignment.replacesAtOnce = call.clearsAtOnce && !keepsImage(callAt: hit, in: source)
            facts.assignments.append(assignment)
        }
        return facts
    }

    /// The next `Image` at or after `from`: its `Im` found sixteen bytes at a time (CTextScan),
    /// where a search for each `I` stopped at every `Int`, `UI` and `IBOutlet` of the code.
    static func nextImageWord(in source: [UInt8], from: Int) -> Int? {
        var from = from
        return source.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            while true {
                let hit = tc_find_pair(base, from, buffer.count, UInt8(ascii: "I"), UInt8(ascii: "m"))
                // `Image` is five bytes (a literal here: a static's accessor at each hit cost more).
                guard hit + 5 <= buffer.count else { return nil }
                if buffer[hit + 2] == UInt8(ascii: "a"), buffer[hit + 3] == UInt8(ascii: "g"),
                    buffer[hit + 4] == UInt8(ascii: "e")
                {
                    return hit
                }
                from = hit + 2
            }
        }
    }

    private struct LoaderCall {
        enum Kind {
            /// `receiver.kf.setImage(`: the receiver ends at ``receiverEnd``.
            case method
            /// `loadImage(with: url, into: view)`.
            case into
        }
        var kind: Kind
        var receiverEnd: Int
        var clearsAtOnce: Bool
    }

    /// The library call whose `Image` stands at `hit`, if it is one. Most hits are
    /// `UIImage(named:` and the like: the bytes around them tell at once.
    private static func loaderCall(at hit: Int, in source: [UInt8]) -> LoaderCall? {
        let after = hit + 5
        // `setImage`, `loadImage`: most hits are `UIImage`, told apart by the byte before.
        guard after < source.count, hit >= 3, source[hit - 1] == UInt8(ascii: "t") || source[hit - 1] == UInt8(ascii: "d")
        else { return nil }
        let next = source[after]
        func ends(_ bytes: [UInt8], at end: Int) -> Bool {
            end >= bytes.count && source[(end - bytes.count)..<end].elementsEqual(bytes)
        }
        // `loadImage(` with an `into:` argument: Nuke's, or a wrapper's with its labels.
        if next == UInt8(ascii: "("), ends(loadWord, at: hit), hit == 4 || hit > 4 && !isIdentifierByte(source[hit - 5]) {
            return LoaderCall(kind: .into, receiverEnd: hit, clearsAtOnce: true)
        }
        guard next == UInt8(ascii: "(") || next == UInt8(ascii: "W") || next == UInt8(ascii: "F"),
            ends(setWord, at: hit)
        else { return nil }
        let set = hit - 3
        for (prefix, clears) in memberPrefixes where ends(prefix, at: set) {
            return LoaderCall(kind: .method, receiverEnd: set - prefix.count, clearsAtOnce: clears)
        }
        for (prefix, clears) in namePrefixes where ends(prefix, at: set) {
            let start = set - prefix.count
            // `receiver.sd_setImage(` or `[receiver sd_setImageWithURL:`.
            guard start > 0, source[start - 1] == UInt8(ascii: ".") || source[start - 1] == UInt8(ascii: " ") else {
                return nil
            }
            return LoaderCall(kind: .method, receiverEnd: start - 1, clearsAtOnce: clears)
        }
        return nil
    }

    private static let loadWord = Array("load".utf8)
    private static let setWord = Array("set".utf8)
    /// `view.kf.setImage(`, `view.af.setImage(`, with whether the library clears the view first.
    private static let memberPrefixes = [(Array(".kf.".utf8), true), (Array(".af.".utf8), false)]
    /// `view.sd_setImage(`, `view.af_setImage(`, `[view pin_setImageFromURL:`.
    private static let namePrefixes = [(Array("sd_".utf8), true), (Array("af_".utf8), false), (Array("pin_".utf8), false)]

    /// The identifier that ends at `end` (after `?`, `!` or spaces before it): `avatarView` of
    /// `cell.avatarView?.kf`, `[self.avatarView sd_…`.
    private static func identifier(endingAt end: Int, in source: [UInt8]) -> String? {
        var end = end
        while end > 0, [UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: " ")].contains(source[end - 1]) {
            end -= 1
        }
        var start = end
        while start > 0, end - start < 128, isIdentifierByte(source[start - 1]) { start -= 1 }
        guard start < end, !isDigit(source[start]) else { return nil }
        return String(decoding: source[start..<end], as: UTF8.self)
    }

    /// The view of `loadImage(…, into: view)`: the last identifier of the argument
    /// (`cell.avatarView`, `self.avatarView!`), read up to the call's closing parenthesis
    /// within ``maxLineBytes``.
    private static func intoArgument(after hit: Int, in source: [UInt8]) -> String? {
        let label = Array("into:".utf8)
        var index = hit + "Image(".utf8.count
        var depth = 1
        let limit = min(source.count, index + maxLineBytes)
        while index < limit, depth > 0 {
            let byte = source[index]
            if byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: ")") { depth -= 1 }
            if depth == 1, byte == label[0], index + label.count <= limit,
                source[index..<(index + label.count)].elementsEqual(label),
                index == 0 || !isIdentifierByte(source[index - 1])
            {
                var end = index + label.count
                while end < limit, source[end] == UInt8(ascii: " ") || isIdentifierByte(source[end])
                    || source[end] == UInt8(ascii: ".") || source[end] == UInt8(ascii: "?")
                    || source[end] == UInt8(ascii: "!")
                {
                    end += 1
                }
                return identifier(endingAt: end, in: source)
            }
            index += 1
        }
        return nil
    }

    /// The outlet a local is bound to (`if let avatar = avatarImageView`, `guard let view =
    /// self.avatarView else`): a plain path to a property, followed by `,`, `{`, `;`, a line's end
    /// or `else`; not a call or a cast (`b as? UIImageView`).
    private static func boundOutlet(of local: String, in source: [UInt8]) -> String? {
        func isPathByte(_ byte: UInt8) -> Bool {
            isIdentifierByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "!")
        }
        for hit in source.wholeIdentifierOffsets(of: "let " + local).prefix(8) {
            var index = hit + 4 + local.utf8.count
            while index < source.count, source[index] == UInt8(ascii: " ") { index += 1 }
            guard index < source.count, source[index] == UInt8(ascii: "=") else { continue }
            index += 1
            while index < source.count, source[index] == UInt8(ascii: " ") { index += 1 }
            var end = index
            while end < source.count, end - index < 128, isPathByte(source[end]) { end += 1 }
            var next = end
            while next < source.count, source[next] == UInt8(ascii: " ") || source[next] == UInt8(ascii: "\t") { next += 1 }
            guard end > index,
                next >= source.count
                    || [UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "{"), UInt8(ascii: ";")]
                        .contains(source[next])
                    || (source[next...].starts(with: Array("else".utf8))
                        && (next + 4 >= source.count || !isIdentifierByte(source[next + 4])))
            else { continue }
            if let name = identifier(endingAt: end, in: source), name != local { return name }
        }
        return nil
    }

    /// Whether the call whose `Image` stands at `hit` asks, within its parentheses (or, in
    /// Objective-C, its brackets), to keep the view's image while it loads.
    private static func keepsImage(callAt hit: Int, in source: [UInt8]) -> Bool {
        let limit = min(source.count, hit + maxLineBytes)
        // Swift's `setImage(…)` ends where its parenthesis closes; Objective-C's
        // `[view sd_setImageWithURL:[NSURL …] options:…]` where the bracket open before `hit`
        // does, past any message nested in it.
        let parenthesized = hit + 5 < source.count && source[hit + 5] == UInt8(ascii: "(")
        var end = hit
        var depth = 0
        while end < limit {
            let byte = source[end]
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
                depth -= 1
                if parenthesized ? depth <= 0 : depth < 0 { break }
            }
            end += 1
        }
        let text = source[hit..<end]
        return ["keepCurrentImageWhileLoading", "delayPlaceholder", "DelayPlaceholder"].contains { option in
            text.firstRange(of: Array(option.utf8)) != nil
        }
    }
}
