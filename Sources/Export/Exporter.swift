import Foundation
import Raster
public import Recording
public import Typesetting

/// Limits on one export (the server's `--export-*` flags); nil for none.
public struct ExportLimits: Sendable {
    /// The most bytes the output may have.
    public var maxBytes: Int?
    /// The most seconds the export may take.
    public var maxSeconds: Double?

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(maxBytes: Int? = nil, maxSeconds: Double? = nil) {
        self.maxBytes = maxBytes
        self.maxSeconds = maxSeconds
    }
}

/// Exports a recording as a GIF, MP4, WebM, APNG or PNG sequence: re-simulates it on a manual
/// clock (``RecordingFrames``), draws each frame with the ``Rasterizer`` and pipes the raw
/// pixels into `ffmpeg`. The output is written to a hidden temporary name in the destination's
/// folder and renamed over the destination only on success, so a failed, killed or cancelled
/// export leaves no partial file.
public struct Exporter {
    /// The recording exported.
    public let recording: Recording
    /// What to export.
    public let settings: ExportSettings
    let fonts: FontCatalog

    /// How many frames a GIF's palette is computed from at most (spread over the export).
    static let paletteSampleFrames = 60

    /// The largest frame exported, in pixels (4096 by 4096: 64 MiB a frame buffer).
    public static let maxFramePixels = 4096 * 4096

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(recording: Recording, settings: ExportSettings, fonts: FontCatalog) {
        self.recording = recording
        self.settings = settings
        self.fonts = fonts
    }

    /// The `ffmpeg` executable on `PATH`, or nil when it is not installed.
    public static func ffmpegPath() -> String? { FFmpegProcess.locate() }

    /// The error an export needing ffmpeg fails with when it is not installed (names the package).
    public static var ffmpegMissing: ExportError { FFmpegProcess.missing }

    /// Writes the export to the path `destination` (a file, or a folder for a PNG sequence; see
    /// ``ExportDestination/resolve(_:format:recording:)`` for what an existing path gets).
    /// - Parameters:
    ///   - progress: called after each frame with (frames done, frames in all), on this thread.
    ///   - isCancelled: polled between frames; true stops the export (``ExportError/Kind/cancelled``).
    /// - Returns: the number of frames written.
    @discardableResult
    public func export(
        to destination: String, limits: ExportLimits = ExportLimits(),
        progress: @escaping (Int, Int) -> Void = { _, _ in }, isCancelled: @escaping () -> Bool = { false }
    ) throws(ExportError) -> Int {
        try export(
            to: ExportDestination.resolve(destination, format: settings.format), limits: limits, progress: progress,
            isCancelled: isCancelled)
    }

    /// Writes the export to `destination`: a file or folder is written under a temporary name
    /// and renamed over it; for standard output or a stream the export is made in a temporary
    /// file first (MP4 needs to seek), then copied into it.
    /// - Parameters:
    ///   - progress: called after each frame with (frames done, frames in all), on this thread.
    ///   - isCancelled: polled between frames (and while copying to a stream); true stops the
    ///     export (``ExportError/Kind/cancelled``).
    /// - Returns: the number of frames written.
    /// - Throws: ``ExportError/Kind/badRecording`` first of all for a recording that holds no
    ///   command (cut after its header).
    @discardableResult
    public func export(
        to destination: ExportDestination, limits: ExportLimits = ExportLimits(),
        progress: @escaping (Int, Int) -> Void = { _, _ in }, isCancelled: @escaping () -> Bool = { false }
    ) throws(ExportError) -> Int {
        guard recording.commandCount > 0 else {
            // Not even the session.create every recording starts with: a file cut after its header
            // (as replay --verify refuses it). Exporting it would draw one blank frame.
            throw ExportError(
                .badRecording,
                "nothing to export: the recording holds no command, not even the session.create it starts with (it ends after its header)"
            )
        }
        let pixels = Rasterizer.pixelSize(
            of: RecordingFrames(recording: recording, fonts: fonts).canvasSize, scale: settings.scale)
        guard pixels.width * pixels.height <= Self.maxFramePixels else {
            // Checked before any work: each frame is drawn into a buffer of 4 bytes a pixel, and
            // ffmpeg holds several; a 4096-point canvas at scale 4 took 2 GB and then failed.
            throw ExportError(
                .badSettings,
                "a frame would be \(pixels.width)x\(pixels.height) pixels, more than 4096x4096 (\(Self.maxFramePixels) in all): lower the scale"
            )
        }
        let times = try settings.frameTimes(duration: recording.duration)
        let ffmpeg = settings.format.usesFFmpeg ? FFmpegProcess.locate() : nil
        if settings.format.usesFFmpeg, ffmpeg == nil { throw FFmpegProcess.missing }
        // ffmpeg exiting mid-way (or a stream's reader going away) must come back as EPIPE from
        // write(2), not kill this process.
        signal(SIGPIPE, SIG_IGN)
        let path: String
        var stream: String?
        switch destination {
        case .file(let file):
            path = file
        case .standardOutput, .stream:
            if case .stream(let name) = destination { stream = name } else { stream = "-" }
            path =
                FileManager.default.temporaryDirectory.appendingPathComponent(
                    "progresscast-export-\(UUID().uuidString).\(settings.format.fileExtension)"
                ).path
        }
        defer { if stream != nil { try? FileManager.default.removeItem(atPath: path) } }
        let target = URL(fileURLWithPath: path)
        let folder = target.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ExportError(.io, "the folder \(folder.path) does not exist")
        }
        // A folder is not renamed over an existing one (rename(2) would replace only an empty one).
        if settings.format == .pngSequence, FileManager.default.fileExists(atPath: target.path) {
            throw ExportError(.io, "\(target.path) already exists")
        }
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).partial-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let rasterizer: Rasterizer
        do {
            rasterizer = try Rasterizer(fonts: fonts)
        } catch {
            throw ExportError(.io, error.message)
        }
        var run = Run(
            exporter: self, times: times, rasterizer: rasterizer, limits: limits, output: temporary.path,
            progress: progress, isCancelled: isCancelled)
        if let ffmpeg {
            try run.encode(ffmpeg: ffmpeg, folder: folder)
        } else {
            try run.writePNGs()
        }
        guard rename(temporary.path, target.path) == 0 else {
            throw ExportError(.io, "cannot write \(target.path): \(String(cString: strerror(errno)))")
        }
        if let stream {
            try Self.copy(path, to: stream, isCancelled: isCancelled)
        }
        return times.count
    }

    /// Copies the file at `path` into `stream` (`-`: standard output), opened for writing
    /// without creating or truncating it.
    private static func copy(_ path: String, to stream: String, isCancelled: () -> Bool) throws(ExportError) {
        let name = stream == "-" ? "standard output" : stream
        let source = open(path, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else {
            throw ExportError(.io, "cannot read the finished export back: \(String(cString: strerror(errno)))")
        }
        defer { close(source) }
        let output = stream == "-" ? STDOUT_FILENO : open(stream, O_WRONLY | O_CLOEXEC)
        guard output >= 0 else { throw ExportError(.io, "cannot write \(name): \(String(cString: strerror(errno)))") }
        defer { if output != STDOUT_FILENO { close(output) } }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if isCancelled() { throw ExportError(.cancelled, "the export was cancelled") }
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw ExportError(.io, "cannot read the finished export back: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return }
            var failure: Int32 = 0
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                while offset < count, let base = bytes.baseAddress {
                    let written = write(output, base + offset, count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    offset += written
                }
            }
            if failure != 0 { throw ExportError(.io, "cannot write \(name): \(String(cString: strerror(failure)))") }
        }
    }
}

/// One export in progress: frames, pixels, processes, limits.
private struct Run {
    let exporter: Exporter
    let times: [Double]
    let rasterizer: Rasterizer
    let limits: ExportLimits
    let output: String
    let progress: (Int, Int) -> Void
    let isCancelled: () -> Bool
    let started = ContinuousClock.now
    var done = 0

    init(
        exporter: Exporter, times: [Double], rasterizer: Rasterizer, limits: ExportLimits, output: String,
        progress: @escaping (Int, Int) -> Void, isCancelled: @escaping () -> Bool
    ) {
        self.exporter = exporter
        self.times = times
        self.rasterizer = rasterizer
        self.limits = limits
        self.output = output
        self.progress = progress
        self.isCancelled = isCancelled
    }

    private var settings: ExportSettings { exporter.settings }

    /// Every frame whose index passes `include`, drawn and handed to `body`.
    private mutating func frames(
        total: Int, include: (Int) -> Bool = { _ in true }, _ body: (Int, RasterImage) throws(ExportError) -> Void
    ) throws(ExportError) {
        var frames = RecordingFrames(recording: exporter.recording, fonts: exporterFonts)
        for (index, time) in times.enumerated() where include(index) {
            try checkLimits()
            let image: RasterImage
            do {
                image = try rasterizer.render(frames.frame(at: time), scale: settings.scale)
            } catch {
                throw ExportError(.io, error.message)
            }
            try body(index, image)
            done += 1
            progress(done, total)
        }
    }

    private var exporterFonts: FontCatalog { exporter.fonts }

    private func checkLimits() throws(ExportError) {
        if isCancelled() { throw ExportError(.cancelled, "the export was cancelled") }
        if let maxSeconds = limits.maxSeconds {
            let elapsed = ContinuousClock.now - started
            if elapsed > .milliseconds(Int64(maxSeconds * 1000)) {
                throw ExportError(.limit, "the export took more than \(maxSeconds) s (the server's time limit)")
            }
        }
        if let maxBytes = limits.maxBytes, Self.size(of: output) > maxBytes {
            throw ExportError(.limit, "the export is larger than \(maxBytes) bytes (the server's size limit)")
        }
    }

    private static func size(of path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Pipes the frames through ffmpeg (twice for a GIF: palette, then the file).
    mutating func encode(ffmpeg: String, folder: URL) throws(ExportError) {
        let size = Rasterizer.pixelSize(
            of: RecordingFrames(recording: exporter.recording, fonts: exporterFonts).canvasSize,
            scale: settings.scale)
        let rawInput = [
            "-f", "rawvideo", "-pix_fmt", RasterImage.ffmpegPixelFormat, "-s", "\(size.width)x\(size.height)",
            "-r", Self.rate(settings.fps), "-i", "-",
        ]
        var inputs = rawInput
        var total = times.count
        let palette = folder.appendingPathComponent(".palette-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: palette) }
        if settings.format == .gif {
            let stride = max(1, (times.count + Exporter.paletteSampleFrames - 1) / Exporter.paletteSampleFrames)
            let sampled = (times.count + stride - 1) / stride
            total += sampled
            try pipe(
                ffmpeg: ffmpeg,
                arguments: rawInput + [
                    "-vf", "palettegen=stats_mode=full", "-update", "1", "-f", "image2", palette.path,
                ],
                total: total, include: { $0 % stride == 0 })
            inputs += ["-i", palette.path]
        }
        var outputOptions = settings.format.ffmpegOutputOptions
        if settings.format == .gif {
            outputOptions += ["-final_delay", String(Self.gifFinalDelay(frames: times.count, fps: settings.fps))]
        }
        try pipe(
            ffmpeg: ffmpeg, arguments: inputs + outputOptions + [output], total: total, include: { _ in true })
    }

    /// The delay of a GIF's last frame, in hundredths of a second. ffmpeg's GIF writer rounds each
    /// frame's time to a hundredth and gives a frame the gap to the next one, so the delays carry
    /// the rounding (30 fps: 3, 4, 3, 3, 4, ...) and add up; the last frame would repeat the delay
    /// before it, so it gets the rest of the export's duration instead (the delays then add up to
    /// `frames / fps` rounded to a hundredth).
    static func gifFinalDelay(frames: Int, fps: Double) -> Int {
        let (numerator, denominator) = rational(fps)
        // k frames last k * 100 * denominator / numerator hundredths, rounded half up (as
        // ffmpeg's av_rescale_q).
        func hundredths(_ k: Int) -> Int { (2 * k * 100 * denominator + numerator) / (2 * numerator) }
        return hundredths(frames) - hundredths(frames - 1)
    }

    /// The frame rate as a fraction (an integer over 1, or over 1000), as ffmpeg is given it.
    private static func rational(_ fps: Double) -> (Int, Int) {
        fps == fps.rounded() ? (Int(fps), 1) : (Int((fps * 1000).rounded()), 1000)
    }

    private mutating func pipe(
        ffmpeg: String, arguments: [String], total: Int, include: (Int) -> Bool
    )
        throws(ExportError)
    {
        let process = try FFmpegProcess(executable: ffmpeg, arguments: arguments)
        do {
            try frames(total: total, include: include) { (_, image) throws(ExportError) in
                try process.write(image.pixels)
            }
        } catch {
            if error.kind != .ffmpegFailed { process.kill() }
            throw error
        }
        try process.finish()
        try checkLimits()
    }

    /// Writes `frame-00001.png`, ... into a new folder at `output`.
    mutating func writePNGs() throws(ExportError) {
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)
        } catch {
            throw ExportError(.io, "cannot create \(output): \(error.localizedDescription)")
        }
        let folder = output
        try frames(total: times.count) { (index, image) throws(ExportError) in
            let name = folder + "/frame-" + String(format: "%05d", index + 1) + ".png"
            let bytes: [UInt8]
            do throws(RasterError) {
                bytes = try image.pngBytes()
            } catch {
                throw ExportError(.io, error.message)
            }
            guard FileManager.default.createFile(atPath: name, contents: Data(bytes)) else {
                throw ExportError(.io, "cannot write \(name)")
            }
        }
    }

    /// The frame rate as ffmpeg reads it (an integer, or a fraction over 1000).
    private static func rate(_ fps: Double) -> String {
        let (numerator, denominator) = rational(fps)
        return denominator == 1 ? String(numerator) : "\(numerator)/\(denominator)"
    }
}
