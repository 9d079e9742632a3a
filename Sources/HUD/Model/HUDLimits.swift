/// The accepted ranges of HUD command fields (a `bad_request` names the field otherwise).
public enum HUDLimits {
    /// graceTime, minShowTime, afterDelay and a status's duration, in seconds.
    public static let time: ClosedRange<Double> = 0...3600
    /// The bezel's margin (MBProgressHUD default 20).
    public static let margin: ClosedRange<Double> = 0...200
    /// The bezel's corner radius (MBProgressHUD default 5); drawn clamped to half the shorter side.
    public static let cornerRadius: ClosedRange<Double> = 0...1000
    /// minSize width and height.
    public static let minSize: ClosedRange<Double> = 0...10_000
    /// offset x and y: ±MBProgressMaxOffset (1e6), which pins the bezel to an edge.
    public static let offset: ClosedRange<Double> = -1_000_000...1_000_000
    /// label, details, button title and status text, in characters.
    public static let maxTextLength = 1000
    /// HUDs in one stack (more is a `limit` error).
    public static let maxHUDs = 64
}
