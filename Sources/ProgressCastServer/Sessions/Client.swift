import Scene
import WebSocketServer
import Wire

/// What the server knows about one WebSocket connection.
struct Client {
    enum Role: String {
        case controller, viewer
    }

    let id: ConnectionID
    var sessionID: String?
    var role: Role = .viewer
    /// How this connection receives frames (set by session.create, session.join, replay.open).
    var frames: FrameFormat = .json
    /// Whether it takes frames as deltas when it can (`"delta":true` on those ops).
    var deltas = false
    /// Rate limiting: messages counted in the current one-second window.
    var windowStart: Int64 = 0
    var messagesInWindow = 0
    /// Consecutive windows over the limit (a second one closes the connection with 1008).
    var strikes = 0
    /// The connection's timing trace (`trace.start`), and the last sample sent (a sample equal
    /// to it is not sent again).
    var trace: TraceWire.Request?
    var lastTraceSample: TraceSample?
}
