#if canImport(Glibc)
    import Glibc
#endif

extension FuzzHarness {
    /// Runs each file named in `paths` once through `body` (reproducing a crash without the
    /// fuzzer), printing one line per file. Exits with 2 when a file cannot be read.
    public static func replayFiles(_ paths: [String], through body: ([UInt8]) -> Void) {
        for path in paths {
            guard let file = fopen(path, "rb") else {
                print("cannot open \(path)")
                exit(2)
            }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let n = fread(&buffer, 1, buffer.count, file)
                if n <= 0 { break }
                bytes.append(contentsOf: buffer[0..<n])
            }
            fclose(file)
            body(bytes)
            print("ok \(path) (\(bytes.count) bytes)")
        }
    }
}
