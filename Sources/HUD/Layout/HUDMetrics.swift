import Geometry

/// MBProgressHUD 1.2's constants (MBProgressHUD.m) and the sizes of its indicator views.
enum HUDMetrics {
    /// `_margin = 20.0f`.
    static let margin = 20.0
    /// `MBDefaultPadding`: between two visible items only.
    static let padding = 4.0
    /// `bezelView.layer.cornerRadius = 5.f`.
    static let cornerRadius = 5.0
    /// `MBDefaultLabelFontSize`, bold.
    static let labelFontSize = 16.0
    /// `MBDefaultDetailsLabelFontSize`, bold; also the button's title font.
    static let detailsFontSize = 12.0
    /// SVProgressHUD: the status label is measured within 300 pt of height.
    static let statusMaxHeight = 300.0
    /// MBProgressHUDRoundedButton: intrinsic width + 20.
    static let buttonExtraWidth = 20.0
    /// UIButton's intrinsic size insets its title label by 6 pt at the top and the bottom.
    static let buttonVerticalInset = 6.0
    /// MBProgressHUDRoundedButton: `layer.borderWidth = 1.f`.
    static let buttonBorderWidth = 1.0
    /// MBRoundProgressView and the whiteLarge activity indicator: 37x37.
    static let roundSide = 37.0
    /// MBBarProgressView's intrinsic size (iOS 7+).
    static let barSize = Size(width: 120, height: 10)
    /// `[UIColor colorWithWhite:0.f alpha:0.7f]`.
    static let defaultContentColor = Color(white: 0, alpha: 0.7)
    /// MBBackgroundView's default colour (iOS 8+): white 0.8, alpha 0.6.
    static let defaultBezelColor = Color(white: 0.8, alpha: 0.6)
    /// The light frosted fill standing in for UIBlurEffectStyleLight under the bezel colour.
    static let blurFrost = Color(white: 0.97, alpha: 0.85)
    /// `dimBackground` (1.1): `[UIColor colorWithWhite:0.f alpha:.2f]`.
    static let dimColor = Color(white: 0, alpha: 0.2)
    /// 0.9.1's gradient end colour: black alpha 0.75.
    static let gradientEdge = Color(white: 0, alpha: 0.75)
    /// Show and hide: `animateWithDuration:0.3 ... usingSpringWithDamping:1.f initialSpringVelocity:0.f`.
    static let transitionDuration = 0.3
    static let transitionDamping = 1.0
    /// The legacy activity indicator turns once a second.
    static let spinnerPeriod = 1.0
    static let spinnerSpokes = 12
    /// MBProgressHUDRoundedButton: highlight background = title colour alpha 0.1.
    static let buttonHighlightAlpha = 0.1
}
