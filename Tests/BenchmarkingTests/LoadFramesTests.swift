import Foundation
import FrameCodecs
import JSON
import LoadGenerator
import Testing
import Typesetting

@testable import Benchmarking

/// The baseline's frames are the server part's: the load mix's scenes, taking turns.
@Suite("the baseline's frames follow the load's scene mix")
struct LoadFramesTests {
    private static let fonts: FontCatalog? = try? FontCatalog()

    private func lines(
        _ scenes: [BenchScene], encoding: FrameEncoding, deltas: Bool = false, count: Int
    ) throws -> [String] {
        let fonts = try #require(Self.fonts)
        let path = NSTemporaryDirectory() + "load-frames-\(UUID().uuidString).txt"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ServerBenchmark.writeLoadFrames(
            to: path, encoding: encoding, deltas: deltas, scenes: scenes, fonts: fonts, framesPerScene: count)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }

    @Test("one line per scene per frame, in the mix's order, each a frame of its scene")
    func interleaved() throws {
        let mix: [BenchScene] = [.demo, .scroll, .navigation]
        let frames = try lines(mix, encoding: .json, count: 70)
        #expect(frames.count == 3 * 70)
        for (index, line) in frames.enumerated() {
            let frame = try JSONParser.parse(line)
            #expect(frame["type"]?.stringValue == "frame")
            #expect(frame["seq"]?.doubleValue == Double(index + 1))
            // Each scene's own content, as the load session shows it (every scene has the demo's HUD).
            switch mix[index % 3] {
            case .demo: #expect(!line.contains("Row 1") && !line.contains("Inbox"))
            case .scroll: #expect(line.contains("Row 1"))
            case .navigation: #expect(line.contains("Inbox") || line.contains("Detail"))
            }
            #expect(line.contains("\"h1"), "no HUD in line \(index)")
        }
        // The mix's bytes: the table and navigation frames are larger than the demo's.
        let size = { (scene: Int) in
            frames.indices.filter { $0 % 3 == scene }.map { frames[$0].utf8.count }.reduce(0, +) / 70
        }
        #expect(size(1) > size(0) * 2)
        #expect(size(2) > size(0) * 2)
    }

    @Test("binary lines are hex of binary frames; the demo alone gives demo frames only")
    func binaryDemo() throws {
        let frames = try lines([.demo], encoding: .binary, count: 10)
        #expect(frames.count == 10)
        for line in frames {
            let bytes = try #require(HexBytes.decode(Array(line.utf8)))
            #expect(bytes.starts(with: Array("PCF1".utf8)))
        }
    }

    @Test(
        "with deltas, each scene's first line is its frame and the others its deltas, which rebuild the whole frames",
        arguments: [FrameEncoding.json, .binary])
    func deltas(encoding: FrameEncoding) throws {
        let mix: [BenchScene] = [.demo, .scroll, .navigation]
        let whole = try lines(mix, encoding: encoding, count: 70)
        let deltas = try lines(mix, encoding: encoding, deltas: true, count: 70)
        #expect(deltas.count == whole.count)
        func bytes(_ line: String) throws -> [UInt8] {
            encoding == .json ? Array(line.utf8) : try #require(HexBytes.decode(Array(line.utf8)))
        }
        func frame(_ line: String) throws -> DecodedFrame {
            encoding == .json
                ? try JSONFrameDecoder.decode(try bytes(line)) : try BinaryFrameDecoder.decode(try bytes(line))
        }
        var shown: [DecodedFrame?] = Array(repeating: nil, count: mix.count)
        var (deltaBytes, wholeBytes) = (0, 0)
        for (index, line) in deltas.enumerated() {
            let scene = index % mix.count
            let expected = try frame(whole[index])
            if let before = shown[scene] {
                let delta =
                    encoding == .json
                    ? try JSONFrameDecoder.decodeDelta(try bytes(line))
                    : try BinaryFrameDecoder.decodeDelta(try bytes(line))
                #expect(delta.base == index + 1 - mix.count)
                shown[scene] = try delta.apply(to: before)
                deltaBytes += try bytes(line).count
                wholeBytes += try bytes(whole[index]).count
            } else {
                shown[scene] = try frame(line)
            }
            #expect(shown[scene] == expected, "line \(index)")
        }
        #expect(deltaBytes * 2 < wholeBytes, "deltas \(deltaBytes) bytes against \(wholeBytes) whole")
    }
}
