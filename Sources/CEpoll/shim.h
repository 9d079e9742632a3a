// Linux epoll and eventfd, which the Swift Glibc module does not export (the load generator's
// epoll client; the server's parked service thread, docs/architecture.md "Threading"), and
// thread names (prctl is variadic, which Swift cannot call).
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>

/* Names the calling thread (at most 15 bytes are kept): what top -H, perf and bench show. */
static inline int pc_set_thread_name(const char *name) {
    return prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0);
}
