import Export
import Foundation
import Recording
import Synchronization
import Typesetting
import WebSocketServer

/// One export run for `GET /api/recordings/NAME/export` on a thread of its own, so the service
/// thread goes on serving; it wakes the service thread when the file is ready (or failed), and
/// the app answers the deferred request then.
final class RecordingExport: Sendable {
    /// The request waiting for the file.
    let ticket: HTTPTicket
    /// The file name offered to the browser.
    let fileName: String
    let format: ExportFormat
    private let cancelled = Atomic<Bool>(false)
    private let outcome = Mutex<Result<[UInt8], ExportError>?>(nil)
    /// Signalled once the thread is done, its temporary file removed.
    private let finished = DispatchSemaphore(value: 0)

    init(ticket: HTTPTicket, fileName: String, format: ExportFormat) {
        self.ticket = ticket
        self.fileName = fileName
        self.format = format
    }

    /// Reads the recording at `source` and exports it into a temporary file, read back into
    /// memory when done (all on the export thread: a large recording never stalls the service
    /// thread).
    func start(
        path source: String, settings: ExportSettings, fonts: FontCatalog, limits: ExportLimits, waker: ServerWaker
    ) {
        let thread = Thread { [self] in
            let path = FileManager.default.temporaryDirectory.appendingPathComponent(
                "progresscast-export-\(UUID().uuidString).\(format.fileExtension)"
            ).path
            let result: Result<[UInt8], ExportError>
            do throws(ExportError) {
                let recording = try Self.read(source)
                let exporter = Exporter(recording: recording, settings: settings, fonts: fonts)
                try exporter.export(to: path, limits: limits, isCancelled: { [self] in isCancelled })
                if let data = FileManager.default.contents(atPath: path) {
                    result = .success(Array(data))
                } else {
                    result = .failure(ExportError(.io, "the exported file cannot be read back"))
                }
            } catch {
                result = .failure(error)
            }
            try? FileManager.default.removeItem(atPath: path)
            outcome.withLock { $0 = result }
            finished.signal()
            waker.wake()
        }
        thread.name = "progresscast-export"
        thread.start()
    }

    private static func read(_ path: String) throws(ExportError) -> Recording {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ExportError(.io, "the recording cannot be read")
        }
        do {
            return try RecordingReader.read(Array(data))
        } catch {
            throw ExportError(.badSettings, "the recording cannot be read: \(error.description)")
        }
    }

    /// Asks the export to stop at its next frame (the client went away, or the server stops).
    func cancel() {
        cancelled.store(true, ordering: .releasing)
    }

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Waits at most `seconds` for the thread to be done (a cancelled export stops at its next
    /// frame and removes its files); returns whether it was. For a server that stops: its
    /// process would otherwise end while the thread still wrote a temporary file.
    @discardableResult
    func waitUntilDone(seconds: Double) -> Bool {
        finished.wait(timeout: .now() + seconds) == .success
    }

    /// The file or the error, once the thread is done.
    var result: Result<[UInt8], ExportError>? { outcome.withLock { $0 } }
}
