import TallCheckCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a plan was not applied, and how far it got.
public struct FixFailure: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    /// Whether anything in the tree changed before the failure.
    public var changedSomething = false

    public var description: String {
        "\(escapedForDisplay(path)): \(reason); "
            + (changedSomething ? "the fix stopped part way (see above)" : "nothing was changed")
    }

    init(path: String, reason: String, changedSomething: Bool = false) {
        self.path = path
        self.reason = reason
        self.changedSomething = changedSomething
    }

    init(_ failure: TreeWriter.Failure, changedSomething: Bool = false) {
        self.init(path: failure.path, reason: failure.reason, changedSomething: changedSomething)
    }
}

/// Applies a ``FixPlan`` to the tree, safely:
///
/// - The tree's folder is opened once; every check and every change opens the folder of its
///   file from there, one component at a time, never through a link (``TreeWriter``). A folder
///   swapped for a link mid-run fails that step; nothing outside the tree is touched.
/// - Every file it renames, deletes or edits must be a regular file, and an edited file must
///   still hold the bytes the plan was made from. A rename never replaces a file.
/// - Each edited file's new bytes are written to a new file beside it (`O_EXCL`) and flushed
///   first; if any of that fails, the new files are removed and nothing has changed.
/// - A journal (``FixJournal``) in the tree lists the steps before the first change; a run killed
///   at any point is finished (or, before the first change, undone) by ``recover(root:)``, which
///   `tallcheck fix` calls first.
public enum FixApplier {
    /// A change about to be made; what ``apply(_:beforeEachStep:)``'s hook is told.
    public enum Step: Sendable, Equatable {
        case stage(String)
        case edit(String)
        case rename(from: String, to: String)
        case delete(String)
        case removeFolder(String)
    }

    /// Whether the last component of `path` is one of this tool's temporary names.
    static func isTemporaryName(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        return name.contains(".tallcheck-fix-") || name.contains(".tallcheck-rename-")
    }

    static func temporaryName(for path: String, _ kind: String) -> String {
        path + ".tallcheck-\(kind)-" + String(UInt64.random(in: 0..<(1 << 48)), radix: 16)
    }

    /// Finishes or undoes a `fix` killed in the tree at `root`; what it did, for the user, or nil
    /// when no fix was interrupted there.
    public static func recover(root: String) throws(FixFailure) -> String? {
        guard let tree = TreeWriter(rootPath: root) else {
            throw FixFailure(path: root, reason: "cannot open the folder: \(errnoDescription())")
        }
        do throws(TreeWriter.Failure) {
            return try FixJournal.recover(in: tree)?.text
        } catch {
            throw FixFailure(error)
        }
    }

    /// Whether a killed `fix` left its journal in the tree at `root`.
    public static func hasJournal(root: String) -> Bool {
        (try? TreeWriter(rootPath: root)?.status(FixJournal.path)) != nil
    }

    /// Applies `plan`. `beforeEachStep` is called before each change is made (tests hold a step
    /// there; `tallcheck fix` may pause for race tests).
    public static func apply(_ plan: FixPlan, beforeEachStep: (Step) -> Void = { _ in }) throws(FixFailure) {
        _ = try apply(plan, until: { beforeEachStep($0); return true })
    }

    /// Applies `plan` until `proceeds` answers false before a step: then returns false at once,
    /// leaving the tree and the journal as a run killed there would (for tests).
    static func apply(_ plan: FixPlan, until proceeds: (Step) -> Bool) throws(FixFailure) -> Bool {
        guard let tree = TreeWriter(rootPath: plan.root) else {
            throw FixFailure(path: plan.root, reason: "cannot open the folder: \(errnoDescription())")
        }
        do throws(TreeWriter.Failure) {
            guard try tree.status(FixJournal.path) == nil else {
                throw TreeWriter.Failure(
                    path: FixJournal.path, reason: "an earlier fix was interrupted; run tallcheck fix to finish it first")
            }
        } catch {
            throw FixFailure(error)
        }

        // Checks: nothing changes yet.
        var modes: [String: mode_t] = [:]
        var identities: [String: TreeWriter.Identity] = [:]
        do throws(TreeWriter.Failure) {
            for change in plan.changes {
                let file = try tree.regularFile(change.path)
                modes[change.path] = file.mode
                guard try tree.read(change.path, limit: change.before.count + 1) == change.before else {
                    throw TreeWriter.Failure(path: change.path, reason: "changed since it was read; run fix again")
                }
            }
            for rename in plan.renames {
                let source = try tree.regularFile(rename.from).identity
                identities[rename.from] = source
                if let target = try tree.status(rename.to),
                    TreeWriter.Identity(device: UInt64(target.st_dev), inode: UInt64(target.st_ino)) != source
                {
                    throw TreeWriter.Failure(path: rename.to, reason: "exists already; not renamed over")
                }
            }
            for path in plan.deletions { identities[path] = try tree.regularFile(path).identity }
            for folder in plan.emptiedFolders where !tree.isFolder(folder) {
                throw TreeWriter.Failure(path: folder, reason: "not a folder inside the tree; not removed")
            }
        } catch {
            throw FixFailure(error)
        }

        // Stage every edited file's new bytes beside it, the journal listing them first.
        let temporaries = plan.changes.map { temporaryName(for: $0.path, "fix") }
        var steps: [FixJournal.Step] = []
        do throws(TreeWriter.Failure) {
            try FixJournal(state: .staging(temporaries: temporaries)).write(in: tree)
            for (change, temporary) in zip(plan.changes, temporaries) {
                guard proceeds(.stage(change.path)) else { return false }
                let id = try tree.create(temporary, bytes: change.after, mode: modes[change.path] ?? 0o644)
                steps.append(.edit(temporary: temporary, target: change.path, id))
            }
        } catch {
            for temporary in temporaries { tree.removeName(temporary) }
            FixJournal.remove(in: tree)
            throw FixFailure(error)
        }

        // Commit: edits, then renames, then deletions, then emptied folders, deepest first.
        for rename in plan.renames {
            steps.append(
                .rename(
                    from: rename.from, to: rename.to, between: temporaryName(for: rename.from, "rename"),
                    identities[rename.from]!))
        }
        for path in plan.deletions { steps.append(.delete(path, identities[path]!)) }
        for folder in plan.emptiedFolders.sorted(by: { $0.utf8.count > $1.utf8.count }) {
            steps.append(.removeFolder(folder))
        }
        do throws(TreeWriter.Failure) {
            try FixJournal(state: .committing(steps)).write(in: tree)
        } catch {
            for temporary in temporaries { tree.removeName(temporary) }
            FixJournal.remove(in: tree)
            throw FixFailure(error)
        }
        var changed = false
        for (index, step) in steps.enumerated() {
            do throws(TreeWriter.Failure) {
                guard try commit(step, in: tree, proceeds) else { return false }
                changed = true
            } catch {
                // The steps not done: the staged files go, the journal with them.
                for case .edit(let temporary, _, _) in steps[index...] { tree.removeName(temporary) }
                FixJournal.remove(in: tree)
                throw FixFailure(error, changedSomething: changed)
            }
        }
        FixJournal.remove(in: tree)
        return true
    }

    /// Makes one change; false when `proceeds` stops the run before it.
    private static func commit(
        _ step: FixJournal.Step, in tree: TreeWriter, _ proceeds: (Step) -> Bool
    ) throws(TreeWriter.Failure) -> Bool {
        switch step {
        case .edit(let temporary, let target, _):
            guard proceeds(.edit(target)) else { return false }
            try tree.rename(temporary, to: target, replacing: true)
            tree.syncFolder(of: target)
        case .rename(let from, let to, let between, let id):
            guard proceeds(.rename(from: from, to: to)) else { return false }
            do {
                try tree.rename(from, to: to, replacing: false)
            } catch {
                // Where case is not told apart, `to` is the file itself: through a name between.
                guard let found = try tree.status(to),
                    TreeWriter.Identity(device: UInt64(found.st_dev), inode: UInt64(found.st_ino)) == id
                else { throw error }
                try tree.rename(from, to: between, replacing: false)
                try tree.rename(between, to: to, replacing: false)
            }
            tree.syncFolder(of: to)
        case .delete(let path, let id):
            guard proceeds(.delete(path)) else { return false }
            try tree.remove(path, expecting: id)
        case .removeFolder(let path):
            guard proceeds(.removeFolder(path)) else { return false }
            tree.removeEmptyFolder(path)
        }
        return true
    }
}
