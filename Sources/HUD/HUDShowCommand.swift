import ComponentSupport
import JSON

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

    /// - Throws: `bad_request` naming the first invalid field.
    public init(json object: JSONObject) throws(CommandError) {
        let reader = FieldReader(object)
        target = try reader.requireTarget()
        animated = try reader.bool("animated") ?? true
        properties = try HUDProperties(json: object)
    }
}
