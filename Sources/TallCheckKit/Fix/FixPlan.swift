/// What `tallcheck fix` does to a tree: the files it renames and deletes, the text files it
/// edits (each with its bytes before and after), the findings each step fixes, and the findings
/// that need a person. Made by ``Fixer``, applied by ``FixApplier``; `--dry-run` prints it.
public struct FixPlan: Sendable {
    public struct Rename: Sendable, Hashable {
        /// Paths relative to the scanned folder.
        public var from: String
        public var to: String
    }

    /// A file's bytes before and after its edits: a text file's, or a PNG written again.
    public struct Change: Sendable, Hashable {
        public var path: String
        public var before: [UInt8]
        public var after: [UInt8]
        /// Not text: listed with its sizes, never diffed.
        public var isBinary = false
    }

    /// A finding and what the plan does about it.
    public struct Fix: Sendable {
        public var finding: Finding
        public var action: String
    }

    public var root: String
    public var renames: [Rename] = []
    public var deletions: [String] = []
    /// Folders whose every file is deleted (image sets): removed once empty.
    public var emptiedFolders: [String] = []
    public var changes: [Change] = []
    public var fixes: [Fix] = []
    /// Findings no fix answers, each with its own advice.
    public var needsPerson: [Finding] = []

    public init(root: String) { self.root = root }

    /// Nothing to rename, delete or edit.
    public var isEmpty: Bool { renames.isEmpty && deletions.isEmpty && changes.isEmpty }

    /// The plan for people: the fixes, the files touched, with `diff` a unified diff of every
    /// text file edited, then what needs a person.
    public func text(diff: Bool) -> String {
        var out = ""
        if fixes.isEmpty {
            out += "Nothing to fix.\n"
        } else {
            out += "Fixes (\(fixes.count)):\n"
            for fix in fixes {
                out += "  \(fix.finding.ruleID) \(fix.finding.path): \(fix.action)\n"
            }
            out += "Files:\n"
            for rename in renames { out += "  rename \(rename.from) -> \(rename.to)\n" }
            for path in deletions { out += "  delete \(path)\n" }
            for folder in emptiedFolders { out += "  remove the folder \(folder)\n" }
            for change in changes {
                out +=
                    change.isBinary
                    ? "  rewrite \(change.path) (\(change.before.count) -> \(change.after.count) bytes)\n"
                    : "  edit \(change.path)\n"
            }
        }
        if diff {
            for change in changes where !change.isBinary {
                out += UnifiedDiff.text(
                    before: change.before, after: change.after, path: change.path)
            }
        }
        if !needsPerson.isEmpty {
            out += "Needs a person (\(needsPerson.count)):\n"
            for finding in needsPerson {
                out += "  \(finding.severity.rawValue) \(finding.path): \(finding.message) [\(finding.ruleID)]\n"
            }
        }
        return out
    }
}

/// `diff -u`'s format: `---`/`+++` headers, `@@` hunks with three lines of context.
enum UnifiedDiff {
    static func text(before: [UInt8], after: [UInt8], path: String, context: Int = 3) -> String {
        let old = lines(before)
        let new = lines(after)
        guard old != new else { return "" }
        // The edit script from the standard library's difference (a longest common subsequence).
        let difference = new.difference(from: old)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        enum Step {
            case same(Int, Int), remove(Int), insert(Int)
        }
        var steps: [Step] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, removed.contains(i) {
                steps.append(.remove(i))
                i += 1
            } else if j < new.count, inserted.contains(j) {
                steps.append(.insert(j))
                j += 1
            } else {
                steps.append(.same(i, j))
                i += 1
                j += 1
            }
        }
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        var index = 0
        while index < steps.count {
            guard let firstChange = steps[index...].firstIndex(where: { if case .same = $0 { false } else { true } })
            else { break }
            var start = max(index, firstChange - context)
            if index > 0 { start = max(start, index) }
            // The hunk runs to the last change followed by more than 2 × context unchanged lines.
            var end = firstChange
            var unchanged = 0
            var scan = firstChange
            while scan < steps.count {
                if case .same = steps[scan] {
                    unchanged += 1
                    if unchanged > 2 * context { break }
                } else {
                    unchanged = 0
                    end = scan
                }
                scan += 1
            }
            let stop = min(steps.count, end + context + 1)
            let hunk = steps[start..<stop]
            let oldCount = hunk.count { if case .insert = $0 { false } else { true } }
            let newCount = hunk.count { if case .remove = $0 { false } else { true } }
            // Lines before the hunk, in the old file and in the new.
            let oldStart = steps[..<start].count { if case .insert = $0 { false } else { true } }
            let newStart = steps[..<start].count { if case .remove = $0 { false } else { true } }
            out +=
                "@@ -\(oldStart + (oldCount > 0 ? 1 : 0)),\(oldCount) +\(newStart + (newCount > 0 ? 1 : 0)),\(newCount) @@\n"
            for step in hunk {
                switch step {
                case .same(let a, _): out += " " + old[a] + "\n"
                case .remove(let a): out += "-" + old[a] + "\n"
                case .insert(let b): out += "+" + new[b] + "\n"
                }
            }
            index = stop
        }
        return out
    }

    /// The text's lines, without their line ends.
    static func lines(_ bytes: [UInt8]) -> [String] {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
