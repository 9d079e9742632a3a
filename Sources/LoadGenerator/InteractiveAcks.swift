#if canImport(Glibc)
    import Glibc
#endif

/// Linux TCP's *interactive* mode ("pingpong"): a connection whose side just wrote data soon
/// after receiving some expects to reply again, so it holds its acks for the reply. The load
/// generator ends it after each write (``LoadOptions/interactiveAcks``): on loopback an
/// interactive receiver acks the server's frames inside the server's own `send`, charging the
/// server for its client's acks (docs/benchmarks.md, "The baseline's clients").
enum InteractiveAcks {
    /// Ends the mode on `fd` (`TCP_QUICKACK` set to 1, which also sends any ack held); returns
    /// false when the socket refused it.
    @discardableResult
    static func end(on fd: Int32) -> Bool {
        var one: Int32 = 1
        return setsockopt(fd, Int32(IPPROTO_TCP), TCP_QUICKACK, &one, socklen_t(MemoryLayout<Int32>.size)) == 0
    }

    /// Whether `fd` is in the mode now (`TCP_QUICKACK` reads 0 while it is); nil when it cannot
    /// be read.
    static func isInteractive(_ fd: Int32) -> Bool? {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, Int32(IPPROTO_TCP), TCP_QUICKACK, &value, &length) == 0 else { return nil }
        return value == 0
    }
}
