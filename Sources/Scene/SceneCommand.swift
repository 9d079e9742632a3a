public import ComponentSupport
public import HUD
public import Navigation
public import ProgressBar
public import Refresh

/// One command for the scene, decoded by the wire layer: a component's own command, or
/// pointer input (hit-tested front to back over every component).
public enum SceneCommand: Equatable, Sendable {
    case hud(HUDCommand)
    case bar(BarCommand)
    case nav(NavCommand)
    /// `scroll.*` and `refresh.*`.
    case scroll(ScrollStack.Command)
    /// `pointer`: the event's time is the media time it is applied at.
    case pointer(PointerEvent)
}

/// What a scene command returns besides success.
public enum SceneAck: Equatable, Sendable {
    case hud(HUDAck)
    case bar(BarAck)
    case nav(NavAck)
    case scroll
    /// `pointer`: the component that owns the pointer, or nil when nothing took it.
    case pointer(PointerResponse?)
}

/// An event of one of the scene's components.
public enum ComponentEvent: Equatable, Sendable {
    case hud(HUDEvent)
    case bar(BarEvent)
    case nav(NavEvent)
    case scroll(ScrollStack.Event)
}

/// The state of one of the scene's components, for `inspect`.
public enum ComponentInspection: Equatable, Sendable {
    case hud(HUDInspection)
    case bar(BarInspection)
    /// A navigation stack (its inspection does not carry the target).
    case nav(target: String, NavInspection)
    case scroll(ScrollStack.Inspection)
}
