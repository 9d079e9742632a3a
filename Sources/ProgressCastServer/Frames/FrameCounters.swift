/// What the frame pacer did since the server started, for `GET /api/stats`: how many paced
/// frames were rendered, how many of them changed the display list (and were sent), and how
/// many frame slots were skipped because every watcher still had the last frame waiting unsent.
///
/// Kept on the service thread only (the pacer and the HTTP route both run there).
struct FrameCounters {
    /// Paced frames rendered (advance, display list, encode, compare).
    var rendered = 0
    /// Rendered frames whose display list differed from the last one (sent to the watchers).
    var changed = 0
    /// Frame slots not rendered because every watcher's last frame was still waiting to be
    /// written (the frame would only have replaced it unsent).
    var skippedUnsent = 0
    /// Rendered frames handed to the render helpers (the rest were rendered on the service
    /// thread: small batches, a server without helpers, sessions settled before a helper
    /// started them).
    var renderedInBackground = 0
    /// Frames queued for the helpers that an op took back before they started, to render them
    /// once it was applied (so they show it).
    var withdrawnForOps = 0
}
