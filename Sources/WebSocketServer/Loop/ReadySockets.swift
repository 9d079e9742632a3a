import CEpoll

#if canImport(Glibc)
    import Glibc
#endif

/// What the service thread waits on (docs/architecture.md, "Threading"): an epoll set of the
/// sockets libwebsockets serves, for input (the listening socket, every accepted connection),
/// plus output on a WebSocket connection while libwebsockets holds part of a message it could
/// not send, and the eventfd that wakes signal (``ServerControl``).
///
/// `poll` costs O(open sockets) each time it runs, and more when it sleeps; `epoll_wait` costs
/// O(ready sockets). Interest is set when a socket is accepted, so nothing changes per write:
/// writes go out through ``ServerLoop/flushWrites()``. (Debian's libwebsockets 4.1 is built
/// without its external-poll callbacks, so the loop cannot follow the library's own interest;
/// what only the library knows, like when an HTTP response's socket wants more, is left to its
/// own poll.) Every watched socket is watched for input. Service thread only.
final class ReadySockets {
    private let epoll: Int32
    private let wakeEvent: Int32
    private let events: UnsafeMutablePointer<epoll_event>
    private static let capacity = 256
    /// Sockets reported ready by the last ``wait(microseconds:)``, with their poll events.
    private(set) var ready: [(socket: Int32, events: Int16)] = []
    /// epoll_pwait2 (microsecond timeouts) is missing before Linux 5.11; epoll_wait then.
    private var hasMicrosecondWait = true

    /// nil when the kernel refuses an epoll set (the service thread then waits in
    /// libwebsockets' own poll).
    init?(wakeEvent: Int32) {
        guard wakeEvent >= 0 else { return nil }
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { return nil }
        self.wakeEvent = wakeEvent
        events = .allocate(capacity: Self.capacity)
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = wakeEvent
        guard epoll_ctl(epoll, EPOLL_CTL_ADD, wakeEvent, &event) == 0 else {
            close(epoll)
            events.deallocate()
            return nil
        }
    }

    deinit {
        close(epoll)
        events.deallocate()
    }

    /// Watches a socket for input (a socket libwebsockets just accepted, or its listening socket).
    /// Watching one already watched changes nothing.
    func watch(_ socket: Int32) {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = socket
        // A closed socket leaves the set by itself, so a descriptor number that comes back is new.
        if epoll_ctl(epoll, EPOLL_CTL_ADD, socket, &event) != 0, errno == EEXIST {
            epoll_ctl(epoll, EPOLL_CTL_MOD, socket, &event)
        }
    }

    /// Watches a watched socket for output too, or no longer.
    func watchOutput(_ socket: Int32, _ output: Bool) {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | (output ? EPOLLOUT.rawValue : 0)
        event.data.fd = socket
        epoll_ctl(epoll, EPOLL_CTL_MOD, socket, &event)
    }

    /// Stops watching a socket (before libwebsockets closes it: a descriptor number may be reused).
    func unwatch(_ socket: Int32) {
        epoll_ctl(epoll, EPOLL_CTL_DEL, socket, nil)
    }

    /// Waits until a socket is ready, a wake is signalled or `microseconds` pass; fills ``ready``
    /// and consumes the wake signal (the wake itself stays pending in ``ServerControl``).
    func wait(microseconds: Int64) {
        ready.removeAll(keepingCapacity: true)
        let timeout = max(0, microseconds)
        var count: Int32 = -1
        if hasMicrosecondWait {
            var span = timespec(tv_sec: Int(timeout / 1_000_000), tv_nsec: Int(timeout % 1_000_000) * 1_000)
            count = epoll_pwait2(epoll, events, Int32(Self.capacity), &span, nil)
            if count < 0, errno == ENOSYS { hasMicrosecondWait = false }
        }
        if !hasMicrosecondWait {
            count = epoll_wait(epoll, events, Int32(Self.capacity), Int32((timeout + 999) / 1_000))
        }
        guard count > 0 else { return }
        for index in 0..<Int(count) {
            let event = events[index]
            let socket = event.data.fd
            if socket == wakeEvent {
                var value: UInt64 = 0
                _ = read(wakeEvent, &value, MemoryLayout<UInt64>.size)
                continue
            }
            var pollEvents: Int16 = 0
            if event.events & EPOLLIN.rawValue != 0 { pollEvents |= Int16(POLLIN) }
            if event.events & EPOLLOUT.rawValue != 0 { pollEvents |= Int16(POLLOUT) }
            if event.events & EPOLLHUP.rawValue != 0 { pollEvents |= Int16(POLLHUP) }
            if event.events & EPOLLERR.rawValue != 0 { pollEvents |= Int16(POLLERR) }
            ready.append((socket, pollEvents))
        }
    }
}
