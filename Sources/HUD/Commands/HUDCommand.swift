/// One HUD command (docs/protocol.md section 4.1), decoded and range-checked by the wire layer.
public enum HUDCommand: Equatable, Sendable {
    /// `hud.show`.
    case show(HUDShowCommand)
    /// `hud.update`.
    case update(HUDUpdateCommand)
    /// `hud.hide`.
    case hide(HUDHideCommand)
    /// `hud.hideAll`.
    case hideAll(HUDHideAllCommand)
    /// `hud.status`.
    case status(HUDStatusCommand)

    /// The HUD this command may create (the Scene checks that the target is free and that the
    /// scene has room before applying it), or nil when it never creates one.
    public func createdTarget(topmostActive: String?) -> String? {
        switch self {
        case let .show(command): return command.target
        case let .status(command): return command.target ?? (topmostActive == nil ? HUDStack.defaultStatusTarget : nil)
        case .update, .hide, .hideAll: return nil
        }
    }
}

/// What a HUD command returns besides success (docs/protocol.md section 8).
public enum HUDAck: Equatable, Sendable {
    /// `hud.show`, `hud.update`: nothing more.
    case done
    /// `hud.hide`: the HUD it applied to.
    case hid(target: String)
    /// `hud.hideAll`: how many HUDs were asked to hide.
    case hidAll(count: Int)
    /// `hud.status`: the HUD it applied to and the duration used.
    case status(target: String, duration: Double)
}

/// What a HUD reports (docs/protocol.md section 4.1), each at its exact media time.
public enum HUDEvent: Equatable, Sendable {
    /// `hud.appeared`: the show animation finished (or a non-animated show happened).
    case appeared
    /// `hud.suppressed`: hidden during its grace time, never drawn.
    case suppressed
    /// `hud.hidden`: the hide finished; `removed` when removeOnHide took it out of the stack.
    case hidden(removed: Bool)
    /// `hud.button`: a completed tap on the button.
    case button(title: String)
}
