#define _GNU_SOURCE
#include "tree_write.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__APPLE__)
#include <sys/stdio.h>
#endif

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif

int tc_rename_noreplace(int from_folder, const char *from, int to_folder, const char *to) {
#if defined(__linux__) && defined(SYS_renameat2)
    if (syscall(SYS_renameat2, from_folder, from, to_folder, to, RENAME_NOREPLACE) == 0) {
        return 0;
    }
    // Kernels before 3.15 (ENOSYS) and file systems without the flag (EINVAL) take the link.
    if (errno != ENOSYS && errno != EINVAL) {
        return -1;
    }
#elif defined(__APPLE__)
    return renameatx_np(from_folder, from, to_folder, to, RENAME_EXCL);
#endif
    // linkat fails with EEXIST when `to` exists, and follows no link without AT_SYMLINK_FOLLOW.
    if (linkat(from_folder, from, to_folder, to, 0) != 0) {
        return -1;
    }
    if (unlinkat(from_folder, from, 0) != 0) {
        int saved = errno;
        unlinkat(to_folder, to, 0);
        errno = saved;
        return -1;
    }
    return 0;
}
