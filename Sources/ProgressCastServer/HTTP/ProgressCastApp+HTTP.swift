import Foundation
import JSON
import Recording
import Session
public import WebSocketServer
import Wire

extension ProgressCastApp {
    /// The HTTP API. With `--token`, the transport already answered 401 to requests without it.
    public func httpRequest(_ request: HTTPRequest, loop: ServerLoop) -> HTTPResponse {
        // The API reads sessions: finish the frames rendering in the background first.
        settleAllRendering(loop: loop)
        guard request.method == "GET" || request.method == "HEAD" else {
            // RFC 9110: a 405 names the methods the resource takes.
            var refusal = HTTPResponse.json(
                #"{"error":"bad_request","message":"only GET (and HEAD) is supported"}"#, status: 405)
            refusal.headers.append(name: "allow", value: "GET, HEAD")
            return refusal
        }
        switch request.path {
        case "/api/health":
            let body = JSONValue.object(
                JSONObject(pairs: [
                    ("status", .string("ok")), ("version", .string(ProgressCastVersion.current)),
                    ("sessions", .number(Double(sessions.count))),
                    ("connections", .number(Double(loop.connectionCount))),
                ]))
            return .json(body.canonicalString)
        case "/api/stats":
            return .json(stats(loop: loop).canonicalString)
        case "/api/ops":
            return .json(OpCatalog.listing.canonicalString)
        case "/api/scenarios":
            return .json(scenarios.listing.canonicalString)
        case "/api/recordings", "/api/recordings/":
            return .json(JSONValue.array(listRecordings()).canonicalString)
        default:
            if request.path.hasPrefix("/api/recordings/"), request.path.hasSuffix("/export") {
                let name = request.path.dropFirst("/api/recordings/".count).dropLast("/export".count)
                return exportRecording(String(name), request: request, loop: loop)
            }
            if request.path.hasPrefix("/api/recordings/") {
                return recordingFile(String(request.path.dropFirst("/api/recordings/".count)))
            }
            return .json(#"{"error":"not_found","message":"no such route"}"#, status: 404)
        }
    }

    /// The server's counters since it started (docs/protocol.md section 1): sessions and
    /// connections now, what the frame pacer rendered, and what the transport wrote.
    func stats(loop: ServerLoop) -> JSONValue {
        let transport = loop.statistics
        let counters = frameCounters
        let segments = sessions.values.reduce(SegmentCounts()) { $0 + $1.segmentCounts }
        func number(_ value: Int) -> JSONValue { .number(Double(value)) }
        return .object(
            JSONObject(pairs: [
                ("sessions", number(sessions.count)), ("connections", number(loop.connectionCount)),
                (
                    "frames",
                    .object(
                        JSONObject(pairs: [
                            ("rendered", number(counters.rendered)), ("changed", number(counters.changed)),
                            ("skippedUnsent", number(counters.skippedUnsent)),
                            ("renderedInBackground", number(counters.renderedInBackground)),
                            ("withdrawnForOps", number(counters.withdrawnForOps)),
                        ]))
                ),
                (
                    "segments",
                    .object(
                        JSONObject(pairs: [
                            ("drawn", number(segments.drawn)), ("kept", number(segments.kept)),
                            ("encoded", number(segments.encoded)), ("encodingsKept", number(segments.encodingsKept)),
                        ]))
                ),
                (
                    "transport",
                    .object(
                        JSONObject(pairs: [
                            ("connectionsAccepted", number(transport.connectionsAccepted)),
                            ("upgradesRefused", number(transport.upgradesRefused)),
                            ("messagesReceived", number(transport.messagesReceived)),
                            ("messagesSent", number(transport.messagesSent)),
                            ("bytesSent", number(transport.bytesSent)),
                            ("writesSplit", number(transport.writesSplit)),
                            ("messagesWrittenTogether", number(transport.messagesWrittenTogether)),
                            ("framesReplaced", number(transport.framesReplaced)),
                            ("latestRepeatsSkipped", number(transport.latestRepeatsSkipped)),
                            ("deltasWritten", number(transport.deltasWritten)),
                            ("queueOverflows", number(transport.queueOverflows)),
                            ("httpRequests", number(transport.httpRequests)),
                            ("socketPolls", number(transport.socketPolls)),
                            ("writesWithoutPoll", number(transport.writesWithoutPoll)),
                            ("readsWithoutPoll", number(transport.readsWithoutPoll)),
                            ("timersWithoutPoll", number(transport.timersWithoutPoll)),
                        ]))
                ),
                (
                    "latency",
                    .object(
                        JSONObject(pairs: [
                            ("opToFrame", Self.histogram(opLatency)),
                            ("latestWait", Self.histogram(loop.latestWait)),
                        ]))
                ),
            ]))
    }

    /// A latency histogram as `/api/stats` lists it: `{"count","totalMicroseconds","maxMicroseconds","bucketsMs"}`.
    private static func histogram(_ histogram: LatencyHistogram) -> JSONValue {
        .object(
            JSONObject(pairs: [
                ("count", .number(Double(histogram.count))),
                ("totalMicroseconds", .number(Double(histogram.totalMicroseconds))),
                ("maxMicroseconds", .number(Double(histogram.maxMicroseconds))),
                ("bucketsMs", .array(histogram.trimmedBuckets.map { .number(Double($0)) })),
            ]))
    }

    /// The recordings folder's listing (``RecordingListing``).
    func listRecordings() -> [JSONValue] {
        recordingListing.rows(in: options.recordingsDirectory)
    }

    func recordingFile(_ raw: String) -> HTTPResponse {
        guard let name = try? RecordingName.resolve(raw) else {
            return .json(#"{"error":"bad_request","message":"invalid recording name"}"#, status: 400)
        }
        guard let path = RecordingFiles.existing(name, in: options.recordingsDirectory),
            let data = FileManager.default.contents(atPath: path)
        else {
            return .json(#"{"error":"not_found","message":"no such recording"}"#, status: 404)
        }
        let headers = HTTPHeaders([("content-disposition", "attachment; filename=\"\(RecordingName.fileName(name))\"")])
        return HTTPResponse(status: 200, contentType: "application/x-ndjson", headers: headers, body: Array(data))
    }
}
