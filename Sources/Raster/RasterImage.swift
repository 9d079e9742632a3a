import CCairo

/// One rasterised frame: `width` x `height` pixels, rows top to bottom, 4 bytes a pixel in
/// Cairo's `ARGB32` layout (a native-endian 32-bit word with alpha in the high byte, so B, G, R,
/// A in memory on little-endian machines: ffmpeg's `bgra`), premultiplied by alpha.
public struct RasterImage: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes, no row padding.
    public let pixels: [UInt8]

    /// Creates a value with these fields (see the type's documentation for their meaning).
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel format's name for ffmpeg's `-pix_fmt` (the byte order of ``pixels`` in memory).
    public static let ffmpegPixelFormat = "bgra"

    /// The straight (not premultiplied) red, green, blue and alpha bytes of the pixel at (x, y).
    public func rgba(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let offset = (y * width + x) * 4
        let word =
            UInt32(pixels[offset]) | UInt32(pixels[offset + 1]) << 8 | UInt32(pixels[offset + 2]) << 16
            | UInt32(pixels[offset + 3]) << 24
        let alpha = UInt8(word >> 24)
        func straight(_ shift: UInt32) -> UInt8 {
            let value = UInt32((word >> shift) & 0xFF)
            guard alpha != 0, alpha != 255 else { return UInt8(value) }
            return UInt8(min(255, (value * 255 + UInt32(alpha) / 2) / UInt32(alpha)))
        }
        return (straight(16), straight(8), straight(0), alpha)
    }

    /// The image as a PNG file's bytes (8-bit RGBA, or RGB when opaque, as Cairo writes it).
    public func pngBytes() throws(RasterError) -> [UInt8] {
        var copy = pixels
        let stride = width * 4
        var result: Result<[UInt8], RasterError> = .failure(RasterError("cannot encode a PNG"))
        copy.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self),
                let surface = cairo_image_surface_create_for_data(
                    base, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))
            else { return }
            defer { cairo_surface_destroy(surface) }
            var sink = PNGSink()
            let status = withUnsafeMutablePointer(to: &sink) { pointer in
                cairo_surface_write_to_png_stream(
                    surface,
                    { closure, data, length in
                        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                        let sink = closure.assumingMemoryBound(to: PNGSink.self)
                        sink.pointee.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                        return CAIRO_STATUS_SUCCESS
                    }, pointer)
            }
            if status == CAIRO_STATUS_SUCCESS {
                result = .success(sink.bytes)
            } else {
                result = .failure(
                    RasterError("cannot encode a PNG: \(String(cString: cairo_status_to_string(status)))"))
            }
        }
        return try result.get()
    }
}

/// Collects the bytes Cairo's PNG writer hands over.
private struct PNGSink {
    var bytes: [UInt8] = []
}
