import Foundation
import Recording

/// Where an export's output goes, worked out from the output path before any frame is drawn
/// (``resolve(_:format:recording:)``). Only a regular file is ever replaced, and then by
/// renaming a finished temporary file over it; nothing else at the path is removed.
public enum ExportDestination: Equatable, Sendable {
    /// A regular file (new or existing), or a new folder for a PNG sequence, at this path: the
    /// export is written under a hidden temporary name in the same folder and renamed over it
    /// when done. For a symbolic link to a regular file this is the link's target (the link
    /// stays a link).
    case file(String)
    /// Standard output (the path `-`): the finished export is copied to it.
    case standardOutput
    /// An existing path that is neither a regular file nor a folder (a FIFO, a character device
    /// such as `/dev/null`, or a link to one): the finished export is written into it, opened
    /// for writing; it is never replaced.
    case stream(String)

    /// The destination for the output path `path` (`-`: standard output).
    /// - Parameters:
    ///   - format: a PNG sequence needs a path where nothing exists yet (it makes a folder).
    ///   - recording: the path of the recording exported, if it is a file: an output that is
    ///     the same file (also through links, or standard output redirected to it) is refused.
    /// - Throws: ``ExportError/Kind/badSettings`` for an output that names the recording or
    ///   does not suit the format, ``ExportError/Kind/io`` for a path that cannot be written
    ///   (a folder, a link to nothing, a folder that does not exist).
    public static func resolve(
        _ path: String, format: ExportFormat, recording: String? = nil
    ) throws(ExportError) -> ExportDestination {
        let input = recording.flatMap { FileIdentity(path: $0) }
        if path == "-" {
            if format == .pngSequence {
                throw ExportError(
                    .badSettings, "a PNG sequence is a folder of files: it cannot go to standard output")
            }
            if let input, let output = FileIdentity(descriptor: STDOUT_FILENO), input == output {
                throw ExportError(
                    .badSettings,
                    "standard output is the recording being exported (\(recording ?? "")): redirect it elsewhere")
            }
            return .standardOutput
        }
        var link = stat()
        guard lstat(path, &link) == 0 else {
            // Nothing there yet: a new file or folder.
            return .file(path)
        }
        if format == .pngSequence {
            // A folder is not renamed over an existing one (rename(2) would replace only an empty one).
            throw ExportError(.io, "\(path) already exists")
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            throw ExportError(
                .io,
                "cannot write \(path): it is a link to \(Self.linkTarget(path) ?? "a path") that cannot be followed (\(reason))"
            )
        }
        if let input, input == FileIdentity(path: path) {
            throw ExportError(
                .badSettings,
                "\(path) is the recording being exported\(path == recording ? "" : " (\(recording ?? ""))"): choose another output path"
            )
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            throw ExportError(.io, "cannot write \(path): it is a folder")
        case S_IFREG:
            // A link to the file standard output writes (`/dev/stdout`, `/proc/self/fd/1` with
            // standard output redirected to a file) means standard output: written where the
            // shell's redirection writes (appending after `>>`), not renamed over the file.
            if link.st_mode & S_IFMT == S_IFLNK, let output = FileIdentity(descriptor: STDOUT_FILENO),
                output == FileIdentity(path: path)
            {
                return .standardOutput
            }
            guard link.st_mode & S_IFMT == S_IFLNK else { return .file(path) }
            guard let resolved = realpath(path, nil) else {
                throw ExportError(.io, "cannot write \(path): its link cannot be resolved")
            }
            defer { free(resolved) }
            return .file(String(cString: resolved))
        default:
            return .stream(path)
        }
    }

    private static func linkTarget(_ path: String) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: path)
    }
}
