import Geometry

extension Color {
    /// `self` painted over `below` with source-over (straight alpha). Source-over is
    /// associative, so painting the result once equals painting `below` then `self` on any
    /// background.
    func over(_ below: Color) -> Color {
        let alpha = self.alpha + below.alpha * (1 - self.alpha)
        guard alpha > 0 else { return .clear }
        func channel(_ top: Double, _ bottom: Double) -> Double {
            (top * self.alpha + bottom * below.alpha * (1 - self.alpha)) / alpha
        }
        return Color(
            red: channel(red, below.red), green: channel(green, below.green), blue: channel(blue, below.blue),
            alpha: alpha)
    }
}
