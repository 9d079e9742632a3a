import ComponentSupport
import JSON

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

    /// - Throws: `bad_request` naming the first invalid field.
    public init(json object: JSONObject) throws(CommandError) {
        target = try FieldReader(object).requireTarget()
        properties = try HUDProperties(json: object)
    }
}
