import WebSocketServer

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
    /// Identity (``SessionFrames/bodyHash``) of the frame in the connection's latest slot that
    /// may not be written yet, and of the last frame known to be on its way to the peer: a
    /// frame equal to what the peer already has is withdrawn instead of sent twice (see
    /// ``ProgressCastApp/sendCurrentFrame(of:to:delivery:loop:)``).
    var unsentFrame: UInt64?
    var deliveredFrame: UInt64?
    /// Rate limiting: messages counted in the current one-second window.
    var windowStart: Int64 = 0
    var messagesInWindow = 0
    /// Consecutive windows over the limit (a second one closes the connection with 1008).
    var strikes = 0
}
