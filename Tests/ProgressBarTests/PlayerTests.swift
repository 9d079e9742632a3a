import ComponentSupport
import JSON
import Testing
import Timing
import Wire

@testable import ProgressBar

@Suite struct PlayerTests {
    /// The seed's set-up: a 60 s clip, ticks every 0.25 s, playing from 0.
    func seedRig(_ strategy: String) throws -> TestRig {
        var rig = TestRig()
        try rig.op(#"{"op":"bar.create","target":"b"}"#, at: 0)
        try rig.op(
            #"{"op":"player.create","target":"p","bar":"b","duration":60,"tick":0.25,"pauseStrategy":"\#(strategy)"}"#,
            at: 0)
        try rig.op(#"{"op":"player.play","target":"p"}"#, at: 0)
        return rig
    }

    /// The tick at 2.0 animates from 2.0/60 to 2.25/60 over 0.25 s; its value at 2.01.
    static let valueAt201 = 2.0 / 60 + (2.25 / 60 - 2.0 / 60) * ((2.01 - 2.0) / 0.25)

    @Test func ticksTellTheBarWhereToBeOneTickLater() throws {
        var rig = try seedRig("timing")
        #expect(rig.model() == 0.25 / 60)
        #expect(rig.value(at: 0.125) == 0.25 / 60 * 0.5)
        #expect(rig.value(at: 2.0) == 2.0 / 60)
        #expect(rig.model() == 2.25 / 60)
        #expect(close(rig.value(at: 2.01), PlayerTests.valueAt201))
        #expect(close(rig.value(at: 2.01), 2.01 / 60))
        // Each tick's animation ran out exactly when the next tick came.
        let ended = rig.events(named: "bar.animationEnded")
        #expect(ended.count == 8)
        #expect(ended.allSatisfy { $0.bool("finished") == true })
        #expect(ended.map(\.time) == (1...8).map { Double($0) * 0.25 })
        #expect(rig.events(named: "player.state").map { $0.string("state") } == ["playing"])
    }

    @Test func timingStrategyStopsDeadAtThePause() throws {
        var rig = try seedRig("timing")
        let result = try rig.op(#"{"op":"player.pause","target":"p"}"#, at: 2.01)
        #expect(result["state"]?.stringValue == "paused")
        #expect(result["position"]?.doubleValue == 2.01)
        let atPause = rig.value(at: 2.01)
        #expect(close(atPause, PlayerTests.valueAt201))
        for t in [2.1, 2.25, 2.5, 10.0, 1000.0] { #expect(rig.value(at: t) == atPause) }
        #expect(rig.stack.bar("b")?.isPaused(in: rig.timeline) == true)
        #expect(rig.stack.player("p")?.position(at: 500) == 2.01)
        // The frozen tick never reports an end.
        #expect(rig.events(named: "bar.animationEnded").count == 8)
    }

    @Test func noneStrategySlidesOnToTheTicksEnd() throws {
        var rig = try seedRig("none")
        try rig.op(#"{"op":"player.pause","target":"p"}"#, at: 2.01)
        #expect(close(rig.value(at: 2.01), PlayerTests.valueAt201))
        let at21 = 2.0 / 60 + (2.25 / 60 - 2.0 / 60) * ((2.1 - 2.0) / 0.25)
        #expect(close(rig.value(at: 2.1), at21))
        #expect(rig.value(at: 2.25) == 2.25 / 60)
        let last = rig.events(named: "bar.animationEnded").last
        #expect(last?.time == 2.25)
        #expect(last?.bool("finished") == true)
        for t in [2.5, 10.0, 1000.0] { #expect(rig.value(at: t) == 2.25 / 60) }
        #expect(rig.stack.player("p")?.position(at: 10) == 2.01)
    }

    @Test func removeStrategyJumpsToTheTicksEnd() throws {
        var rig = try seedRig("remove")
        try rig.op(#"{"op":"player.pause","target":"p"}"#, at: 2.01)
        for t in [2.01, 2.1, 2.25, 10.0, 1000.0] { #expect(rig.value(at: t) == 2.25 / 60) }
        let last = rig.events(named: "bar.animationEnded").last
        #expect(last?.time == 2.01)
        #expect(last?.bool("finished") == false)
        #expect(close(last?.number("value") ?? .nan, PlayerTests.valueAt201))
    }

    @Test func playAfterATimingPauseContinuesFromThePausedValue() throws {
        var rig = try seedRig("timing")
        try rig.op(#"{"op":"player.pause","target":"p"}"#, at: 2.01)
        let paused = rig.value(at: 2.01)
        try rig.op(#"{"op":"player.play","target":"p"}"#, at: 5)
        #expect(rig.stack.bar("b")?.isPaused(in: rig.timeline) == false)
        #expect(rig.value(at: 5) == paused)
        #expect(rig.model() == (2.01 + 0.25) / 60)
        #expect(rig.stack.player("p")?.position(at: 5.125) == 2.01 + (5.125 - 5))
        #expect(close(rig.value(at: 5.125), paused + ((2.01 + 0.25) / 60 - paused) * 0.5))
        // Ticks are due at the new anchor plus whole ticks.
        #expect(rig.value(at: 5.25) == (2.01 + 0.25) / 60)
    }

    @Test func positionIsDerivedFromMediaTimeAndTheEndIsExact() throws {
        var rig = try seedRig("timing")
        #expect(rig.stack.player("p")?.position(at: 37.3) == 37.3)
        #expect(close(rig.value(at: 59.9), 59.9 / 60, 1e-12))
        #expect(rig.value(at: 60) == 1)
        let states = rig.events(named: "player.state")
        #expect(states.map { $0.string("state") } == ["playing", "ended"])
        #expect(states.last?.time == 60)
        let ends = rig.events(named: "bar.animationEnded")
        #expect(ends.count == 240)
        #expect(ends.last?.time == 60)
        #expect(ends.allSatisfy { $0.bool("finished") == true })
        #expect(rig.stack.player("p")?.state == .ended)
        #expect(rig.stack.player("p")?.position(at: 99) == 60)
        #expect(rig.timeline.nextEventTime() == nil)
    }

    @Test func ticksThatDoNotDivideTheDurationEndExactly() throws {
        var rig = TestRig()
        try rig.op(#"{"op":"bar.create","target":"b"}"#, at: 0)
        try rig.op(#"{"op":"player.create","target":"p","bar":"b","duration":1,"tick":0.3}"#, at: 0)
        try rig.op(#"{"op":"player.play","target":"p"}"#, at: 0.5)
        // Ticks at 0.5, 0.8, 1.1 and 1.4 (0.5 + k * 0.3); the last one animates over the 0.1 s left.
        #expect(close(rig.value(at: 1.45), 0.9 + 0.1 * 0.5))
        #expect(rig.value(at: 1.5) == 1)
        let states = rig.events(named: "player.state")
        #expect(states.last?.string("state") == "ended")
        #expect(states.last?.time == 0.5 + 1)
        // A play after the end starts over from 0.
        try rig.op(#"{"op":"player.play","target":"p"}"#, at: 2)
        #expect(rig.value(at: 2) == 0)
        #expect(rig.events(named: "player.seeked").last?.number("to") == 0)
        #expect(rig.stack.player("p")?.state == .playing)
    }

    @Test func seekJumpsAndRestartsTicks() throws {
        var rig = try seedRig("timing")
        try rig.op(#"{"op":"player.seek","target":"p","to":30}"#, at: 1.1)
        #expect(rig.value(at: 1.1) == 30.0 / 60)
        #expect(rig.model() == 30.25 / 60)
        #expect(rig.events(named: "player.seeked").map { $0.number("to") } == [30])
        #expect(rig.stack.player("p")?.position(at: 1.35) == 30 + (1.35 - 1.1))
        #expect(close(rig.value(at: 1.35), 30.25 / 60))
        try rig.op(#"{"op":"player.pause","target":"p"}"#, at: 2)
        try rig.op(#"{"op":"player.seek","target":"p","to":6}"#, at: 3)
        #expect(rig.value(at: 3) == 0.1)
        #expect(rig.value(at: 4) == 0.1)
        #expect(rig.stack.player("p")?.state == .paused)
        #expect(rig.stack.player("p")?.position(at: 4) == 6)
    }

    @Test func samplingDoesNotChangeWhatIsSampled() throws {
        // One rig sampled at 60 Hz, one at irregular instants: equal values at common instants.
        var smooth = try seedRig("none")
        var rough = try seedRig("none")
        try smooth.op(#"{"op":"player.pause","target":"p"}"#, at: 1.37)
        try rough.op(#"{"op":"player.pause","target":"p"}"#, at: 1.37)
        var smoothValues: [Double] = []
        for k in 0...120 { smoothValues.append(smooth.value(at: 1.37 + Double(k) / 60)) }
        var roughValues: [Double] = []
        var state: UInt64 = 12345
        for k in 0...120 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            if state >> 62 == 0 { _ = rough.value(at: 1.37 + (Double(k) - 0.5) / 60) }
            roughValues.append(rough.value(at: 1.37 + Double(k) / 60))
        }
        #expect(smoothValues == roughValues)
        #expect(smooth.events == rough.events)
    }

    @Test func playerFieldsAreValidated() throws {
        var rig = TestRig()
        try rig.op(#"{"op":"bar.create","target":"b"}"#, at: 0)
        func error(_ json: String) -> CommandError? {
            do { try rig.op(json, at: 1); return nil } catch let e as CommandError { return e } catch { return nil }
        }
        #expect(error(#"{"op":"player.create","target":"p","bar":"nope","duration":10}"#)?.code == .unknownTarget)
        #expect(error(#"{"op":"player.create","target":"p","bar":"b"}"#)?.code == .badRequest)
        #expect(error(#"{"op":"player.create","target":"p","bar":"b","duration":0}"#)?.code == .badRequest)
        #expect(
            error(#"{"op":"player.create","target":"p","bar":"b","duration":10,"tick":0}"#)
                == .badField("tick", "must be a number in 0.01...10, got 0"))
        #expect(
            error(#"{"op":"player.create","target":"p","bar":"b","duration":10,"pauseStrategy":"freeze"}"#)?.code
                == .badRequest)
        #expect(error(#"{"op":"player.create","target":"b","bar":"b","duration":10}"#)?.code == .duplicateTarget)
        try rig.op(#"{"op":"player.create","target":"p","bar":"b","duration":10}"#, at: 1)
        #expect(error(#"{"op":"player.create","target":"q","bar":"b","duration":10}"#)?.code == .conflict)
        #expect(
            error(#"{"op":"player.seek","target":"p","to":11}"#)
                == .badField("to", "must be a number in 0...10, got 11"))
        #expect(error(#"{"op":"player.seek","target":"p"}"#)?.code == .badRequest)
        #expect(error(#"{"op":"player.play","target":"b"}"#)?.code == .unknownTarget)
        let inspected = try #require(rig.inspect("p", at: 1))
        #expect(
            inspected.keys == ["target", "kind", "t", "state", "position", "duration", "tick", "pauseStrategy", "bar"])
        #expect(inspected["state"]?.stringValue == "paused")
        #expect(inspected["pauseStrategy"]?.stringValue == "timing")
        #expect(inspected["tick"]?.doubleValue == 0.25)
        #expect(rig.inspect("b", at: 1)?["player"]?.stringValue == "p")
        #expect(rig.stack.inspectAll(at: 1, timeline: rig.timeline).count == 2)
    }
}
