#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Explains a failed listen: tries to bind a plain socket to the same address and
/// returns the system's reason when that fails too (for example "Address already in
/// use"), or nil when the address could be bound (the failure was elsewhere) or is
/// not a numeric address.
enum BindDiagnosis {
    static func reason(host: String, port: Int) -> String? {
        var ipv4 = sockaddr_in()
        var ipv6 = sockaddr_in6()
        if inet_pton(AF_INET, host, &ipv4.sin_addr) == 1 {
            ipv4.sin_family = sa_family_t(AF_INET)
            ipv4.sin_port = in_port_t(UInt16(clamping: port).bigEndian)
            return withUnsafeBytes(of: &ipv4) { tryBind(family: AF_INET, address: $0) }
        }
        if inet_pton(AF_INET6, host, &ipv6.sin6_addr) == 1 {
            ipv6.sin6_family = sa_family_t(AF_INET6)
            ipv6.sin6_port = in_port_t(UInt16(clamping: port).bigEndian)
            return withUnsafeBytes(of: &ipv6) { tryBind(family: AF_INET6, address: $0) }
        }
        return nil
    }

    private static func tryBind(family: Int32, address: UnsafeRawBufferPointer) -> String? {
        #if canImport(Glibc)
            let stream = Int32(SOCK_STREAM.rawValue)
        #else
            let stream = SOCK_STREAM
        #endif
        let descriptor = socket(family, stream, 0)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { close(descriptor) }
        var reuse: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        guard let base = address.baseAddress?.assumingMemoryBound(to: sockaddr.self) else { return nil }
        guard bind(descriptor, base, socklen_t(address.count)) != 0 else { return nil }
        return String(cString: strerror(errno))
    }
}
