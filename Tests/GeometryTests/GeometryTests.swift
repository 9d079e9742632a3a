import Testing

@testable import Geometry

@Suite struct ColorTests {
    @Test func parsesAndFormatsHex() {
        let c = Color(hex: "#FF8000")
        #expect(c == Color(red: 1, green: 128.0 / 255, blue: 0, alpha: 1))
        #expect(c?.hex == "#ff8000")
        #expect(Color(hex: "#00000080")?.hex == "#00000080")
        #expect(Color(hex: "ff8000") == nil)
        #expect(Color(hex: "#ff80") == nil)
        #expect(Color(hex: "#gg0000") == nil)
        #expect(Color(hex: "#ff00000") == nil)
        #expect(Color(red: .nan, green: 2, blue: -1, alpha: .infinity).hex == "#00ff00")
    }
}

@Suite struct RectTests {
    @Test func containsExcludesMaxEdges() {
        let r = Rect(x: 10, y: 10, width: 20, height: 10)
        #expect(r.contains(Point(x: 10, y: 10)))
        #expect(!r.contains(Point(x: 30, y: 15)))
        #expect(r.outset(dx: 20, dy: 20) == Rect(x: -10, y: -10, width: 60, height: 50))
        #expect(r.inset(by: 2) == Rect(x: 12, y: 12, width: 16, height: 6))
    }
}

@Suite struct TransformTests {
    @Test func scaleAboutAnchorKeepsAnchorFixed() {
        let m = Transform.scale(2).matrix(about: Point(x: 100, y: 50))
        // x' = a*x + c*y + e
        let x = m[0] * 100 + m[2] * 50 + m[4], y = m[1] * 100 + m[3] * 50 + m[5]
        #expect(abs(x - 100) < 1e-12 && abs(y - 50) < 1e-12)
        #expect(m[0] == 2 && m[3] == 2)
    }
}
