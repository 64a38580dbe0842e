#define _GNU_SOURCE
#include "write_beside.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int tc_write_all(int fd, const void *bytes, size_t count) {
    const char *next = bytes;
    while (count > 0) {
        ssize_t written = write(fd, next, count);
        if (written < 0) {
            if (errno == EINTR) {
                continue;
            }
            return -1;
        }
        if (written == 0) {
            // write(2) returns 0 only for a count of 0; treat it as the device refusing more.
            errno = EIO;
            return -1;
        }
        next += written;
        count -= (size_t)written;
    }
    return 0;
}

int tc_open_folder(const char *path) {
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
#ifdef O_PATH
    if (fd < 0 && errno == EACCES) {
        fd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
    }
#endif
    return fd;
}

/// A fresh random-looking suffix for a temporary name: not a secret, only unlikely to collide
/// (O_EXCL refuses a name that exists, and the caller tries another).
static void fill_suffix(char *suffix, size_t length, uint64_t *state) {
    static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    for (size_t index = 0; index < length; index++) {
        // xorshift64
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        suffix[index] = letters[*state % (sizeof letters - 1)];
    }
}

/// Makes `.NAME.tmp-XXXXXX` in `folder` with O_EXCL | O_NOFOLLOW; the name is left in `out`.
static int create_temporary(int folder, const char *name, char *out, size_t capacity) {
    // The name is cut so that the temporary name stays under NAME_MAX (255).
    size_t kept = strlen(name);
    if (kept > 200) {
        kept = 200;
    }
    const char *tail = ".tmp-";
    size_t prefix = 1 + kept + strlen(tail);
    if (prefix + 6 + 1 > capacity) {
        errno = ENAMETOOLONG;
        return -1;
    }
    out[0] = '.';
    memcpy(out + 1, name, kept);
    memcpy(out + 1 + kept, tail, strlen(tail));
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    uint64_t state = ((uint64_t)now.tv_nsec << 20) ^ (uint64_t)now.tv_sec ^ ((uint64_t)getpid() << 40) ^
                     (uint64_t)(uintptr_t)out;
    if (state == 0) {
        state = 0x9E3779B97F4A7C15ull;
    }
    for (int attempt = 0; attempt < 100; attempt++) {
        fill_suffix(out + prefix, 6, &state);
        out[prefix + 6] = '\0';
        int fd = openat(folder, out, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST) {
            return fd;
        }
    }
    return -1;
}

int tc_replace_in_folder(int folder, const char *name, const void *bytes, size_t count, int durable) {
    if (name[0] == '\0' || strchr(name, '/') != NULL || strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
        errno = EXDEV;
        return -1;
    }
    char temporary[256];
    int fd = create_temporary(folder, name, temporary, sizeof temporary);
    if (fd < 0) {
        return -1;
    }
    int failed = tc_write_all(fd, bytes, count) != 0 || (durable && fsync(fd) != 0);
    int saved = errno;
    // close(2) can report a write the kernel deferred (NFS, a full quota).
    if (close(fd) != 0 && !failed) {
        failed = 1;
        saved = errno;
    }
    if (failed) {
        unlinkat(folder, temporary, 0);
        errno = saved;
        return -1;
    }
    struct stat status;
    if (fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0) {
        if (!S_ISREG(status.st_mode)) {
            unlinkat(folder, temporary, 0);
            return TC_REPLACE_NOT_REGULAR;
        }
    } else if (errno != ENOENT) {
        saved = errno;
        unlinkat(folder, temporary, 0);
        errno = saved;
        return -1;
    }
    if (renameat(folder, temporary, folder, name) != 0) {
        saved = errno;
        unlinkat(folder, temporary, 0);
        errno = saved;
        return -1;
    }
    if (durable) {
        // The rename itself on disk; a folder that cannot be synced (EINVAL on some file
        // systems) still holds the new file.
        fsync(folder);
    }
    return 0;
}
