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
