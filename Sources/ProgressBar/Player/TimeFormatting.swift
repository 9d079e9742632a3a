/// Text for the drag tooltip.
enum TimeFormatting {
    /// "m:ss" for a position in seconds (whole seconds, rounded down; minutes grow past 59:
    /// "75:03"). A hair of tolerance keeps 2.9999999999 (a value times a duration) at "0:03".
    static func minutesSeconds(_ seconds: Double) -> String {
        let total = Int(max(0, seconds + 1e-9).rounded(.down))
        let minutes = total / 60
        let rest = total % 60
        return "\(minutes):" + (rest < 10 ? "0\(rest)" : "\(rest)")
    }

    /// A value 0...1 as a whole percentage, for a bar without a player: "42%".
    static func percent(_ value: Double) -> String {
        "\(Int((min(max(value, 0), 1) * 100).rounded()))%"
    }
}
