#if canImport(Glibc)
    import Glibc
#endif

/// CPU time and memory of a process, read from `/proc/PID/stat` and `/proc/PID/status`, and
/// the CPU time of each of its threads (`/proc/PID/task/TID/stat`).
public struct ProcessSample: Sendable {
    /// User + system CPU time in seconds.
    public var cpuSeconds: Double { userSeconds + systemSeconds }
    /// CPU time spent in the process's own code (user mode), in seconds.
    public var userSeconds: Double
    /// CPU time the kernel spent on the process's behalf (system calls such as `send`, and the
    /// loopback delivery they run), in seconds.
    public var systemSeconds: Double
    /// Resident set size in bytes (`VmRSS`).
    public var residentBytes: Int
    /// Peak resident set size in bytes (`VmHWM`).
    public var peakResidentBytes: Int
    /// When the sample was taken (monotonic seconds).
    public var wallSeconds: Double
    /// The process's threads when sampled.
    public var threads: [ThreadSample] = []

    /// Samples process `pid` (nil: this process); nil when it cannot be read (the process is gone).
    public static func read(pid: Int32?) -> ProcessSample? {
        let base = pid.map { "/proc/\($0)" } ?? "/proc/self"
        guard let statText = readSmallFile(base + "/stat"), let stat = StatLine(statText),
            let status = readSmallFile(base + "/status")
        else { return nil }
        return ProcessSample(
            userSeconds: stat.userSeconds, systemSeconds: stat.systemSeconds,
            residentBytes: kilobytes(status, "VmRSS:") * 1024,
            peakResidentBytes: kilobytes(status, "VmHWM:") * 1024,
            wallSeconds: MonotonicClock.seconds(), threads: readThreads(base))
    }

    /// The share of one core used between `earlier` and this sample (1.0 = one core busy).
    public func coreShare(since earlier: ProcessSample) -> Double {
        share(cpuSeconds - earlier.cpuSeconds, since: earlier)
    }

    /// The part of ``coreShare(since:)`` the kernel spent on the process's behalf.
    public func systemShare(since earlier: ProcessSample) -> Double {
        share(systemSeconds - earlier.systemSeconds, since: earlier)
    }

    /// `seconds` of CPU time as a share of one core over the time since `earlier`.
    private func share(_ seconds: Double, since earlier: ProcessSample) -> Double {
        let wall = wallSeconds - earlier.wallSeconds
        return wall > 0 ? seconds / wall : 0
    }

    /// Each thread's share of one core between `earlier` and this sample, in user mode and in
    /// the kernel, busiest first. A thread is matched by its id; one that started after
    /// `earlier` counts from zero.
    public func threadShares(since earlier: ProcessSample) -> [ThreadShare] {
        guard wallSeconds > earlier.wallSeconds else { return [] }
        var before: [Int32: ThreadSample] = [:]
        for thread in earlier.threads { before[thread.id] = thread }
        return threads.map { thread in
            let start = before[thread.id]
            return ThreadShare(
                name: thread.name, user: share(thread.userSeconds - (start?.userSeconds ?? 0), since: earlier),
                system: share(thread.systemSeconds - (start?.systemSeconds ?? 0), since: earlier))
        }
        .filter { $0.user + $0.system > 0 }
        .sorted { $0.user + $0.system > $1.user + $1.system }
    }

    /// The threads listed in `base/task`, each read from its own `stat`.
    private static func readThreads(_ base: String) -> [ThreadSample] {
        guard let directory = opendir(base + "/task") else { return [] }
        defer { closedir(directory) }
        var threads: [ThreadSample] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let id = Int32(name), let text = readSmallFile("\(base)/task/\(name)/stat"),
                let stat = StatLine(text)
            else { continue }
            threads.append(
                ThreadSample(id: id, name: stat.name, userSeconds: stat.userSeconds, systemSeconds: stat.systemSeconds))
        }
        return threads
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

/// One thread's CPU time (``ProcessSample/threads``).
public struct ThreadSample: Sendable, Equatable {
    /// The thread id (`TID`).
    public var id: Int32
    /// The thread's name (`comm`: at most 15 bytes, set with `pthread_setname_np`).
    public var name: String
    public var userSeconds: Double
    public var systemSeconds: Double
}

/// One thread's share of one core over a window (1.0 = one core busy), split into its own code
/// (user mode) and the kernel's work for it (``ProcessSample/threadShares(since:)``).
public struct ThreadShare: Sendable, Equatable {
    public var name: String
    public var user: Double
    public var system: Double

    public init(name: String, user: Double, system: Double) {
        self.name = name
        self.user = user
        self.system = system
    }
}

/// The fields of a `/proc/.../stat` line the samples use.
struct StatLine: Equatable {
    /// The command name (field 2), without its parentheses.
    var name: String
    var userSeconds: Double
    var systemSeconds: Double

    /// Parses `text`; nil when it is not a stat line.
    init?(_ text: String, ticksPerSecond: Double = Double(sysconf(Int32(_SC_CLK_TCK)))) {
        // The command name (field 2) is in parentheses and may hold spaces and parentheses:
        // split after the last ')'.
        guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close else {
            return nil
        }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // Fields after the name start at field 3 (state); utime and stime are fields 14 and 15.
        guard fields.count > 13, let utime = Double(fields[11]), let stime = Double(fields[12]) else { return nil }
        let ticks = max(ticksPerSecond, 1)
        name = String(text[text.index(after: open)..<close])
        userSeconds = utime / ticks
        systemSeconds = stime / ticks
    }
}
