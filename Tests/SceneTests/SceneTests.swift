import ComponentSupport
import FrameCodecs
import Geometry
import JSON
import Shapes
import Testing
import Typesetting
import Wire

@testable import Scene

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
        for name in [
            "hud.show", "hud.update", "hud.hide", "hud.hideAll", "hud.status", "bar.create", "bar.set", "bar.pause",
            "bar.resume", "bar.stop", "bar.reset", "bar.buffer", "bar.update", "player.create", "player.play",
            "player.pause", "player.seek", "pointer",
        ] {
            #expect(Scene.handles(name), "\(name) missing from the op table")
        }
        #expect(throws: CommandError(.unknownOp, "unknown op \"hud.explode\"")) {
            try s.apply(op: "hud.explode", fields: JSONObject(), at: 0)
        }
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
        _ = try s.apply(
            op: "bar.create", fields: op(#"{"target":"b","frame":{"x":20,"y":500,"width":335,"height":20}}"#), at: 0)
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
        for t in stride(from: 0.0, through: 2.0, by: 0.1) {
            _ = s.displayList(at: t); _ = try s.inspect(FieldReader(JSONObject()), at: t)
        }
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

/// FDFullscreenPopGesture's documented conflict with a horizontal scroll view on the screen.
@Suite struct SwipeBackOverScrollViewTests {
    func scene() throws -> Scene {
        let fonts = try #require(sharedFonts)
        var s = Scene(canvas: Size(width: 375, height: 667), fonts: fonts)
        _ = try s.apply(op: "nav.create", fields: op(#"{"target":"nav","screens":[{"id":"a"},{"id":"b"}]}"#), at: 0)
        // A carousel 1,000 pt wide in a 375 pt view, over the top screen's content.
        _ = try s.apply(
            op: "scroll.create",
            fields: op(
                #"{"target":"carousel","frame":{"x":0,"y":200,"width":375,"height":120},"contentSize":{"width":1000,"height":120}}"#
            ), at: 0)
        return s
    }

    mutating func drag(_ s: inout Scene, from x0: Double, to x1: Double, y: Double = 260, start: Double) throws {
        _ = try s.apply(op: "pointer", fields: op(#"{"phase":"down","x":\#(x0),"y":\#(y)}"#), at: start)
        for i in 1...8 {
            let x = x0 + (x1 - x0) * Double(i) / 8
            _ = try s.apply(
                op: "pointer", fields: op(#"{"phase":"move","x":\#(x),"y":\#(y)}"#), at: start + Double(i) * 0.02)
        }
    }

    @Test mutating func atItsLeadingEdgeTheScrollViewLetsTheSwipeBegin() throws {
        var s = try scene()
        _ = s.takeEvents()
        try drag(&s, from: 60, to: 200, start: 1)
        let nav = try s.inspect(FieldReader(op(#"{"target":"nav"}"#)), at: 1.2)
        #expect(nav["transition"]?.stringValue == "pop")
        #expect(nav["interactive"]?.boolValue == true)
        let carousel = try s.inspect(FieldReader(op(#"{"target":"carousel"}"#)), at: 1.2)
        #expect(carousel["offset"]?.objectValue?["x"]?.doubleValue == 0, "the carousel did not move")
        #expect(!s.takeEvents().contains { $0.name == "nav.gestureRefused" })
    }

    @Test mutating func awayFromItsLeadingEdgeTheScrollViewKeepsThePanAndTheRefusalIsReported() throws {
        var s = try scene()
        _ = try s.apply(op: "scroll.set", fields: op(#"{"target":"carousel","offset":{"x":300,"y":0}}"#), at: 0.5)
        _ = s.takeEvents()
        try drag(&s, from: 60, to: 200, start: 1)
        let nav = try s.inspect(FieldReader(op(#"{"target":"nav"}"#)), at: 1.2)
        #expect(nav["transitioning"]?.boolValue == false)
        let carousel = try s.inspect(FieldReader(op(#"{"target":"carousel"}"#)), at: 1.2)
        // Inside the content the offset follows the finger 1:1: 300 - (200 - 60).
        #expect(carousel["offset"]?.objectValue?["x"]?.doubleValue == 160)
        let refusals = s.takeEvents().filter { $0.name == "nav.gestureRefused" }
        #expect(refusals.map { $0.fields["reason"]?.stringValue } == ["scrollView"])
    }

    @Test mutating func theSwipeTakesTheFingersVelocity() throws {
        var s = try scene()
        _ = s.takeEvents()
        // 17.5 pt every 20 ms: 875 pt/s from the first move on.
        try drag(&s, from: 60, to: 200, start: 1)
        let gestures = s.takeEvents().filter { $0.name == "nav.gesture" }
        let began = try #require(gestures.first)
        #expect(began.fields["state"]?.stringValue == "began")
        #expect(abs((began.fields["velocity"]?.doubleValue ?? 0) - 875) < 1)
        let changed = try #require(gestures.dropFirst().first)
        #expect(abs((changed.fields["velocity"]?.doubleValue ?? 0) - 875) < 1)
    }

    @Test mutating func onTheRootScreenTheCarouselKeepsThePan() throws {
        let fonts = try #require(sharedFonts)
        var s = Scene(canvas: Size(width: 375, height: 667), fonts: fonts)
        _ = try s.apply(op: "nav.create", fields: op(#"{"target":"nav","screens":[{"id":"a"}]}"#), at: 0)
        _ = try s.apply(
            op: "scroll.create",
            fields: op(
                #"{"target":"carousel","frame":{"x":0,"y":200,"width":375,"height":120},"contentSize":{"width":1000,"height":120}}"#
            ), at: 0)
        _ = s.takeEvents()
        try drag(&s, from: 60, to: 200, start: 1)
        // FD refuses first (a root), so the carousel keeps the finger: it rubber-bands past its
        // leading edge.
        let refusals = s.takeEvents().filter { $0.name == "nav.gestureRefused" }
        #expect(refusals.map { $0.fields["reason"]?.stringValue } == ["root"])
        let carousel = try s.inspect(FieldReader(op(#"{"target":"carousel"}"#)), at: 1.2)
        #expect((carousel["offset"]?.objectValue?["x"]?.doubleValue ?? 0) < -10)
    }

    @Test mutating func aTableDoesNotStopTheSwipe() throws {
        let fonts = try #require(sharedFonts)
        var s = Scene(canvas: Size(width: 375, height: 667), fonts: fonts)
        _ = try s.apply(op: "nav.create", fields: op(#"{"target":"nav","screens":[{"id":"a"},{"id":"b"}]}"#), at: 0)
        // A table (vertical only) over the top screen's content, below its bar.
        _ = try s.apply(
            op: "scroll.create",
            fields: op(#"{"target":"table","frame":{"x":0,"y":64,"width":375,"height":603},"rows":{"count":30}}"#),
            at: 0)
        _ = s.takeEvents()
        try drag(&s, from: 50, to: 260, y: 300, start: 1)
        let nav = try s.inspect(FieldReader(op(#"{"target":"nav"}"#)), at: 1.2)
        #expect(nav["transition"]?.stringValue == "pop")
        #expect(nav["interactive"]?.boolValue == true)
        let table = try s.inspect(FieldReader(op(#"{"target":"table"}"#)), at: 1.2)
        #expect(table["offset"]?.objectValue?["y"]?.doubleValue == 0, "the table did not move")
        let events = s.takeEvents()
        #expect(!events.contains { $0.name == "nav.gestureRefused" })
        #expect(events.contains { $0.name == "nav.gesture" && $0.fields["state"]?.stringValue == "began" })
        // A vertical drag on it still scrolls the table.
        _ = try s.apply(op: "pointer", fields: op(#"{"phase":"up","x":260,"y":300}"#), at: 1.2)
        _ = try s.apply(op: "pointer", fields: op(#"{"phase":"down","x":200,"y":500}"#), at: 3)
        for i in 1...5 {
            _ = try s.apply(
                op: "pointer", fields: op(#"{"phase":"move","x":200,"y":\#(500 - 40 * i)}"#), at: 3 + Double(i) * 0.02)
        }
        let scrolled = try s.inspect(FieldReader(op(#"{"target":"table"}"#)), at: 3.1)
        #expect((scrolled["offset"]?.objectValue?["y"]?.doubleValue ?? 0) > 100)
    }

    @Test mutating func aVerticalMoveStaysWithTheScrollView() throws {
        var s = try scene()
        _ = s.takeEvents()
        try drag(&s, from: 100, to: 100, y: 300, start: 1)
        _ = try s.apply(op: "pointer", fields: op(#"{"phase":"move","x":102,"y":230}"#), at: 1.3)
        let nav = try s.inspect(FieldReader(op(#"{"target":"nav"}"#)), at: 1.3)
        #expect(nav["transitioning"]?.boolValue == false)
    }
}
