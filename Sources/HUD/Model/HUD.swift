import ComponentSupport
import Geometry
import Timing
import Typesetting

/// One HUD: MBProgressHUD 1.2's show/hide state machine on the scene's timeline, with the
/// fixes its users asked for. Every method takes the media time it happens at; timers and
/// animation ends come back through ``handleTimer(_:at:timeline:events:)`` and
/// ``handleStop(_:timeline:events:)`` at their exact times.
///
/// Reproduced from MBProgressHUD.m:
/// - `showAnimated:`: with a grace time, the HUD appears only when the grace timer fires and no
///   hide came first; otherwise at once (`showUsingAnimation:`, which records `showStarted`).
/// - `hideAnimated:`: cancels the grace timer; if `minShowTime` has not elapsed since
///   `showStarted`, the hide is deferred to `showStarted + minShowTime` (minShowTimer).
/// - `animateIn:withType:completion:`: a 0.3 s UIKit spring (damping 1, velocity 0) with
///   begin-from-current-state, animating the bezel's alpha and transform and the background's alpha.
/// - `done`: the completion (`hud.hidden`), then removal when `removeFromSuperViewOnHide`.
///
/// Different from MBProgressHUD, on purpose:
/// - the grace timer's show does not cancel a pending `hideAnimated:afterDelay:` (issue #605:
///   grace time + hide after delay left the HUD up forever); an explicit show still does;
/// - only the completion of the *current* show or hide animation acts (animation ids), so a show
///   right after a hide is never undone by the old hide's completion (SVProgressHUD #647 and
///   MBProgressHUD's `done` after an interrupted hide);
/// - a show during the hide animation reverses from the presentation state instead of jumping
///   (MBProgressHUD calls `removeAllAnimations` first), and the zoom start scale is applied only
///   when the bezel is fully transparent on screen;
/// - a hide during the grace time emits `hud.suppressed` (then `hud.hidden`, as MBProgressHUD
///   calls its completion block): the HUD was never drawn.
struct HUD: Sendable {
    let target: String
    /// Unique within its stack: a queued HUD waits for these serials, not for later HUDs that
    /// happen to reuse a target id.
    let serial: Int
    private(set) var config: HUDConfiguration
    private(set) var layout: HUDLayout
    let layers: HUDLayers
    private(set) var phase: HUDPhase = .hidden
    /// MBProgressHUD's `finished`: a hide was asked for since the last show.
    private(set) var finished = false
    /// MBProgressHUD's `useAnimation`.
    private var useAnimation = true
    /// MBProgressHUD's `showStarted`: when the HUD last appeared.
    private(set) var shownAt: Double?
    private var graceTimer: TimerID?
    private var minShowTimer: TimerID?
    private var hideDelayTimer: TimerID?
    private var hideDelayAnimated = true
    private var dismissTimer: TimerID?
    /// A status's display duration, started when the show animation completes (SVProgressHUD).
    private var pendingDismiss: Double?
    /// The bezel-alpha animation of the current show or hide; any other stop is stale.
    private var transition: AnimationID?
    /// Serials of the HUDs a queued HUD waits for.
    private(set) var awaiting: [Int] = []
    /// The button is pressed (MBProgressHUDRoundedButton's highlighted state).
    var buttonHighlighted = false
    /// The spinner's animation is on the indicator layer.
    private var spinning = false

    init(
        target: String, serial: Int, config: HUDConfiguration, canvas: Size, text: TextLayout,
        timeline: inout Timeline, at time: Double
    ) {
        self.target = target
        self.serial = serial
        self.config = config
        layout = HUDLayout.compute(config, canvas: canvas, text: text)
        layers = HUDLayers.add(owner: target, to: &timeline)
    }

    // MARK: Queries

    /// Due times of the pending timers, for inspect.
    func pendingTimes(in timeline: Timeline) -> (grace: Double?, minShow: Double?, hideDelay: Double?, dismiss: Double?)
    {
        (
            graceTimer.flatMap(timeline.dueTime), minShowTimer.flatMap(timeline.dueTime),
            hideDelayTimer.flatMap(timeline.dueTime), dismissTimer.flatMap(timeline.dueTime)
        )
    }

    /// A status's display duration still waiting for the show animation to finish.
    var waitingDismiss: Double? { pendingDismiss }

    // MARK: Properties

    /// Applies a patch: relayout when needed, and rebuild the indicator when its kind changes
    /// (`updateIndicators`, with the annular flag reset as it should be).
    mutating func apply(
        _ patch: HUDProperties, canvas: Size, text: TextLayout, timeline: inout Timeline, at time: Double
    ) {
        let oldIndicator = config.indicator
        if config.apply(patch) || oldIndicator != config.indicator {
            layout = HUDLayout.compute(config, canvas: canvas, text: text, previous: layout)
        }
        syncSpinner(timeline: &timeline, at: time)
    }

    /// Recomputes the layout (for a new canvas size).
    mutating func relayout(canvas: Size, text: TextLayout) {
        layout = HUDLayout.compute(config, canvas: canvas, text: text)
    }

    private static let spinKey = "spin"

    /// UIActivityIndicatorView's `startAnimating` / `stopAnimating`: while the HUD is on screen
    /// with the activity indicator, a linear 0 -> 2π rotation repeats forever (one turn a
    /// second), from the instant it appears or the mode changes to indeterminate. Off screen
    /// (grace, queued, hidden) nothing runs, so an idle scene has no running animation.
    private mutating func syncSpinner(timeline: inout Timeline, at time: Double) {
        let wanted = phase.isVisible && config.indicator == .activity
        guard wanted != spinning else { return }
        spinning = wanted
        if wanted {
            let spin = Animation(
                keyPath: HUDLayers.rotation, kind: .basic(from: .scalar(0), to: .scalar(2 * Double.pi), by: nil),
                timing: MediaTiming(duration: HUDMetrics.spinnerPeriod, repeatCount: .infinity))
            timeline.add(spin, forKey: HUD.spinKey, to: layers.indicator, at: time)
        } else {
            timeline.removeAnimation(forKey: HUD.spinKey, from: layers.indicator, at: time)
        }
    }

    // MARK: Show

    /// `showAnimated:`. A hidden HUD starts its grace time or appears (or, with `awaiting`,
    /// waits in the queue); a hiding one reverses; a HUD already showing stays, and any pending
    /// hide (deferred by minShowTime, or after a delay) is cancelled.
    mutating func show(
        animated: Bool, awaiting: [Int], timeline: inout Timeline, events: inout [TimedEvent<HUDEvent>], at time: Double
    ) {
        useAnimation = animated
        finished = false
        cancel(&minShowTimer, in: &timeline)
        cancel(&hideDelayTimer, in: &timeline)
        switch phase {
        case .hidden:
            if awaiting.isEmpty {
                begin(timeline: &timeline, events: &events, at: time)
            } else {
                phase = .queued
                self.awaiting = awaiting
            }
        case .hiding:
            showUsingAnimation(timeline: &timeline, events: &events, at: time)
        case .queued, .grace, .showing, .shown:
            break
        }
    }

    /// Leaves the queue once none of the awaited HUDs is active any more.
    mutating func dequeue(
        stillActive: (Int) -> Bool, timeline: inout Timeline, events: inout [TimedEvent<HUDEvent>], at time: Double
    ) {
        guard phase == .queued else { return }
        awaiting.removeAll { !stillActive($0) }
        if awaiting.isEmpty { begin(timeline: &timeline, events: &events, at: time) }
    }

    /// The grace timer, or the show itself.
    private mutating func begin(timeline: inout Timeline, events: inout [TimedEvent<HUDEvent>], at time: Double) {
        awaiting = []
        if config.graceTime > 0 {
            phase = .grace
            cancel(&graceTimer, in: &timeline)
            graceTimer = timeline.schedule(at: time + config.graceTime, tag: tag(.grace))
        } else {
            showUsingAnimation(timeline: &timeline, events: &events, at: time)
        }
    }

    /// `showUsingAnimation:` (without cancelling a pending delayed hide: MBProgressHUD #605).
    private mutating func showUsingAnimation(
        timeline: inout Timeline, events: inout [TimedEvent<HUDEvent>], at time: Double
    ) {
        shownAt = time
        if useAnimation {
            phase = .showing
            syncSpinner(timeline: &timeline, at: time)
            animateIn(timeline: &timeline, at: time)
        } else {
            jump(toOpacity: 1, timeline: &timeline, at: time)
            timeline.setModel(.transform(.identity), for: .transform, of: layers.bezel)
            phase = .shown
            syncSpinner(timeline: &timeline, at: time)
            appeared(timeline: &timeline, events: &events, at: time)
        }
    }

    private mutating func appeared(timeline: inout Timeline, events: inout [TimedEvent<HUDEvent>], at time: Double) {
        events.append(TimedEvent(time: time, target: target, .appeared))
        if let duration = pendingDismiss {
            pendingDismiss = nil
            scheduleDismiss(after: duration, timeline: &timeline, at: time)
        }
    }

    // MARK: Status

    /// SVProgressHUD's status: shows the HUD (already configured with the icon and text) and
    /// dismisses it `duration` seconds after the show animation completes (at once from now
    /// when it is already shown).
    mutating func status(
        duration: Double, animated: Bool, awaiting: [Int], timeline: inout Timeline,
        events: inout [TimedEvent<HUDEvent>], at time: Double
    ) {
        cancel(&dismissTimer, in: &timeline)
        pendingDismiss = duration
        show(animated: animated, awaiting: awaiting, timeline: &timeline, events: &events, at: time)
        if phase == .shown, let duration = pendingDismiss {
            pendingDismiss = nil
            scheduleDismiss(after: duration, timeline: &timeline, at: time)
        }
    }

    private mutating func scheduleDismiss(after duration: Double, timeline: inout Timeline, at time: Double) {
        cancel(&dismissTimer, in: &timeline)
        dismissTimer = timeline.schedule(at: time + duration, tag: tag(.dismiss))
    }

    // MARK: Hide

    /// `hideAnimated:afterDelay:` (delay > 0: one pending delayed hide, the latest) or
    /// `hideAnimated:`.
    mutating func hide(
        animated: Bool, afterDelay delay: Double, timeline: inout Timeline, events: inout [TimedEvent<HUDEvent>],
        at time: Double
    ) {
        guard delay > 0 else {
            hideNow(animated: animated, timeline: &timeline, events: &events, at: time)
            return
        }
        guard phase != .hidden else { return }
        cancel(&hideDelayTimer, in: &timeline)
        hideDelayAnimated = animated
        hideDelayTimer = timeline.schedule(at: time + delay, tag: tag(.hideDelay))
    }

    /// `hideAnimated:`.
    private mutating func hideNow(
        animated: Bool, timeline: inout Timeline, events: inout [TimedEvent<HUDEvent>], at time: Double
    ) {
        cancel(&graceTimer, in: &timeline)
        switch phase {
        case .hidden:
            return
        case .queued, .grace:
            finished = true
            events.append(TimedEvent(time: time, target: target, .suppressed))
            done(timeline: &timeline, events: &events, at: time)
        case .hiding:
            // Already on its way out; a non-animated hide finishes it now.
            guard !animated else { return }
            useAnimation = false
            hideUsingAnimation(timeline: &timeline, events: &events, at: time)
        case .showing, .shown:
            useAnimation = animated
            finished = true
            if config.minShowTime > 0, let start = shownAt, time - start < config.minShowTime {
                cancel(&minShowTimer, in: &timeline)
                minShowTimer = timeline.schedule(at: start + config.minShowTime, tag: tag(.minShow))
                return
            }
            hideUsingAnimation(timeline: &timeline, events: &events, at: time)
        }
    }

    /// `hideUsingAnimation:`.
    private mutating func hideUsingAnimation(
        timeline: inout Timeline, events: inout [TimedEvent<HUDEvent>], at time: Double
    ) {
        cancel(&minShowTimer, in: &timeline)
        cancel(&dismissTimer, in: &timeline)
        pendingDismiss = nil
        if useAnimation && shownAt != nil {
            phase = .hiding
            animateOut(timeline: &timeline, at: time)
        } else {
            jump(toOpacity: 0, timeline: &timeline, at: time)
            done(timeline: &timeline, events: &events, at: time)
        }
        shownAt = nil
    }

    /// `done`: hidden; every pending timer cancelled; the completion event `hud.hidden`
    /// {`removed`: whether the HUD leaves the stack (removeOnHide)}.
    private mutating func done(timeline: inout Timeline, events: inout [TimedEvent<HUDEvent>], at time: Double) {
        phase = .hidden
        transition = nil
        shownAt = nil
        awaiting = []
        pendingDismiss = nil
        buttonHighlighted = false
        cancel(&graceTimer, in: &timeline)
        cancel(&minShowTimer, in: &timeline)
        cancel(&hideDelayTimer, in: &timeline)
        cancel(&dismissTimer, in: &timeline)
        syncSpinner(timeline: &timeline, at: time)
        events.append(TimedEvent(time: time, target: target, .hidden(removed: config.removeOnHide)))
    }

    // MARK: Animations

    /// The spring of every show and hide (UIKit: duration 0.3, damping 1, velocity 0).
    static let spring = Spring.uiKit(
        duration: HUDMetrics.transitionDuration, dampingRatio: HUDMetrics.transitionDamping)

    /// `animateIn:YES`: from the current presentation state to alpha 1 and the identity.
    private mutating func animateIn(timeline: inout Timeline, at time: Double) {
        let bezel = layers.bezel
        let alpha = timeline.presentationScalar(.opacity, of: bezel, at: time) ?? 0
        if alpha == 0, let start = config.animation.showStartScale {
            timeline.removeAnimation(forKey: PropertyKey.transform.name, from: bezel, at: time)
            timeline.setModel(.transform(.scale(start)), for: .transform, of: bezel)
        }
        animate(.transform, of: bezel, to: .transform(.identity), timeline: &timeline, at: time)
        transition = timeline.animate(
            .opacity, of: bezel, to: .scalar(1), spring: HUD.spring,
            duration: HUDMetrics.transitionDuration, at: time)
        animate(.opacity, of: layers.background, to: .scalar(1), timeline: &timeline, at: time)
    }

    /// `animateIn:NO`: to alpha 0 and the hide scale of the animation type.
    private mutating func animateOut(timeline: inout Timeline, at time: Double) {
        if let end = config.animation.hideEndScale {
            animate(.transform, of: layers.bezel, to: .transform(.scale(end)), timeline: &timeline, at: time)
        }
        transition = timeline.animate(
            .opacity, of: layers.bezel, to: .scalar(0), spring: HUD.spring,
            duration: HUDMetrics.transitionDuration, at: time)
        animate(.opacity, of: layers.background, to: .scalar(0), timeline: &timeline, at: time)
    }

    /// A show or hide without animation: no transition, nothing animating on the bezel or the
    /// background, and both at `opacity` at once.
    private mutating func jump(toOpacity opacity: Double, timeline: inout Timeline, at time: Double) {
        transition = nil
        timeline.removeAllAnimations(from: layers.bezel, at: time)
        timeline.removeAllAnimations(from: layers.background, at: time)
        timeline.setModel(.scalar(opacity), for: .opacity, of: layers.bezel)
        timeline.setModel(.scalar(opacity), for: .opacity, of: layers.background)
    }

    /// Animates a property on the spring unless it is already there (UIKit adds no animation
    /// for a value that does not change).
    private func animate(
        _ key: PropertyKey, of layer: LayerID, to value: AnimatableValue, timeline: inout Timeline, at time: Double
    ) {
        if timeline.presentation(key, of: layer, at: time) == value {
            timeline.removeAnimation(forKey: key.name, from: layer, at: time)
            timeline.setModel(value, for: key, of: layer)
        } else {
            timeline.animate(
                key, of: layer, to: value, spring: HUD.spring, duration: HUDMetrics.transitionDuration, at: time)
        }
    }

    // MARK: Timeline events

    /// A timer of this HUD came due (stale ids are ignored).
    mutating func handleTimer(
        _ id: TimerID, at time: Double, timeline: inout Timeline, events: inout [TimedEvent<HUDEvent>]
    ) {
        if id == graceTimer {
            graceTimer = nil
            if phase == .grace && !finished { showUsingAnimation(timeline: &timeline, events: &events, at: time) }
        } else if id == minShowTimer {
            minShowTimer = nil
            if phase == .showing || phase == .shown {
                hideUsingAnimation(timeline: &timeline, events: &events, at: time)
            }
        } else if id == hideDelayTimer {
            hideDelayTimer = nil
            hideNow(animated: hideDelayAnimated, timeline: &timeline, events: &events, at: time)
        } else if id == dismissTimer {
            dismissTimer = nil
            hideNow(animated: true, timeline: &timeline, events: &events, at: time)
        }
    }

    /// An animation of this HUD stopped: only the end of the current transition counts.
    mutating func handleStop(_ stop: AnimationStop, timeline: inout Timeline, events: inout [TimedEvent<HUDEvent>]) {
        guard let transition, stop.id == transition else { return }
        self.transition = nil
        guard stop.finished else { return }
        switch phase {
        case .showing:
            phase = .shown
            appeared(timeline: &timeline, events: &events, at: stop.time)
        case .hiding:
            done(timeline: &timeline, events: &events, at: stop.time)
        default:
            break
        }
    }

    // MARK: Helpers

    private func tag(_ code: HUDTimerCode) -> TimerTag { TimerTag(owner: target, code: code.rawValue) }

    private func cancel(_ timer: inout TimerID?, in timeline: inout Timeline) {
        if let id = timer { timeline.cancelTimer(id) }
        timer = nil
    }
}

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
