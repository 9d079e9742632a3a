import Foundation
import Geometry

/// The coverage correction Skia applies to grey glyph masks (SkMaskGamma's correcting tables),
/// with the constants Chromium builds Skia with on Linux (`SK_GAMMA_EXPONENT` 1.2,
/// `SK_GAMMA_CONTRAST` 0.2): dark text is drawn a little lighter and light text a little
/// heavier than its raw coverage. The table depends on the text colour's luminance, reduced to
/// 3 bits as Skia's `SkTMaskGamma<3, 3, 3>` does.
enum MaskGamma {
    static let gamma = 1.2
    static let contrast = 0.2

    /// The luminance level (0...7) of a text colour.
    static func level(of color: ColorBytes) -> Int {
        func toLuma(_ byte: UInt8) -> Double { pow(Double(byte) / 255, gamma) }
        let luma = 0.2126 * toLuma(color.red) + 0.7152 * toLuma(color.green) + 0.0722 * toLuma(color.blue)
        let luminance = Int((pow(luma, 1 / gamma) * 255).rounded())
        return min(max(luminance, 0), 255) >> 5
    }

    /// The 256-entry table for luminance `level` (SkTMaskGamma_build_correcting_lut).
    static func table(level: Int) -> [UInt8] {
        let srcI = (level << 5) | (level << 2) | (level >> 1)
        let src = Double(srcI) / 255
        let linSrc = pow(src, gamma)
        let dst = 1 - src
        let linDst = pow(dst, gamma)
        let adjustedContrast = contrast * linDst
        return (0..<256).map { index in
            let raw = Double(index) / 255
            let srca = raw + (1 - raw) * adjustedContrast * raw
            guard abs(src - dst) >= 1.0 / 256 else { return UInt8((255 * srca).rounded()) }
            let linOut = linSrc * srca + (1 - srca) * linDst
            let out = pow(linOut, 1 / gamma)
            let result = (out - dst) / (src - dst)
            return UInt8(min(max((255 * result).rounded(), 0), 255))
        }
    }

    /// The tables of the eight levels, built once.
    static let tables: [[UInt8]] = (0..<8).map { table(level: $0) }
}
