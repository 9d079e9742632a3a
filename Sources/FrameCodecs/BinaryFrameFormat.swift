import Shapes

/// The constants of the compact binary frame encoding (docs/protocol.md section 9), shared by
/// ``BinaryFrameEncoder`` and ``BinaryFrameDecoder``.
///
/// A binary frame carries exactly the values of the canonical JSON frame: numbers as the integer
/// the JSON text spells (``JSONByteCursor/boundedScaledInteger(_:decimals:)``), so decoding one
/// and writing it as JSON gives the JSON frame byte for byte.
public enum BinaryFrameFormat {
    /// The first four bytes of every binary frame: `PCF1`.
    public static let magic: [UInt8] = [0x50, 0x43, 0x46, 0x31]
    /// The first four bytes of every binary delta (docs/protocol.md section 10): `PCD1`.
    public static let deltaMagic: [UInt8] = [0x50, 0x43, 0x44, 0x31]

    /// Numbers are sent times 10^this (JSON's four decimals).
    static let numberDecimals = 4
    /// `t` is sent in whole microseconds (JSON's six decimals).
    static let timeDecimals = 6

    /// The longest varint: 64 bits in 7-bit groups.
    static let maxVarintBytes = 10

    /// The kind byte of each shape.
    enum Kind: UInt8 {
        case rect = 0, arc, pie, line, path, text, radial, group
    }

    /// Flag bit 0 of every shape: an `id` string follows the flags.
    static let hasID: UInt8 = 1

    enum RectFlag {
        static let cornerRadius: UInt8 = 2, fill: UInt8 = 4, stroke: UInt8 = 8, lineWidth: UInt8 = 16
    }

    enum StrokeFlag {
        /// `arc` and `line`: a cap byte follows the stroke colour.
        static let cap: UInt8 = 2
    }

    enum PathFlag {
        static let fill: UInt8 = 2, stroke: UInt8 = 4, lineWidth: UInt8 = 8, cap: UInt8 = 16, join: UInt8 = 32
    }

    enum TextFlag {
        /// `rightToLeft` (`"dir":"rtl"`) carries no bytes; it was added later, so a decoder that
        /// predates it refuses the bit rather than drawing the line left to right.
        static let align: UInt8 = 2, baseline: UInt8 = 4, bold: UInt8 = 8, rightToLeft: UInt8 = 16
    }

    enum GroupFlag {
        /// `clip` (four numbers, after `m`) was added later: a decoder that predates it refuses
        /// the bit rather than misreading the numbers.
        static let alpha: UInt8 = 2, matrix: UInt8 = 4, clip: UInt8 = 8
    }

    static func code(_ cap: LineCap) -> UInt8 {
        switch cap {
        case .butt: 0
        case .round: 1
        case .square: 2
        }
    }

    static func code(_ join: LineJoin) -> UInt8 {
        switch join {
        case .miter: 0
        case .round: 1
        case .bevel: 2
        }
    }

    static func code(_ align: TextAlign) -> UInt8 {
        switch align {
        case .left: 0
        case .center: 1
        case .right: 2
        }
    }

    static func code(_ baseline: TextBaseline) -> UInt8 {
        switch baseline {
        case .alphabetic: 0
        case .top: 1
        case .middle: 2
        }
    }

    static func cap(_ code: UInt8) -> LineCap? {
        switch code {
        case 0: .butt
        case 1: .round
        case 2: .square
        default: nil
        }
    }

    static func join(_ code: UInt8) -> LineJoin? {
        switch code {
        case 0: .miter
        case 1: .round
        case 2: .bevel
        default: nil
        }
    }

    static func align(_ code: UInt8) -> TextAlign? {
        switch code {
        case 0: .left
        case 1: .center
        case 2: .right
        default: nil
        }
    }

    static func baseline(_ code: UInt8) -> TextBaseline? {
        switch code {
        case 0: .alphabetic
        case 1: .top
        case 2: .middle
        default: nil
        }
    }
}
