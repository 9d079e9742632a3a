extension String {
    /// Calls `body` with the string's UTF-8 where the string stores it, without copying the
    /// string.
    ///
    /// `withUTF8` is mutating, so calling it on a parameter takes a copy first
    /// (`var text = text`), which retains the string's storage and releases it after: for the
    /// frame encoders, a reference count change per id, label and path written, every frame
    /// (docs/benchmarks.md, "Third round, prefetching the next session"). Native strings, small
    /// ones included, have contiguous UTF-8 and are read where they are; only a string without
    /// (a bridged one) is copied.
    @inlinable @inline(__always)
    public func withUTF8InPlace<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
