import ComponentSupport

/// The fields of `hud.show`: `target` (required), `animated` (default true) and any HUD property.
public struct HUDShowCommand: Equatable, Sendable {
    /// The HUD's id.
    public var target: String
    /// Whether the show animates.
    public var animated: Bool
    /// The properties to apply before showing.
    public var properties: HUDProperties

    /// The payload with these fields.
    public init(target: String, animated: Bool = true, properties: HUDProperties = HUDProperties()) {
        self.target = target
        self.animated = animated
        self.properties = properties
    }
}
