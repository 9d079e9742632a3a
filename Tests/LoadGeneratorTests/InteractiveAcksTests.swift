import Testing

@testable import LoadGenerator

#if canImport(Glibc)
    import Glibc
#endif

/// The load generator ends Linux TCP's interactive mode after each write
/// (docs/benchmarks.md, "The baseline's clients"), on real loopback sockets.
@Suite("interactive acks")
struct InteractiveAcksTests {
    /// A connected loopback pair: (client, server side).
    private func pair() throws -> (Int32, Int32) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                try #require(bind(listener, raw, length) == 0)
                try #require(listen(listener, 1) == 0)
                try #require(getsockname(listener, raw, &length) == 0)
            }
        }
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try withUnsafePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                try #require(connect(client, raw, length) == 0)
            }
        }
        let server = accept(listener, nil, nil)
        try #require(client >= 0 && server >= 0)
        return (client, server)
    }

    @Test("a client that writes soon after receiving turns interactive; end(on:) ends it")
    func endsTheMode() throws {
        let (client, server) = try pair()
        defer {
            close(client)
            close(server)
        }
        var byte: UInt8 = 1
        var buffer = [UInt8](repeating: 0, count: 16)
        // Data in, then a reply soon after, as a session's client replies to frames.
        for _ in 0..<3 {
            #expect(send(server, &byte, 1, 0) == 1)
            #expect(recv(client, &buffer, buffer.count, 0) == 1)
            #expect(send(client, &byte, 1, 0) == 1)
            #expect(recv(server, &buffer, buffer.count, 0) == 1)
        }
        #expect(InteractiveAcks.isInteractive(client) == true)
        #expect(InteractiveAcks.end(on: client))
        #expect(InteractiveAcks.isInteractive(client) == false)
    }
}
