import ComponentSupport
import Geometry
import JSON
import Testing
import Timing
import Wire

@testable import ProgressBar

@Suite struct DragTests {
    /// A bar 300 pt wide from x = 20, centred on y = 110, dot 10 pt, hit inset 20.
    func rig(value: Double = 0.5) throws -> TestRig {
        var rig = TestRig()
        try rig.op(#"{"op":"bar.create","target":"b","frame":{"x":20,"y":100,"width":300,"height":20}}"#, at: 0)
        try rig.op(#"{"op":"bar.set","target":"b","value":\#(value)}"#, at: 0)
        return rig
    }

    /// The dot's centre x for a value.
    func dotX(_ value: Double) -> Double { 20 + value * 300 }

    @Test func theHitAreaIsTheDotEnlargedByTwentyPointsOnEverySide() throws {
        let dotRight = dotX(0.5) + 5
        var inside = try rig()
        #expect(inside.pointer(.down, x: dotRight + 19.9, y: 110, at: 1) == true)
        #expect(inside.stack.bar("b")?.isDragging == true)
        #expect(inside.events.first?.string("state") == "began")
        #expect(inside.events.first?.number("value") == (dotRight + 19.9 - 20) / 300)

        var outside = try rig()
        #expect(outside.pointer(.down, x: dotRight + 20.1, y: 110, at: 1) == false)
        #expect(outside.stack.bar("b")?.isDragging == false)
        #expect(outside.events.isEmpty)

        let dotTop = 110 - 5.0
        var above = try rig()
        #expect(above.pointer(.down, x: dotX(0.5), y: dotTop - 19.9, at: 1) == true)
        var tooHigh = try rig()
        #expect(tooHigh.pointer(.down, x: dotX(0.5), y: dotTop - 20.1, at: 1) == false)

        let dotLeft = dotX(0.5) - 5
        var left = try rig()
        #expect(left.pointer(.down, x: dotLeft - 19.9, y: 110, at: 1) == true)
        var tooFarLeft = try rig()
        #expect(tooFarLeft.pointer(.down, x: dotLeft - 20.1, y: 110, at: 1) == false)

        let region = try #require(outside.stack.hitRegions(at: 1, timeline: outside.timeline).first)
        #expect(region.part == "dot")
        #expect(region.hitFrame == Rect(x: dotLeft - 20, y: dotTop - 20, width: 50, height: 50))
    }

    @Test func aBarThatIsNotDraggableIgnoresPointers() throws {
        var rig = try rig()
        try rig.op(#"{"op":"bar.update","target":"b","draggable":false}"#, at: 0)
        #expect(rig.pointer(.down, x: dotX(0.5), y: 110, at: 1) == false)
        #expect(rig.stack.hitRegions(at: 1, timeline: rig.timeline).isEmpty)
    }

    @Test func theDotFollowsThePointerClampedToTheBar() throws {
        var rig = try rig(value: 0.2)
        #expect(rig.pointer(.down, x: dotX(0.2), y: 110, at: 1) == true)
        #expect(rig.pointer(.move, x: dotX(0.5), y: 140, at: 1.1) == true)
        #expect(rig.value(at: 1.1) == 0.5)
        #expect(rig.pointer(.move, x: 500, y: 110, at: 1.2) == true)
        #expect(rig.value(at: 1.2) == 1)
        // Further right changes nothing, so nothing is reported.
        #expect(rig.pointer(.move, x: 600, y: 110, at: 1.3) == true)
        #expect(rig.pointer(.move, x: -40, y: 110, at: 1.4) == true)
        #expect(rig.value(at: 1.4) == 0)
        #expect(rig.pointer(.up, x: -40, y: 110, at: 1.5) == true)
        #expect(rig.stack.bar("b")?.isDragging == false)
        let drags = rig.events(named: "bar.drag")
        #expect(drags.map { $0.string("state") } == ["began", "changed", "changed", "changed", "ended"])
        #expect(drags.map { $0.number("value") } == [0.2, 0.5, 1, 0, 0])
        #expect(drags.map(\.time) == [1, 1.1, 1.2, 1.4, 1.5])
        // Once released, moves are no longer the bar's.
        #expect(rig.pointer(.move, x: 100, y: 110, at: 1.6) == false)
    }

    @Test func changesUnderAThirtiethOfAPointAreNotReported() throws {
        var rig = try rig()
        let x = dotX(0.5)
        #expect(rig.pointer(.down, x: x, y: 110, at: 1) == true)
        #expect(rig.pointer(.move, x: x + 0.03, y: 110, at: 1.1) == true)
        #expect(rig.value(at: 1.1) == 0.5)
        #expect(rig.pointer(.move, x: x + 0.04, y: 110, at: 1.2) == true)
        #expect(rig.value(at: 1.2) == (x + 0.04 - 20) / 300)
        #expect(rig.pointer(.up, x: x + 0.05, y: 110, at: 1.3) == true)
        let drags = rig.events(named: "bar.drag")
        #expect(drags.map { $0.string("state") } == ["began", "changed", "ended"])
        #expect(drags.last?.number("value") == (x + 0.04 - 20) / 300)
    }

    @Test func programmaticSetsAreIgnoredWhileDragging() throws {
        var rig = try rig()
        try rig.op(#"{"op":"bar.set","target":"b","value":1,"duration":4}"#, at: 0)
        let at1 = rig.value(at: 1)
        #expect(rig.pointer(.down, x: dotX(at1), y: 110, at: 1) == true)
        // The drag removed the animation (finished = false) and took the value.
        let stopped = rig.events(named: "bar.animationEnded")
        #expect(stopped.map { $0.bool("finished") } == [false])
        #expect(stopped.first?.number("value") == at1)
        let ack = try rig.op(#"{"op":"bar.set","target":"b","value":0.1,"duration":1}"#, at: 1.5)
        #expect(ack["ignored"]?.boolValue == true)
        #expect(rig.stack.bar("b")?.isAnimating(in: rig.timeline) == false)
        #expect(rig.value(at: 2) == (dotX(at1) - 20) / 300)
        let inspected = rig.inspect("b", at: 2)
        #expect(inspected?["dragging"]?.boolValue == true)
    }

    @Test func aResetIsIgnoredWhileDraggingLikeASet() throws {
        // BN rejects programmatic values while the dot is selected; a reset applied for one
        // frame would be undone by the finger's next move.
        var rig = try rig()
        try rig.op(#"{"op":"bar.set","target":"b","value":0.5}"#, at: 0)
        #expect(rig.pointer(.down, x: dotX(0.5), y: 110, at: 1) == true)
        #expect(rig.pointer(.move, x: dotX(0.5) + 50, y: 110, at: 1.1) == true)
        let dragged = rig.value(at: 1.1)
        let ack = try rig.op(#"{"op":"bar.reset","target":"b"}"#, at: 1.2)
        #expect(ack["ignored"]?.boolValue == true)
        #expect(rig.value(at: 1.2) == dragged)
        #expect(rig.pointer(.up, x: dotX(0.5) + 50, y: 110, at: 1.3) == true)
        // Once the finger is up, a reset applies.
        let after = try rig.op(#"{"op":"bar.reset","target":"b"}"#, at: 1.4)
        #expect(after["ignored"] == nil)
        #expect(rig.value(at: 1.4) == 0)
    }

    @Test func turningDraggingOffMidDragCancelsTheDrag() throws {
        // UIKit cancels a gesture whose recogniser is disabled mid-gesture: the value from before
        // comes back, a later move or up changes nothing and seeks nothing.
        var rig = try rig()
        try rig.op(#"{"op":"bar.set","target":"b","value":0.5}"#, at: 0)
        #expect(rig.pointer(.down, x: dotX(0.5), y: 110, at: 1) == true)
        #expect(rig.pointer(.move, x: dotX(0.5) + 60, y: 110, at: 1.1) == true)
        #expect(rig.value(at: 1.1) != 0.5)
        try rig.op(#"{"op":"bar.update","target":"b","draggable":false}"#, at: 1.2)
        #expect(rig.events(named: "bar.drag").map { $0.string("state") } == ["began", "changed", "cancelled"])
        #expect(rig.value(at: 1.2) == 0.5)
        #expect(rig.inspect("b", at: 1.2)?["dragging"]?.boolValue == false)
        _ = rig.pointer(.move, x: dotX(0.5) + 90, y: 110, at: 1.3)
        _ = rig.pointer(.up, x: dotX(0.5) + 90, y: 110, at: 1.4)
        #expect(rig.value(at: 1.4) == 0.5)
        #expect(rig.events(named: "bar.drag").count == 3)
    }

    @Test func aDragResetsAPausedLayerClock() throws {
        var rig = try rig()
        try rig.op(#"{"op":"bar.set","target":"b","value":1,"duration":4}"#, at: 0)
        try rig.op(#"{"op":"bar.pause","target":"b"}"#, at: 2)
        #expect(rig.pointer(.down, x: dotX(0.75), y: 110, at: 3) == true)
        let bar = try #require(rig.stack.bar("b"))
        #expect(!bar.isPaused(in: rig.timeline))
        #expect(rig.timeline.timing(of: bar.layer) == MediaTiming(beginTime: 0, speed: 1, timeOffset: 0))
        try rig.op(#"{"op":"bar.pause","target":"b"}"#, at: 3.5)
        #expect(rig.pointer(.move, x: dotX(0.6), y: 110, at: 4) == true)
        #expect(rig.stack.bar("b")?.isPaused(in: rig.timeline) == false)
        #expect(rig.value(at: 4) == (dotX(0.6) - 20) / 300)
    }

    @Test func aCancelledDragRestoresTheValue() throws {
        var rig = try rig(value: 0.25)
        #expect(rig.pointer(.down, x: dotX(0.25), y: 110, at: 1) == true)
        #expect(rig.pointer(.move, x: dotX(0.75), y: 110, at: 1.1) == true)
        #expect(rig.pointer(.cancel, x: dotX(0.75), y: 110, at: 1.2) == true)
        #expect(rig.value(at: 1.2) == 0.25)
        #expect(rig.events(named: "bar.drag").map { $0.string("state") } == ["began", "changed", "cancelled"])
        #expect(rig.events(named: "bar.drag").last?.number("value") == 0.25)
    }

    @Test func aDragDuringPlayIgnoresTicksAndTheReleaseSeeks() throws {
        var rig = TestRig()
        try rig.op(#"{"op":"bar.create","target":"b","frame":{"x":20,"y":100,"width":300,"height":20}}"#, at: 0)
        try rig.op(#"{"op":"player.create","target":"p","bar":"b","duration":60,"tick":0.25}"#, at: 0)
        try rig.op(#"{"op":"player.play","target":"p"}"#, at: 0)
        let at1 = rig.value(at: 1.1)
        #expect(rig.pointer(.down, x: dotX(at1), y: 110, at: 1.1) == true)
        #expect(rig.pointer(.move, x: dotX(0.5), y: 110, at: 1.4) == true)
        // Ticks at 1.25, 1.5 and 1.75 came and were ignored.
        #expect(rig.value(at: 1.8) == 0.5)
        #expect(rig.stack.bar("b")?.isAnimating(in: rig.timeline) == false)
        #expect(rig.stack.player("p")?.state == .playing)
        #expect(rig.pointer(.up, x: dotX(0.5), y: 110, at: 1.8) == true)
        let seeked = rig.events(named: "player.seeked")
        #expect(seeked.map { $0.number("to") } == [30])
        #expect(seeked.first?.time == 1.8)
        #expect(rig.stack.player("p")?.position(at: 1.8) == 30)
        #expect(rig.stack.player("p")?.state == .playing)
        // Playing on from 30 s: one tick later the bar is at 30.25 s.
        #expect(rig.model() == 30.25 / 60)
        #expect(close(rig.value(at: 2.05), 30.25 / 60))
        let order = rig.events.filter { $0.time == 1.8 }.map(\.name)
        #expect(order == ["bar.drag", "player.seeked"])
    }

    @Test func theFrontBarClaimsADownOverlappingBars() throws {
        var rig = TestRig()
        try rig.op(#"{"op":"bar.create","target":"back","frame":{"x":20,"y":100,"width":300,"height":20}}"#, at: 0)
        try rig.op(#"{"op":"bar.create","target":"front","frame":{"x":20,"y":110,"width":300,"height":20}}"#, at: 0)
        #expect(rig.pointer(.down, x: 20, y: 115, at: 1) == true)
        #expect(rig.stack.bar("front")?.isDragging == true)
        #expect(rig.stack.bar("back")?.isDragging == false)
        #expect(rig.stack.hitRegions(at: 1, timeline: rig.timeline).map(\.target) == ["front", "back"])
        // A second pointer skips the bar that is already dragged.
        #expect(rig.pointer(.down, x: 20, y: 115, at: 1.1, pointer: 1) == true)
        #expect(rig.stack.bar("back")?.dragPointer == 1)
        #expect(rig.pointer(.move, x: 320, y: 115, at: 1.2, pointer: 1) == true)
        #expect(rig.value("back", at: 1.2) == 1)
        #expect(rig.value("front", at: 1.2) == 0)
    }
}

@Suite struct DragEdgeTests {
    @Test func aRepeatedDownCancelsTheStaleDragFirst() throws {
        var rig = TestRig()
        try rig.op(#"{"op":"bar.create","target":"b","frame":{"x":20,"y":100,"width":300,"height":20}}"#, at: 0)
        #expect(rig.pointer(.down, x: 20, y: 110, at: 1) == true)
        #expect(rig.pointer(.move, x: 170, y: 110, at: 1.1) == true)
        // The up was lost; the same pointer goes down again near the restored dot.
        #expect(rig.pointer(.down, x: 25, y: 110, at: 2) == true)
        #expect(rig.events(named: "bar.drag").map { $0.string("state") } == ["began", "changed", "cancelled", "began"])
        #expect(rig.stack.bar("b")?.dragPointer == 0)
    }

    @Test func aCancelledDragPutsThePlayingBarBackInStep() throws {
        var rig = TestRig()
        try rig.op(#"{"op":"bar.create","target":"b","frame":{"x":20,"y":100,"width":300,"height":20}}"#, at: 0)
        try rig.op(#"{"op":"player.create","target":"p","bar":"b","duration":10,"tick":0.25}"#, at: 0)
        try rig.op(#"{"op":"player.play","target":"p"}"#, at: 0)
        #expect(rig.pointer(.down, x: 50, y: 110, at: 1) == true)
        #expect(rig.pointer(.move, x: 300, y: 110, at: 1.5) == true)
        #expect(rig.pointer(.cancel, x: 300, y: 110, at: 2) == true)
        // The bar jumps back to the player's position and ticks on from it; no seek.
        #expect(rig.value(at: 2) == 0.2)
        #expect(rig.events(named: "player.seeked").isEmpty)
        #expect(rig.model() == 2.25 / 10)
        #expect(close(rig.value(at: 2.125), 2.125 / 10))
    }
}
