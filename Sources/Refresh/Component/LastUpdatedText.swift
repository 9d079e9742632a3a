public import ComponentSupport

/// MJRefreshStateHeader's last-updated label: "Last update: " followed by "Today HH:mm" (the
/// same calendar day), "MM-dd HH:mm" (the same year), "yyyy-MM-dd HH:mm", or "No record".
///
/// MJRefresh decides "today" by comparing only the day of the month (so the 15th of another
/// month shows "Today"); this compares the whole date (a deliberate difference from MJRefresh).
public enum LastUpdatedText {
    /// The label for a last update at `last` (nil: never) seen at `now`, in `strings`' language.
    public static func format(last: CivilDateTime?, now: CivilDateTime, strings: RefreshStrings) -> String {
        guard let last else { return strings.lastTime + strings.noRecord }
        let time = two(last.hour) + ":" + two(last.minute)
        if last.isSameDay(as: now) { return strings.lastTime + strings.today + " " + time }
        if last.year == now.year { return strings.lastTime + two(last.month) + "-" + two(last.day) + " " + time }
        return strings.lastTime + four(last.year) + "-" + two(last.month) + "-" + two(last.day) + " " + time
    }

    private static func two(_ n: Int) -> String { n < 10 && n >= 0 ? "0" + String(n) : String(n) }

    private static func four(_ n: Int) -> String {
        guard n >= 0 else { return String(n) }
        let s = String(n)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}
