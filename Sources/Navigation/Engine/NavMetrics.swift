import Geometry
public import Timing

/// The constants of the navigation stack's look and motion. Apple does not publish the
/// transition's exact duration, curve or dimming; the values chosen are documented here and in
/// docs/differences.md.
public enum NavMetrics {
    /// Push and pop duration. UIKit's parallax transition measures at about 0.35 s on device
    /// (third-party clones use 0.3-0.35 s); Apple's value is not public.
    public static let transitionDuration = 0.35
    /// Curve of non-interactive pushes and pops. UIKit uses a private spring-like curve (fast
    /// start, long settle); Core Animation's default curve (0.25, 0.1, 0.25, 1) has the same
    /// shape and is public. Interactive transitions follow the finger (linear) and complete
    /// linearly at the completion speed.
    public static let transitionCurve = TimingFunction.default
    /// The screen underneath moves this fraction of the width (UIKit's parallax, about 30 %).
    public static let parallax = 0.3
    /// The dimming view over the screen underneath: black at this alpha when fully covered
    /// (clones of the system transition commonly use 0.1-0.5; 0.1 matches UIKit's light dim).
    public static let dimAlpha = 0.1
    /// The moving edge's shadow: bands of black, outermost first, each `shadowBandWidth` wide.
    static let shadowBandAlphas: [Double] = [0.02, 0.05, 0.09]
    static let shadowBandWidth = 3.0
    /// UINavigationControllerHideShowBarDuration: a bar hidden or shown outside a transition.
    public static let barHideShowDuration = 0.2
    /// Status bar height (the bar's background extends under it).
    public static let statusBarHeight = 20.0
    /// Navigation bar height (portrait iPhone).
    public static let navigationBarHeight = 44.0
    /// UIPanGestureRecognizer's start-up movement before a pan begins (touch slop), in points.
    public static let panSlop = 10.0
    /// The system edge pan (UIScreenEdgePanGestureRecognizer) starts within this many points of
    /// the leading edge.
    public static let edgeWidth = 20.0
    /// The interactive percent is kept below 1: a percent-driven transition that reaches 1
    /// would finish on its own while the finger is still down.
    public static let maximumPercent = 0.999

    static let barColor = Color(red: 0.97, green: 0.97, blue: 0.97)
    static let hairlineColor = Color(white: 0, alpha: 0.3)
    static let tintColor = Color(red: 0, green: 122.0 / 255, blue: 1)
    static let titleColor = Color.black
    static let separatorColor = Color(red: 200.0 / 255, green: 199.0 / 255, blue: 204.0 / 255)
    /// Row titles' colour, black, as text shapes carry it (a screen draws a title per row, so it
    /// is not rounded from a `Color` each time).
    static let rowTextBytes = ColorBytes.black
    static let titleFontSize = 17.0
    static let backFontSize = 17.0
    static let rowFontSize = 17.0
    /// Row text and separator inset from the leading edge (UITableViewCell's 15 pt margin).
    static let rowInset = 15.0
    /// The back chevron: 12.5 x 21 pt, 8 pt from the leading edge; its title 6 pt after it.
    static let chevronInset = 8.0
    static let chevronWidth = 12.5
    static let chevronHeight = 21.0
    static let backTitleGap = 6.0
    /// The title keeps at least this much room on each side.
    static let titleSideRoom = 60.0
    /// At most this many rows are laid out (more never fit a screen).
    static let maximumLaidOutRows = 256
}
