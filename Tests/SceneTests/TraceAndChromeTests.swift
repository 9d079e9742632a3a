import ComponentSupport
import Geometry
import JSON
import Shapes
import Testing
import Wire

@testable import Scene

/// The timing inspector's samples (model vs presentation, from the typed inspections) and the
/// phone chrome, with closed-form values.
@Suite struct TraceAndChromeTests {
    func scene(chrome: Bool = false, date: SessionDate = SessionDate()) throws -> Scene {
        let fonts = try #require(sharedFonts)
        return Scene(canvas: Size(width: 375, height: 667), fonts: fonts, date: date, chrome: chrome)
    }

    @Test func aLinearBarAnimationTracesModelAtTheEndAndPresentationAlongTheLine() throws {
        var s = try scene()
        _ = try s.apply(op: "bar.create", fields: op(#"{"target":"b"}"#), at: 0)
        _ = try s.apply(op: "bar.set", fields: op(#"{"target":"b","value":1,"duration":2}"#), at: 0)
        s.advance(to: 0.5)
        let running = try s.trace("b", properties: ["value"], at: 0.5)
        #expect(running.values == [TraceSample.Value(property: "value", model: 1, presentation: 0.25)])
        #expect(running.animating && !running.paused)
        // Paused at 0.5 s: presentation stays at 0.25 while media time goes on; the model stays 1.
        _ = try s.apply(op: "bar.pause", fields: op(#"{"target":"b"}"#), at: 0.5)
        s.advance(to: 1.5)
        let paused = try s.trace("b", properties: ["value"], at: 1.5)
        #expect(paused.paused)
        #expect(paused.values[0].model == 1)
        #expect(abs(paused.values[0].presentation - 0.25) < 1e-12)
        // Resumed at 1.5 s: it goes on from 0.25 (0.75 left over 1.5 s).
        _ = try s.apply(op: "bar.resume", fields: op(#"{"target":"b"}"#), at: 1.5)
        s.advance(to: 2)
        let resumed = try s.trace("b", properties: ["value"], at: 2)
        #expect(!resumed.paused)
        #expect(abs(resumed.values[0].presentation - 0.5) < 1e-12)
    }

    @Test func aHUDTracesAlphaScaleAndBackgroundInTheOrderAsked() throws {
        var s = try scene()
        _ = try s.apply(op: "hud.show", fields: op(#"{"target":"h"}"#), at: 0)
        #expect(try s.traceableProperties(of: "h") == ["alpha", "scale", "backgroundAlpha"])
        let sample = try s.trace("h", properties: ["scale", "alpha"], at: 0)
        #expect(sample.values.map(\.property) == ["scale", "alpha"])
        #expect(sample.values[1].model == 1)
        #expect(sample.values[1].presentation < 1)
        #expect(sample.animating)
    }

    @Test func unknownTargetsAndPropertiesAreStructuredErrors() throws {
        var s = try scene()
        _ = try s.apply(op: "bar.create", fields: op(#"{"target":"b"}"#), at: 0)
        #expect(throws: CommandError.self) { try s.trace("nope", properties: ["value"], at: 0) }
        do {
            _ = try s.trace("b", properties: ["alpha"], at: 0)
            Issue.record("a bar has no alpha to trace")
        } catch {
            #expect(error.code == .badRequest)
            #expect(error.message.contains("properties") && error.message.contains("value"))
        }
    }

    @Test func traceStartDecodesAgainstTheSceneAndTheMessageHasSixDecimals() throws {
        var s = try scene()
        _ = try s.apply(op: "bar.create", fields: op(#"{"target":"b"}"#), at: 0)
        let all = try TraceWire.decodeStart(FieldReader(op(#"{"target":"b"}"#)), scene: s)
        #expect(all.properties == ["value"])
        #expect(throws: CommandError.self) {
            try TraceWire.decodeStart(FieldReader(op(#"{"target":"b","properties":"value"}"#)), scene: s)
        }
        let sample = TraceSample(
            values: [TraceSample.Value(property: "value", model: 1, presentation: 0.37500000000000006)], paused: true,
            animating: true)
        let text = String(decoding: TraceWire.message(sample, target: "b", at: 1.25), as: UTF8.self)
        #expect(
            text
                == #"{"type":"trace","t":1.25,"target":"b","paused":true,"animating":true,"values":[{"property":"value","model":1,"presentation":0.375}]}"#
        )
    }

    @Test func theChromeDrawsTheSessionsClockAroundTheComponentsAndIsOffByDefault() throws {
        // 2026-11-23T14:05:00+08:00: 14:05 local; 60 s later 14:06.
        let date = SessionDate(epochSeconds: 1_795_413_900, utcOffsetSeconds: 8 * 3600)
        let bare = try scene(date: date)
        #expect(bare.displayList(at: 0).shapes.isEmpty)
        #expect(!bare.mayChange(after: 0))
        var phone = try scene(chrome: true, date: date)
        _ = try phone.apply(op: "bar.create", fields: op(#"{"target":"b"}"#), at: 0)
        let shapes = phone.displayList(at: 0).shapes
        #expect(shapes.first?.id == "chrome.background")
        #expect(shapes.last?.id == "chrome.corners")
        let bar = try #require(shapes.firstIndex { $0.id == "b.track" })
        let time = try #require(shapes.firstIndex { $0.id == "chrome.time" })
        #expect(bar < time, "the status bar is drawn over the components")
        func clock(_ list: DisplayList) -> String? {
            for case let .text(text) in list.shapes where text.id == "chrome.time" { return text.text }
            return nil
        }
        #expect(clock(phone.displayList(at: 0)) == "14:05")
        #expect(clock(phone.displayList(at: 60)) == "14:06")
        #expect(phone.mayChange(after: 0), "the clock turns without an op")
    }

    @Test func aBarLabelIsDrawnAboveItsFrameOnlyWhenSet() throws {
        var s = try scene()
        _ = try s.apply(
            op: "bar.create", fields: op(#"{"target":"b","frame":{"x":40,"y":200,"width":295,"height":30}}"#), at: 0)
        #expect(!s.displayList(at: 0).shapes.contains { $0.id == "b.label" })
        _ = try s.apply(op: "bar.update", fields: op(#"{"target":"b","label":"timing: stops dead"}"#), at: 0)
        let label = s.displayList(at: 0).shapes.compactMap { shape -> TextShape? in
            if case let .text(text) = shape, text.id == "b.label" { return text }
            return nil
        }
        #expect(label.first?.text == "timing: stops dead")
        #expect(label.first?.position == Point(x: 40, y: 196))
    }
}
