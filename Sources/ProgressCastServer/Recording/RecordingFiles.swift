import Foundation
import Recording

/// The recordings folder's files: recording NAME is `NAME.pcast` there, and only a regular file
/// counts (a symbolic link in the folder, perhaps pointing outside it, is not a recording).
enum RecordingFiles {
    /// Where recording `name` is, or would be, in `directory`.
    static func path(of name: String, in directory: String) -> String {
        directory + "/" + RecordingName.fileName(name)
    }

    /// The attributes of the file at `path` when it is a regular file, else nil.
    static func regularFileAttributes(_ path: String) -> [FileAttributeKey: Any]? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return nil }
        return attributes
    }

    /// The path of recording `name` in `directory` when it is there, else nil.
    static func existing(_ name: String, in directory: String) -> String? {
        let path = path(of: name, in: directory)
        return regularFileAttributes(path) == nil ? nil : path
    }
}
