import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A failure at run time (a file that cannot be read or written, an input that is not what it
/// should be), as opposed to a mistake in the command line: ArgumentParser prints it as one
/// `Error: ...` line and exits with status 1, without the usage text it adds to a
/// `ValidationError` (status 64).
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }

    /// The bytes of the file at `path`, or a failure that says why they cannot be read.
    static func read(_ path: String) throws(CommandFailure) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandFailure("cannot read \(path): no such file")
        }
        guard !isDirectory.boolValue else { throw CommandFailure("cannot read \(path): it is a folder") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("cannot read \(path): \(reason(errno))")
        }
        return data
    }

    /// Writes `bytes` to the file at `path` (created or replaced), or throws a failure that
    /// says why it cannot.
    static func write(_ bytes: [UInt8], to path: String) throws(CommandFailure) {
        do { try Data(bytes).write(to: URL(fileURLWithPath: path)) } catch {
            let folder = (path as NSString).deletingLastPathComponent
            var isDirectory: ObjCBool = false
            if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
                throw CommandFailure("cannot write \(path): the folder \(folder) does not exist")
            }
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw CommandFailure("cannot write \(path): it is a folder")
            }
            throw CommandFailure("cannot write \(path): permission denied or no space")
        }
    }

    private static func reason(_ code: Int32) -> String {
        code == 0 ? "not a regular file" : String(cString: strerror(code))
    }
}
