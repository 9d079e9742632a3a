import ArgumentParser
import Export
import Foundation
import Recording
import Synchronization
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

    @Option(help: "Frames per second of the output, 1 to 120 (1 to 50 for gif).")
    var fps: Double = 30

    @Option(help: "Pixels per point (the page's devicePixelRatio), 0.25 to 4.")
    var scale: Double = 1

    @Option(help: "Media time of the first frame, seconds.")
    var from: Double = 0

    @Option(help: "Media time where the export ends, seconds (default: the recording's end).")
    var to: Double?

    @Option(help: "Media seconds per output second (2: twice as fast), 0.1 to 16.")
    var speed: Double = 1

    @Option(
        help:
            "Output path (default: FILE with the format's extension; a folder for png-sequence; - for standard output)."
    )
    var out: String?

    func run() throws {
        guard let format = ExportFormat(rawValue: format) else {
            throw ValidationError(
                "unknown format \"\(format)\": use one of \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        let base = file.hasSuffix(".pcast") ? String(file.dropLast(6)) : file
        let path = out ?? (format == .pngSequence ? base + "-frames" : base + "." + format.fileExtension)
        let destination: ExportDestination
        do {
            // Before any work: an output naming the recording itself is refused here.
            destination = try ExportDestination.resolve(path, format: format, recording: file)
        } catch {
            FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
            throw ExitCode(error.kind == .badSettings ? 64 : 1)
        }
        if destination == .standardOutput, isatty(STDOUT_FILENO) != 0 {
            // A GIF or a video on a terminal only garbles it (as render --format png).
            throw CommandFailure("\(format.rawValue) is binary data: give --out FILE, or redirect the output")
        }
        let recording = try RecordingLoader.load(file)
        let settings = ExportSettings(format: format, fps: fps, scale: scale, from: from, to: to, speed: speed)
        let exporter = Exporter(recording: recording, settings: settings, fonts: try FontCatalog())
        let started = Date()
        let progress = ProgressBar()
        let interruption = Interruption()
        do {
            let frames = try exporter.export(
                to: destination, progress: { progress.show(done: $0, total: $1) },
                isCancelled: { interruption.signal != 0 })
            progress.finish()
            let seconds = Date().timeIntervalSince(started)
            let name = destination == .standardOutput ? "standard output" : path
            FileHandle.standardError.write(
                Data(
                    "\(name): \(frames) frame\(frames == 1 ? "" : "s") at \(fps) fps in \(String(format: "%.2f", seconds)) s\(recording.endNote.isEmpty ? "" : " (" + recording.endNote + ")")\n"
                        .utf8))
        } catch {
            progress.finish()
            let signal = interruption.signal
            if signal != 0 {
                // The partial output is gone (the export removes it on the way out): exit as
                // the signal's conventional status.
                FileHandle.standardError.write(
                    Data("export interrupted by \(signal == SIGINT ? "SIGINT" : "SIGTERM"): no file written\n".utf8))
                throw ExitCode(128 + signal)
            }
            FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
            throw ExitCode(error.kind == .badSettings ? 64 : 1)
        }
    }
}

/// SIGINT and SIGTERM during an export: the first one asks the export to stop (it removes its
/// partial output and the command exits with 128 + the signal's number); a second one stops
/// the process at once.
private final class Interruption {
    private static let received = Atomic<Int32>(0)
    private let sources: [any DispatchSourceSignal]

    init() {
        sources = [SIGINT, SIGTERM].map { number in
            // Dispatch sees the signal only once its default action (ending the process) is off.
            Foundation.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let (first, _) = Self.received.compareExchange(
                    expected: 0, desired: number, ordering: .acquiringAndReleasing)
                if !first {
                    Foundation.signal(number, SIG_DFL)
                    kill(getpid(), number)
                }
            }
            source.resume()
            return source
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }

    /// The signal received (SIGINT or SIGTERM), or 0.
    var signal: Int32 { Self.received.load(ordering: .acquiring) }
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
