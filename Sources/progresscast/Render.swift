import ArgumentParser
import Export
import Foundation
import FrameCodecs
import Geometry
import Raster
import Recording
import Session
import Timing
import Typesetting

/// `progresscast render FILE --at SECONDS --format svg|json|png [--scale S] --out PATH`.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export the frame of a recording at a time as SVG, JSON or PNG.")

    enum Format: String, ExpressibleByArgument { case svg, json, png }

    @Argument(help: "A .pcast file.")
    var file: String

    // Unconditional: "--at -1" takes "-1" as the value (and says why it is refused) rather than
    // reading it as an option and saying the value is missing.
    @Option(parsing: .unconditional, help: "Media time in seconds.")
    var at: Double = 0

    @Option(help: "svg, json or png.")
    var format: Format = .svg

    @Option(help: "Pixels per point for png (the page's devicePixelRatio), 0.25 to 4.")
    var scale: Double = 1

    @Option(help: "Output path (- for standard output).")
    var out: String = "-"

    func run() throws {
        guard at.isFinite, at >= 0 else {
            throw ValidationError("--at must be a finite time >= 0 (seconds), got \(at)")
        }
        guard scale.isFinite, ExportSettings.scaleRange.contains(scale) else {
            throw ValidationError("--scale must be between 0.25 and 4")
        }
        let recording = try RecordingLoader.load(file)
        let fonts = try FontCatalog()
        let replayer = Replayer(recording: recording, fonts: fonts)
        let core = replayer.state(at: MediaTime.microseconds(at))
        let list = core.displayList()
        let bytes: [UInt8]
        switch format {
        case .svg: bytes = SVGExporter(background: .white).svgBytes(list)
        case .json:
            var encoder = FrameEncoder()
            bytes = encoder.encodeFrame(list, seq: 0, time: core.time)
        case .png:
            do {
                bytes = try Rasterizer(fonts: fonts).render(list, scale: scale).pngBytes()
            } catch {
                throw CommandFailure("cannot draw the frame: \(error.message)")
            }
        }
        if out == "-" {
            // PNG bytes on a terminal only garble it.
            if format == .png && isatty(STDOUT_FILENO) != 0 {
                throw CommandFailure("--format png writes binary data: give --out FILE, or redirect the output")
            }
            FileHandle.standardOutput.write(Data(bytes))
        } else {
            try CommandFailure.write(bytes, to: out)
        }
    }
}
