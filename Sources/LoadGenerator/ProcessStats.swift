#if canImport(Glibc)
    import Glibc
#endif

/// CPU time and memory of a process, read from `/proc/PID/stat` and `/proc/PID/status`.
public struct ProcessSample: Sendable {
    /// User + system CPU time in seconds.
    public var cpuSeconds: Double
    /// Resident set size in bytes (`VmRSS`).
    public var residentBytes: Int
    /// Peak resident set size in bytes (`VmHWM`).
    public var peakResidentBytes: Int
    /// When the sample was taken (monotonic seconds).
    public var wallSeconds: Double

    /// Samples process `pid` (nil: this process); nil when it cannot be read (the process is gone).
    public static func read(pid: Int32?) -> ProcessSample? {
        let base = pid.map { "/proc/\($0)" } ?? "/proc/self"
        guard let stat = readSmallFile(base + "/stat"), let status = readSmallFile(base + "/status") else { return nil }
        // The command name (field 2) is in parentheses and may hold spaces: split after the last ')'.
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // Fields after the name start at field 3 (state); utime and stime are fields 14 and 15.
        guard fields.count > 13, let utime = Double(fields[11]), let stime = Double(fields[12]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ProcessSample(
            cpuSeconds: (utime + stime) / max(ticks, 1),
            residentBytes: kilobytes(status, "VmRSS:") * 1024,
            peakResidentBytes: kilobytes(status, "VmHWM:") * 1024,
            wallSeconds: MonotonicClock.seconds())
    }

    /// The share of one core used between `earlier` and this sample (1.0 = one core busy).
    public func coreShare(since earlier: ProcessSample) -> Double {
        let wall = wallSeconds - earlier.wallSeconds
        return wall > 0 ? (cpuSeconds - earlier.cpuSeconds) / wall : 0
    }

    private static func kilobytes(_ status: String, _ key: String) -> Int {
        for line in status.split(separator: "\n") where line.hasPrefix(key) {
            let digits = line.dropFirst(key.count).filter { $0.isNumber }
            return Int(String(digits)) ?? 0
        }
        return 0
    }

    /// Reads a small text file (procfs files report size 0, so read until EOF).
    static func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > 1 << 20 { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// CLOCK_MONOTONIC readings.
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point.
    @inline(__always)
    public static func nanoseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// Seconds since an arbitrary fixed point.
    public static func seconds() -> Double { Double(nanoseconds()) / 1e9 }
}
