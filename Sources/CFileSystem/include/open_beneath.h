#ifndef TALLCHECK_OPEN_BENEATH_H
#define TALLCHECK_OPEN_BENEATH_H

/// Opens `path`, relative to the folder open as `root`, without following any symbolic link
/// on the way and without leaving `root` (no `..`, no absolute path): Linux's openat2 with
/// RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS where the kernel has it, else one openat with
/// O_NOFOLLOW per path component. A folder swapped for a link between a walk and this open
/// fails with ELOOP instead of leading out of the tree.
///
/// `flags` are open(2)'s; O_NOATIME is dropped and the open retried when the kernel refuses it
/// (EPERM: a file of another user). Returns a descriptor, or -1 with errno set.
int tc_open_beneath(int root, const char *path, int flags);

/// Opens the entry `name` of the folder open as `folder`, not following it if it is a symbolic
/// link: one component, with no `/`, and not `.` or `..` (EXDEV). With a folder opened by
/// ``tc_open_beneath``, what it opens lies beneath the same root. O_NOATIME is retried without
/// as there. Returns a descriptor, or -1 with errno set.
int tc_open_in_folder(int folder, const char *name, int flags);

/// O_NOATIME, which Swift's Glibc module does not export.
int tc_o_noatime(void);

/// Raises glibc's top pad, so that each thread's heap grows in large steps rather than a page
/// at a time (mallopt, which Swift's Glibc module does not export). Returns 1 when glibc took
/// the setting; no-op returning 0 elsewhere.
int tc_tune_malloc(void);

#endif
