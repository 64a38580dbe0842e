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
        // A number for each distinct line's bytes: the script compares integers, not strings.
        var numbers: [[UInt8]: Int] = [:]
        func numbered(_ bytes: [UInt8]) -> [Int] {
            var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
                line -> Int in
                let key = Array(line)
                if let known = numbers[key] { return known }
                numbers[key] = numbers.count
                return numbers.count - 1
            }
            if bytes.last == UInt8(ascii: "\n") || bytes.isEmpty { lines.removeLast() }
            return lines
        }
        let oldNumbers = numbered(before)
        let newNumbers = numbered(after)
        guard oldNumbers != newNumbers else { return "" }
        let (removed, inserted) = script(oldNumbers, newNumbers)
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
        // Lines before each step, in the old file and in the new.
        var oldBefore = [0]
        var newBefore = [0]
        for step in steps {
            let (a, b): (Int, Int) =
                switch step {
                case .same: (1, 1)
                case .remove: (1, 0)
                case .insert: (0, 1)
                }
            oldBefore.append(oldBefore.last! + a)
            newBefore.append(newBefore.last! + b)
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
            let oldCount = oldBefore[stop] - oldBefore[start]
            let newCount = newBefore[stop] - newBefore[start]
            out +=
                "@@ -\(oldBefore[start] + (oldCount > 0 ? 1 : 0)),\(oldCount) +\(newBefore[start] + (newCount > 0 ? 1 : 0)),\(newCount) @@\n"
            for step in steps[start..<stop] {
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

    /// The lines `old` loses and `new` gains, by index: a longest common subsequence found
    /// between anchors, the lines each text holds once and both keep in order (as patience diff
    /// does), with the standard library's difference (Myers) between them over the lines both
    /// sides of the gap hold. A project of thousands of renamed lines is thousands of small
    /// differences, not one of their product.
    static func script(_ old: [Int], _ new: [Int]) -> (removed: Set<Int>, inserted: Set<Int>) {
        var oldCounts: [Int: (count: Int, at: Int)] = [:]
        var newCounts: [Int: (count: Int, at: Int)] = [:]
        for (at, line) in old.enumerated() { oldCounts[line, default: (0, at)].count += 1 }
        for (at, line) in new.enumerated() { newCounts[line, default: (0, at)].count += 1 }
        // Pairs of a line unique to each, in the old order; then the longest run rising in the new.
        let pairs = old.indices.compactMap { at -> (Int, Int)? in
            guard oldCounts[old[at]]?.count == 1, let other = newCounts[old[at]], other.count == 1 else { return nil }
            return (at, other.at)
        }
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: pairs.count)
        for (k, pair) in pairs.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if pairs[tails[middle]].1 < pair.1 { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[k] = tails[low - 1] }
            if low == tails.count { tails.append(k) } else { tails[low] = k }
        }
        var anchors: [(Int, Int)] = []
        var k = tails.last ?? -1
        while k >= 0 {
            anchors.append(pairs[k])
            k = previous[k]
        }
        anchors.reverse()
        var removed = Set<Int>()
        var inserted = Set<Int>()
        var (oldStart, newStart) = (0, 0)
        for (oldEnd, newEnd) in anchors + [(old.count, new.count)] {
            // A line of the gap the other side's gap lacks is removed or inserted as it is; the
            // rest go to the difference, which is then as small as what the two share.
            let oldLines = Set(old[oldStart..<oldEnd])
            let newLines = Set(new[newStart..<newEnd])
            let keptOld = (oldStart..<oldEnd).filter { newLines.contains(old[$0]) }
            let keptNew = (newStart..<newEnd).filter { oldLines.contains(new[$0]) }
            removed.formUnion((oldStart..<oldEnd).filter { !newLines.contains(old[$0]) })
            inserted.formUnion((newStart..<newEnd).filter { !oldLines.contains(new[$0]) })
            if !keptOld.isEmpty || !keptNew.isEmpty {
                for change in keptNew.map({ new[$0] }).difference(from: keptOld.map { old[$0] }) {
                    switch change {
                    case .remove(let offset, _, _): removed.insert(keptOld[offset])
                    case .insert(let offset, _, _): inserted.insert(keptNew[offset])
                    }
                }
            }
            (oldStart, newStart) = (oldEnd + 1, newEnd + 1)
        }
        return (removed, inserted)
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
