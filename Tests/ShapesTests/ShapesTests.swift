import Geometry
import Shapes
import Testing

@Suite struct PathBuilderTests {
    @Test func writesAbsoluteCommandsWithCanonicalNumbers() {
        var path = PathBuilder()
        path.move(to: Point(x: 1.5, y: 18))
        path.line(to: Point(x: 11, y: 28.000_04))
        path.quadCurve(to: Point(x: 3, y: 4), control: Point(x: 1, y: 2))
        path.curve(to: Point(x: 31.5, y: 5.5), control1: Point(x: -1, y: 0), control2: Point(x: 0.123_456, y: 2))
        path.close()
        #expect(path.data == "M1.5 18L11 28Q1 2 3 4C-1 0 0.1235 2 31.5 5.5Z")
    }

    /// A horizontal line is exactly `move(to:)` then `line(to:)`, whatever the numbers (repeated
    /// ends copied, new ones formatted, signed zeros, NaN, infinities, huge and tiny values) and
    /// whatever other commands come between.
    @Test func horizontalLinesAreAMoveAndALine() {
        let values: [Double] = [
            0, -0.0, 1, 15, 43.5, 320, -12.25, 0.000_05, -0.000_05, 123.456_75, 1e12, -1e15, .nan, .infinity,
            -.infinity, 1_000_000.5,
        ]
        var state: UInt64 = 2026
        func pick() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return values[Int(state >> 33) % values.count]
        }
        for _ in 0..<200 {
            var fast = PathBuilder()
            var plain = PathBuilder()
            var (x0, x1) = (pick(), pick())
            for _ in 0..<12 {
                // Ends mostly shared from one line to the next, as a table's are.
                if Int(state >> 40) % 4 == 0 { x0 = pick() }
                if Int(state >> 45) % 4 == 0 { x1 = pick() }
                let y = pick()
                fast.horizontalLine(from: x0, to: x1, y: y)
                plain.move(to: Point(x: x0, y: y))
                plain.line(to: Point(x: x1, y: y))
                if Int(state >> 50) % 5 == 0 {
                    let other = Point(x: pick(), y: pick())
                    fast.line(to: other)
                    plain.line(to: other)
                }
            }
            #expect(fast.data == plain.data)
        }
        var path = PathBuilder()
        path.horizontalLine(from: 15, to: 320, y: 43.5)
        path.horizontalLine(from: 15, to: 320, y: 87.5)
        path.horizontalLine(from: -0.0, to: 320.25, y: 0.000_05)
        #expect(path.data == "M15 43.5L320 43.5M15 87.5L320 87.5M0 0.0001L320.25 0.0001")
    }

    /// A horizontal line whose y was formatted beforehand (``PathNumbers``) is the line formatting
    /// that y gives, ends shared or not; an index past the numbers writes nothing.
    @Test func horizontalLinesWithFormattedYAreTheFormattedLines() {
        let ys: [Double] = [0, -0.0, 63.75, 107.75, -12.25, 0.000_05, 123.456_75, 1e12, -1e15, .nan, .infinity, 20.3]
        let numbers = PathNumbers(ys)
        #expect(numbers.count == ys.count)
        let ends: [(Double, Double)] = [(15, 320), (15, 320), (-3.5, 17.125), (-3.5, 17.125), (0, 375)]
        for shift in 0..<ends.count {
            var formatted = PathBuilder()
            var plain = PathBuilder()
            for index in ys.indices {
                let (x0, x1) = ends[(index + shift) % ends.count]
                formatted.horizontalLine(from: x0, to: x1, y: index, of: numbers)
                plain.horizontalLine(from: x0, to: x1, y: ys[index])
            }
            #expect(formatted.data == plain.data)
        }
        var path = PathBuilder()
        path.horizontalLine(from: 15, to: 320, y: ys.count, of: numbers)
        path.horizontalLine(from: 15, to: 320, y: -1, of: numbers)
        path.horizontalLine(from: 15, to: 320, y: 0, of: PathNumbers())
        #expect(path.data.isEmpty)
    }

    @Test func emptyPathHasNoData() {
        #expect(PathBuilder().data.isEmpty)
    }
}

@Suite struct ShapeTests {
    @Test func kindsAndIDsMatchTheWireNames() {
        let rect = Shape.rect(RectShape(id: "r", frame: Rect(x: 0, y: 0, width: 1, height: 1), fill: .black))
        let group = Shape.group(GroupShape(id: "g", items: [rect]))
        #expect(rect.kind == "rect" && rect.id == "r")
        #expect(group.kind == "group" && group.id == "g")
        #expect(
            Shape.line(LineShape(start: Point(x: 0, y: 0), end: Point(x: 1, y: 1), lineWidth: 1, stroke: .black)).id
                == nil)
    }
}
