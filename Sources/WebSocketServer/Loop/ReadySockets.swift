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
/// own poll, run now and then.) A closed socket leaves the epoll set by itself; a watched
/// descriptor number that comes back for a new socket is added again. Service thread only.
final class ReadySockets {
    private let epoll: Int32
    private let wakeEvent: Int32
    private let events: UnsafeMutablePointer<epoll_event>
    private static let capacity = 256
    /// The poll events each watched socket is registered for.
    private var interest: [Int32: Int16] = [:]
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

    /// How many sockets are watched.
    var count: Int { interest.count }

    /// Watches `socket` for the poll events `pollEvents` (POLLIN, POLLOUT): adds it, or changes
    /// what it is watched for. Nothing happens when that is already so.
    ///
    /// - Parameter isNew: the socket was just accepted: added even if this set watched the number
    ///   before (the kernel dropped that socket when it closed).
    func watch(_ socket: Int32, for pollEvents: Int16, isNew: Bool = false) {
        let previous = isNew ? nil : interest[socket]
        guard isNew || previous != pollEvents else { return }
        var event = epoll_event()
        event.events = Self.epollEvents(pollEvents)
        event.data.fd = socket
        // The kernel drops a closed socket from the set: a number seen before may be new.
        if epoll_ctl(epoll, previous == nil ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, socket, &event) != 0 {
            switch errno {
            case EEXIST: epoll_ctl(epoll, EPOLL_CTL_MOD, socket, &event)
            case ENOENT: epoll_ctl(epoll, EPOLL_CTL_ADD, socket, &event)
            default: break
            }
        }
        interest[socket] = pollEvents
    }

    /// The poll events `socket` is watched for (nil: not watched).
    func events(of socket: Int32) -> Int16? { interest[socket] }

    /// Stops watching a socket (before libwebsockets closes it: a descriptor number may be reused).
    func unwatch(_ socket: Int32) {
        guard interest.removeValue(forKey: socket) != nil else { return }
        epoll_ctl(epoll, EPOLL_CTL_DEL, socket, nil)
    }

    /// The listening TCP socket of this process on `port`, found among its open descriptors
    /// (libwebsockets 4.1 has no call that returns it), or -1.
    static func listeningSocket(port: Int) -> Int32 {
        guard port > 0, let directory = opendir("/proc/self/fd") else { return -1 }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let socket = Int32(name) else { continue }
            var accepting: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(socket, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length) == 0, accepting == 1 else {
                continue
            }
            var address = sockaddr_storage()
            var addressLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &addressLength) }
            }
            guard named == 0 else { continue }
            let found: UInt16
            switch Int32(address.ss_family) {
            case AF_INET: found = withUnsafeBytes(of: address) { $0.load(as: sockaddr_in.self).sin_port }
            case AF_INET6: found = withUnsafeBytes(of: address) { $0.load(as: sockaddr_in6.self).sin6_port }
            default: continue
            }
            if Int(UInt16(bigEndian: found)) == port { return socket }
        }
        return -1
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

    private static func epollEvents(_ pollEvents: Int16) -> UInt32 {
        var events: UInt32 = 0
        if pollEvents & Int16(POLLIN) != 0 { events |= EPOLLIN.rawValue }
        if pollEvents & Int16(POLLOUT) != 0 { events |= EPOLLOUT.rawValue }
        return events
    }
}
