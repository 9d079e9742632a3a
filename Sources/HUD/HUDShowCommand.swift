import ComponentSupport
import JSON

/// The fields of `hud.show`: `target` (required), `animated` (default true) and any HUD property.
public struct HUDShowCommand: Equatable, Sendable {
    public var target: String
    public var animated: Bool
    public var properties: HUDProperties

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
