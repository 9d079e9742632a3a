import FuzzHarness

// Built two ways (scripts/fuzz.sh):
// - with `-Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING`: a libFuzzer target; libFuzzer's
//   flags apply (`FuzzRecordingReader CORPUS_DIR -max_total_time=30`).
// - plainly: runs each file named on the command line through the same code once
//   (to reproduce a crash without the fuzzer).

#if FUZZING
    /// libFuzzer's entry point: one input.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        FuzzHarness.readRecording(FuzzHarness.bytes(data, size))
        return 0
    }

    /// The executable's entry point (SwiftPM links `main` to `<module>_main`): hands over to libFuzzer.
    @_cdecl("FuzzRecordingReader_main")
    func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        FuzzHarness.runLibFuzzer(argc: argc, argv: argv, fuzzOneInput)
    }
#else
    /// Runs each file given on the command line through the fuzz target's code once.
    @main
    enum FuzzRecordingReaderMain {
        static func main() {
            FuzzHarness.replayFiles(Array(CommandLine.arguments.dropFirst()), through: FuzzHarness.readRecording)
        }
    }
#endif
