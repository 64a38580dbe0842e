import TallCheckCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `fix` is about to do, kept in the tree (`.tallcheck-fix.journal`) while it does it, so
/// that a run killed at any point is finished or undone by the next one.
///
/// Written twice, each time whole (a new file flushed, then renamed over the old): first while
/// the edited files' new bytes are staged beside them (`staging`: the temporary names; undoing
/// is removing them), then before the first change (`committing`: every step with the identity,
/// device and inode, of the file it acts on; finishing is doing each step not yet done). A step
/// acts only on the file it names with that identity, so a journal not written by this run's
/// predecessor (copied in, edited) finds nothing to act on.
struct FixJournal: Equatable {
    static let path = ".tallcheck-fix.journal"
    static let newPath = ".tallcheck-fix.journal.new"
    static let maxBytes = ReadLimits.standard.fixJournalBytes

    enum Step: Equatable {
        /// The staged file `temporary` takes the place of `target`.
        case edit(temporary: String, target: String, TreeWriter.Identity)
        case rename(from: String, to: String, between: String, TreeWriter.Identity)
        case delete(String, TreeWriter.Identity)
        case removeFolder(String)
    }

    enum State: Equatable {
        case staging(temporaries: [String])
        case committing([Step])
    }

    var state: State

    // MARK: Text

    /// One line a record, fields separated by spaces, paths with `%`, spaces, controls and
    /// bytes past ASCII written as `%XX`.
    var text: String {
        var lines = ["tallcheck fix journal 1"]
        switch state {
        case .staging(let temporaries):
            lines.append("staging")
            lines += temporaries.map { "temp \(Self.encoded($0))" }
        case .committing(let steps):
            lines.append("committing")
            for step in steps {
                switch step {
                case .edit(let temporary, let target, let id):
                    lines.append("edit \(Self.encoded(temporary)) \(Self.encoded(target)) \(id.device) \(id.inode)")
                case .rename(let from, let to, let between, let id):
                    lines.append(
                        "rename \(Self.encoded(from)) \(Self.encoded(to)) \(Self.encoded(between)) \(id.device) \(id.inode)")
                case .delete(let path, let id): lines.append("delete \(Self.encoded(path)) \(id.device) \(id.inode)")
                case .removeFolder(let path): lines.append("folder \(Self.encoded(path))")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    init(state: State) { self.state = state }

    /// Reads a journal's text; nil when it is not one this tool writes.
    init?(text bytes: [UInt8]) {
        let lines = bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        guard lines.count >= 2, lines[0] == "tallcheck fix journal 1" else { return nil }
        func identity(_ fields: [Substring], from index: Int) -> TreeWriter.Identity? {
            guard fields.count == index + 2, let device = UInt64(fields[index]), let inode = UInt64(fields[index + 1])
            else { return nil }
            return TreeWriter.Identity(device: device, inode: inode)
        }
        switch lines[1] {
        case "staging":
            var temporaries: [String] = []
            for line in lines.dropFirst(2) {
                let fields = line.split(separator: " ")
                guard fields.count == 2, fields[0] == "temp", let path = Self.decoded(fields[1]) else { return nil }
                temporaries.append(path)
            }
            state = .staging(temporaries: temporaries)
        case "committing":
            var steps: [Step] = []
            for line in lines.dropFirst(2) {
                let fields = line.split(separator: " ")
                let paths = fields.dropFirst().prefix(3).map { Self.decoded($0) }
                switch fields.first {
                case "edit":
                    guard let id = identity(fields, from: 3), let temporary = paths[0], let target = paths[1] else {
                        return nil
                    }
                    steps.append(.edit(temporary: temporary, target: target, id))
                case "rename":
                    guard let id = identity(fields, from: 4), let from = paths[0], let to = paths[1],
                        let between = paths[2]
                    else { return nil }
                    steps.append(.rename(from: from, to: to, between: between, id))
                case "delete":
                    guard let id = identity(fields, from: 2), let path = paths[0] else { return nil }
                    steps.append(.delete(path, id))
                case "folder":
                    guard fields.count == 2, let path = paths[0] else { return nil }
                    steps.append(.removeFolder(path))
                default: return nil
                }
            }
            state = .committing(steps)
        default: return nil
        }
    }

    static func encoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "%") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    static func decoded(_ field: Substring) -> String? {
        var bytes: [UInt8] = []
        var index = field.utf8.startIndex
        while index < field.utf8.endIndex {
            let byte = field.utf8[index]
            if byte == UInt8(ascii: "%") {
                let start = field.utf8.index(after: index)
                guard let end = field.utf8.index(start, offsetBy: 2, limitedBy: field.utf8.endIndex),
                    let value = UInt8(String(field[start..<end]), radix: 16)
                else { return nil }
                bytes.append(value)
                index = end
            } else {
                bytes.append(byte)
                index = field.utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    // MARK: In the tree

    /// Writes the journal whole: a new file, flushed, renamed over the old, the folder flushed.
    func write(in tree: TreeWriter) throws(TreeWriter.Failure) {
        tree.removeName(Self.newPath)
        _ = try tree.create(Self.newPath, bytes: Array(text.utf8), mode: 0o644)
        try tree.rename(Self.newPath, to: Self.path, replacing: true)
        tree.syncFolder(of: Self.path)
    }

    static func remove(in tree: TreeWriter) {
        tree.removeName(path)
        tree.removeName(newPath)
        tree.syncFolder(of: path)
    }

    /// The journal a killed run left in the tree, if any.
    static func read(in tree: TreeWriter) throws(TreeWriter.Failure) -> FixJournal? {
        guard try tree.status(path) != nil else { return nil }
        let bytes = try tree.read(path, limit: maxBytes + 1)
        guard bytes.count <= maxBytes, let journal = FixJournal(text: bytes) else {
            throw TreeWriter.Failure(
                path: path, reason: "not a journal this version of tallcheck wrote; look at it, then remove it")
        }
        return journal
    }

    /// What finishing or undoing a killed run did.
    struct Recovery: Equatable {
        var undone = false
        var edited = 0
        var renamed = 0
        var deleted = 0
        /// Steps that found neither the old file nor the new one, each with why.
        var problems: [String] = []

        var text: String {
            if undone {
                return "an earlier fix was killed while staging its edits; it changed nothing, and its staged files are removed"
            }
            var text =
                "an earlier fix was killed part way; finished it: \(edited) edited, \(renamed) renamed, \(deleted) deleted"
            if !problems.isEmpty { text += "; could not finish: " + problems.joined(separator: "; ") }
            return text
        }
    }

    /// Finishes (or, if it had changed nothing, undoes) the run whose journal is in the tree,
    /// then removes the journal; nil when there is none.
    static func recover(in tree: TreeWriter) throws(TreeWriter.Failure) -> Recovery? {
        tree.removeName(newPath)
        guard let journal = try read(in: tree) else { return nil }
        var recovery = Recovery()
        switch journal.state {
        case .staging(let temporaries):
            // Only this tool's own temporary names, never another file.
            for temporary in temporaries where FixApplier.isTemporaryName(temporary) { tree.removeName(temporary) }
            recovery.undone = true
        case .committing(let steps):
            for step in steps { finish(step, in: tree, &recovery) }
        }
        remove(in: tree)
        return recovery
    }

    private static func identity(of path: String, in tree: TreeWriter) -> TreeWriter.Identity? {
        guard let found = try? tree.status(path), found.st_mode & S_IFMT == S_IFREG else { return nil }
        return TreeWriter.Identity(device: UInt64(found.st_dev), inode: UInt64(found.st_ino))
    }

    /// Does `step` if it is not done yet.
    static func finish(_ step: Step, in tree: TreeWriter, _ recovery: inout Recovery) {
        do throws(TreeWriter.Failure) {
            switch step {
            case .edit(let temporary, let target, let id):
                // Done when the staged file is gone (it took the target's place).
                guard identity(of: temporary, in: tree) == id else { return }
                try tree.rename(temporary, to: target, replacing: true)
                recovery.edited += 1
            case .rename(let from, let to, let between, let id):
                if identity(of: between, in: tree) == id {
                    try tree.rename(between, to: to, replacing: false)
                } else if identity(of: from, in: tree) == id {
                    try tree.rename(from, to: to, replacing: false)
                } else {
                    if identity(of: to, in: tree) != id {
                        recovery.problems.append("\(escapedForDisplay(from)) is under neither name")
                    }
                    return
                }
                recovery.renamed += 1
            case .delete(let path, let id):
                guard identity(of: path, in: tree) == id else { return }
                try tree.remove(path, expecting: id)
                recovery.deleted += 1
            case .removeFolder(let path):
                tree.removeEmptyFolder(path)
            }
        } catch {
            recovery.problems.append(error.description)
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
