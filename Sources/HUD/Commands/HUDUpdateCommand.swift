import ComponentSupport

/// The fields of `hud.update`: `target` (required) and any HUD property.
public struct HUDUpdateCommand: Equatable, Sendable {
    /// The HUD's id.
    public var target: String
    /// The properties to apply.
    public var properties: HUDProperties

    /// The payload with these fields.
    public init(target: String, properties: HUDProperties) {
        self.target = target
        self.properties = properties
    }
}
