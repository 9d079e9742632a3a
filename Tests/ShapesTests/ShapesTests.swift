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
