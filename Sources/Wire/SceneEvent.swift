public import JSON

/// An event as it goes on the wire (docs/protocol.md section 2: `{"type":"event","t","name","target",...}`):
/// a component's typed event encoded by ``SceneWire``, or one the server reports itself.
public struct SceneEvent: Equatable, Sendable {
    /// Media time at which it happened (exact: a timer's due time or an animation's end).
    public var time: Double
    /// For example "hud.hidden".
    public var name: String
    /// The component's target id (empty for session-wide events).
    public var target: String
    /// Extra fields, in order.
    public var fields: JSONObject

    public init(time: Double, name: String, target: String, fields: JSONObject = JSONObject()) {
        self.time = time
        self.name = name
        self.target = target
        self.fields = fields
    }
}
