import ArgumentParser
import Foundation
import FrameCodecs
import Geometry
import Recording
import Session
import Timing
import Typesetting

/// `progresscast render FILE --at SECONDS --format svg|json --out PATH`.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export the frame of a recording at a time as SVG or JSON.")

    enum Format: String, ExpressibleByArgument { case svg, json }

    @Argument(help: "A .pcast file.")
    var file: String

    @Option(help: "Media time in seconds.")
    var at: Double = 0

    @Option(help: "svg or json.")
    var format: Format = .svg

    @Option(help: "Output path (- for standard output).")
    var out: String = "-"

    func run() throws {
        guard at.isFinite, at >= 0 else { throw ValidationError("--at must be a time >= 0") }
        let recording = try RecordingLoader.load(file)
        let replayer = Replayer(recording: recording, fonts: try FontCatalog())
        let core = replayer.state(at: MediaTime.microseconds(at))
        let list = core.displayList()
        let bytes: [UInt8]
        switch format {
        case .svg: bytes = SVGExporter(background: .white).svgBytes(list)
        case .json:
            var encoder = FrameEncoder()
            bytes = encoder.encodeFrame(list, seq: 0, time: core.time)
        }
        if out == "-" {
            FileHandle.standardOutput.write(Data(bytes))
        } else if !FileManager.default.createFile(atPath: out, contents: Data(bytes)) {
            throw ValidationError("cannot write \(out)")
        }
    }
}
