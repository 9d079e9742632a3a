// Linux epoll, which the Swift Glibc module does not export (the load generator's epoll client).
#include <sys/epoll.h>
