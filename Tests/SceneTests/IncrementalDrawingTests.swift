import Geometry
import JSON
import Shapes
import Testing
import Typesetting

@testable import Scene

/// Drawing a scene into one kept ``IncrementalDisplayList`` frame after frame gives exactly the
/// display list drawn afresh at every frame, and keeps the segments of components that did not
/// move (docs/architecture.md, "Incremental rendering").
@Suite struct IncrementalDrawingTests {
    /// A scene run at 60 frames a second: ops at their times, and at every frame the kept
    /// list's shapes compared with a fresh display list.
    struct Run {
        var scene: Scene
        var list = IncrementalDisplayList()
        var frame = 0
        /// Segments drawn, per frame.
        var drawnPerFrame: [Int] = []

        init(chrome: Bool = false) throws {
            let fonts = try #require(sharedFonts)
            scene = Scene(canvas: Size(width: 375, height: 667), fonts: fonts, chrome: chrome)
        }

        var time: Double { Double(frame) / 60 }

        mutating func apply(_ json: String) throws {
            let fields = op(json)
            guard let name = fields["op"]?.stringValue else { throw TestFailure("op without a name: \(json)") }
            _ = try scene.apply(op: name, fields: fields, at: time)
        }

        /// Advances `count` frames, checking each against a fresh display list.
        mutating func frames(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
            for _ in 0..<count {
                frame += 1
                scene.advance(to: time)
                let before = list.drawn
                scene.draw(at: time, into: &list)
                drawnPerFrame.append(list.drawn - before)
                let fresh = scene.displayList(at: time)
                if list.displayList != fresh {
                    Issue.record(
                        "frame \(frame) (t = \(time)) differs from the display list drawn afresh",
                        sourceLocation: sourceLocation)
                    return
                }
            }
        }

        /// Segments drawn over the last `count` frames.
        func drawn(inLast count: Int) -> Int { drawnPerFrame.suffix(count).reduce(0, +) }

        /// A finger: down at (`x`, `y`), `moves` moves of (`dx`, `dy`) a frame apart, then up
        /// where the last move ended.
        mutating func drag(x: Double, y: Double, dx: Double, dy: Double, moves: Int) throws {
            try apply(#"{"op":"pointer","phase":"down","x":\#(x),"y":\#(y)}"#)
            for step in 1...moves {
                frames(1)
                let (mx, my) = (x + dx * Double(step), y + dy * Double(step))
                try apply(#"{"op":"pointer","phase":"move","x":\#(mx),"y":\#(my)}"#)
            }
            let (ux, uy) = (x + dx * Double(moves), y + dy * Double(moves))
            try apply(#"{"op":"pointer","phase":"up","x":\#(ux),"y":\#(uy)}"#)
        }
    }

    struct TestFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test func aShownSpinnerHUDIsDrawnAtItsStepsOnly() throws {
        var run = try Run()
        try run.apply(
            #"{"op":"hud.show","target":"h1","mode":"indeterminate","label":"Loading","details":"Please wait"}"#)
        run.frames(60)  // the show animation
        let steadyBefore = run.list.keptSteady
        run.frames(120)
        // 12 spinner steps a second: the HUD's one segment is drawn at each, kept in between,
        // and in between its layers are not even sampled (its key holds until the next step;
        // debug builds check that promise on every frame).
        #expect(run.drawn(inLast: 120) <= 2 * 12 + 1)
        #expect(run.drawn(inLast: 120) >= 2 * 12 - 1)
        #expect(run.list.keptSteady - steadyBefore >= 120 - 2 * (2 * 12 + 1))
        try run.apply(#"{"op":"hud.update","target":"h1","label":"Almost done"}"#)
        run.frames(30)
        try run.apply(#"{"op":"hud.hide","target":"h1"}"#)
        run.frames(60)
        #expect(run.drawn(inLast: 10) == 0, "a hidden HUD draws nothing and keeps its empty segment")
    }

    @Test func aNavigationStackIsDrawnDuringTransitionsOnly() throws {
        var run = try Run()
        try run.apply(
            #"{"op":"nav.create","target":"n1","screens":[{"id":"inbox","title":"Inbox","rows":{"count":30,"height":44,"title":"Message %d"}}]}"#
        )
        run.frames(30)
        #expect(run.drawn(inLast: 29) == 0)
        // At rest the stack's key promises to hold: it is not even sampled (debug builds check
        // the promise on every frame).
        #expect(run.list.keptSteady >= 28)
        try run.apply(
            ##"{"op":"nav.push","target":"n1","animated":true,"screen":{"id":"detail","title":"Detail","color":"#f2f2f7","rows":{"count":30,"height":44,"title":"Item %d"}}}"##
        )
        let steadyBeforePush = run.list.keptSteady
        run.frames(21)  // 0.35 s
        #expect(run.drawn(inLast: 21) >= 20)
        #expect(run.list.keptSteady - steadyBeforePush <= 1, "a transition's key holds for no frame")
        run.frames(60)
        #expect(run.drawn(inLast: 50) == 0)
        // The swipe back (FDFullscreenPopGesture): a pan from the left, released past half.
        try run.drag(x: 20, y: 300, dx: 20, dy: 0, moves: 12)
        run.frames(60)
        #expect(run.drawn(inLast: 20) == 0)
    }

    @Test func aRefreshingTableKeepsItsRowsBetweenSpinnerSteps() throws {
        var run = try Run()
        try run.apply(
            #"{"op":"scroll.create","target":"s1","frame":{"x":0,"y":0,"width":375,"height":667},"rows":{"count":100,"height":30,"title":"Row %d"}}"#
        )
        try run.apply(#"{"op":"refresh.create","target":"r1","scroll":"s1","kind":"header","loadDuration":4}"#)
        try run.drag(x: 180, y: 200, dx: 0, dy: 20, moves: 10)
        run.frames(60)  // settles on the refreshing inset; the indicator fades
        let steadyBefore = run.list.keptSteady
        run.frames(60)
        // Refreshing at rest: the spinner steps 12 times a second, and in between the view's key
        // holds (its offset, indicators and spinner are not even sampled).
        #expect(run.drawn(inLast: 60) <= 13, "\(run.drawnPerFrame.suffix(60))")
        #expect(run.list.keptSteady - steadyBefore >= 60 - 2 * 13)
        run.frames(180)  // the load ends: the header closes, the time label changes
        // A fling: deceleration and the bounce at the bottom.
        try run.drag(x: 180, y: 600, dx: 0, dy: -60, moves: 6)
        run.frames(240)
    }

    /// A GIF header (MJRefreshGifHeader) whose alpha follows the pull: drawn at its 0.1 s frames
    /// while refreshing and kept in between, and every frame during the pull and the alpha
    /// animations; every frame equals a fresh drawing.
    @Test func aGifHeaderIsDrawnAtItsFramesOnly() throws {
        var run = try Run()
        try run.apply(
            #"{"op":"scroll.create","target":"s1","frame":{"x":0,"y":0,"width":375,"height":667},"rows":{"count":40,"height":44,"title":"Row %d"}}"#
        )
        try run.apply(
            #"{"op":"refresh.create","target":"r1","scroll":"s1","kind":"header","style":"gif","automaticallyChangeAlpha":true,"loadDuration":3}"#
        )
        run.frames(10)
        try run.drag(x: 180, y: 200, dx: 0, dy: 20, moves: 10)
        run.frames(60)
        let steadyBefore = run.list.keptSteady
        run.frames(60)
        // Refreshing at rest: ten GIF frames a second.
        #expect(run.drawn(inLast: 60) <= 11, "\(run.drawnPerFrame.suffix(60))")
        #expect(run.list.keptSteady - steadyBefore >= 60 - 2 * 11)
        run.frames(180)  // the load ends: the header fades out and closes
        #expect(run.drawn(inLast: 30) == 0)
    }

    /// A bar is two segments: its label, track and buffered range are kept while its model
    /// state stays the same, and only its fill and dot are drawn while its value moves; a
    /// buffer, a style change or a drag (a taller track) draws the track again.
    @Test func aBarKeepsItsTrackWhileItsValueMoves() throws {
        var run = try Run()
        try run.apply(
            #"{"op":"bar.create","target":"b1","frame":{"x":20,"y":300,"width":335,"height":20},"label":"Clip"}"#)
        try run.apply(#"{"op":"bar.buffer","target":"b1","value":0.4}"#)
        try run.apply(#"{"op":"bar.set","target":"b1","value":0.5,"duration":1}"#)
        run.frames(40)
        #expect(run.drawn(inLast: 30) == 30, "only the fill and dot: \(run.drawnPerFrame.suffix(30))")
        try run.apply(#"{"op":"bar.buffer","target":"b1","value":0.7}"#)
        run.frames(2)
        #expect(run.drawnPerFrame.suffix(2) == [2, 1], "the buffer draws the track again, once")
        try run.apply(##"{"op":"bar.update","target":"b1","trackColor":"#ff0000","barHeight":6}"##)
        run.frames(2)
        #expect(run.drawnPerFrame.suffix(2) == [2, 1])
        run.frames(30)
        // A drag on the dot (at 50%): the track is twice as tall while dragging.
        let dotX = 20 + 0.5 * 335
        try run.apply(#"{"op":"pointer","phase":"down","x":\#(dotX),"y":310}"#)
        run.frames(2)
        for step in 1...10 {
            try run.apply(#"{"op":"pointer","phase":"move","x":\#(dotX + Double(step) * 8),"y":310}"#)
            run.frames(2)
        }
        try run.apply(#"{"op":"pointer","phase":"up","x":\#(dotX + 80),"y":310}"#)
        run.frames(30)
        #expect(run.drawn(inLast: 20) == 20)
    }

    @Test func everyComponentTogetherWithTheChrome() throws {
        var run = try Run(chrome: true)
        try run.apply(
            #"{"op":"nav.create","target":"n1","frame":{"x":0,"y":0,"width":375,"height":400},"screens":[{"id":"a","title":"A","rows":{"count":10,"height":44,"title":"Row %d"}}]}"#
        )
        try run.apply(
            #"{"op":"scroll.create","target":"s1","frame":{"x":0,"y":400,"width":375,"height":267},"rows":{"count":40,"height":30,"title":"Row %d"}}"#
        )
        try run.apply(#"{"op":"refresh.create","target":"f1","scroll":"s1","kind":"autoFooter","loadDuration":1}"#)
        try run.apply(#"{"op":"bar.create","target":"b1","draggable":true}"#)
        try run.apply(#"{"op":"player.create","target":"p1","bar":"b1","duration":30}"#)
        try run.apply(#"{"op":"player.play","target":"p1"}"#)
        try run.apply(#"{"op":"hud.show","target":"h1","mode":"annular","label":"Uploading"}"#)
        run.frames(30)
        for percent in stride(from: 0.1, through: 1, by: 0.1) {
            try run.apply(#"{"op":"hud.update","target":"h1","progress":\#(percent)}"#)
            run.frames(6)
        }
        try run.apply(#"{"op":"player.pause","target":"p1"}"#)
        try run.apply(#"{"op":"hud.hide","target":"h1","afterDelay":0.2}"#)
        run.frames(90)
        // Paused, hidden, at rest: only the bar (drawn every frame) and nothing else.
        #expect(run.drawn(inLast: 30) == 30, "\(run.drawnPerFrame.suffix(30))")
        try run.apply(#"{"op":"scroll.set","target":"s1","offset":{"x":0,"y":900},"animated":true}"#)
        run.frames(120)
        // Past the minute: the status bar's clock changes once.
        run.frames(3600)
    }
}
