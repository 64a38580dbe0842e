#include "open_beneath.h"

// Any C library header, for <features.h>: without one __GLIBC__ is not defined yet, and the
// setting below is compiled out (it was, unnoticed, from 1549735 to stop 51).
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int tc_tune_malloc(void) {
#if defined(__GLIBC__)
    // Each arena's heap starts with 16 MiB of usable address space (its pages are still
    // touched only when used), not 132 KiB grown one 4 KiB mprotect at a time: a cold lint of
    // 20,000 images made 1,700 of those calls from its worker threads.
    return mallopt(M_TOP_PAD, 16 << 20);
#else
    return 0;
#endif
}
