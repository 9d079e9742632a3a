import ArgumentParser
import Export
import Foundation
import Recording
import Typesetting

/// `progresscast export FILE --format gif|mp4|webm|apng|png-sequence [--fps] [--scale] [--from] [--to] [--speed] [--out]`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a recording as a GIF, MP4, WebM, animated PNG or PNG sequence (needs ffmpeg on PATH).")

    @Argument(help: "A .pcast file.")
    var file: String

    @Option(help: "gif, mp4, webm, apng or png-sequence.")
    var format: String

    @Option(help: "Frames per second of the output, 1 to 120.")
    var fps: Double = 30

    @Option(help: "Pixels per point (the page's devicePixelRatio), 0.25 to 4.")
    var scale: Double = 1

    @Option(help: "Media time of the first frame, seconds.")
    var from: Double = 0

    @Option(help: "Media time where the export ends, seconds (default: the recording's end).")
    var to: Double?

    @Option(help: "Media seconds per output second (2: twice as fast), 0.1 to 16.")
    var speed: Double = 1

    @Option(help: "Output path (default: FILE with the format's extension; a folder for png-sequence).")
    var out: String?

    func run() throws {
        guard let format = ExportFormat(rawValue: format) else {
            throw ValidationError(
                "unknown format \"\(format)\": use one of \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        let recording = try RecordingLoader.load(file)
        let settings = ExportSettings(format: format, fps: fps, scale: scale, from: from, to: to, speed: speed)
        let base = file.hasSuffix(".pcast") ? String(file.dropLast(6)) : file
        let destination =
            out ?? (format == .pngSequence ? base + "-frames" : base + "." + format.fileExtension)
        let exporter = Exporter(recording: recording, settings: settings, fonts: try FontCatalog())
        let started = Date()
        let progress = ProgressBar()
        do {
            let frames = try exporter.export(to: destination, progress: { progress.show(done: $0, total: $1) })
            progress.finish()
            let seconds = Date().timeIntervalSince(started)
            FileHandle.standardError.write(
                Data(
                    "\(destination): \(frames) frame\(frames == 1 ? "" : "s") at \(fps) fps in \(String(format: "%.2f", seconds)) s\(recording.truncatedTail ? " (truncated last line ignored)" : "")\n"
                        .utf8))
        } catch {
            progress.finish()
            FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
            throw ExitCode(error.kind == .badSettings ? 64 : 1)
        }
    }
}

/// Progress on standard error: a bar redrawn in place on a terminal (each whole percent), a
/// line every 10% otherwise (logs, pipes). It counts frames drawn, which for a GIF include the
/// palette pass's sample (up to 60 more than the file holds).
private final class ProgressBar {
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private var shown = -1
    private var drawn = false

    func show(done: Int, total: Int) {
        let percent = total > 0 ? done * 100 / total : 100
        guard percent != shown, isTerminal || percent % 10 == 0 else { return }
        shown = percent
        guard isTerminal else {
            FileHandle.standardError.write(Data("export: \(percent)% (\(done)/\(total) frames drawn)\n".utf8))
            return
        }
        drawn = true
        let width = 30
        let filled = percent * width / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        FileHandle.standardError.write(Data("\rexport [\(bar)] \(percent)% (\(done)/\(total) frames drawn)".utf8))
    }

    func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
        drawn = false
    }
}
