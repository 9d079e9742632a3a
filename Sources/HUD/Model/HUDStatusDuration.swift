/// SVProgressHUD's `displayDurationForString:`: min(max(length * 0.06 + 0.5,
/// minimumDismissTimeInterval), maximumDismissTimeInterval), with its defaults 5.0 and
/// CGFLOAT_MAX. The length is NSString's, in UTF-16 code units.
public enum HUDStatusDuration {
    /// SVProgressHUD's default minimumDismissTimeInterval.
    public static let minimumDismissTimeInterval = 5.0
    /// SVProgressHUD's default maximumDismissTimeInterval (CGFLOAT_MAX).
    public static let maximumDismissTimeInterval = Double.greatestFiniteMagnitude

    /// The display duration of a status text, in seconds.
    public static func seconds(
        for text: String, minimum: Double = minimumDismissTimeInterval,
        maximum: Double = maximumDismissTimeInterval
    ) -> Double {
        min(max(Double(text.utf16.count) * 0.06 + 0.5, minimum), maximum)
    }
}
