import Export
import Foundation
import JSON
import Logging
import Recording
public import WebSocketServer

extension ProgressCastApp {
    /// `GET /api/recordings/NAME/export?format=gif|mp4|webm|apng&fps=&scale=&from=&to=&speed=`:
    /// checks the name, the file and the query at once (400, 404, 503 without ffmpeg, 429 while
    /// another export runs), then defers the answer until the export thread, which also reads
    /// the recording and checks the range against it, is done (200 with the file, or the error).
    /// HEAD gets the same checks' answer and starts nothing: 200 with the file's type and name
    /// (its length is known only once exported).
    func exportRecording(_ raw: String, request: HTTPRequest, loop: ServerLoop) -> HTTPResponse {
        guard let name = try? RecordingName.resolve(raw) else {
            return Self.exportError("bad_request", "invalid recording name", status: 400)
        }
        guard let path = RecordingFiles.existing(name, in: options.recordingsDirectory) else {
            return Self.exportError("not_found", "no such recording", status: 404)
        }
        let settings: ExportSettings
        switch Self.exportSettings(request) {
        case .success(let parsed): settings = parsed
        case .failure(let error): return Self.exportError("bad_request", error.message, status: 400)
        }
        if export != nil {
            return Self.exportError(
                "busy", "another export is running (one at a time per server): try again when it is done",
                status: 429)
        }
        guard Exporter.ffmpegPath() != nil else {
            return Self.exportError("unavailable", Exporter.ffmpegMissing.message, status: 503)
        }
        let fileName = name + "." + settings.format.fileExtension
        if request.method == "HEAD" {
            return HTTPResponse(
                status: 200, contentType: settings.format.contentType,
                headers: HTTPHeaders([("content-disposition", "attachment; filename=\"\(fileName)\"")]), body: [])
        }
        guard let ticket = loop.deferHTTPResponse() else {
            return Self.exportError("internal", "the export cannot be deferred", status: 500)
        }
        let job = RecordingExport(ticket: ticket, fileName: fileName, format: settings.format)
        export = job
        logger.info(
            "export started",
            metadata: ["recording": "\(name)", "format": "\(settings.format.rawValue)", "query": "\(request.query)"])
        job.start(
            path: path, settings: settings, fonts: fonts,
            limits: ExportLimits(maxBytes: options.maxExportBytes, maxSeconds: options.maxExportSeconds),
            waker: loop.waker)
        return Self.exportError("internal", "deferred", status: 500)  // ignored: the answer is deferred
    }

    /// Takes back the sessions the render helpers finished; answers the deferred export request
    /// when the export thread is done.
    public func serverWoken(loop: ServerLoop) {
        takeBackRendered(loop: loop)
        finishReplayOpenings(loop: loop)
        guard let job = export, let result = job.result else { return }
        export = nil
        let response: HTTPResponse
        switch result {
        case .success(let bytes):
            response = HTTPResponse(
                status: 200, contentType: job.format.contentType,
                headers: HTTPHeaders([("content-disposition", "attachment; filename=\"\(job.fileName)\"")]),
                body: bytes)
            logger.info("export done", metadata: ["file": "\(job.fileName)", "bytes": "\(bytes.count)"])
        case .failure(let error):
            let (code, status): (String, Int) =
                switch error.kind {
                case .badSettings, .badRecording: ("bad_request", 400)
                case .ffmpegMissing: ("unavailable", 503)
                case .limit: ("too_large", 413)
                case .cancelled: ("cancelled", 503)
                case .ffmpegFailed, .io: ("export_failed", 500)
                }
            response = Self.exportError(code, error.message, status: status)
            logger.warning("export failed", metadata: ["file": "\(job.fileName)", "error": "\(error.message)"])
        }
        loop.completeHTTP(job.ticket, with: response)
    }

    /// The client of the running export went away: stop it.
    public func httpRequestAbandoned(_ ticket: HTTPTicket, loop: ServerLoop) {
        if let job = export, job.ticket == ticket { job.cancel() }
    }

    /// The query's settings; the server exports single files (no PNG sequence).
    private static func exportSettings(_ request: HTTPRequest) -> Result<ExportSettings, ExportError> {
        guard let formatName = request.queryValue("format") else {
            return .failure(ExportError(.badSettings, "format is required: gif, mp4, webm or apng"))
        }
        guard let format = ExportFormat(rawValue: formatName), format != .pngSequence else {
            return .failure(ExportError(.badSettings, "unknown format \"\(formatName)\": use gif, mp4, webm or apng"))
        }
        var settings = ExportSettings(format: format)
        for (name, apply) in [
            ("fps", { (value: Double) in settings.fps = value }), ("scale", { settings.scale = $0 }),
            ("from", { settings.from = $0 }), ("to", { settings.to = $0 }), ("speed", { settings.speed = $0 }),
        ] as [(String, (Double) -> Void)] {
            guard let text = request.queryValue(name) else { continue }
            // Decimal only: Double("0x1") reads a hexadecimal number, so "scale=0x1" was scale 1.
            guard text.allSatisfy({ "0123456789.+-eE".contains($0) }), let value = Double(text), value.isFinite else {
                return .failure(ExportError(.badSettings, "\(name) must be a number, got \"\(text.prefix(40))\""))
            }
            apply(value)
        }
        return .success(settings)
    }

    private static func exportError(_ code: String, _ message: String, status: Int) -> HTTPResponse {
        let body = JSONValue.object(JSONObject(pairs: [("error", .string(code)), ("message", .string(message))]))
        return .json(body.canonicalString, status: status)
    }
}
