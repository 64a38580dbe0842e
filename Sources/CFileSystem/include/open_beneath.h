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

/// O_NOATIME, which Swift's Glibc module does not export.
int tc_o_noatime(void);

/// Raises glibc's mmap and trim thresholds, so freed large blocks are reused rather than
/// unmapped (mallopt, which Swift's Glibc module does not export). No-op elsewhere.
void tc_keep_freed_memory(void);

#endif
