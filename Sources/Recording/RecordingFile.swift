import JSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open `.pcast` file being written. Every line goes to the kernel with one `write` as soon as
/// it is appended, so killing the process loses at most the line being written.
/// Not thread-safe: owned by the session's thread.
public final class RecordingFile {
    public let path: String
    private var descriptor: Int32
    private var writer = JSONWriter(capacity: 512)
    /// Bytes written so far.
    public private(set) var bytesWritten = 0
    /// Refuse to grow beyond this many bytes (appends then throw `.io`).
    public let maxBytes: Int

    /// Creates (or truncates) the file and writes the header line. A symbolic link at `path`
    /// is refused (`O_NOFOLLOW`), so a link planted in the recordings folder cannot make the
    /// server overwrite a file elsewhere.
    public init(path: String, header: RecordingHeader, maxBytes: Int = 256 << 20) throws(RecordingError) {
        self.path = path
        self.maxBytes = maxBytes
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw .io("cannot create \(path): \(String(cString: strerror(errno)))") }
        descriptor = fd
        var line = header.encoded()
        line.append(0x0A)
        try writeAll(line)
    }

    deinit {
        if descriptor >= 0 { RecordingFile.closeDescriptor(descriptor) }
    }

    private static func closeDescriptor(_ fd: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(fd)
        #else
            _ = Darwin.close(fd)
        #endif
    }

    /// Appends one event line.
    public func append(_ event: TimedRecordingEvent) throws(RecordingError) {
        writer.reset()
        event.encoded(into: &writer)
        writer.appendByte(0x0A)
        try writeLine(writer.bytes)
    }

    /// Appends one event line already encoded (a ``CommandLog`` entry's bytes, without the newline).
    public func appendLine(_ line: ArraySlice<UInt8>) throws(RecordingError) {
        var bytes = [UInt8]()
        bytes.reserveCapacity(line.count + 1)
        bytes.append(contentsOf: line)
        bytes.append(0x0A)
        try writeLine(bytes)
    }

    /// Writes one whole line (its newline included) with one `write`, unless it would take the
    /// file past ``maxBytes``.
    private func writeLine(_ bytes: [UInt8]) throws(RecordingError) {
        guard bytesWritten + bytes.count <= maxBytes else {
            throw .io("recording \(path) reached its size limit of \(maxBytes) bytes")
        }
        try writeAll(bytes)
    }

    /// Closes the file (further appends throw).
    public func close() {
        if descriptor >= 0 {
            _ = fsync(descriptor)
            RecordingFile.closeDescriptor(descriptor)
            descriptor = -1
        }
    }

    private func writeAll(_ bytes: [UInt8]) throws(RecordingError) {
        guard descriptor >= 0 else { throw .io("recording \(path) is closed") }
        var offset = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                guard let base = raw.baseAddress else { return }
                let n = write(descriptor, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        bytesWritten += offset
        if failure != 0 {
            throw .io("cannot write \(path): \(String(cString: strerror(failure)))")
        }
    }
}
