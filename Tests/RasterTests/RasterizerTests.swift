import Foundation
import Geometry
import Shapes
import Testing
import Typesetting

@testable import Raster

/// Pixels of each shape kind with the page's canvas semantics (Public/js/renderer.js).
@Suite struct RasterizerTests {
    static let fonts: FontCatalog? = try? FontCatalog()

    func render(
        _ shapes: [Shape], size: Size = Size(width: 100, height: 100), scale: Double = 1
    ) throws
        -> RasterImage
    {
        let rasterizer = try Rasterizer(fonts: try #require(Self.fonts))
        return try rasterizer.render(DisplayList(size: size, shapes: shapes), scale: scale)
    }

    func pixel(_ image: RasterImage, _ x: Int, _ y: Int) -> [UInt8] {
        let p = image.rgba(x: x, y: y)
        return [p.red, p.green, p.blue, p.alpha]
    }

    @Test func sizeFollowsScaleLikeThePage() throws {
        #expect(Rasterizer.pixelSize(of: Size(width: 375, height: 667), scale: 2) == (750, 1334))
        #expect(Rasterizer.pixelSize(of: Size(width: 375, height: 667), scale: 1.5) == (563, 1001))
        let image = try render([], scale: 3)
        #expect(image.width == 300 && image.height == 300 && image.pixels.count == 300 * 300 * 4)
        #expect(pixel(image, 10, 10) == [255, 255, 255, 255])
        #expect(throws: RasterError.self) { try render([], scale: 0) }
    }

    @Test func rectFillStrokeAndSVGDefault() throws {
        let image = try render([
            .rect(RectShape(frame: Rect(x: 10, y: 10, width: 30, height: 30), fill: Color(red: 1, green: 0, blue: 0))),
            // Neither fill nor stroke: black, as SVG and the page.
            .rect(RectShape(frame: Rect(x: 50, y: 10, width: 30, height: 30))),
            // Stroke only: the inside stays white.
            .rect(RectShape(frame: Rect(x: 10, y: 50, width: 30, height: 30), stroke: .black, lineWidth: 2)),
        ])
        #expect(pixel(image, 25, 25) == [255, 0, 0, 255])
        #expect(pixel(image, 65, 25) == [0, 0, 0, 255])
        #expect(pixel(image, 25, 65) == [255, 255, 255, 255])
        #expect(pixel(image, 10, 65) == [0, 0, 0, 255])
    }

    @Test func arcsGoClockwiseOnScreen() throws {
        // From the top (-π/2) clockwise to the right (0): the upper-right quarter only.
        let image = try render([
            .arc(
                ArcShape(
                    center: Point(x: 50, y: 50), radius: 30, startAngle: -Double.pi / 2, endAngle: 0, lineWidth: 6,
                    stroke: .black))
        ])
        #expect(pixel(image, 50 + 21, 50 - 21)[0] < 40)  // upper right, on the arc
        #expect(pixel(image, 50 - 21, 50 - 21)[0] == 255)  // upper left
        #expect(pixel(image, 50, 80)[0] == 255)  // bottom
    }

    @Test func pieAndEmptySweep() throws {
        let image = try render([
            .pie(
                PieShape(
                    center: Point(x: 50, y: 50), radius: 40, startAngle: -Double.pi / 2, endAngle: Double.pi / 2,
                    fill: Color(red: 0, green: 0, blue: 1))),
            .pie(PieShape(center: Point(x: 20, y: 20), radius: 10, startAngle: 1, endAngle: 1, fill: .black)),
        ])
        #expect(pixel(image, 70, 50) == [0, 0, 255, 255])  // right half
        #expect(pixel(image, 30, 50) == [255, 255, 255, 255])  // not the left half
        #expect(pixel(image, 20, 20) == [255, 255, 255, 255])  // equal angles: nothing
    }

    @Test func groupAlphaMultipliesIntoEachShape() throws {
        // Canvas globalAlpha, not a composited layer: two overlapping half-alpha blacks darken more.
        let square = Shape.rect(RectShape(frame: Rect(x: 20, y: 20, width: 40, height: 40), fill: .black))
        let shifted = Shape.rect(RectShape(frame: Rect(x: 40, y: 40, width: 40, height: 40), fill: .black))
        let image = try render([.group(GroupShape(alpha: 0.5, items: [square, shifted]))])
        let single = pixel(image, 30, 30)[0]
        let double = pixel(image, 50, 50)[0]
        #expect((126...129).contains(single))
        #expect((62...66).contains(double))
    }

    @Test func groupTransformAndClip() throws {
        let fill = Shape.rect(RectShape(frame: Rect(x: 0, y: 0, width: 40, height: 40), fill: .black))
        let image = try render([
            .group(
                GroupShape(
                    matrix: [2, 0, 0, 2, 10, 10], clip: Rect(x: 0, y: 0, width: 20, height: 40), items: [fill]))
        ])
        #expect(pixel(image, 45, 50)[0] == 0)  // inside: x 10...50 after the clip, y 10...90
        #expect(pixel(image, 55, 50)[0] == 255)  // clipped away
        // A singular matrix draws nothing (and does not break the frame).
        let none = try render([.group(GroupShape(matrix: [0, 0, 0, 0, 0, 0], items: [fill])), fill])
        #expect(pixel(none, 20, 20)[0] == 0)
    }

    @Test func radialGradientPadsWithItsEndColours() throws {
        let image = try render([
            .radial(
                RadialShape(
                    area: Rect(x: 0, y: 0, width: 100, height: 50), center: Point(x: 50, y: 25), radius: 20,
                    stops: [
                        .init(offset: 0, color: .white), .init(offset: 1, color: Color(red: 0, green: 0.5, blue: 0)),
                    ]))
        ])
        #expect(pixel(image, 50, 25).allSatisfy { $0 >= 240 })  // the pixel's centre is 0.7 pt off the centre
        #expect(pixel(image, 60, 25)[0] < 160)  // half way
        #expect(pixel(image, 95, 25) == [0, 128, 0, 255])
        #expect(pixel(image, 50, 75) == [255, 255, 255, 255])  // outside its area
    }

    @Test func pathDataCommands() throws {
        let segments = PathDataReader.segments("M10 10h20v20H10zm5,5 l1e1 0 q5 5 0 10 t-10 0 a5 5 0 0 1 -5 -5 Z x 1")
        #expect(segments.first == .move(10, 10))
        #expect(segments[1] == .line(30, 10))
        #expect(segments[2] == .line(30, 30))
        #expect(segments[3] == .line(10, 30))
        #expect(segments[4] == .close)
        #expect(segments[5] == .move(15, 15))
        #expect(segments[6] == .line(25, 15))
        #expect(segments[7] == .quadratic(30, 20, 25, 25))
        #expect(segments[8] == .quadratic(20, 30, 15, 25))
        #expect(segments[9] == .arc(rx: 5, ry: 5, rotation: 0, large: false, sweep: true, x: 10, y: 20))
        #expect(segments.last == .close)  // "x 1" is an error: the path stops there
        #expect(PathDataReader.segments("L 5 5").isEmpty == false)
        #expect(PathDataReader.segments("10 10").isEmpty)

        let image = try render([.path(PathShape(data: "M10 10L90 10L90 90Z", fill: .black))])
        #expect(pixel(image, 80, 20)[0] == 0)
        #expect(pixel(image, 20, 80)[0] == 255)
    }

    @Test func textLandsWhereItIsMeasured() throws {
        let fonts = try #require(Self.fonts)
        let text = "Hello"
        let width = fonts.font(size: 20, weight: .regular).width(of: text)
        func inkColumns(_ align: TextAlign) throws -> (Int, Int) {
            let image = try render(
                [.text(TextShape(position: Point(x: 100, y: 40), text: text, size: 20, fill: .black, align: align))],
                size: Size(width: 200, height: 60))
            var columns: [Int] = []
            for x in 0..<200 where (20..<45).contains(where: { pixel(image, x, $0)[0] < 128 }) { columns.append(x) }
            return (columns.first ?? -1, columns.last ?? -1)
        }
        let left = try inkColumns(.left)
        let right = try inkColumns(.right)
        let center = try inkColumns(.center)
        #expect(abs(Double(left.0) - 101) <= 2)  // H's left bearing is about 1.9 pt
        #expect(abs(Double(right.0) - (101 - width)) <= 2)
        #expect(abs(Double(center.0) - (101 - width / 2)) <= 2)
        #expect(left.1 - left.0 == right.1 - right.0)
    }

    @Test func largeAndTransformedTextIsFilledAsOutlines() throws {
        // Over 256 pixels (Skia draws such glyphs as paths), and under a rotation.
        let big = try render(
            [.text(TextShape(position: Point(x: 20, y: 280), text: "I", size: 300, fill: .black))],
            size: Size(width: 200, height: 300))
        let stem = (0..<200).filter { pixel(big, $0, 150)[0] < 128 }
        #expect(stem.count > 20 && stem.count < 60)  // DejaVu's I stem: 0.146 em, about 44 pixels
        let rotated = try render([
            .group(
                GroupShape(
                    matrix: [0, 1, -1, 0, 60, 10],
                    items: [.text(TextShape(position: Point(x: 0, y: 0), text: "MMMM", size: 20, fill: .black))]))
        ])
        // x' = 60 - y, y' = x + 10: the text runs down from (60, 10), its glyphs (above the
        // baseline) right of x = 60.
        #expect((10..<80).contains { y in (61..<76).contains { pixel(rotated, $0, y)[0] < 128 } })
        #expect(!(0..<100).contains { y in (0..<58).contains { pixel(rotated, $0, y)[0] < 128 } })
    }

    @Test func pngBytesAreAPNG() throws {
        let bytes = try render([]).pngBytes()
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }
}

/// Skia's coverage correction tables (SkTMaskGamma_build_correcting_lut, gamma 1.2, contrast 0.2).
@Suite struct MaskGammaTests {
    @Test func endsAreFixedAndDarkTextGetsLighter() {
        for table in MaskGamma.tables {
            #expect(table[0] == 0 && table[255] == 255)
            #expect(zip(table, table.dropFirst()).allSatisfy { $0 <= $1 })
        }
        let black = MaskGamma.tables[MaskGamma.level(of: .black)]
        let white = MaskGamma.tables[MaskGamma.level(of: .white)]
        #expect(MaskGamma.level(of: .black) == 0 && MaskGamma.level(of: .white) == 7)
        // Closed form for black text: 1 - (1 - c')^(1/1.2) with c' = c + 0.2 c (1 - c).
        let c = 0.8
        let expected = 1 - pow(1 - (c + 0.2 * c * (1 - c)), 1 / 1.2)
        #expect(Int(black[204]) == Int((255 * expected).rounded()))
        #expect(black[204] < 204 && white[128] > 128)
    }
}
