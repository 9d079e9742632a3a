import ComponentSupport
import JSON

/// The fields of `hud.status`: `target` (optional), `kind` (required: success, error, info),
/// `text` (default empty, at most 1000 characters), `duration` (optional, 0...3600 s; default
/// SVProgressHUD's formula), `animated` (an extension; default true).
public struct HUDStatusCommand: Equatable, Sendable {
    public var target: String?
    public var kind: HUDStatusKind
    public var text: String
    public var duration: Double?
    public var animated: Bool

    public init(target: String? = nil, kind: HUDStatusKind, text: String = "", duration: Double? = nil, animated: Bool = true) {
        self.target = target
        self.kind = kind
        self.text = text
        self.duration = duration
        self.animated = animated
    }

    /// - Throws: `bad_request` naming the first invalid field.
    public init(json object: JSONObject) throws(CommandError) {
        let reader = FieldReader(object)
        target = try reader.target()
        guard let kind = try reader.choice("kind", as: HUDStatusKind.self) else {
            throw .badField("kind", "is required (one of \"success\", \"error\", \"info\")")
        }
        self.kind = kind
        text = try reader.string("text", maxLength: HUDLimits.maxTextLength) ?? ""
        duration = try reader.number("duration", in: HUDLimits.time)
        animated = try reader.bool("animated") ?? true
    }
}
