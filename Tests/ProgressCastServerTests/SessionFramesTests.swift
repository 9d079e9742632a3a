import FrameCodecs
import Geometry
import Shapes
import Testing

@testable import ProgressCastServer

/// Display lists for the frame tests: a bar at `value`, a label that reads `text`.
private func list(_ value: Double, _ text: String = "Loading") -> DisplayList {
    DisplayList(
        size: Size(width: 375, height: 667),
        shapes: [
            .rect(RectShape(id: "track", frame: Rect(x: 20, y: 600, width: 335, height: 2), fill: .black)),
            .rect(RectShape(id: "fill", frame: Rect(x: 20, y: 600, width: 335 * value, height: 2), fill: .white)),
            .group(
                GroupShape(
                    alpha: 0.5, matrix: [1, 0, 0, 1, 3, 4],
                    items: [
                        .text(
                            TextShape(
                                position: Point(x: 187.5, y: 300), text: text, size: 16, weight: .bold, fill: .white,
                                align: .center))
                    ])),
        ])
}

extension SessionFrames {
    /// Draws `list` a segment per shape, without keys (every segment drawn every frame).
    mutating func update(_ list: DisplayList, time: Double, compareIn format: FrameFormat, encodeBoth: Bool) -> Bool {
        update(time: time, compareIn: format, encodeBoth: encodeBoth, scratch: FrameScratch()) { drawing in
            drawing.begin(size: list.size)
            for shape in list.shapes { drawing.segment(key: nil) { $0.append(shape) } }
            drawing.end()
        } fresh: {
            list
        }
    }
}

extension SessionFrames {
    /// The current frame in `format` without the transport's headroom.
    mutating func bytes(_ format: FrameFormat) -> [UInt8] {
        Array(message(format).frame)
    }

    /// The current frame in `format`, encoded if need be in a scratch of its own.
    mutating func message(_ format: FrameFormat) -> PreparedFrame {
        message(format, scratch: FrameScratch())
    }

    /// The checksum, encoded if need be in a scratch of its own.
    mutating func checksum() -> String? {
        checksum(scratch: FrameScratch())
    }
}

@Suite struct SessionFramesTests {
    /// A frame is laid out as the transport sends it (room for the transport's header in front
    /// of the frame), and a frame handed out stays as it was while later frames are made (the
    /// frame is updated in place; a buffer still referenced is copied on write, never changed
    /// under its holder).
    @Test(arguments: [FrameFormat.json, .binary])
    func messagesKeepTheirBytesWhileLaterFramesAreMade(format: FrameFormat) {
        var frames = SessionFrames()
        let made = frames.update(list(0.1), time: 0, compareIn: format, encodeBoth: false)
        #expect(made)
        let first = frames.message(format)
        let firstFrame = frames.bytes(format)
        #expect(first.start >= 0 && first.bytes.count == first.start + SessionFrames.headroom + firstFrame.count)
        for step in 1...5 {
            let changed = frames.update(
                list(0.1 + Double(step) / 100), time: Double(step), compareIn: format, encodeBoth: false)
            #expect(changed)
            #expect(Array(first.frame) == firstFrame, "step \(step)")
        }
        var json = FrameEncoder()
        var binary = BinaryFrameEncoder()
        let expected =
            format == .json
            ? json.encodeFrame(list(0.15), seq: 6, time: 5) : binary.encodeFrame(list(0.15), seq: 6, time: 5)
        let last = frames.bytes(format)
        #expect(last == expected)
    }

    @Test(arguments: [FrameFormat.json, .binary])
    func framesChangeOnlyWhenTheDisplayListDoes(format: FrameFormat) {
        var frames = SessionFrames()
        let before = (frames.bytes(format), frames.checksum())
        #expect(!frames.hasFrame && before.0.isEmpty && before.1 == nil)
        let changed1 = frames.update(list(0.1), time: 0, compareIn: format, encodeBoth: false)
        #expect(changed1)
        #expect(frames.seq == 1)
        let changed2 = frames.update(list(0.1), time: 0.5, compareIn: format, encodeBoth: false)
        #expect(!changed2, "same list, later time")
        let changed3 = frames.update(list(0.10000004), time: 0.6, compareIn: format, encodeBoth: false)
        #expect(!changed3, "equal to four decimals")
        let changed4 = frames.update(list(0.1001), time: 0.7, compareIn: format, encodeBoth: false)
        #expect(changed4)
        let changed5 = frames.update(list(0.1001, "c1"), time: 0.8, compareIn: format, encodeBoth: false)
        #expect(changed5)
        #expect(frames.seq == 3)
    }

    /// Both encodings are of the current frame (seq and time of the last change), byte for byte
    /// what the encoders make, and the checksum is the display list's.
    @Test func encodingsAndChecksumAreOfTheCurrentFrame() throws {
        var frames = SessionFrames()
        _ = frames.update(list(0.2), time: 1.25, compareIn: .binary, encodeBoth: false)
        _ = frames.update(list(0.2), time: 1.5, compareIn: .binary, encodeBoth: false)
        var json = FrameEncoder()
        var binary = BinaryFrameEncoder()
        let first = (frames.bytes(.json), frames.bytes(.binary), frames.checksum())
        #expect(first.0 == json.encodeFrame(list(0.2), seq: 1, time: 1.25))
        #expect(first.1 == binary.encodeFrame(list(0.2), seq: 1, time: 1.25))
        #expect(first.2 == list(0.2).checksum)
        _ = frames.update(list(0.3), time: 2, compareIn: .json, encodeBoth: true)
        let second = (frames.bytes(.binary), frames.bytes(.json), frames.checksum())
        #expect(second.0 == binary.encodeFrame(list(0.3), seq: 2, time: 2))
        #expect(second.1 == json.encodeFrame(list(0.3), seq: 2, time: 2))
        #expect(second.2 == list(0.3).checksum)
    }

    /// Watchers switching encodings between frames must not produce a frame equal to the last.
    @Test func switchingTheComparedEncodingKeepsFramesToChanges() {
        var frames = SessionFrames()
        let changed6 = frames.update(list(0.4), time: 0, compareIn: .json, encodeBoth: false)
        #expect(changed6)
        let changed7 = frames.update(list(0.4), time: 0.1, compareIn: .binary, encodeBoth: false)
        #expect(!changed7)
        let changed8 = frames.update(list(0.4), time: 0.2, compareIn: .json, encodeBoth: false)
        #expect(!changed8)
        let changed9 = frames.update(list(0.5), time: 0.3, compareIn: .binary, encodeBoth: false)
        #expect(changed9)
        let changed10 = frames.update(list(0.5), time: 0.4, compareIn: .json, encodeBoth: false)
        #expect(!changed10)
        #expect(frames.seq == 2)
    }

    /// Segments kept by their keys give the same bytes as drawing everything, and a frame whose
    /// only moving segment moved is a change.
    @Test(arguments: [FrameFormat.json, .binary])
    func keptSegmentsGiveTheFlattenedListsBytes(format: FrameFormat) {
        var frames = SessionFrames()
        var labelDraws = 0
        func frame(_ value: Double, _ text: String, time: Double) -> Bool {
            let shapes = list(value, text).shapes
            let whole = list(value, text)
            return frames.update(time: time, compareIn: format, encodeBoth: true, scratch: FrameScratch()) { drawing in
                drawing.begin(size: Size(width: 375, height: 667))
                drawing.segment(key: nil) { $0.append(contentsOf: shapes[0...1]) }
                drawing.segment(key: { key in key.add(Array(text.utf8).map(Int.init).reduce(0) { $0 &* 257 &+ $1 }) }) {
                    labelDraws += 1
                    $0.append(shapes[2])
                }
                drawing.end()
            } fresh: {
                whole
            }
        }
        #expect(frame(0.1, "Loading", time: 0))
        #expect(frame(0.2, "Loading", time: 0.1))
        #expect(!frame(0.2, "Loading", time: 0.2))
        #expect(frame(0.3, "Waiting", time: 0.3))
        #expect(frame(0.3, "Done", time: 0.4))
        // Drawn when its key changes only (kept shapes are not drawn again to check them: debug
        // builds compare every frame with the whole display list instead).
        #expect(labelDraws == 3)
        var json = FrameEncoder()
        var binary = BinaryFrameEncoder()
        #expect(frames.bytes(.json) == json.encodeFrame(list(0.3, "Done"), seq: 4, time: 0.4))
        #expect(frames.bytes(.binary) == binary.encodeFrame(list(0.3, "Done"), seq: 4, time: 0.4))
        #expect(frames.checksum() == list(0.3, "Done").checksum)
    }

    /// Frames with a kept segment while the watchers' encodings change between every frame (one
    /// or both; a frame wanted in the encoding it was not made in, decoded from the other): each
    /// encoding is byte for byte the plain encoders' frame of the last display list that changed,
    /// with its seq and time, and a segment is drawn when its key changes, or when an encoding
    /// that missed the frame before must encode this one.
    @Test func everyEncodingStaysExactWhileTheWatchersEncodingsChange() {
        var frames = SessionFrames()
        var random: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: UInt64) -> UInt64 {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (random >> 33) % bound
        }
        var shown = (list: list(0), seq: 0, time: 0.0)
        var labelDraws = 0
        var text = "Loading"
        for step in 1...200 {
            let value = Double(next(3)) / 10
            if next(4) == 0 { text = ["Loading", "Waiting", "Done"][Int(next(3))] }
            let whole = list(value, text)
            let shapes = whole.shapes
            let format: FrameFormat = next(2) == 0 ? .json : .binary
            let both = next(3) == 0
            let time = Double(step) / 10
            let label = text
            let differs = step == 1 || whole != shown.list
            let changed = frames.update(time: time, compareIn: format, encodeBoth: both, scratch: FrameScratch()) {
                drawing in
                drawing.begin(size: whole.size)
                drawing.segment(key: nil) { $0.append(contentsOf: shapes[0...1]) }
                drawing.segment(key: { $0.add(label.utf8.reduce(0) { $0 &* 257 &+ Int($1) }) }) {
                    labelDraws += 1
                    $0.append(shapes[2])
                }
                drawing.end()
            } fresh: {
                whole
            }
            #expect(changed == differs, "step \(step)")
            if changed { shown = (whole, frames.seq, time) }
            // Either encoding, in either order (the second may be made from the first).
            for wanted in next(2) == 0 ? [FrameFormat.json, .binary] : [.binary, .json] where next(3) != 0 {
                var json = FrameEncoder()
                var binary = BinaryFrameEncoder()
                let expected =
                    wanted == .json
                    ? json.encodeFrame(shown.list, seq: shown.seq, time: shown.time)
                    : binary.encodeFrame(shown.list, seq: shown.seq, time: shown.time)
                #expect(frames.bytes(wanted) == expected, "step \(step), \(wanted)")
            }
        }
        #expect(frames.checksum() == shown.list.checksum)
        #expect(labelDraws < 150, "the label is kept in most frames: drawn \(labelDraws) times in 200")
    }
}
