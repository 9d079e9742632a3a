import ComponentSupport
import Geometry
import JSON
import Testing
import Timing
import Wire

@testable import ProgressBar

@Suite struct BarAnimationTests {
    /// The protocol's example: 0 -> 0.5 over 1 s, paused at 0.4, resumed at 5.4, ends at 6.0.
    @Test func setPauseResumeRunsToTheEndAtTheExactTime() throws {
        var rig = TestRig()
        try rig.op(#"{"op":"bar.create","target":"b"}"#, at: 0)
        try rig.op(#"{"op":"bar.set","target":"b","value":0.5,"duration":1.0}"#, at: 0)
        #expect(rig.value(at: 0) == 0)
        #expect(rig.model() == 0.5)

        try rig.op(#"{"op":"bar.pause","target":"b"}"#, at: 0.4)
        // Linear: 0 + (0.5 - 0) * (0.4 / 1).
        #expect(rig.value(at: 0.4) == 0.5 * 0.4)
        #expect(rig.value(at: 0.4) == 0.2)
        #expect(rig.value(at: 5.4) == 0.2)
        #expect(rig.stack.bar("b")?.isPaused(in: rig.timeline) == true)
        #expect(rig.events.isEmpty)

        try rig.op(#"{"op":"bar.resume","target":"b"}"#, at: 5.4)
        // QA1673: beginTime = 5.4 - 0.4, so local time = t - beginTime.
        let beginTime = 5.4 - 0.4
        #expect(rig.timeline.timing(of: rig.stack.bar("b")!.layer)?.beginTime == beginTime)
        // Continuous at the resume up to the rounding of the recipe itself (5.4 - beginTime).
        #expect(rig.value(at: 5.4) == 0.5 * (5.4 - beginTime))
        #expect(close(rig.value(at: 5.4), 0.2))
        let at57 = 0.5 * ((5.7 - beginTime) / 1.0)
        #expect(close(rig.value(at: 5.7), at57))
        #expect(close(rig.value(at: 5.7), 0.35))

        let end = beginTime + 1.0
        #expect(rig.value(at: end) == 0.5)
        let ended = rig.events(named: "bar.animationEnded")
        #expect(ended.count == 1)
        #expect(ended.first?.time == end)
        #expect(ended.first?.bool("finished") == true)
        #expect(ended.first?.number("value") == 0.5)
        #expect(ended.first?.target == "b")
        #expect(rig.stack.bar("b")?.isAnimating(in: rig.timeline) == false)
        #expect(rig.value(at: 100) == 0.5)
    }

    @Test func aSetDuringAnAnimationStartsFromThePresentationValue() throws {
        var rig = TestRig()
        try rig.op(#"{"op":"bar.create","target":"b"}"#, at: 0)
        try rig.op(#"{"op":"bar.set","target":"b","value":1,"duration":1}"#, at: 0)
        try rig.op(#"{"op":"bar.set","target":"b","value":0.5,"duration":1}"#, at: 0.25)
        let replaced = rig.take()
        #expect(replaced.count == 1)
        #expect(replaced.first?.name == "bar.animationEnded")
        #expect(replaced.first?.time == 0.25)
        #expect(replaced.first?.bool("finished") == false)
        #expect(replaced.first?.number("value") == 0.25)
        #expect(rig.value(at: 0.25) == 0.25)
        // From 0.25 to 0.5 over 1 s, begun at 0.25.
        #expect(rig.value(at: 0.75) == 0.25 + (0.5 - 0.25) * 0.5)
        #expect(rig.value(at: 1.25) == 0.5)
        let ended = rig.take()
        #expect(ended.map { $0.bool("finished") } == [true])
        #expect(ended.first?.time == 1.25)
    }

    @Test func setWithoutDurationJumpsAndEndsAnAnimationInFlight() throws {
        var rig = TestRig()
        try rig.op(#"{"op":"bar.create","target":"b"}"#, at: 0)
        try rig.op(#"{"op":"bar.set","target":"b","value":0.8}"#, at: 0)
        #expect(rig.value(at: 0) == 0.8)
        #expect(rig.events.isEmpty)
        try rig.op(#"{"op":"bar.set","target":"b","value":0,"duration":2}"#, at: 1)
        try rig.op(#"{"op":"bar.set","target":"b","value":0.1,"duration":0}"#, at: 1.5)
        #expect(rig.value(at: 1.5) == 0.1)
        #expect(rig.events.map { $0.bool("finished") } == [false])
        #expect(rig.events.first?.number("value") == 0.8 + (0 - 0.8) * 0.25)
    }

    @Test func curvesComeFromTheBarOrTheOp() throws {
        var rig = TestRig()
        try rig.op(#"{"op":"bar.create","target":"b","curve":"easeIn"}"#, at: 0)
        try rig.op(#"{"op":"bar.set","target":"b","value":1,"duration":1}"#, at: 0)
        let easeIn = TimingFunction.easeIn.solve(0.5, epsilon: 1.0 / 200)
        #expect(rig.value(at: 0.5) == easeIn)
        #expect(easeIn < 0.4)
        try rig.op(#"{"op":"bar.set","target":"b","value":0,"duration":2,"curve":"easeOut"}"#, at: 1)
        let easeOut = TimingFunction.easeOut.solve(0.25, epsilon: 1.0 / 400)
        #expect(rig.value(at: 1.5) == 1 + (0 - 1) * easeOut)
        let layers = rig.inspect("b", at: 1.5, layers: true)
        let animation = layers?["layers"]?[0]?["animations"]?[0]
        #expect(animation?["curve"]?.stringValue == "easeOut")
        #expect(animation?["from"]?.doubleValue == 1)
        #expect(animation?["to"]?.doubleValue == 0)
        #expect(animation?["beginTime"]?.doubleValue == 1)
        #expect(animation?["duration"]?.doubleValue == 2)
    }

    @Test func stopKeepsThePresentationValue() throws {
        var rig = TestRig()
        try rig.op(#"{"op":"bar.create","target":"b"}"#, at: 0)
        try rig.op(#"{"op":"bar.set","target":"b","value":1,"duration":2}"#, at: 0)
        try rig.op(#"{"op":"bar.stop","target":"b"}"#, at: 0.5)
        #expect(rig.model() == 0.25)
        #expect(rig.value(at: 0.5) == 0.25)
        #expect(rig.value(at: 3) == 0.25)
        #expect(rig.events.count == 1)
        #expect(rig.events.first?.bool("finished") == false)
        #expect(rig.events.first?.number("value") == 0.25)
        #expect(rig.events.first?.time == 0.5)
    }

    @Test func stopWhilePausedKeepsThePausedValueAndStaysPaused() throws {
        var rig = TestRig()
        try rig.op(#"{"op":"bar.create","target":"b"}"#, at: 0)
        try rig.op(#"{"op":"bar.set","target":"b","value":1,"duration":2}"#, at: 0)
        try rig.op(#"{"op":"bar.pause","target":"b"}"#, at: 1)
        try rig.op(#"{"op":"bar.stop","target":"b"}"#, at: 4)
        #expect(rig.model() == 0.5)
        #expect(rig.value(at: 9) == 0.5)
        #expect(rig.stack.bar("b")?.isPaused(in: rig.timeline) == true)
    }

    @Test func resetGoesToZeroNotPausedWithoutAnimation() throws {
        var rig = TestRig()
        try rig.op(#"{"op":"bar.create","target":"b"}"#, at: 0)
        try rig.op(#"{"op":"bar.buffer","target":"b","value":0.7}"#, at: 0)
        try rig.op(#"{"op":"bar.set","target":"b","value":1,"duration":2}"#, at: 0)
        try rig.op(#"{"op":"bar.pause","target":"b"}"#, at: 1)
        try rig.op(#"{"op":"bar.reset","target":"b"}"#, at: 2)
        #expect(rig.value(at: 2) == 0)
        #expect(rig.model() == 0)
        let bar = try #require(rig.stack.bar("b"))
        #expect(!bar.isPaused(in: rig.timeline))
        #expect(!bar.isAnimating(in: rig.timeline))
        #expect(rig.timeline.timing(of: bar.layer) == MediaTiming(beginTime: 0, speed: 1, timeOffset: 0))
        #expect(bar.buffer == 0.7)
        #expect(rig.events.map { $0.bool("finished") } == [false])
        #expect(rig.events.first?.number("value") == 0.5)
        // A set after a reset animates on a running clock.
        try rig.op(#"{"op":"bar.set","target":"b","value":1,"duration":1}"#, at: 3)
        #expect(rig.value(at: 3.5) == 0.5)
    }

    @Test func aSetOnAPausedBarWaitsFrozenForTheResume() throws {
        var rig = TestRig()
        try rig.op(#"{"op":"bar.create","target":"b"}"#, at: 0)
        try rig.op(#"{"op":"bar.pause","target":"b"}"#, at: 1)
        try rig.op(#"{"op":"bar.set","target":"b","value":1,"duration":1}"#, at: 2)
        #expect(rig.value(at: 2) == 0)
        #expect(rig.value(at: 10) == 0)
        try rig.op(#"{"op":"bar.resume","target":"b"}"#, at: 10)
        #expect(rig.value(at: 10.5) == 0.5)
        #expect(rig.value(at: 11) == 1)
        #expect(rig.events(named: "bar.animationEnded").first?.time == 11)
    }

    @Test func inspectReportsModelPresentationAndLayerTiming() throws {
        var rig = TestRig()
        try rig.op(#"{"op":"bar.create","target":"b"}"#, at: 0)
        try rig.op(#"{"op":"bar.buffer","target":"b","value":0.6}"#, at: 0)
        try rig.op(#"{"op":"bar.set","target":"b","value":0.5,"duration":1}"#, at: 0)
        try rig.op(#"{"op":"bar.pause","target":"b"}"#, at: 0.4)
        let plain = try #require(rig.inspect("b", at: 2))
        #expect(
            plain.keys == ["target", "kind", "t", "model", "presentation", "paused", "animating", "dragging", "buffer"])
        #expect(plain["kind"]?.stringValue == "bar")
        #expect(plain["t"]?.doubleValue == 2)
        #expect(plain["model"]?["value"]?.doubleValue == 0.5)
        #expect(plain["presentation"]?["value"]?.doubleValue == 0.2)
        #expect(plain["paused"]?.boolValue == true)
        #expect(plain["animating"]?.boolValue == true)
        #expect(plain["dragging"]?.boolValue == false)
        #expect(plain["buffer"]?.doubleValue == 0.6)
        let layered = try #require(rig.inspect("b", at: 2, layers: true))
        let layer = layered["layers"]?[0]
        #expect(layer?["speed"]?.doubleValue == 0)
        #expect(layer?["timeOffset"]?.doubleValue == 0.4)
        #expect(layer?["beginTime"]?.doubleValue == 0)
        #expect(layer?["localTime"]?.doubleValue == 0.4)
        #expect(layer?["animations"]?.arrayValue?.count == 1)
        #expect(rig.inspect("nobody", at: 2) == nil)
    }

    @Test func barFieldsAreValidated() throws {
        var rig = TestRig()
        try rig.op(
            ##"{"op":"bar.create","target":"b","frame":{"x":10,"y":20,"width":300,"height":30},"barHeight":3,"dotSize":12,"trackColor":"#112233","fillColor":"#445566","dragColor":"#778899","bufferColor":"#aabbcc80","cornerRadius":1,"showDot":false,"draggable":false,"hitInset":8,"curve":"default"}"##,
            at: 0)
        let style = try #require(rig.stack.bar("b")?.style)
        #expect(style.frame == .init(x: 10, y: 20, width: 300, height: 30))
        #expect(style.barHeight == 3 && style.dotSize == 12 && style.cornerRadius == 1 && style.hitInset == 8)
        #expect(!style.showDot && !style.draggable && style.curve == .default)
        #expect(style.bufferColor.hex == "#aabbcc80")

        func error(_ json: String) -> CommandError? {
            do { try rig.op(json, at: 1); return nil } catch let e as CommandError { return e } catch { return nil }
        }
        #expect(error(#"{"op":"bar.create","target":"b"}"#)?.code == .duplicateTarget)
        #expect(error(#"{"op":"bar.create"}"#) == .badField("target", "is required (1-64 of A-Za-z0-9_-)"))
        #expect(
            error(#"{"op":"bar.create","target":"c","barHeight":0}"#)
                == .badField("barHeight", "must be a number in 0.5...100, got 0"))
        #expect(
            error(#"{"op":"bar.create","target":"c","frame":{"x":0,"y":0,"width":0,"height":10}}"#)?.message.hasPrefix(
                "frame.width must be a number in 1...100000") == true)
        #expect(error(#"{"op":"bar.create","target":"c","frame":[1,2]}"#)?.code == .badRequest)
        #expect(
            error(#"{"op":"bar.create","target":"c","trackColor":"red"}"#)?.message.hasPrefix(
                "trackColor must be a colour") == true)
        #expect(
            error(#"{"op":"bar.create","target":"c","curve":"bounce"}"#)?.message.hasPrefix(
                "curve must be one of \"linear\"") == true)
        #expect(error(#"{"op":"bar.create","target":"c","showDot":"yes"}"#)?.code == .badRequest)
        #expect(error(#"{"op":"bar.create","target":"c","hitInset":-1}"#)?.code == .badRequest)
        #expect(
            error(#"{"op":"bar.set","target":"b","value":"abc"}"#)
                == .badField("value", "must be a number in 0...1, got \"abc\""))
        #expect(
            error(#"{"op":"bar.set","target":"b","value":1.5}"#)
                == .badField("value", "must be a number in 0...1, got 1.5"))
        #expect(error(#"{"op":"bar.set","target":"b"}"#)?.code == .badRequest)
        #expect(
            error(#"{"op":"bar.set","target":"b","value":1,"duration":-1}"#)
                == .badField("duration", "must be a number in 0...3600, got -1"))
        #expect(error(#"{"op":"bar.set","target":"b","value":1,"duration":1e9}"#)?.code == .badRequest)
        #expect(error(#"{"op":"bar.set","target":"zz","value":1}"#)?.code == .unknownTarget)
        #expect(error(#"{"op":"bar.buffer","target":"b","value":2}"#)?.code == .badRequest)
        #expect(error(#"{"op":"bar.update","target":"b","dotSize":1000}"#)?.code == .badRequest)
        #expect(error(#"{"op":"bar.explode","target":"b"}"#)?.code == .unknownOp)
        // A failed update changes nothing.
        #expect(rig.stack.bar("b")?.style == style)
        try rig.op(#"{"op":"bar.update","target":"b","dotSize":20,"draggable":true}"#, at: 2)
        #expect(rig.stack.bar("b")?.style.dotSize == 20)
        #expect(rig.stack.bar("b")?.style.draggable == true)
        #expect(rig.stack.bar("b")?.style.barHeight == 3)
        #expect(rig.model() == 0)
    }
}
