/// The `code` of a HUD's timers (`TimerTag(owner: target, code:)`).
enum HUDTimerCode: Int, Sendable {
    /// MBProgressHUD's graceTimer.
    case grace = 1
    /// MBProgressHUD's minShowTimer.
    case minShow = 2
    /// `hideAnimated:afterDelay:`.
    case hideDelay = 3
    /// SVProgressHUD's fadeOutTimer (auto-dismiss of a status).
    case dismiss = 4
}
