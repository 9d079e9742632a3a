import Foundation
import JSON
import Recording

/// `GET /api/recordings`: one row per recording in the folder, each made by reading the whole
/// file once and kept while the file's size and modification time stay the same. Reading every
/// file on every listing held the service thread 0.43 s for a 37 MB folder.
struct RecordingListing {
    /// A row and the file version it was made from.
    private struct Entry {
        var bytes: Int
        var modified: Date
        /// The row's `created`, to sort by, and the row.
        var created: String
        var row: JSONValue
    }

    private var entries: [String: Entry] = [:]

    /// `[{"name","title","created","duration","bytes"}]`, newest first; a file that cannot be
    /// read as a recording also has `"error"`, why (it is listed, so it can be found and deleted,
    /// but opening it would fail). Regular files only (a symbolic link in the folder is not a
    /// recording), named by a valid recording name.
    mutating func rows(in directory: String) -> [JSONValue] {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            entries = [:]
            return []
        }
        var seen: [String: Entry] = [:]
        for file in files where file.hasSuffix(RecordingName.extensionSuffix) {
            let name = String(file.dropLast(RecordingName.extensionSuffix.count))
            guard (try? RecordingName.validate(name)) != nil else { continue }
            let path = RecordingFiles.path(of: name, in: directory)
            guard let attributes = RecordingFiles.regularFileAttributes(path) else { continue }
            let bytes = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let modified = attributes[.modificationDate] as? Date ?? .distantPast
            if let kept = entries[name], kept.bytes == bytes, kept.modified == modified {
                seen[name] = kept
            } else {
                seen[name] = RecordingListing.entry(name: name, path: path, bytes: bytes, modified: modified)
            }
        }
        entries = seen
        return seen.sorted { ($0.value.created, $1.key) > ($1.value.created, $0.key) }.map(\.value.row)
    }

    private static func entry(name: String, path: String, bytes: Int, modified: Date) -> Entry {
        var title = "", created = "", duration = 0.0, ended = false
        var unreadable: String?
        if let data = FileManager.default.contents(atPath: path) {
            do {
                let recording = try RecordingReader.read(Array(data))
                title = recording.header.title
                created = recording.header.created
                duration = recording.duration
                ended = recording.hasEndLine
            } catch {
                unreadable = error.description
            }
        } else {
            unreadable = "cannot be read"
        }
        var row = JSONObject(pairs: [
            ("name", .string(name)), ("title", .string(title)), ("created", .string(created)),
            ("duration", .number(duration)), ("bytes", .number(Double(bytes))), ("ended", .bool(ended)),
        ])
        if let unreadable { row.append("error", .string(unreadable)) }
        return Entry(bytes: bytes, modified: modified, created: created, row: .object(row))
    }
}
