import ComponentSupport
import FrameCodecs
import Typesetting
import Geometry
import JSON
import Testing
@testable import Scene
import Wire
import Shapes

/// Loads the real fonts once.
let sharedFonts: FontCatalog? = try? FontCatalog()

func op(_ json: String) -> JSONObject {
    guard case let .object(o)? = try? JSONParser.parse(json) else { return JSONObject() }
    return o
}

@Suite struct SceneTests {
    func scene() throws -> Scene {
        let fonts = try #require(sharedFonts)
        return Scene(canvas: Size(width: 375, height: 667), fonts: fonts)
    }

    @Test func everyOpIsKnownAndUnknownOpsAreRefused() throws {
        var s = try scene()
        for name in ["hud.show", "hud.update", "hud.hide", "hud.hideAll", "hud.status", "bar.create", "bar.set", "bar.pause",
                     "bar.resume", "bar.stop", "bar.reset", "bar.buffer", "bar.update", "player.create", "player.play",
                     "player.pause", "player.seek", "pointer"] {
            #expect(Scene.handles(name), "\(name) missing from the op table")
        }
        #expect(throws: CommandError(.unknownOp, "unknown op \"hud.explode\"")) { try s.apply(op: "hud.explode", fields: JSONObject(), at: 0) }
    }

    @Test func targetsAreUniqueAcrossComponentKinds() throws {
        var s = try scene()
        _ = try s.apply(op: "hud.show", fields: op(#"{"target":"x"}"#), at: 0)
        #expect(throws: CommandError.self) { try s.apply(op: "bar.create", fields: op(#"{"target":"x"}"#), at: 0) }
        do {
            _ = try s.apply(op: "bar.create", fields: op(#"{"target":"x"}"#), at: 0)
        } catch {
            #expect(error.code == .duplicateTarget)
        }
    }

    @Test func componentLimit() throws {
        var s = try scene()
        for i in 0..<Scene.maxComponents {
            _ = try s.apply(op: "bar.create", fields: op(#"{"target":"b\#(i)"}"#), at: 0)
        }
        do {
            _ = try s.apply(op: "bar.create", fields: op(#"{"target":"one-more"}"#), at: 0)
            Issue.record("expected limit")
        } catch {
            #expect(error.code == .limit)
        }
    }

    @Test func aBlockingHUDSwallowsPointersMeantForTheBar() throws {
        var s = try scene()
        _ = try s.apply(op: "bar.create", fields: op(#"{"target":"b","frame":{"x":20,"y":500,"width":335,"height":20}}"#), at: 0)
        _ = try s.apply(op: "hud.show", fields: op(#"{"target":"h","animated":false}"#), at: 0)
        let blocked = try s.apply(op: "pointer", fields: op(#"{"phase":"down","x":25,"y":510}"#), at: 0.1)
        #expect(blocked["target"]?.stringValue == "h")
        _ = try s.apply(op: "pointer", fields: op(#"{"phase":"up","x":25,"y":510}"#), at: 0.2)
        #expect(!s.takeEvents().contains { $0.name == "bar.drag" })
        // With interaction "none" the pointer reaches the bar's dot.
        _ = try s.apply(op: "hud.update", fields: op(#"{"target":"h","interaction":"none"}"#), at: 0.3)
        let passed = try s.apply(op: "pointer", fields: op(#"{"phase":"down","x":25,"y":510}"#), at: 0.4)
        #expect(passed["target"]?.stringValue == "b")
        _ = try s.apply(op: "pointer", fields: op(#"{"phase":"move","x":120,"y":510}"#), at: 0.5)
        _ = try s.apply(op: "pointer", fields: op(#"{"phase":"up","x":120,"y":510}"#), at: 0.6)
        let drags = s.takeEvents().filter { $0.name == "bar.drag" }.compactMap { $0.fields["state"]?.stringValue }
        #expect(drags.first == "began" && drags.last == "ended")
    }

    @Test func samplingNeverChangesTheScene() throws {
        var s = try scene()
        _ = try s.apply(op: "hud.show", fields: op(#"{"target":"h","graceTime":0.5,"label":"Loading"}"#), at: 0)
        let before = s.displayList(at: 0.2).checksum
        for t in stride(from: 0.0, through: 2.0, by: 0.1) { _ = s.displayList(at: t); _ = try s.inspect(FieldReader(JSONObject()), at: t) }
        #expect(s.displayList(at: 0.2).checksum == before)
        // The grace timer has not fired (nothing advanced the scene), so nothing is drawn yet.
        #expect(s.displayList(at: 0.2).shapes.isEmpty)
        s.advance(to: 0.8)
        #expect(!s.displayList(at: 0.8).shapes.isEmpty)
        #expect(s.takeEvents().map(\.name).contains("hud.appeared"))
    }
}

/// The scene as the wire layer drives it (JSON in and out), as sessions use it.
extension Scene {
    mutating func apply(op: String, fields: JSONObject, at time: Double) throws(CommandError) -> JSONObject {
        try SceneWire.apply(op: op, fields: fields, to: &self, at: time)
    }

    static func handles(_ op: String) -> Bool { SceneWire.handles(op) }

    func inspect(_ fields: FieldReader, at time: Double) throws(CommandError) -> JSONObject {
        try SceneWire.inspect(fields, scene: self, at: time)
    }
}

extension TimedEvent<ComponentEvent> {
    var name: String { SceneWire.encode(self).name }
    var fields: JSONObject { SceneWire.encode(self).fields }
}
