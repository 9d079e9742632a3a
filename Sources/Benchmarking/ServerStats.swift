import Foundation
import JSON
import LoadGenerator

/// The frame pacer's and the transport's counters of a running `progresscast serve`, read from
/// its `GET /api/stats` (docs/protocol.md section 1) over loopback, so a bench run can say how
/// many frames the server rendered, skipped and replaced unsent besides what the load
/// generator received.
struct ServerStats {
    var rendered = 0
    var changed = 0
    var skippedUnsent = 0
    var framesReplaced = 0
    var messagesSent = 0
    /// The server's side of the command-to-frame latency (`latency.opToFrame`).
    var opToFrame = MillisecondBuckets()
    /// How long frames waited in their connection's slot to be written (`latency.latestWait`).
    var latestWait = MillisecondBuckets()

    /// Reads `GET /api/stats` from the server on `127.0.0.1:port` (one blocking request, 5 s
    /// timeout).
    static func read(port: Int) throws -> ServerStats {
        let body = try get(path: "/api/stats", port: port)
        let value = try JSONParser.parse(body)
        guard case .object = value else { throw BenchError("/api/stats did not answer a JSON object") }
        func int(_ group: String, _ key: String) -> Int {
            Int(value[group]?[key]?.doubleValue ?? 0)
        }
        func buckets(_ name: String) -> MillisecondBuckets {
            let counts = value["latency"]?[name]?["bucketsMs"]?.arrayValue ?? []
            return MillisecondBuckets(counts: counts.map { Int($0.doubleValue ?? 0) })
        }
        return ServerStats(
            rendered: int("frames", "rendered"), changed: int("frames", "changed"),
            skippedUnsent: int("frames", "skippedUnsent"), framesReplaced: int("transport", "framesReplaced"),
            messagesSent: int("transport", "messagesSent"), opToFrame: buckets("opToFrame"),
            latestWait: buckets("latestWait"))
    }

    /// The counts between `earlier` and `self`.
    func since(_ earlier: ServerStats) -> ServerStats {
        ServerStats(
            rendered: rendered - earlier.rendered, changed: changed - earlier.changed,
            skippedUnsent: skippedUnsent - earlier.skippedUnsent,
            framesReplaced: framesReplaced - earlier.framesReplaced,
            messagesSent: messagesSent - earlier.messagesSent,
            opToFrame: opToFrame.since(earlier.opToFrame), latestWait: latestWait.since(earlier.latestWait))
    }

    /// The body of `GET path` on `127.0.0.1:port` (HTTP/1.0, so the server closes when done).
    private static func get(path: String, port: Int) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchError("socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw BenchError("connect to port \(port): \(String(cString: strerror(errno)))") }
        let request = Array("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == request.count else {
            throw BenchError("could not send the request for \(path)")
        }
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while response.count < 1 << 20 {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            response += chunk[0..<count]
        }
        let text = String(decoding: response, as: UTF8.self)
        guard text.hasPrefix("HTTP/1.") && text.dropFirst(9).hasPrefix("200"),
            let split = text.range(of: "\r\n\r\n")
        else {
            throw BenchError("\(path) answered: \(text.prefix(120))")
        }
        return String(text[split.upperBound...])
    }
}

/// A latency histogram of `GET /api/stats` (`bucketsMs`: entry `i` counts samples of at least `i`
/// and under `i + 1` ms; the server's last entry, the 101st, holds everything from 100 ms on).
struct MillisecondBuckets: Equatable {
    var counts: [Int] = []

    /// Samples.
    var count: Int { counts.reduce(0, +) }

    /// The counts between `earlier` and `self`, entry by entry (either list may be the longer).
    func since(_ earlier: MillisecondBuckets) -> MillisecondBuckets {
        MillisecondBuckets(
            counts: (0..<max(counts.count, earlier.counts.count)).map { index in
                (counts.indices.contains(index) ? counts[index] : 0)
                    - (earlier.counts.indices.contains(index) ? earlier.counts[index] : 0)
            })
    }

    /// The latency at `fraction` (0.5: the median), in milliseconds: the upper edge of the bucket
    /// where that share of the samples is reached (at most a whole millisecond above the true
    /// value); nil without samples.
    func percentile(_ fraction: Double) -> Double? {
        let total = count
        guard total > 0 else { return nil }
        let wanted = max(1, Int((fraction * Double(total)).rounded(.up)))
        var seen = 0
        for (index, samples) in counts.enumerated() {
            seen += samples
            if seen >= wanted { return Double(index + 1) }
        }
        return Double(counts.count)
    }
}

/// The server's counters at the two ends of a load run's measured window
/// (``LoadOptions/onWindowEdge``): the start is read on a thread of its own (the generator is
/// timing frames then), the end after the window, the last generator thread's call winning.
///
/// `@unchecked Sendable`: its state is read and written under its lock.
final class WindowStats: @unchecked Sendable {
    private let port: Int
    private let lock = NSLock()
    private var start: ServerStats?
    private var end: ServerStats?
    private var started = false
    private let startRead = DispatchGroup()

    init(port: Int) {
        self.port = port
    }

    /// The load generator's callback.
    func edge(_ edge: LoadWindowEdge) {
        switch edge {
        case .start:
            let first = lock.withLock {
                defer { started = true }
                return !started
            }
            guard first else { return }
            startRead.enter()
            let thread = Thread { [self] in
                let stats = try? ServerStats.read(port: port)
                lock.withLock { start = stats }
                startRead.leave()
            }
            thread.start()
        case .end:
            let stats = try? ServerStats.read(port: port)
            lock.withLock { end = stats ?? end }
        }
    }

    /// The counts between the window's two ends (nil unless both were read).
    var counts: ServerStats? {
        _ = startRead.wait(timeout: .now() + 10)
        return lock.withLock { start.flatMap { start in end.map { $0.since(start) } } }
    }
}
