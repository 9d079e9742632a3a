import ComponentSupport
import Geometry
import HUD
import JSON
import Testing

/// Decoding and validation of HUD properties (docs/protocol.md 4.1).
@Suite struct HUDPropertiesTests {
    private func decode(_ text: String) throws -> HUDProperties {
        let value = try JSONParser.parse(Array(text.utf8))
        guard case .object(let object) = value else { throw CommandError(.badJSON, "not an object") }
        return try HUDProperties(json: object)
    }

    private func message(_ text: String) -> String? {
        do {
            _ = try decode(text)
            return nil
        } catch let error as CommandError {
            return error.code == .badRequest ? error.message : "\(error.code)"
        } catch {
            return "\(error)"
        }
    }

    @Test func decodesEveryProperty() throws {
        let p = try decode(
            """
            {"op":"hud.show","target":"h","mode":"annular","label":"加载中...","details":"d","button":"Cancel",
             "customView":"info","progress":0.25,"animation":"zoomOut","graceTime":0.5,"minShowTime":1,"removeOnHide":false,
             "margin":10,"minSize":{"width":100,"height":80},"square":true,"offset":{"x":0,"y":-1000000},"cornerRadius":8,
             "contentColor":"#ffffff","bezelColor":"#00000080","bezelStyle":"solid","background":"gradient",
             "backgroundColor":"#11223344","position":"topLeft","interaction":"hud","queue":true,"unknown":1}
            """)
        #expect(
            p
                == HUDProperties(
                    mode: .annular, label: "加载中...", details: "d", button: "Cancel", customView: .info,
                    progress: 0.25, animation: .zoomOut, graceTime: 0.5, minShowTime: 1, removeOnHide: false,
                    margin: 10, minSize: Size(width: 100, height: 80), square: true,
                    offset: Point(x: 0, y: -1_000_000), cornerRadius: 8, contentColor: .white,
                    bezelColor: Color(hex: "#00000080"), bezelStyle: .solid, background: .gradient,
                    backgroundColor: Color(hex: "#11223344"), position: .topLeft, interaction: .hud, queue: true))
        #expect(try decode(#"{"label":null}"#) == HUDProperties())
    }

    @Test func rejectsBadValuesNamingTheField() {
        #expect(message(#"{"progress":1.5}"#) == "progress must be a number in 0...1, got 1.5")
        #expect(message(#"{"progress":"abc"}"#) == #"progress must be a number in 0...1, got "abc""#)
        #expect(message(#"{"graceTime":-1}"#) == "graceTime must be a number in 0...3600, got -1")
        #expect(message(#"{"minShowTime":4000}"#) == "minShowTime must be a number in 0...3600, got 4000")
        #expect(message(#"{"margin":201}"#) == "margin must be a number in 0...200, got 201")
        #expect(message(#"{"mode":"spinner"}"#)?.hasPrefix(#"mode must be one of "indeterminate""#) == true)
        #expect(message(#"{"contentColor":"red"}"#)?.hasPrefix("contentColor must be a colour") == true)
        #expect(message(#"{"minSize":{"width":10}}"#)?.contains("height is required") == true)
        #expect(message(#"{"offset":[1,2]}"#)?.hasPrefix("offset must be an object") == true)
        #expect(message(#"{"square":1}"#) == "square must be true or false, got 1")
        let long = String(repeating: "x", count: 1001)
        #expect(message("{\"label\":\"\(long)\"}") == "label must be at most 1000 characters, got 1001")
        #expect(message("{\"details\":\"\(long)\"}") == "details must be at most 1000 characters, got 1001")
        #expect(message("{\"button\":\"\(long)\"}") == "button must be at most 1000 characters, got 1001")
    }

    /// Swift callers that skip the JSON validation get clamped values, never NaN geometry.
    @Test func swiftAPIValuesAreClamped() throws {
        var d = Driver()
        try d.show(
            "h",
            HUDProperties(
                progress: .nan, graceTime: -1, margin: 1e9, minSize: Size(width: .infinity, height: 50),
                offset: Point(x: .nan, y: 2e9)), animated: false, at: 0)
        let inspected = d.inspect("h", at: 0)
        let object = try #require(inspected)
        #expect(object.number("progress") == 0)
        #expect(object.string("state") == "shown")
        let bezel = try #require(d.stack.frames(of: "h")?.bezel)
        #expect(bezel.x.isFinite && bezel.y.isFinite && bezel.width.isFinite && bezel.height.isFinite)
    }

    @Test func commandsDecode() throws {
        func object(_ text: String) throws -> JSONObject {
            guard case .object(let o) = try JSONParser.parse(Array(text.utf8)) else { throw CommandError(.badJSON, "") }
            return o
        }
        let hide = try HUDHideCommand(json: object(#"{"op":"hud.hide","afterDelay":2,"animated":false}"#))
        #expect(hide == HUDHideCommand(target: nil, animated: false, afterDelay: 2))
        #expect(throws: CommandError.self) { try HUDHideCommand(json: object(#"{"afterDelay":-2}"#)) }
        #expect(throws: CommandError.self) { try HUDHideCommand(json: object(#"{"target":"a b"}"#)) }
        let status = try HUDStatusCommand(json: object(#"{"kind":"info","text":"Hi","duration":2}"#))
        #expect(status == HUDStatusCommand(target: nil, kind: .info, text: "Hi", duration: 2, animated: true))
        #expect(throws: CommandError.self) { try HUDStatusCommand(json: object(#"{"text":"Hi"}"#)) }
        let show = try HUDShowCommand(json: object(#"{"target":"h1","animated":false,"label":"x"}"#))
        #expect(show == HUDShowCommand(target: "h1", animated: false, properties: HUDProperties(label: "x")))
        #expect(throws: CommandError.self) { try HUDShowCommand(json: object(#"{"label":"x"}"#)) }
    }
}
