// Linux epoll and eventfd, which the Swift Glibc module does not export (the load generator's
// epoll client; the server's parked service thread, docs/architecture.md "Threading").
#include <sys/epoll.h>
#include <sys/eventfd.h>
