/// The file formats an export writes.
public enum ExportFormat: String, Equatable, Sendable, CaseIterable {
    /// An animated GIF with a palette generated from the frames (ffmpeg palettegen/paletteuse).
    case gif
    /// H.264 in MP4 (yuv420p, so every player takes it).
    case mp4
    /// VP9 in WebM.
    case webm
    /// Animated PNG (lossless).
    case apng
    /// A folder of PNG files, one a frame (`frame-00001.png`, ...), written without ffmpeg.
    case pngSequence = "png-sequence"

    /// The file name extension (none for a folder).
    public var fileExtension: String {
        switch self {
        case .gif: "gif"
        case .mp4: "mp4"
        case .webm: "webm"
        case .apng: "png"
        case .pngSequence: ""
        }
    }

    /// The HTTP content type of the file.
    public var contentType: String {
        switch self {
        case .gif: "image/gif"
        case .mp4: "video/mp4"
        case .webm: "video/webm"
        case .apng: "image/apng"
        case .pngSequence: "application/octet-stream"
        }
    }

    /// Whether the export is one file that ffmpeg writes.
    public var usesFFmpeg: Bool { self != .pngSequence }

    /// ffmpeg's output options for this format (after the inputs), without the file name.
    var ffmpegOutputOptions: [String] {
        // yuv420p needs even sizes: pad with the canvas's white by at most one pixel.
        let evenSize = "pad=ceil(iw/2)*2:ceil(ih/2)*2:color=white"
        switch self {
        case .gif:
            // Bayer dithering keeps the HUD's greys from banding; only changed rectangles are
            // re-encoded.
            return [
                "-lavfi", "[0:v][1:v]paletteuse=dither=bayer:bayer_scale=4:diff_mode=rectangle", "-loop", "0",
                "-f", "gif",
            ]
        case .mp4:
            return [
                "-vf", evenSize, "-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-pix_fmt", "yuv420p",
                "-movflags", "+faststart", "-f", "mp4",
            ]
        case .webm:
            return [
                "-vf", evenSize, "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1",
                "-b:v", "0", "-crf", "30", "-pix_fmt", "yuv420p", "-f", "webm",
            ]
        case .apng:
            return ["-pix_fmt", "rgb24", "-plays", "0", "-f", "apng"]
        case .pngSequence:
            return []
        }
    }
}
