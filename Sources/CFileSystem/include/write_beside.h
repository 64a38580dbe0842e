#ifndef TALLCHECK_WRITE_BESIDE_H
#define TALLCHECK_WRITE_BESIDE_H

#include <stddef.h>

/// What ``tc_replace_in_folder`` returns when `name` is no longer a regular file at the moment
/// of the rename (a FIFO, a device, a folder or a link put there since it was looked at).
#define TC_REPLACE_NOT_REGULAR (-2)

/// Replaces the entry `name` of the folder open as `folder` (or creates it) with `count` bytes,
/// so that a reader sees the old file or the whole new one. Every step is relative to `folder`
/// and follows no link: a new file is made beside `name` with openat(O_CREAT | O_EXCL |
/// O_NOFOLLOW), mode 0666 less the umask, named `.NAME.tmp-XXXXXX`; the bytes are written, the
/// file is fsync'ed when `durable` is not 0 and closed; `name` is looked at again (fstatat,
/// AT_SYMLINK_NOFOLLOW) and must be absent or a regular file; then renameat moves the new file
/// over it within `folder`, and `folder` is fsync'ed when `durable`.
///
/// `name` is one path component: no `/`, not empty, `.` or `..` (EXDEV). On failure the new
/// file is removed and nothing else changes; returns 0, -1 with errno set, or
/// TC_REPLACE_NOT_REGULAR.
int tc_replace_in_folder(int folder, const char *name, const void *bytes, size_t count, int durable);

/// Opens the folder `path` (following links on the way: the caller was given that path) for
/// the *at calls: for reading, or where that is refused (a folder one may write and search but
/// not list), with O_PATH (Linux). Returns a descriptor, or -1 with errno set.
int tc_open_folder(const char *path);

/// Writes all `count` bytes to `fd`, retrying short and interrupted writes. Returns 0, or -1
/// with errno set (ENOSPC, EPIPE, EIO, …) at the first write that fails.
int tc_write_all(int fd, const void *bytes, size_t count);

#endif
