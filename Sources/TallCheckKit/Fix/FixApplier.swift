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
}

/// Applies a ``FixPlan`` to the tree, safely:
///
/// - Every file it renames, deletes or edits must be a regular file (not a symbolic link) inside
///   the scanned folder, and an edited file must still hold the bytes the plan was made from.
/// - A rename's destination must not exist (a case-only rename may find the file itself on a
///   case-insensitive file system, and goes through a temporary name).
/// - Each edited file's new bytes are written to a temporary file beside it and flushed first;
///   if any of that fails, the temporary files are removed and nothing has changed. Only then are
///   they renamed over the originals, and the files renamed and deleted.
public enum FixApplier {
    public static func apply(_ plan: FixPlan) throws(FixFailure) {
        guard let root = realPath(plan.root) else {
            throw FixFailure(path: plan.root, reason: "cannot resolve the folder")
        }
        func absolute(_ path: String) -> String { root + "/" + path }
        /// A regular file inside the tree, not reached through a link; its mode.
        func checked(_ path: String) throws(FixFailure) -> mode_t {
            let full = absolute(path)
            var status = stat()
            guard FileSystemPath.withCString(full, { lstat($0, &status) }) == 0 else {
                throw FixFailure(path: path, reason: errnoDescription())
            }
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw FixFailure(path: path, reason: "not a regular file (a link or a special file is never changed)")
            }
            guard let resolved = realPath(full), resolved == full else {
                throw FixFailure(path: path, reason: "reached through a symbolic link; not changed")
            }
            return status.st_mode
        }
        var modes: [String: mode_t] = [:]
        for change in plan.changes {
            modes[change.path] = try checked(change.path)
            guard
                case .success(let current) = readRegularFile(
                    FileSystemPath(absolute(change.path)), limit: change.before.count + 1),
                current == change.before
            else {
                throw FixFailure(path: change.path, reason: "changed since it was read; run fix again")
            }
        }
        for rename in plan.renames {
            _ = try checked(rename.from)
            guard !rename.to.split(separator: "/").contains("..") else {
                throw FixFailure(path: rename.to, reason: "a name outside the folder; not renamed")
            }
            var source = stat()
            var target = stat()
            _ = FileSystemPath.withCString(absolute(rename.from)) { lstat($0, &source) }
            if FileSystemPath.withCString(absolute(rename.to), { lstat($0, &target) }) == 0,
                !(target.st_ino == source.st_ino && target.st_dev == source.st_dev)
            {
                throw FixFailure(path: rename.to, reason: "exists already; not renamed over")
            }
        }
        for path in plan.deletions { _ = try checked(path) }
        for folder in plan.emptiedFolders {
            var status = stat()
            guard FileSystemPath.withCString(absolute(folder), { lstat($0, &status) }) == 0,
                status.st_mode & S_IFMT == S_IFDIR, realPath(absolute(folder)) == absolute(folder)
            else { throw FixFailure(path: folder, reason: "not a folder inside the tree; not removed") }
        }

        // Stage every edited file's new bytes beside it.
        var staged: [(temporary: String, target: String)] = []
        func unstage() { for file in staged { _ = FileSystemPath.withCString(file.temporary) { unlink($0) } } }
        for change in plan.changes {
            let target = absolute(change.path)
            var template = Array((target + ".tallcheck-fix-XXXXXX").utf8CString)
            let descriptor = mkstemp(&template)
            guard descriptor >= 0 else {
                let reason = errnoDescription()
                unstage()
                throw FixFailure(path: change.path, reason: "cannot write beside it: \(reason)")
            }
            let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            staged.append((temporary, target))
            var written = 0
            let ok = change.after.withUnsafeBytes { buffer -> Bool in
                while written < buffer.count {
                    let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { return false }
                    written += count
                }
                return true
            }
            let flushed =
                ok && fchmod(descriptor, (modes[change.path] ?? 0o644) & 0o7777) == 0 && fsync(descriptor) == 0
            let reason = errnoDescription()
            close(descriptor)
            guard flushed else {
                unstage()
                throw FixFailure(path: change.path, reason: "cannot write beside it: \(reason)")
            }
        }
        // Commit: edits, then renames, then deletions.
        var changed = false
        for file in staged {
            guard rename(file.temporary, file.target) == 0 else {
                let reason = errnoDescription()
                unstage()
                throw FixFailure(path: file.target, reason: reason, changedSomething: changed)
            }
            changed = true
        }
        for step in plan.renames {
            let from = absolute(step.from)
            let to = absolute(step.to)
            // Through a temporary name, so a case-only rename works where case is not told apart.
            let between = from + ".tallcheck-rename"
            guard rename(from, between) == 0 else {
                throw FixFailure(path: step.from, reason: errnoDescription(), changedSomething: changed)
            }
            guard rename(between, to) == 0 else {
                let reason = errnoDescription()
                _ = rename(between, from)
                throw FixFailure(path: step.to, reason: reason, changedSomething: changed)
            }
            changed = true
        }
        for path in plan.deletions {
            guard unlink(absolute(path)) == 0 else {
                throw FixFailure(path: path, reason: errnoDescription(), changedSomething: changed)
            }
            changed = true
        }
        // Deepest first; a folder something else was put in meanwhile stays.
        for folder in plan.emptiedFolders.sorted(by: { $0.count > $1.count }) {
            _ = FileSystemPath.withCString(absolute(folder)) { rmdir($0) }
        }
    }
}
