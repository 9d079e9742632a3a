import Testing

@testable import Timing

@Suite struct TimingFunctionTests {
    static let curves: [(String, TimingFunction, (Double, Double, Double, Double))] = [
        ("linear", .linear, (0, 0, 1, 1)),
        ("easeIn", .easeIn, (0.42, 0, 1, 1)),
        ("easeOut", .easeOut, (0, 0, 0.58, 1)),
        ("easeInEaseOut", .easeInEaseOut, (0.42, 0, 0.58, 1)),
        ("default", .default, (0.25, 0.1, 0.25, 1)),
        ("custom", TimingFunction(0.68, -0.55, 0.27, 1.55), (0.68, -0.55, 0.27, 1.55)),
    ]

    @Test(arguments: 0..<6)
    func matchesIndependentSolve(_ index: Int) {
        let (name, curve, p) = Self.curves[index]
        for i in 0...20 {
            let x = Double(i) / 20
            let expected = referenceBezier(p.0, p.1, p.2, p.3, at: x)
            let got = curve.solve(x)
            #expect(abs(got - expected) <= 1e-6, "\(name) at \(x): \(got) vs \(expected)")
        }
        #expect(TimingFunction.named(name) == (name == "custom" ? nil : curve))
    }

    @Test func extendsLinearlyOutsideTheUnitInterval() {
        // easeOut starts with gradient y2/x2 when p1 is (0,0): 1/0.58.
        #expect(approx(TimingFunction.easeOut.solve(-0.1), -0.1 / 0.58, 1e-12))
        // easeIn ends on (1,1) with p2 = (1,1): gradient (y1 - 1)/(x1 - 1) = 1/0.58.
        #expect(approx(TimingFunction.easeIn.solve(1.2), 1 + 0.2 / 0.58, 1e-12))
        // UnitBezier's other end cases: a curve flat at its start (p1 on the y axis above 0)
        // extends with gradient 0 and ends with (y1 - 1)/(x1 - 1); one whose control points sit
        // at the origin extends with gradient 1.
        let flatStart = TimingFunction(0, 0.5, 1, 1)
        #expect(flatStart.solve(-1) == 0)
        #expect(approx(flatStart.solve(2), 1.5, 1e-12))
        #expect(TimingFunction(0, 0, 0, 0).solve(-0.5) == -0.5)
    }

    /// A curve keeps only its control points (the solver derives the rest), so an animation,
    /// read cold from memory on every frame, stays within two cache lines.
    @Test func keepsOnlyItsControlPoints() {
        #expect(MemoryLayout<TimingFunction>.size == 4 * MemoryLayout<Double>.size)
        #expect(MemoryLayout<Animation>.stride <= 128)
    }
}
