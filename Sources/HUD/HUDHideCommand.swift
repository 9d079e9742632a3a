import ComponentSupport
import JSON

/// The fields of `hud.hide`: `target` (optional: the topmost HUD not already hiding),
/// `animated` (default true), `afterDelay` (0...3600 s, default 0).
public struct HUDHideCommand: Equatable, Sendable {
    public var target: String?
    public var animated: Bool
    public var afterDelay: Double

    public init(target: String? = nil, animated: Bool = true, afterDelay: Double = 0) {
        self.target = target
        self.animated = animated
        self.afterDelay = afterDelay
    }

    /// - Throws: `bad_request` naming the first invalid field.
    public init(json object: JSONObject) throws(CommandError) {
        let reader = FieldReader(object)
        target = try reader.target()
        animated = try reader.bool("animated") ?? true
        afterDelay = try reader.number("afterDelay", in: HUDLimits.time) ?? 0
    }
}
