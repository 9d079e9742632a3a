#if FUZZING
    /// libFuzzer's driver (linked in by `-sanitize=fuzzer`).
    @_silgen_name("LLVMFuzzerRunDriver")
    private func llvmFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    extension FuzzHarness {
        /// Hands a fuzz target's `main` over to libFuzzer with its one-input callback.
        public static func runLibFuzzer(
            argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
            _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
        ) -> CInt {
            var count = argc
            var vector = argv
            return llvmFuzzerRunDriver(&count, &vector, callback)
        }

        /// The bytes of one libFuzzer input.
        public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
            data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        }
    }
#endif
