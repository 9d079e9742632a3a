import ComponentSupport
import Wire

/// How a connection receives frames (docs/protocol.md section 9): canonical JSON text (the
/// default) or compact binary messages. Asked for with `frames` on `session.create`,
/// `session.join` and `replay.open`; everything else stays JSON.
enum FrameFormat: String, CaseIterable {
    case json, binary

    /// The `frames` field: absent is JSON; anything but `"json"` or `"binary"` is refused.
    static func decode(_ fields: FieldReader) throws(CommandError) -> FrameFormat {
        try fields.choice("frames", as: FrameFormat.self) ?? .json
    }

    /// The `delta` field of the same ops (docs/protocol.md section 10): absent is false.
    static func decodeDeltas(_ fields: FieldReader) throws(CommandError) -> Bool {
        try fields.bool("delta") ?? false
    }
}
