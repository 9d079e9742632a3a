import WebSocketServer

/// The transport's timer id (named apart from Timing's component timers).
typealias LoopTimer = TimerID
