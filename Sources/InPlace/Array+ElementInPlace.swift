extension Array {
    /// Calls `body` with the element at `index` where it is stored, without copying it.
    ///
    /// Passing an array element to a function that is not inlined, as `self` of a method call or
    /// as an argument (even `borrowing`, even through an `UnsafePointer`), makes Swift copy it
    /// first: the optimizer cannot prove the storage stays unchanged during the call, so it
    /// retains every reference the value holds and releases them after. For a component drawn
    /// every frame (a HUD, a scroll view, a navigation stack) that is a dozen atomic reference
    /// count changes on cold cache lines per call. An `inout` argument is passed by address, so
    /// the element is read in place (docs/benchmarks.md, "Third round, reading in place").
    ///
    /// `body` must only read the element: the array's storage may be shared with other copies
    /// of the array, and writing through the reference would change them all.
    ///
    /// - Precondition: `index` is a valid index of the array.
    @inlinable @inline(__always)
    public func withElementInPlace<Result>(at index: Int, _ body: (inout Element) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer { buffer in
            precondition(buffer.indices.contains(index), "index out of range")
            let element = UnsafeMutablePointer(mutating: buffer.baseAddress.unsafelyUnwrapped + index)
            return try body(&element.pointee)
        }
    }

    /// Calls `body` with each element in turn where it is stored, without copying it (see
    /// ``withElementInPlace(at:_:)``). `body` must only read the elements.
    @inlinable @inline(__always)
    public func forEachInPlace(_ body: (inout Element) throws -> Void) rethrows {
        try forEachInPlace(0..<count, body)
    }

    /// Calls `body` with each element of `range` in turn where it is stored, without copying it
    /// (see ``withElementInPlace(at:_:)``). `body` must only read the elements.
    ///
    /// - Precondition: `range` lies within the array's indices.
    @inlinable @inline(__always)
    public func forEachInPlace(_ range: Range<Int>, _ body: (inout Element) throws -> Void) rethrows {
        try withUnsafeBufferPointer { buffer in
            precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "range out of bounds")
            guard let base = buffer.baseAddress else { return }
            let elements = UnsafeMutablePointer(mutating: base)
            for offset in range { try body(&elements[offset]) }
        }
    }
}
