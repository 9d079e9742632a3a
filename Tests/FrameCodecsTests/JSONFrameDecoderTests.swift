import Geometry
import Shapes
import TestSupport
import Testing

@testable import FrameCodecs

@Suite struct JSONFrameDecoderTests {
    @Test func everyKindDecodesToTheBinaryFrame() throws {
        var binary = BinaryFrameEncoder()
        var json = FrameEncoder()
        let text = json.encodeFrame(Fixtures.everyKind, seq: 42, time: 1.234567)
        let decoded = try JSONFrameDecoder.decode(text)
        #expect(decoded.seq == 42)
        #expect(decoded.time == 1.234567)
        #expect(json.encodeFrame(decoded.list, seq: decoded.seq, time: decoded.time) == text)
        #expect(
            binary.encodeFrame(decoded.list, seq: decoded.seq, time: decoded.time)
                == binary.encodeFrame(Fixtures.everyKind, seq: 42, time: 1.234567))
    }

    /// 500 random lists (every kind, optional fields present or not, nesting, values past the
    /// clamp, NaN, negative zero): decoding the JSON frame and writing binary gives exactly the
    /// binary frame, and writing JSON again gives exactly the JSON frame.
    @Test func randomListsRoundTripExactly() throws {
        try RandomDisplayList.expectRoundTrips(seed: 91, from: .json) { try JSONFrameDecoder.decode($0) }
    }

    @Test func malformedFramesAreRefusedWithWhereAndWhy() {
        func failure(_ text: String) -> JSONFrameError? {
            do {
                _ = try JSONFrameDecoder.decode(Array(text.utf8))
                return nil
            } catch {
                return error
            }
        }
        let head = #"{"type":"frame","seq":1,"t":0,"w":10,"h":10,"shapes":"#
        #expect(failure(head + "[]}") == nil)
        #expect(failure("{")?.reason.hasPrefix("not JSON") == true)
        #expect(failure(#"{"type":"ack","seq":1,"t":0,"w":10,"h":10,"shapes":[]}"#)?.path == "$")
        #expect(failure(#"{"type":"frame","seq":1.5,"t":0,"w":10,"h":10,"shapes":[]}"#)?.reason.contains("seq") == true)
        #expect(failure(head + "{}}") == JSONFrameError(path: "shapes", reason: "not an array"))
        #expect(
            failure(head + ##"[{"kind":"star"}]}"##)
                == JSONFrameError(path: "shapes[0].kind", reason: "unknown shape kind \"star\""))
        #expect(
            failure(head + ##"[{"kind":"rect","x":0,"y":0,"w":1}]}"##)
                == JSONFrameError(path: "shapes[0].h", reason: "missing"))
        #expect(
            failure(head + ##"[{"kind":"rect","x":0,"y":0,"w":1,"h":"2"}]}"##)
                == JSONFrameError(path: "shapes[0].h", reason: "not a number"))
        #expect(
            failure(head + ##"[{"kind":"pie","cx":0,"cy":0,"r":1,"a0":0,"a1":1,"fill":"#12345"}]}"##)?.path
                == "shapes[0].fill")
        #expect(
            failure(head + ##"[{"kind":"pie","cx":0,"cy":0,"r":1,"a0":0,"a1":1,"fill":"#ABCDEF"}]}"##)?.reason
                .contains("#rrggbb") == true)
        #expect(
            failure(head + ##"[{"kind":"line","x1":0,"y1":0,"x2":1,"y2":1,"lw":1,"stroke":"#000000","cap":"flat"}]}"##)
                == JSONFrameError(path: "shapes[0].cap", reason: "unknown value \"flat\""))
        #expect(
            failure(head + ##"[{"kind":"text","x":0,"y":0,"text":"a","size":9,"weight":500,"fill":"#000000"}]}"##)?
                .path == "shapes[0].weight")
        #expect(
            failure(head + ##"[{"kind":"group","m":[1,0,0,1],"items":[]}]}"##)
                == JSONFrameError(path: "shapes[0].m", reason: "not an array of 6 numbers"))
        #expect(
            failure(head + ##"[{"kind":"group","items":[{"kind":"arc"}]}]}"##)?.path.hasPrefix("shapes[0].items[0]")
                == true)
        var nested = #"{"kind":"rect","x":0,"y":0,"w":1,"h":1}"#
        for _ in 0...JSONFrameDecoder.maxDepth { nested = #"{"kind":"group","items":["# + nested + "]}" }
        #expect(failure(head + "[" + nested + "]}")?.reason.contains("nested deeper") == true)
    }
}
