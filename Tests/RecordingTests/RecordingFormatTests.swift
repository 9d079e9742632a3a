import Foundation
import JSON
import Testing

@testable import Recording

@Suite struct RecordingFormatTests {
    let header =
        #"{"format":"progresscast","version":1,"title":"t","created":"2026-11-21T10:00:00Z","canvas":{"width":375,"height":667},"fps":60,"generator":"progresscast 0.1.0"}"#

    func read(_ text: String) throws -> Recording { try RecordingReader.read(Array(text.utf8)) }

    @Test func readsEveryKnownCode() throws {
        let text =
            header + "\n" + """
                [0,"c",{"op":"session.create","canvas":{"width":375,"height":667}}]
                [250000,"m","start"]
                [1000000,"h",{"seq":3,"hash":"00000000deadbeef"}]
                [2500000,"e",{"reason":"stopped"}]

                """
        let r = try read(text)
        #expect(r.header.canvasWidth == 375 && r.header.fps == 60 && r.header.title == "t")
        #expect(r.events.count == 4)
        #expect(r.events[1] == TimedRecordingEvent(microseconds: 250_000, event: .marker("start"), line: 3))
        #expect(r.events[2].event == .checksum(seq: 3, hash: "00000000deadbeef"))
        #expect(r.duration == 2.5)
        #expect(r.markers.map(\.label) == ["start"])
        #expect(!r.truncatedTail)
    }

    @Test func truncatedLastLineUnknownCodesAndExtraHeaderFieldsAreAccepted() throws {
        let extra = header.replacingOccurrences(of: #""fps":60"#, with: #""fps":60,"future":{"x":[1,2]}"#)
        let text =
            extra + "\n" + #"[0,"x",{"whatever":true}]"# + "\n" + #"[5,"c",{"op":"hud.show","target":"h"}]"# + "\n"
            + #"[9,"c",{"op":"hud.hi"#
        let r = try read(text)
        #expect(r.truncatedTail)
        #expect(r.events.count == 2)
        #expect(r.events[0].event == .unknown(code: "x", data: .object(JSONObject(pairs: [("whatever", .bool(true))]))))
        #expect(r.header.extra["future"] != nil)
    }

    @Test func badCompleteLinesAreNamed() throws {
        #expect(throws: RecordingError.badLine(2, "an event must be [t_us, code, data]")) {
            try read(header + "\n[1,\"c\"]\n")
        }
        #expect(throws: RecordingError.badLine(3, "time goes backwards")) {
            try read(header + "\n[5,\"m\",\"a\"]\n[4,\"m\",\"b\"]\n")
        }
        #expect(throws: RecordingError.badLine(2, "t_us must be a non-negative integer")) {
            try read(header + "\n[1.5,\"m\",\"a\"]\n")
        }
        #expect(throws: RecordingError.badLine(2, "t_us must be less than 9000000000000000 (about 285 years)")) {
            try read(header + "\n[9000000000000000,\"m\",\"a\"]\n")
        }
        #expect(throws: RecordingError.self) { try read("{\"format\":\"other\",\"version\":1}\n") }
        #expect(throws: RecordingError.self) { try read("") }
    }

    /// Without `replacing`, an existing file is never opened for writing (`O_EXCL`): two
    /// writers cannot interleave their lines in one file, and the file is left as it was.
    @Test func aNewFileIsNeverWrittenOverAnExistingOne() throws {
        try withPcastPath { path in
            let h = Self.header(title: "first")
            let first = try RecordingFile(path: path, header: h, replacing: false)
            try first.append(TimedRecordingEvent(microseconds: 1, event: .marker("kept")))
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            var second = h
            second.title = "second"
            #expect(throws: RecordingError.exists(path)) {
                _ = try RecordingFile(path: path, header: second, replacing: false)
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            // Replacing is what the caller asks for explicitly.
            let replaced = try RecordingFile(path: path, header: second, replacing: true)
            replaced.close()
            #expect(
                try RecordingReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: path)))).header.title
                    == "second")
            first.close()
        }
    }

    @Test func writerRoundTripsAndFlushesEachLine() throws {
        try withPcastPath { path in
            let h = Self.header(title: "T \"q\"")
            let file = try RecordingFile(path: path, header: h)
            let op = JSONObject(pairs: [
                ("op", .string("bar.set")), ("value", .number(0.1 + 0.2)), ("label", .string("加载中...")),
            ])
            try file.append(TimedRecordingEvent(microseconds: 1, event: .command(op)))
            // Readable before close: every line is already in the file.
            let before = try RecordingReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            #expect(before.events.first?.event == .command(op))
            try file.append(TimedRecordingEvent(microseconds: 2, event: .end(reason: "stopped")))
            file.close()
            let r = try RecordingReader.read(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            #expect(r.header == h)
            // Numbers round-trip exactly.
            if case let .command(o) = r.events[0].event { #expect(o["value"]?.doubleValue == 0.1 + 0.2) }
            #expect(throws: RecordingError.self) {
                try file.append(TimedRecordingEvent(microseconds: 3, event: .marker("x")))
            }
        }
    }

    @Test func namesCannotEscapeTheFolder() {
        #expect((try? RecordingName.validate("demo_1.v2-final")) == "demo_1.v2-final")
        for bad in ["", "../x", "a/b", "a\u{0}b", String(repeating: "a", count: 101), ".hidden", "..", "%2e%2e", "a b"]
        {
            #expect(throws: RecordingError.self) { try RecordingName.validate(bad) }
        }
    }

    @Test func aNameMeansOneFileWithOrWithoutItsExtension() throws {
        #expect(try RecordingName.resolve("demo") == "demo")
        #expect(try RecordingName.resolve("demo.pcast") == "demo")
        #expect(try RecordingName.resolve("demo.pcast.v2") == "demo.pcast.v2")
        // A name ending in the extension would be a second name for another file.
        #expect(throws: RecordingError.self) { try RecordingName.validate("demo.pcast") }
        #expect(throws: RecordingError.self) { try RecordingName.resolve("demo.pcast.pcast") }
        #expect(throws: RecordingError.self) { try RecordingName.resolve(".pcast") }
    }

    /// A path for a new `.pcast` file in a folder of its own, removed afterwards.
    private func withPcastPath(_ body: (String) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pcast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try body(dir.appendingPathComponent("a.pcast").path)
    }

    private static func header(title: String) -> RecordingHeader {
        RecordingHeader(
            title: title, created: "2026-11-21T10:00:00Z", canvasWidth: 320, canvasHeight: 480, fps: 30,
            generator: "test")
    }
}
