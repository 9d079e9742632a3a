import Foundation
import Geometry
import HUD
import Shapes
import Testing

/// Show and hide animations against the closed form of UIKit's critically damped spring
/// (0.3 s, damping 1, velocity 0): x(t) = 1 - e^(-ωt)(1 + ωt).
@Suite struct HUDAnimationTests {
    /// MBProgressHUD's `animateIn:withType:` scales: (show from, hide to); Zoom = ZoomIn on show
    /// and ZoomOut on hide; Fade leaves the transform alone.
    static let cases: [(HUDAnimation, Double, Double)] = [
        (.fade, 1, 1), (.zoomIn, 0.5, 1.5), (.zoomOut, 1.5, 0.5), (.zoom, 0.5, 0.5),
    ]
    static let instants = [0.03, 0.075, 0.15, 0.225, 0.29]

    @Test(arguments: HUDAnimationTests.cases.indices)
    func showAndHideFollowTheSpring(_ index: Int) throws {
        let (animation, showFrom, hideTo) = HUDAnimationTests.cases[index]
        var d = Driver()
        try d.show("h", HUDProperties(animation: animation), at: 0)
        for t in HUDAnimationTests.instants {
            let x = ClosedFormSpring.x(t)
            let shapes = d.shapes(at: t)
            let group = try #require(bezelGroup(shapes, "h"))
            let scale = showFrom + (1 - showFrom) * x
            #expect(abs((group.alpha ?? 1) - x) < 1e-6, "alpha at \(t)")
            try expectScale(group, scale, about: d.stack.frames(of: "h")?.bezel, at: t)
        }
        try d.hide("h", at: 1)
        for t in HUDAnimationTests.instants {
            let x = ClosedFormSpring.x(t)
            let shapes = d.shapes(at: 1 + t)
            let group = try #require(bezelGroup(shapes, "h"))
            #expect(abs((group.alpha ?? 1) - (1 - x)) < 1e-6, "alpha at 1 + \(t)")
            try expectScale(group, 1 + (hideTo - 1) * x, about: d.stack.frames(of: "h")?.bezel, at: 1 + t)
        }
        d.advance(to: 2)
        #expect(d.log("h") == ["hud.appeared@0.300", "hud.hidden@1.300"])
    }

    /// The group's matrix is a uniform scale about the bezel's centre (nil when 1).
    private func expectScale(_ group: GroupShape, _ scale: Double, about bezel: Rect?, at t: Double) throws {
        let bezel = try #require(bezel)
        guard let m = group.matrix else {
            #expect(abs(scale - 1) < 1e-12, "no matrix at \(t) but scale \(scale)")
            return
        }
        #expect(m.count == 6)
        #expect(abs(m[0] - scale) < 1e-6 && abs(m[3] - scale) < 1e-6, "scale at \(t)")
        #expect(abs(m[1]) < 1e-12 && abs(m[2]) < 1e-12)
        #expect(abs(m[4] - bezel.midX * (1 - m[0])) < 1e-9 && abs(m[5] - bezel.midY * (1 - m[3])) < 1e-9)
    }

    /// Background (dim) alpha animates with the bezel's.
    @Test func backgroundFadesWithTheBezel() throws {
        var d = Driver()
        try d.show("h", HUDProperties(background: .dim), at: 0)
        let shapes = d.shapes(at: 0.1)
        let background = try #require(shapes.first?.group)
        #expect(background.id == "h.background")
        #expect(abs((background.alpha ?? 1) - ClosedFormSpring.x(0.1)) < 1e-6)
        guard case .rect(let rect) = background.items.first else { Issue.record("no rect"); return }
        #expect(rect.fill == Color(white: 0, alpha: 0.2))
        #expect(rect.frame == Rect(x: 0, y: 0, width: 375, height: 667))
    }

    /// The legacy implementation's spring: ω solves ((ωT) + 1) e^(-ωT) = 0.001 for T = 0.3.
    @Test func closedFormOmega() {
        let w = ClosedFormSpring.omega
        #expect(abs((w * 0.3 + 1) * _exp(-w * 0.3) - 0.001) < 1e-12)
        #expect(abs(ClosedFormSpring.x(0.3) - 0.999) < 1e-9)
    }
}

private func _exp(_ x: Double) -> Double { Foundation.exp(x) }
