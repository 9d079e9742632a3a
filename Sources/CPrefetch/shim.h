// Cache prefetch hints, which Swift has no spelling for (docs/architecture.md, "Prefetching the
// next session"), and the size of a heap block, which tests use to check what is prefetched.
#include <malloc.h>

/* Asks the CPU to bring the `bytes` bytes from `address` into its caches, one 64-byte line at a
   time, and returns at once: a prefetch neither waits for memory nor faults, so `address` need
   not be valid any more when the lines arrive. */
static inline void pc_prefetch(const void *address, long bytes) {
    for (long offset = 0; offset < bytes; offset += 64) __builtin_prefetch((const char *)address + offset, 0, 3);
}

/* The usable size of the heap block at `address` (from malloc, as Swift objects are). */
static inline unsigned long pc_allocation_size(void *address) {
    return malloc_usable_size(address);
}
