/// The static members of C# classes that hold image names, and the members a file uses.
///
/// Xamarin apps often gather their images in a class of static properties:
///
///     public static class Gist {
///         public static UIImage Share { get { return UIImageHelper.FromFileAuto("Images/Gist/share"); } }
///     }
///
/// The name `"Images/Gist/share"` reaches an image only if some code reads `Gist.Share`. A
/// string in such a member's body is tied to it (``CodeName/member``) when its own file uses the
/// member nowhere else; ``uses(in:)`` gives what each file reads, so `unused-image` can tell a
/// property no code reads (CodeHub deleted four such sets of images).
enum CSharpMembers {
    /// How far a declaration is read from `static` to its name, in tokens.
    static let maxDeclarationTokens = 32
    /// How far a member's body is read, in tokens: real ones are a line or two.
    static let maxBodyTokens = 4096

    /// What declares a type, not a member: `static class Gist { … }`.
    static let typeKeywords: Set<String> = ["class", "struct", "interface", "enum", "record", "delegate"]

    /// For the index of each string token inside the body of a static property or field that its
    /// file uses nowhere else: `Class.Member`.
    static func members(in tokens: [SourceToken]) -> [Int: String] {
        // The names a static declaration may declare, read as the loop below reads them: only
        // these are counted (hashing every identifier of every file was most of C#'s names).
        var declarable: Set<String> = []
        var sawStatic = false
        for index in tokens.indices where tokens[index].isWord("static") {
            sawStatic = true
            if let (name, _) = declaredName(after: index, in: tokens) { declarable.insert(name) }
        }
        guard sawStatic else { return [:] }
        let lengths = Set(declarable.map(\.utf8.count))
        // How often each such name occurs other than where a member of that name is declared
        // (`UIImage Star {`, `UIImage Star =`): a member used in its own file is used there.
        var counts: [String: Int] = [:]
        var staticUses = 0
        for (index, token) in tokens.enumerated() {
            guard let name = token.identifier else { continue }
            let isStatic = token.isWord("static")
            guard isStatic || (lengths.contains(name.utf8.count) && declarable.contains(name)) else { continue }
            let declared =
                index > 0 && tokens[index - 1].identifier != nil && index + 1 < tokens.count
                && (tokens[index + 1].isPunctuation("{")
                    || (tokens[index + 1].isPunctuation("=")
                        && !(index + 2 < tokens.count && tokens[index + 2].isPunctuation("="))))
            guard !declared else { continue }
            if isStatic { staticUses += 1 }
            if declarable.contains(name) { counts[name, default: 0] += 1 }
        }
        guard staticUses > 0 else { return [:] }
        var found: [Int: String] = [:]
        // The classes open around the current token, with the brace depth inside each.
        var classes: [(name: String, depth: Int)] = []
        var pendingClass: String?
        var depth = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            defer { index += 1 }
            if token.isPunctuation("{") {
                depth += 1
                if let name = pendingClass {
                    classes.append((name, depth))
                    pendingClass = nil
                }
                continue
            }
            if token.isPunctuation("}") {
                if let last = classes.last, last.depth == depth { classes.removeLast() }
                depth = max(depth - 1, 0)
                continue
            }
            guard let word = token.identifier else { continue }
            if token.isWord("class") || token.isWord("struct") || token.isWord("record"), index + 1 < tokens.count,
                let name = tokens[index + 1].identifier
            {
                pendingClass = name
                continue
            }
            guard token.isWord("static"), let owner = classes.last, owner.depth == depth,
                index == 0 || !tokens[index - 1].isWord("using")
            else { continue }
            guard let (member, start) = declaredName(after: index, in: tokens), counts[member] == nil else { continue }
            let end: Int
            if tokens[start].isPunctuation("{") {
                end = CSharpReferenceScanner.matching(from: start, in: tokens, open: "{", close: "}", limit: maxBodyTokens)
                    ?? start
            } else {
                end = tokens[start...].prefix(maxBodyTokens).firstIndex { $0.isPunctuation(";") } ?? start
            }
            for inside in start...end where tokens[inside].stringParts != nil {
                found[inside] = "\(owner.name).\(member)"
            }
            // The body is passed over: its braces are the member's, not a class's.
            index = end
        }
        return found
    }

    /// The name a `static` at `index` declares, and the index of the `{` or `=` after it:
    /// `static [modifiers] Type Name {`, `=> …;` or `= …;`, with no parameter list.
    private static func declaredName(after index: Int, in tokens: [SourceToken]) -> (String, Int)? {
        var at = index + 1
        while at + 1 < tokens.count, at <= index + maxDeclarationTokens {
            let here = tokens[at]
            if here.isPunctuation("(") || here.isPunctuation(";") || here.isPunctuation("{")
                || here.identifier.map(Self.typeKeywords.contains) == true
            {
                return nil
            }
            if let identifier = here.identifier, tokens[at + 1].isPunctuation("{") || tokens[at + 1].isPunctuation("=") {
                return (identifier, at + 1)
            }
            at += 1
        }
        return nil
    }

    /// The members a file reads as `Type.Member` (a type's name starts upper-case; a call is
    /// not a member read), and `Type.*` for each `using static …Type;` or `using Alias = …Type;`,
    /// which lets the file read every member of that type by its bare name.
    ///
    /// With `filter`, a read whose text the filter turns away is given by its hash
    /// (``CodeName/MemberRead``), with no string made: it can only tell that a member is read.
    static func uses(in tokens: [SourceToken], keeping filter: LooseKeyFilter? = nil)
        -> (named: [(member: String, line: Int)], hashed: [CodeName.MemberRead])
    {
        var uses: [(member: String, line: Int)] = []
        var hashed: [CodeName.MemberRead] = []
        var seen: Set<String> = []
        var seenHashes: Set<UInt64> = []
        func add(_ use: String, _ line: Int) { if seen.insert(use).inserted { uses.append((use, line)) } }
        var text: [UInt8] = []
        // The filter's tables, asked at each read with nothing retained.
        let walker = filter?.walker
        defer { withExtendedLifetime(filter) {} }
        for index in tokens.indices.dropFirst().dropLast() where tokens[index].isPunctuation(".") {
            guard let type = tokens[index - 1].identifier, let member = tokens[index + 1].identifier,
                type.utf8.first.map({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) == true,
                index + 2 >= tokens.count || !tokens[index + 2].isPunctuation("(")
            else { continue }
            guard let walker else {
                add("\(type).\(member)", tokens[index].line)
                continue
            }
            text.removeAll(keepingCapacity: true)
            text.append(contentsOf: type.utf8)
            text.append(UInt8(ascii: "."))
            text.append(contentsOf: member.utf8)
            if text.withUnsafeBufferPointer(walker.mayMatch(utf8:)) {
                add("\(type).\(member)", tokens[index].line)
            } else {
                let read = CodeName.MemberRead(text, line: tokens[index].line)
                if seenHashes.insert(read.hash).inserted { hashed.append(read) }
            }
        }
        // `using static A.B.Type;`, `using Alias = A.B.Type;`: the last name before `;`.
        for index in tokens.indices where tokens[index].isWord("using") {
            guard index + 1 < tokens.count,
                tokens[index + 1].isWord("static")
                    || (index + 2 < tokens.count && tokens[index + 2].isPunctuation("="))
            else { continue }
            let rest = tokens[(index + 1)...].prefix(maxDeclarationTokens)
            guard let semicolon = rest.firstIndex(where: { $0.isPunctuation(";") }),
                let last = tokens[(index + 1)..<semicolon].last(where: { $0.identifier != nil })?.identifier
            else { continue }
            add("\(last).*", tokens[index].line)
        }
        return (uses, hashed)
    }
}
