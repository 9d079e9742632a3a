#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's device and inode: equal for the same file under any name (a symbolic or hard link,
/// another spelling of the path), so a command can refuse to write over the file it reads
/// (`export` over its recording, `run-script --record` over its script).
public struct FileIdentity: Equatable, Sendable {
    private let device: UInt64
    private let inode: UInt64

    /// The identity of what `status` describes.
    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    /// The identity of the file at `path` (links followed), or nil when nothing is there.
    public init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The identity of the file open as `descriptor`, or nil when it is not open.
    public init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }
}
