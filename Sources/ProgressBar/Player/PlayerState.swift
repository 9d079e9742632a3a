/// A player's state (`player.state` events, `inspect`).
public enum PlayerState: String, Equatable, Sendable, CaseIterable {
    case playing
    case paused
    /// Played to the end of the media.
    case ended
}
