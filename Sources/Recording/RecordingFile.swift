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

    /// Creates the file and writes the header line: with `replacing`, an existing file is
    /// truncated; without it, an existing file is left as it is and this throws `.exists`
    /// (`O_EXCL`, so two writers can never share one file). A symbolic link at `path` is refused
    /// (`O_NOFOLLOW`), so a link planted in the recordings folder cannot make the server
    /// overwrite a file elsewhere.
    public init(
        path: String, header: RecordingHeader, maxBytes: Int = 256 << 20, replacing: Bool = true
    ) throws(RecordingError) {
        self.path = path
        self.maxBytes = maxBytes
        let fd = open(
            path, O_WRONLY | O_CREAT | (replacing ? O_TRUNC : O_EXCL) | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else {
            if !replacing && errno == EEXIST { throw .exists(path) }
            throw .io("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        descriptor = fd
        let line = header.encoded() + [0x0A]
        if let error = line.withUnsafeBytes({ writeAll($0) }) { throw error }
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
        try writeWriterLine()
    }

    /// Appends one event line already encoded (a ``CommandLog`` entry's bytes, without the newline).
    public func appendLine(_ line: ArraySlice<UInt8>) throws(RecordingError) {
        writer.reset()
        writer.appendRaw(line)
        try writeWriterLine()
    }

    /// Ends the line in ``writer`` with its newline and writes it with one `write`, from the
    /// writer's buffer, unless it would take the file past ``maxBytes``.
    private func writeWriterLine() throws(RecordingError) {
        writer.appendByte(0x0A)
        guard bytesWritten + writer.count <= maxBytes else {
            throw .io("recording \(path) reached its size limit of \(maxBytes) bytes")
        }
        if let error = writer.withUnsafeBytes({ writeAll($0) }) { throw error }
    }

    /// Closes the file (further appends throw).
    public func close() {
        if descriptor >= 0 {
            _ = fsync(descriptor)
            RecordingFile.closeDescriptor(descriptor)
            descriptor = -1
        }
    }

    /// Writes all of `raw` (retrying short writes); returns the error that stopped it, if any.
    private func writeAll(_ raw: UnsafeRawBufferPointer) -> RecordingError? {
        guard descriptor >= 0 else { return .io("recording \(path) is closed") }
        var offset = 0
        // What reached the file counts toward the limit, a short write's part included.
        defer { bytesWritten += offset }
        while offset < raw.count, let base = raw.baseAddress {
            let n = write(descriptor, base + offset, raw.count - offset)
            if n < 0 {
                let failure = errno
                if failure == EINTR { continue }
                return .io("cannot write \(path): \(String(cString: strerror(failure)))")
            }
            offset += n
        }
        return nil
    }
}
