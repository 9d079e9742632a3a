import ComponentSupport
import Foundation
import FrameCodecs
import Geometry
import JSON
import Recording
import Testing
import Typesetting

@testable import Session

let fonts: FontCatalog? = try? FontCatalog()

func object(_ json: String) -> JSONObject {
    guard case let .object(o)? = try? JSONParser.parse(json) else { return JSONObject() }
    return o
}

/// A scripted session with a HUD, a bar, a player and a drag, recorded as a live session would be.
func recordedSession(fonts: FontCatalog) throws -> (Recording, [(Int64, String)]) {
    let script = #"""
        [[0, {"op":"hud.show","target":"h","label":"Uploading","mode":"annular","progress":0.1,"graceTime":0.2}],
         [0.1, {"op":"bar.create","target":"b","frame":{"x":20,"y":560,"width":335,"height":30}}],
         [0.1, {"op":"player.create","target":"p","bar":"b","duration":30}],
         [0.2, {"op":"player.play","target":"p"}],
         [1.0, {"op":"hud.update","target":"h","progress":0.5,"mode":"determinate"}],
         [2.01, {"op":"player.pause","target":"p"}],
         [2.5, {"op":"player.play","target":"p"}],
         [3.0, {"op":"pointer","phase":"down","x":45,"y":575}],
         [3.2, {"op":"pointer","phase":"move","x":150,"y":575}],
         [3.4, {"op":"pointer","phase":"up","x":150,"y":575}],
         [4.0, {"op":"hud.hide","target":"h","afterDelay":0.5}],
         [5.0, {"op":"hud.status","kind":"success","text":"Done"}]]
        """#
    return try recorded(script: script, fonts: fonts)
}

/// `script` (a command script) run on a manual clock and recorded, with a checksum every 1/60 s,
/// and those checksums.
func recorded(script: String, fonts: FontCatalog) throws -> (Recording, [(Int64, String)]) {
    let parsed = try CommandScript.parse(Array(script.utf8))
    var runner = ScriptRunner(settings: SessionSettings(clock: .manual), fonts: fonts, checksumInterval: 1.0 / 60)
    runner.run(parsed, tail: 2)
    let header = RecordingHeader(
        title: "t", created: "2026-11-21T00:00:00Z", canvasWidth: 375, canvasHeight: 667, fps: 60, generator: "test")
    var lines = [String(decoding: header.encoded(), as: UTF8.self)]
    for event in runner.recordingEvents {
        var w = JSONWriter()
        event.encoded(into: &w)
        lines.append(String(decoding: w.bytes, as: UTF8.self))
    }
    let recording = try RecordingReader.read(Array((lines.joined(separator: "\n") + "\n").utf8))
    let hashes = runner.events.compactMap { e -> (Int64, String)? in
        if case let .checksum(_, h) = e.event { return (e.microseconds, h) }
        return nil
    }
    return (recording, hashes)
}

@Suite struct ReplayTests {
    @Test func verifyPassesOnAnUntouchedRecording() throws {
        let fonts = try #require(fonts)
        let (recording, hashes) = try recordedSession(fonts: fonts)
        #expect(hashes.count > 300)
        let result = Replayer(recording: recording, fonts: fonts).verify()
        #expect(result.mismatch == nil)
        #expect(result.checked == hashes.count)
    }

    @Test func seekingGivesTheFramesOfStraightThroughPlayback() throws {
        let fonts = try #require(fonts)
        let (recording, hashes) = try recordedSession(fonts: fonts)
        let replayer = Replayer(recording: recording, fonts: fonts)
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let (t, expected) = hashes[Int.random(in: 0..<hashes.count, using: &rng)]
            #expect(replayer.state(at: t).displayList().checksum == expected, "at \(t) us")
        }
    }

    @Test func snapshotsKeepNoCommandLogAndSeekingStaysExact() throws {
        let fonts = try #require(fonts)
        var steps = [#"[0, {"op":"hud.show","target":"h","mode":"determinate","progress":0}]"#]
        for i in 1...2_100 {
            steps.append(
                #"[\#(Double(i) / 1_000), {"op":"hud.update","target":"h","progress":\#(Double(i % 100) / 100)}]"#)
        }
        let (recording, hashes) = try recorded(script: "[" + steps.joined(separator: ",") + "]", fonts: fonts)
        let replayer = Replayer(recording: recording, fonts: fonts)
        // A seek replays at most one snapshot interval of commands onto a snapshot that holds
        // no log (one that held the whole log made opening quadratic in the commands).
        let end = replayer.state(at: 2_100_000)
        #expect(end.log.count - end.log.droppedCount <= Replayer.snapshotInterval + 1)
        for (t, expected) in hashes where t % 250_000 < 16_667 {
            #expect(replayer.state(at: t).displayList().checksum == expected, "at \(t) us")
        }
    }

    @Test func aTamperedCommandFailsVerificationNamingTheLine() throws {
        let fonts = try #require(fonts)
        let (recording, _) = try recordedSession(fonts: fonts)
        var tampered = recording
        guard
            let index = tampered.events.firstIndex(where: {
                if case let .command(op) = $0.event {
                    return op["op"]?.stringValue == "hud.update"
                } else {
                    return false
                }
            })
        else {
            Issue.record("no hud.update line")
            return
        }
        tampered.events[index].event = .command(
            object(#"{"op":"hud.update","target":"h","progress":0.9,"mode":"determinate"}"#))
        let result = Replayer(recording: tampered, fonts: fonts).verify()
        let mismatch = try #require(result.mismatch)
        #expect(mismatch.lastCommandLine == tampered.events[index].line)
    }
}

/// A replay lists the recorded commands that fail again (docs/protocol.md section 7): an op
/// the server does not know and a command the scene refuses, each with its line.
@Suite struct ReplayFailedCommandTests {
    @Test func failedCommandsAreListedWithTheirLines() throws {
        guard let fonts else { return }
        let header =
            #"{"format":"progresscast","version":1,"title":"t","created":"2026-11-21T00:00:00Z","canvas":{"width":375,"height":667},"fps":60,"generator":"test"}"#
        let lines = [
            header,
            #"[0,"c",{"op":"session.create","clock":"manual"}]"#,
            #"[0,"c",{"op":"hud.show","target":"h"}]"#,
            #"[100000,"c",{"op":"hud.zzz","target":"h"}]"#,
            #"[200000,"c",{"op":"hud.update","target":"nope","progress":0.5}]"#,
            #"[300000,"c",{"op":"clock.advance","by":0.1}]"#,
            #"[400000,"e",{"reason":"stopped"}]"#,
        ]
        let recording = try RecordingReader.read(Array((lines.joined(separator: "\n") + "\n").utf8))
        let result = Replayer.verify(recording, fonts: fonts)
        #expect(result.failedCommands.map(\.line) == [4, 5])
        #expect(result.failedCommands.map(\.op) == ["hud.zzz", "hud.update"])
        #expect(result.failedCommands.map(\.error.code) == [.unknownOp, .unknownTarget])
        // A recording whose commands all apply lists none.
        let (clean, _) = try recordedSession(fonts: fonts)
        #expect(Replayer.verify(clean, fonts: fonts).failedCommands.isEmpty)
    }
}
