#define _GNU_SOURCE
#include "open_beneath.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__linux__) && defined(SYS_openat2) && __has_include(<linux/openat2.h>)
#include <linux/openat2.h>
#define TC_HAVE_OPENAT2 1
#endif

int tc_o_noatime(void) {
#ifdef O_NOATIME
    return O_NOATIME;
#else
    return 0;
#endif
}

/// One openat per component, each with O_NOFOLLOW; `..` and empty paths refused.
static int open_by_components(int root, const char *path, int flags) {
    if (path[0] == '/' || path[0] == '\0') {
        errno = EXDEV;
        return -1;
    }
    char *copy = strdup(path);
    if (copy == NULL) {
        errno = ENOMEM;
        return -1;
    }
    int folder = root;
    char *rest = copy;
    int result = -1;
    for (;;) {
        char *slash = strchr(rest, '/');
        if (slash != NULL) {
            *slash = '\0';
        }
        if (strcmp(rest, "..") == 0) {
            errno = EXDEV;
            break;
        }
        if (slash == NULL) {
            result = openat(folder, rest, flags | O_NOFOLLOW);
            break;
        }
        if (rest[0] != '\0' && strcmp(rest, ".") != 0) {
            int next = openat(folder, rest, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (folder != root) {
                close(folder);
            }
            folder = next;
            if (folder < 0) {
                break;
            }
        }
        rest = slash + 1;
    }
    int saved = errno;
    if (folder != root && folder >= 0) {
        close(folder);
    }
    free(copy);
    errno = saved;
    return result;
}

static int open_once(int root, const char *path, int flags) {
#ifdef TC_HAVE_OPENAT2
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = (unsigned long long)(flags | O_NOFOLLOW);
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
    long fd = syscall(SYS_openat2, root, path, &how, sizeof how);
    if (fd >= 0) {
        return (int)fd;
    }
    // An old kernel (ENOSYS, EINVAL), or a sandbox that filters the call (EPERM, which is
    // otherwise O_NOATIME refused): walk the components instead.
    int unsupported = errno == ENOSYS || errno == EINVAL || (errno == EPERM && (flags & O_NOATIME) == 0);
    if (!unsupported) {
        return -1;
    }
#endif
    return open_by_components(root, path, flags);
}

int tc_open_beneath(int root, const char *path, int flags) {
    int fd = open_once(root, path, flags);
#ifdef O_NOATIME
    if (fd < 0 && errno == EPERM && (flags & O_NOATIME) != 0) {
        fd = open_once(root, path, flags & ~O_NOATIME);
    }
#endif
    return fd;
}

int tc_open_in_folder(int folder, const char *name, int flags) {
    if (name[0] == '\0' || strchr(name, '/') != NULL || strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
        errno = EXDEV;
        return -1;
    }
    int fd = openat(folder, name, flags | O_NOFOLLOW);
#ifdef O_NOATIME
    if (fd < 0 && errno == EPERM && (flags & O_NOATIME) != 0) {
        fd = openat(folder, name, (flags & ~O_NOATIME) | O_NOFOLLOW);
    }
#endif
    return fd;
}
