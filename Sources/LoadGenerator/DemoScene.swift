/// The benchmark's demo scene (docs/requirements.md section 9): one HUD animating (MBProgressHUD's
/// indeterminate spinner with a label and details) and one bar driven by a playing player,
/// on the default 375 x 667 canvas.
///
/// The ops are JSON text, exactly as a client sends them, so the engine benchmark (which
/// applies them to a `SessionCore`) and the load generator (which sends them over a
/// WebSocket) build the same scene.
public enum DemoScene {
    /// `session.create` for a session with the given clock (`"live"` or `"manual"`), asking for
    /// `frames` (`"binary"`) when given, and for deltas when `deltas`.
    public static func createOp(
        clock: String, fps: Int = 60, id: Int? = nil, frames: String? = nil, deltas: Bool = false
    ) -> String {
        #"{"op":"session.create","#
            + (id.map { #""id":\#($0),"# } ?? "")
            + (frames.map { #""frames":"\#($0)","# } ?? "")
            + (deltas ? #""delta":true,"# : "")
            + #""canvas":{"width":375,"height":667},"clock":"\#(clock)","fps":\#(fps),"title":"bench"}"#
    }

    /// The scene ops after `session.create`, in order. The HUD's label is `Loading` until a
    /// ``labelOp(_:)`` changes it.
    public static let sceneOps: [String] = [
        #"{"op":"hud.show","target":"h1","mode":"indeterminate","label":"Loading","details":"Downloading 3 of 7 files"}"#,
        #"{"op":"bar.create","target":"b1","frame":{"x":20,"y":600,"width":335,"height":30}}"#,
        #"{"op":"player.create","target":"p1","bar":"b1","duration":3600}"#,
        #"{"op":"player.play","target":"p1"}"#,
    ]

    /// An unchanging scene for idle viewers: a text-only HUD shown without animation and a bar
    /// at a fixed value (nothing animates, so no frames are produced after the first).
    public static let idleSceneOps: [String] = [
        #"{"op":"hud.show","target":"h1","mode":"text","label":"Idle","animated":false}"#,
        #"{"op":"bar.create","target":"b1","frame":{"x":20,"y":600,"width":335,"height":30}}"#,
        #"{"op":"bar.set","target":"b1","value":0.3}"#,
    ]

    /// The command the load generator times: it changes the HUD's label to `text`, which the
    /// next frame carries as `"text":"<text>"` (see ``labelMarker(_:)``).
    public static func labelOp(_ text: String, id: Int? = nil) -> String {
        #"{"op":"hud.update","#
            + (id.map { #""id":\#($0),"# } ?? "")
            + #""target":"h1","label":"\#(text)"}"#
    }

    /// The bytes a frame contains once it reflects ``labelOp(_:id:)`` with `text` (at most 127
    /// UTF-8 bytes): `"text":"<text>"` in a JSON frame; in a binary frame the string's length
    /// byte and its bytes.
    public static func labelMarker(_ text: String, encoding: FrameEncoding = .json) -> [UInt8] {
        switch encoding {
        case .json: Array(#""text":"\#(text)""#.utf8)
        case .binary: [UInt8(truncatingIfNeeded: text.utf8.count)] + Array(text.utf8)
        }
    }
}
