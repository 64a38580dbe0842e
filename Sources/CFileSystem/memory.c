#define _GNU_SOURCE 1
#include "open_beneath.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void tc_keep_freed_memory(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 256 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

#if defined(__linux__)
#include <sys/mman.h>
#endif

int tc_memory_file(void) {
#if defined(__linux__) && defined(MFD_CLOEXEC)
    return memfd_create("tallcheck-entry", MFD_CLOEXEC);
#else
    return -1;
#endif
}
