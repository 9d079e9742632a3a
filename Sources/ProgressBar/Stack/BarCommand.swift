/// One progress bar or player command (docs/protocol.md sections 4.2 and 4.3), decoded and
/// range-checked by the wire layer. The stack checks what depends on its state (targets, a
/// seek within the player's duration) and re-checks ranges, so no caller can break it.
public enum BarCommand: Equatable, Sendable {
    /// `bar.create`: a bar with the default style patched.
    case createBar(target: String, style: BarStylePatch)
    /// `bar.update`: the bar's style patched.
    case updateBar(target: String, style: BarStylePatch)
    /// `bar.set`: animate to `value` over `duration` seconds with `curve` (nil: the bar's own).
    case setBar(target: String, value: Double, duration: Double, curve: BarCurve?)
    /// `bar.pause`.
    case pauseBar(target: String)
    /// `bar.resume`.
    case resumeBar(target: String)
    /// `bar.stop`.
    case stopBar(target: String)
    /// `bar.reset`.
    case resetBar(target: String)
    /// `bar.buffer`.
    case setBuffer(target: String, value: Double)
    /// `player.create`.
    case createPlayer(target: String, options: PlayerOptions)
    /// `player.play`.
    case play(target: String)
    /// `player.pause`.
    case pausePlayer(target: String)
    /// `player.seek`: to a position in 0...duration seconds.
    case seek(target: String, to: Double)

    /// The component this command names.
    public var target: String {
        switch self {
        case let .createBar(target, _), let .updateBar(target, _), let .setBar(target, _, _, _), let .pauseBar(target),
            let .resumeBar(target), let .stopBar(target), let .resetBar(target), let .setBuffer(target, _),
            let .createPlayer(target, _), let .play(target), let .pausePlayer(target), let .seek(target, _):
            return target
        }
    }

    /// Whether the command creates a component (the Scene checks the target and its room first).
    public var creates: Bool {
        switch self {
        case .createBar, .createPlayer: return true
        default: return false
        }
    }
}

/// What a bar or player command returns besides success (docs/protocol.md section 8).
public enum BarAck: Equatable, Sendable {
    /// Nothing more.
    case done
    /// `bar.set` or `bar.reset` ignored because the bar is being dragged.
    case ignored
    /// Player ops: the player's state and position after the op.
    case player(state: PlayerState, position: Double)
}

/// What bars and players report (docs/protocol.md sections 4.2 and 4.3), each at its exact time.
public enum BarEvent: Equatable, Sendable {
    /// `bar.animationEnded`: where the animation ended, and whether it ran out.
    case animationEnded(finished: Bool, value: Double)
    /// `bar.drag`.
    case drag(state: BarDragState, value: Double)
    /// `player.state`.
    case playerState(PlayerState)
    /// `player.seeked`.
    case playerSeeked(to: Double)
}
